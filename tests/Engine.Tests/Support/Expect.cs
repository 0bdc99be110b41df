using Xunit;

namespace Engine.Tests;

/// <summary>Assertions that say where (cycle, seed, inputs) a value went wrong.</summary>
public static class Expect
{
    public static void Equal<T>(T expected, T actual, string context)
    {
        if (!EqualityComparer<T>.Default.Equals(expected, actual))
            Assert.Fail($"{context}: expected {Show(expected)}, got {Show(actual)}");
    }

    static string Show<T>(T value) => value switch
    {
        null => "null",
        uint u => $"0x{u:X8} ({u})",
        ulong u => $"0x{u:X16} ({u})",
        UInt128 u => $"0x{u:X32}",
        int i => $"{i} (0x{i:X8})",
        long l => $"{l} (0x{l:X16})",
        _ => value.ToString() ?? "",
    };
}
