using System.Numerics;

namespace Engine.Tests.Constructs;

/// <summary>Static helper functions called from construct processes (pure, hardware scalars only).</summary>
public static class ConstructMath
{
    public static uint Majority(uint x, uint y, uint z) => (x & y) ^ (x & z) ^ (y & z);

    /// <summary>Clamps to 0..255, with early returns.</summary>
    public static byte Saturate(int value)
    {
        if (value < 0)
            return 0;
        if (value > 255)
            return 255;
        return (byte)value;
    }

    /// <summary>Locals, a rotate and a conditional early return.</summary>
    public static uint Mix(uint x, uint y)
    {
        uint t = x ^ BitOperations.RotateLeft(y, 5);
        if ((t & 1u) == 0)
            return t >> 1;
        t = t * 3u + 1u;
        return t;
    }

    /// <summary>A helper that reads a table of another class.</summary>
    public static ushort SquareOf(byte value) => ConstructTables.Squares[value];

    public static bool IsPowerOfTwo(uint value) => value != 0 && (value & (value - 1)) == 0;
}
