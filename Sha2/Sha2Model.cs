using System.Numerics;
using Crypto.Hashing;

namespace Crypto.Sha2;

/// <summary>
/// SHA-224, SHA-256, SHA-384 and SHA-512 in software from <see cref="Sha2Math{W}"/> (the round and
/// schedule functions of the hardware), with the padding of FIPS 180-4 section 5.1 written out
/// plainly. Checked against NIST's vectors, FIPS 180-4's examples and .NET; the hardware is checked
/// against it and against .NET.
/// </summary>
public static class Sha2Model
{
    /// <summary>The message padded to whole blocks: 0x80, zeros, the big-endian bit length in the last 8 (or 16) bytes.</summary>
    public static byte[] Pad(ReadOnlySpan<byte> message, int blockBytes, int lengthBytes)
    {
        int blocks = HashMessageDriver.BlockCount(message.Length, blockBytes, lengthBytes);
        var padded = new byte[blocks * blockBytes];
        message.CopyTo(padded);
        padded[message.Length] = 0x80;
        System.Buffers.Binary.BinaryPrimitives.WriteUInt64BigEndian(padded.AsSpan(padded.Length - 8), (ulong)message.Length * 8);
        return padded;
    }

    /// <summary>SHA-256, or SHA-224 with <paramref name="sha224"/>.</summary>
    public static byte[] Hash256(ReadOnlySpan<byte> message, bool sha224 = false) => Hash<uint>(message, sha224);

    /// <summary>SHA-512, or SHA-384 with <paramref name="sha384"/>.</summary>
    public static byte[] Hash512(ReadOnlySpan<byte> message, bool sha384 = false) => Hash<ulong>(message, sha384);

    /// <summary>SHA-256/512, or with <paramref name="truncated"/> SHA-224/384, on words <typeparamref name="W"/>.</summary>
    public static byte[] Hash<W>(ReadOnlySpan<byte> message, bool truncated) where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
    {
        int blockBytes = Sha2Math<W>.BlockBytes;
        var padded = Pad(message, blockBytes, Sha2Math<W>.LengthBytes);
        W[] h = [.. Enumerable.Range(0, 8).Select(i => Sha2Math<W>.Initial(i, truncated))];
        for (int i = 0; i < padded.Length; i += blockBytes)
            h = Compress(h, padded.AsSpan(i, blockBytes));
        return DigestBytes(i => Sha2Math<W>.DigestWord(h[i], i, truncated), truncated);
    }

    /// <summary>The compression function: the schedule expanded in full, all rounds, then the word-wise addition.</summary>
    public static W[] Compress<W>(W[] chain, ReadOnlySpan<byte> block) where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
    {
        int rounds = Sha2Math<W>.RoundConstants.Length, bytes = Sha2Math<W>.WordBits / 8;
        var w = new W[rounds];
        for (int t = 0; t < 16; t++) w[t] = W.ReadBigEndian(block.Slice(bytes * t, bytes), isUnsigned: true);
        for (int t = 16; t < rounds; t++)
            w[t] = Sha2Math<W>.SmallSigma1(w[t - 2]) + w[t - 7] + Sha2Math<W>.SmallSigma0(w[t - 15]) + w[t - 16];
        W a = chain[0], b = chain[1], c = chain[2], d = chain[3], e = chain[4], f = chain[5], g = chain[6], h = chain[7];
        for (int t = 0; t < rounds; t++)
        {
            W temp1 = Sha2Math<W>.Temp1(e, f, g, h, w[t], t);
            W temp2 = Sha2Math<W>.Temp2(a, b, c);
            (h, g, f, e, d, c, b, a) = (g, f, e, d + temp1, c, b, a, temp1 + temp2);
        }
        W[] result = [a, b, c, d, e, f, g, h];
        return [.. result.Select((x, i) => chain[i] + x)];
    }

    /// <summary>The digest of the words H0..H7 (<paramref name="word"/>), each big-endian: 28, 32, 48 or 64 bytes.</summary>
    public static byte[] DigestBytes<W>(Func<int, W> word, bool truncated) where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
    {
        int bytes = Sha2Math<W>.WordBits / 8;
        var digest = new byte[8 * bytes];
        for (int i = 0; i < 8; i++) word(i).WriteBigEndian(digest, bytes * i);
        return digest[..((truncated ? Sha2Math<W>.TruncatedWords : 8) * bytes)];
    }
}
