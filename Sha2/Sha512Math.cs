using System.Numerics;
using Crypto.Hashing;

namespace Crypto.Sha2;

/// <summary>
/// SHA-384 and SHA-512 (FIPS 180-4 section 6.4-6.5): <see cref="Sha256Math"/> with 64-bit words, 80
/// rounds and other rotation amounts. The working state is four lanes AB, CD, EF, GH; the schedule
/// window W[t..t+15] is eight lanes of two words.
/// </summary>
public static class Sha512Math
{
    public const int Rounds = 80;
    public const int BlockBytes = 128;
    /// <summary>The length field: 128-bit big-endian message length in bits.</summary>
    public const int LengthBytes = 16;

    /// <summary>K: the round constants.</summary>
    public static readonly ulong[] RoundConstants = Sha2Constants.RoundConstants64();

    static readonly ulong[] iv512 = Sha2Constants.InitialValue512();
    static readonly ulong[] iv384 = Sha2Constants.InitialValue384();
    public static readonly UInt128 InitialAb512 = HashWords.Pack64(iv512[0], iv512[1]);
    public static readonly UInt128 InitialCd512 = HashWords.Pack64(iv512[2], iv512[3]);
    public static readonly UInt128 InitialEf512 = HashWords.Pack64(iv512[4], iv512[5]);
    public static readonly UInt128 InitialGh512 = HashWords.Pack64(iv512[6], iv512[7]);
    public static readonly UInt128 InitialAb384 = HashWords.Pack64(iv384[0], iv384[1]);
    public static readonly UInt128 InitialCd384 = HashWords.Pack64(iv384[2], iv384[3]);
    public static readonly UInt128 InitialEf384 = HashWords.Pack64(iv384[4], iv384[5]);
    public static readonly UInt128 InitialGh384 = HashWords.Pack64(iv384[6], iv384[7]);

    /// <summary>Lane <paramref name="lane"/> of the IV (0: A B, 1: C D, 2: E F, 3: G H) of SHA-384 or SHA-512.</summary>
    public static UInt128 InitialLane(int lane, bool sha384) =>
        lane == 0 ? (sha384 ? InitialAb384 : InitialAb512)
        : lane == 1 ? (sha384 ? InitialCd384 : InitialCd512)
        : lane == 2 ? (sha384 ? InitialEf384 : InitialEf512)
        : (sha384 ? InitialGh384 : InitialGh512);

    public static ulong BigSigma0(ulong x) => BitOperations.RotateRight(x, 28) ^ BitOperations.RotateRight(x, 34) ^ BitOperations.RotateRight(x, 39);
    public static ulong BigSigma1(ulong x) => BitOperations.RotateRight(x, 14) ^ BitOperations.RotateRight(x, 18) ^ BitOperations.RotateRight(x, 41);
    public static ulong SmallSigma0(ulong x) => BitOperations.RotateRight(x, 1) ^ BitOperations.RotateRight(x, 8) ^ (x >> 7);
    public static ulong SmallSigma1(ulong x) => BitOperations.RotateRight(x, 19) ^ BitOperations.RotateRight(x, 61) ^ (x >> 6);
    public static ulong Choose(ulong x, ulong y, ulong z) => (x & y) ^ (~x & z);
    public static ulong Majority(ulong x, ulong y, ulong z) => (x & y) ^ (x & z) ^ (y & z);

    /// <summary>T1 of round <paramref name="round"/>: h + Σ1(e) + Ch(e, f, g) + K[t] + W[t].</summary>
    public static ulong Temp1(UInt128 ef, UInt128 gh, ulong w, int round)
    {
        ulong e = HashWords.Word64(ef, 0);
        return HashWords.Word64(gh, 1) + BigSigma1(e) + Choose(e, HashWords.Word64(ef, 1), HashWords.Word64(gh, 0))
            + RoundConstants[round] + w;
    }

    /// <summary>T2: Σ0(a) + Maj(a, b, c).</summary>
    public static ulong Temp2(UInt128 ab, UInt128 cd)
    {
        ulong a = HashWords.Word64(ab, 0);
        return BigSigma0(a) + Majority(a, HashWords.Word64(ab, 1), HashWords.Word64(cd, 0));
    }

    /// <summary>A, B after a round: T1 + T2, a.</summary>
    public static UInt128 NextAb(UInt128 ab, ulong temp1, ulong temp2) => HashWords.Pack64(temp1 + temp2, HashWords.Word64(ab, 0));

    /// <summary>E, F after a round: d + T1, e.</summary>
    public static UInt128 NextEf(UInt128 cd, UInt128 ef, ulong temp1) => HashWords.Pack64(HashWords.Word64(cd, 1) + temp1, HashWords.Word64(ef, 0));

    /// <summary>The lane after a pair that moves on by one word (C, D ← b, c and G, H ← f, g).</summary>
    public static UInt128 NextPair(UInt128 before, UInt128 pair) => HashWords.Pack64(HashWords.Word64(before, 1), HashWords.Word64(pair, 0));

    /// <summary>W[t+16] = σ1(W[t+14]) + W[t+9] + σ0(W[t+1]) + W[t], from the window W[t..t+15].</summary>
    public static ulong NextScheduleWord(UInt128 w0, UInt128 w4, UInt128 w7) =>
        SmallSigma1(HashWords.Word64(w7, 0)) + HashWords.Word64(w4, 1) + SmallSigma0(HashWords.Word64(w0, 1)) + HashWords.Word64(w0, 0);

    /// <summary>A window lane moved on by one word: its second word, then the incoming one.</summary>
    public static UInt128 ShiftLane(UInt128 lane, ulong incoming) => HashWords.Pack64(HashWords.Word64(lane, 1), incoming);

    /// <summary>The digest of a chaining value, lane <paramref name="lane"/> (0..3) in byte order; SHA-384 drops G and H.</summary>
    public static UInt128 DigestLane(UInt128 chain, int lane, bool sha384) => sha384 && lane == 3 ? new UInt128(0, 0) : chain;
}
