using System.Numerics;
using System.Runtime.CompilerServices;

namespace Crypto.Sha2;

/// <summary>
/// SHA-2 (FIPS 180-4 sections 6.2-6.5) over the word type <typeparamref name="W"/>, written once in
/// the hardware subset and shared by the software model and every process: uint for SHA-224/256
/// (64 rounds), ulong for SHA-384/512 (80 rounds, other rotation amounts). The working state is the
/// eight words a..h; the message schedule is a window of 16 words W[t..t+15] that moves on by one
/// word each round. What differs per word size is a static readonly field, computed here in C#.
/// </summary>
public static class Sha2Math<W> where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
{
    /// <summary>64-bit words (SHA-384/512) rather than 32-bit ones (SHA-224/256).</summary>
    static readonly bool wide = Unsafe.SizeOf<W>() == 8;

    public static readonly int WordBits = 8 * Unsafe.SizeOf<W>();
    public static readonly int BlockBytes = 16 * Unsafe.SizeOf<W>();
    /// <summary>The length field: 64-bit (SHA-224/256) or 128-bit (SHA-384/512) big-endian message length in bits.</summary>
    public static readonly int LengthBytes = 2 * Unsafe.SizeOf<W>();
    /// <summary>Words of the digest of SHA-224 (7) and SHA-384 (6), the truncated variants.</summary>
    public static readonly int TruncatedWords = wide ? 6 : 7;

    /// <summary>K: the round constants; their number is the number of rounds (64 or 80).</summary>
    public static readonly W[] RoundConstants = wide ? Words(Sha2Constants.RoundConstants64()) : Words(Sha2Constants.RoundConstants32());
    /// <summary>H(0) of SHA-256 or SHA-512.</summary>
    public static readonly W[] InitialValue = wide ? Words(Sha2Constants.InitialValue512()) : Words(Sha2Constants.InitialValue256());
    /// <summary>H(0) of SHA-224 or SHA-384.</summary>
    public static readonly W[] InitialValueTruncated = wide ? Words(Sha2Constants.InitialValue384()) : Words(Sha2Constants.InitialValue224());

    public static readonly int Sigma0A = wide ? 28 : 2, Sigma0B = wide ? 34 : 13, Sigma0C = wide ? 39 : 22;
    public static readonly int Sigma1A = wide ? 14 : 6, Sigma1B = wide ? 18 : 11, Sigma1C = wide ? 41 : 25;
    public static readonly int SmallSigma0A = wide ? 1 : 7, SmallSigma0B = wide ? 8 : 18, SmallSigma0Shift = wide ? 7 : 3;
    public static readonly int SmallSigma1A = wide ? 19 : 17, SmallSigma1B = wide ? 61 : 19, SmallSigma1Shift = wide ? 6 : 10;

    static W[] Words<T>(T[] values) where T : IBinaryInteger<T> => [.. values.Select(W.CreateTruncating)];

    /// <summary>Word <paramref name="index"/> (0: a .. 7: h) of the IV of SHA-256/512, or of SHA-224/384 with <paramref name="truncated"/>.</summary>
    public static W Initial(int index, bool truncated) => truncated ? InitialValueTruncated[index] : InitialValue[index];

    public static W BigSigma0(W x) => W.RotateRight(x, Sigma0A) ^ W.RotateRight(x, Sigma0B) ^ W.RotateRight(x, Sigma0C);
    public static W BigSigma1(W x) => W.RotateRight(x, Sigma1A) ^ W.RotateRight(x, Sigma1B) ^ W.RotateRight(x, Sigma1C);
    public static W SmallSigma0(W x) => W.RotateRight(x, SmallSigma0A) ^ W.RotateRight(x, SmallSigma0B) ^ (x >> SmallSigma0Shift);
    public static W SmallSigma1(W x) => W.RotateRight(x, SmallSigma1A) ^ W.RotateRight(x, SmallSigma1B) ^ (x >> SmallSigma1Shift);
    public static W Choose(W x, W y, W z) => (x & y) ^ (~x & z);
    public static W Majority(W x, W y, W z) => (x & y) ^ (x & z) ^ (y & z);

    /// <summary>T1 of round <paramref name="round"/>: h + Σ1(e) + Ch(e, f, g) + K[t] + W[t].</summary>
    public static W Temp1(W e, W f, W g, W h, W w, int round) => h + BigSigma1(e) + Choose(e, f, g) + RoundConstants[round] + w;

    /// <summary>T2: Σ0(a) + Maj(a, b, c).</summary>
    public static W Temp2(W a, W b, W c) => BigSigma0(a) + Majority(a, b, c);

    /// <summary>W[t+16] = σ1(W[t+14]) + W[t+9] + σ0(W[t+1]) + W[t].</summary>
    public static W NextScheduleWord(W w0, W w1, W w9, W w14) => SmallSigma1(w14) + w9 + SmallSigma0(w1) + w0;

    /// <summary>Word <paramref name="index"/> of the digest of chaining value word <paramref name="h"/>: zero past the truncated variants' digest.</summary>
    public static W DigestWord(W h, int index, bool truncated) => truncated && index >= TruncatedWords ? W.Zero : h;
}
