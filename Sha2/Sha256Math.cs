using System.Numerics;
using Crypto.Hashing;

namespace Crypto.Sha2;

/// <summary>
/// SHA-224 and SHA-256 (FIPS 180-4 section 6.2-6.3), written once in the hardware subset and shared
/// by the software model and every process. The working state is two lanes, ABCD and EFGH (A in the
/// most significant bits); the message schedule is a window of 16 words W[t..t+15] in four lanes
/// (W[t] in the most significant bits of the first), which moves on by one word each round.
/// </summary>
public static class Sha256Math
{
    public const int Rounds = 64;
    public const int BlockBytes = 64;
    /// <summary>The length field: 64-bit big-endian message length in bits.</summary>
    public const int LengthBytes = 8;

    /// <summary>K: the round constants.</summary>
    public static readonly uint[] RoundConstants = Sha2Constants.RoundConstants32();

    static readonly uint[] iv256 = Sha2Constants.InitialValue256();
    static readonly uint[] iv224 = Sha2Constants.InitialValue224();
    public static readonly UInt128 InitialAbcd256 = HashWords.Pack32(iv256[0], iv256[1], iv256[2], iv256[3]);
    public static readonly UInt128 InitialEfgh256 = HashWords.Pack32(iv256[4], iv256[5], iv256[6], iv256[7]);
    public static readonly UInt128 InitialAbcd224 = HashWords.Pack32(iv224[0], iv224[1], iv224[2], iv224[3]);
    public static readonly UInt128 InitialEfgh224 = HashWords.Pack32(iv224[4], iv224[5], iv224[6], iv224[7]);

    /// <summary>Lane <paramref name="lane"/> of the IV (0: A-D, 1: E-H) of SHA-224 or SHA-256.</summary>
    public static UInt128 InitialLane(int lane, bool sha224) =>
        lane == 0 ? (sha224 ? InitialAbcd224 : InitialAbcd256) : (sha224 ? InitialEfgh224 : InitialEfgh256);

    public static uint BigSigma0(uint x) => BitOperations.RotateRight(x, 2) ^ BitOperations.RotateRight(x, 13) ^ BitOperations.RotateRight(x, 22);
    public static uint BigSigma1(uint x) => BitOperations.RotateRight(x, 6) ^ BitOperations.RotateRight(x, 11) ^ BitOperations.RotateRight(x, 25);
    public static uint SmallSigma0(uint x) => BitOperations.RotateRight(x, 7) ^ BitOperations.RotateRight(x, 18) ^ (x >> 3);
    public static uint SmallSigma1(uint x) => BitOperations.RotateRight(x, 17) ^ BitOperations.RotateRight(x, 19) ^ (x >> 10);
    public static uint Choose(uint x, uint y, uint z) => (x & y) ^ (~x & z);
    public static uint Majority(uint x, uint y, uint z) => (x & y) ^ (x & z) ^ (y & z);

    /// <summary>T1 of round <paramref name="round"/>: h + Σ1(e) + Ch(e, f, g) + K[t] + W[t].</summary>
    public static uint Temp1(UInt128 efgh, uint w, int round)
    {
        uint e = HashWords.Word32(efgh, 0);
        return HashWords.Word32(efgh, 3) + BigSigma1(e) + Choose(e, HashWords.Word32(efgh, 1), HashWords.Word32(efgh, 2))
            + RoundConstants[round] + w;
    }

    /// <summary>T2: Σ0(a) + Maj(a, b, c).</summary>
    public static uint Temp2(UInt128 abcd)
    {
        uint a = HashWords.Word32(abcd, 0);
        return BigSigma0(a) + Majority(a, HashWords.Word32(abcd, 1), HashWords.Word32(abcd, 2));
    }

    /// <summary>A, B, C, D after a round: T1 + T2, a, b, c.</summary>
    public static UInt128 NextAbcd(UInt128 abcd, uint temp1, uint temp2) =>
        HashWords.Pack32(temp1 + temp2, HashWords.Word32(abcd, 0), HashWords.Word32(abcd, 1), HashWords.Word32(abcd, 2));

    /// <summary>E, F, G, H after a round: d + T1, e, f, g.</summary>
    public static UInt128 NextEfgh(UInt128 abcd, UInt128 efgh, uint temp1) =>
        HashWords.Pack32(HashWords.Word32(abcd, 3) + temp1, HashWords.Word32(efgh, 0), HashWords.Word32(efgh, 1), HashWords.Word32(efgh, 2));

    /// <summary>W[t+16] = σ1(W[t+14]) + W[t+9] + σ0(W[t+1]) + W[t], from the window W[t..t+15].</summary>
    public static uint NextScheduleWord(UInt128 w0, UInt128 w2, UInt128 w3) =>
        SmallSigma1(HashWords.Word32(w3, 2)) + HashWords.Word32(w2, 1) + SmallSigma0(HashWords.Word32(w0, 1)) + HashWords.Word32(w0, 0);

    /// <summary>A window lane moved on by one word: its words 1..3, then the first word of the next lane (or the new word).</summary>
    public static UInt128 ShiftLane(UInt128 lane, uint incoming) => (lane << 32) | new UInt128(0, incoming);

    /// <summary>The digest of a chaining value, lane <paramref name="lane"/> (0 or 1) in byte order; SHA-224 drops H.</summary>
    public static UInt128 DigestLane(UInt128 chain, int lane, bool sha224) =>
        sha224 && lane == 1 ? chain & ~new UInt128(0, 0xFFFFFFFFu) : chain;
}
