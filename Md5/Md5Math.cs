using System.Numerics;
using Crypto.Hashing;

namespace Crypto.Md5;

/// <summary>
/// MD5 (RFC 1321), written once in the hardware subset and shared by the software model and every
/// MD5 process. The state (A, B, C, D) is one 128-bit lane with A in the most significant bits; a
/// 512-bit message block is four lanes of MD5's little-endian words (word 0 in the most significant
/// bits of lane 0).
/// </summary>
public static class Md5Math
{
    public const int Steps = 64;
    public const int BlockBytes = 64;
    /// <summary>The length field: 64-bit little-endian message length in bits.</summary>
    public const int LengthBytes = 8;

    /// <summary>The sine table T[i] = floor(2^32 · |sin(i + 1)|) of RFC 1321 section 3.4.</summary>
    public static readonly uint[] SineTable = ComputeSineTable();

    /// <summary>Left-rotation amount of each step (RFC 1321, the S11..S44 constants).</summary>
    public static readonly int[] RotateAmount =
    [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
        5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
        6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ];

    /// <summary>The message word each step reads: i, 5i+1, 3i+5, 7i (mod 16) in rounds 1..4.</summary>
    public static readonly byte[] MessageIndex = ComputeMessageIndex();

    /// <summary>The initial chaining value A, B, C, D.</summary>
    public static readonly UInt128 InitialState = HashWords.Pack32(0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u);

    static uint[] ComputeSineTable()
    {
        var t = new uint[Steps];
        for (int i = 0; i < Steps; i++) t[i] = (uint)Math.Floor(Math.Abs(Math.Sin(i + 1)) * 4294967296.0);
        return t;
    }

    static byte[] ComputeMessageIndex()
    {
        var g = new byte[Steps];
        for (int i = 0; i < 16; i++)
        {
            g[i] = (byte)i;
            g[16 + i] = (byte)((5 * i + 1) % 16);
            g[32 + i] = (byte)((3 * i + 5) % 16);
            g[48 + i] = (byte)(7 * i % 16);
        }
        return g;
    }

    /// <summary>The round function of step <paramref name="step"/>: F, G, H or I of RFC 1321.</summary>
    public static uint RoundFunction(uint b, uint c, uint d, int step)
    {
        int round = step >> 4;
        uint f = c ^ (b | ~d);
        if (round == 0) f = (b & c) | (~b & d);
        else if (round == 1) f = (b & d) | (c & ~d);
        else if (round == 2) f = b ^ c ^ d;
        return f;
    }

    /// <summary>
    /// One MD5 step on the packed state: A, B, C, D become D, B + ((A + f(B,C,D) + X[k] + T[i]) &lt;&lt;&lt; s), B, C,
    /// where <paramref name="x"/> is X[k], k = <see cref="MessageIndex"/>[step].
    /// </summary>
    public static UInt128 Step(UInt128 state, uint x, int step)
    {
        uint a = HashWords.Word32(state, 0);
        uint b = HashWords.Word32(state, 1);
        uint c = HashWords.Word32(state, 2);
        uint d = HashWords.Word32(state, 3);
        uint sum = a + RoundFunction(b, c, d, step) + x + SineTable[step];
        uint newB = b + BitOperations.RotateLeft(sum, RotateAmount[step]);
        return HashWords.Pack32(d, newB, b, c);
    }


    /// <summary>The digest bytes (A, B, C, D little-endian) of a chaining value, as one lane in byte order.</summary>
    public static UInt128 Digest(UInt128 chain) => HashWords.ByteSwapWords32(chain);
}
