using Crypto.Hashing;
using Crypto.Streams;
using Xunit;

namespace Cores.Tests;

/// <summary>Checks every hash variant goes through: messages through the simulation against an oracle.</summary>
public static class HashCoreChecks
{
    /// <summary>Runs messages through the variant under gaps and back-pressure and asserts every digest.</summary>
    public static HashRun AssertDigests(IHashVariant v, IReadOnlyList<byte[]> messages, Func<byte[], byte[]> oracle,
        StreamOptions options, string what, int? maxActive = null)
    {
        var (run, _, _) = v.Run(messages, options, maxActive: maxActive);
        Assert.True(run.ProtocolErrors.Count == 0, $"{v} {what} (seed {options.Seed}): {string.Join("; ", run.ProtocolErrors.Take(3))}");
        for (int i = 0; i < messages.Count; i++)
        {
            var expected = Convert.ToHexStringLower(oracle(messages[i]));
            var got = run.Digests[i] is { } d ? Convert.ToHexStringLower(d) : "nothing";
            Assert.True(expected == got,
                $"{v} {what} (seed {options.Seed}): message {i} of {messages[i].Length} bytes: expected {expected}, got {got}");
        }
        return run;
    }

    /// <summary>Messages of the boundary lengths (for 64-byte blocks: 0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128), random bytes.</summary>
    public static byte[][] BoundaryMessages(int blockBytes, int seed)
    {
        int[] lengths = blockBytes == 64
            ? [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128]
            : [0, 1, 111, 112, 113, 127, 128, 129, 239, 240, 256];
        var rng = new Random(seed);
        return [.. lengths.Select(n => { var m = new byte[n]; rng.NextBytes(m); return m; })];
    }
}
