using Crypto.Hashing;

namespace Crypto.Sha2;

/// <summary>
/// SHA-224, SHA-256, SHA-384 and SHA-512 in software from <see cref="Sha256Math"/> and
/// <see cref="Sha512Math"/> (the round and schedule functions of the hardware), with the padding of
/// FIPS 180-4 section 5.1 written out plainly. Checked against NIST's vectors, FIPS 180-4's examples
/// and .NET; the hardware is checked against it and against .NET.
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
    public static byte[] Hash256(ReadOnlySpan<byte> message, bool sha224 = false)
    {
        var padded = Pad(message, Sha256Math.BlockBytes, Sha256Math.LengthBytes);
        UInt128 abcd = sha224 ? Sha256Math.InitialAbcd224 : Sha256Math.InitialAbcd256;
        UInt128 efgh = sha224 ? Sha256Math.InitialEfgh224 : Sha256Math.InitialEfgh256;
        for (int i = 0; i < padded.Length; i += Sha256Math.BlockBytes)
            (abcd, efgh) = Compress256(abcd, efgh, padded.AsSpan(i, Sha256Math.BlockBytes));
        var digest = HashMessageDriver.Bytes(Sha256Math.DigestLane(abcd, 0, sha224), Sha256Math.DigestLane(efgh, 1, sha224));
        return sha224 ? digest[..28] : digest;
    }

    /// <summary>The SHA-256 compression function: the schedule expanded in full, 64 rounds, then the word-wise addition.</summary>
    public static (UInt128 Abcd, UInt128 Efgh) Compress256(UInt128 abcd, UInt128 efgh, ReadOnlySpan<byte> block)
    {
        var w = new uint[Sha256Math.Rounds];
        for (int t = 0; t < 16; t++) w[t] = System.Buffers.Binary.BinaryPrimitives.ReadUInt32BigEndian(block.Slice(4 * t, 4));
        for (int t = 16; t < Sha256Math.Rounds; t++)
            w[t] = Sha256Math.SmallSigma1(w[t - 2]) + w[t - 7] + Sha256Math.SmallSigma0(w[t - 15]) + w[t - 16];
        UInt128 x = abcd, y = efgh;
        for (int t = 0; t < Sha256Math.Rounds; t++)
        {
            uint temp1 = Sha256Math.Temp1(y, w[t], t);
            uint temp2 = Sha256Math.Temp2(x);
            y = Sha256Math.NextEfgh(x, y, temp1);
            x = Sha256Math.NextAbcd(x, temp1, temp2);
        }
        return (HashWords.AddWords32(abcd, x), HashWords.AddWords32(efgh, y));
    }

    /// <summary>SHA-512, or SHA-384 with <paramref name="sha384"/>.</summary>
    public static byte[] Hash512(ReadOnlySpan<byte> message, bool sha384 = false)
    {
        var padded = Pad(message, Sha512Math.BlockBytes, Sha512Math.LengthBytes);
        UInt128[] h = sha384
            ? [Sha512Math.InitialAb384, Sha512Math.InitialCd384, Sha512Math.InitialEf384, Sha512Math.InitialGh384]
            : [Sha512Math.InitialAb512, Sha512Math.InitialCd512, Sha512Math.InitialEf512, Sha512Math.InitialGh512];
        for (int i = 0; i < padded.Length; i += Sha512Math.BlockBytes)
            h = Compress512(h, padded.AsSpan(i, Sha512Math.BlockBytes));
        var digest = HashMessageDriver.Bytes([.. h.Select((lane, i) => Sha512Math.DigestLane(lane, i, sha384))]);
        return sha384 ? digest[..48] : digest;
    }

    /// <summary>The SHA-512 compression function on the chaining value's four lanes.</summary>
    public static UInt128[] Compress512(UInt128[] chain, ReadOnlySpan<byte> block)
    {
        var w = new ulong[Sha512Math.Rounds];
        for (int t = 0; t < 16; t++) w[t] = System.Buffers.Binary.BinaryPrimitives.ReadUInt64BigEndian(block.Slice(8 * t, 8));
        for (int t = 16; t < Sha512Math.Rounds; t++)
            w[t] = Sha512Math.SmallSigma1(w[t - 2]) + w[t - 7] + Sha512Math.SmallSigma0(w[t - 15]) + w[t - 16];
        UInt128 ab = chain[0], cd = chain[1], ef = chain[2], gh = chain[3];
        for (int t = 0; t < Sha512Math.Rounds; t++)
        {
            ulong temp1 = Sha512Math.Temp1(ef, gh, w[t], t);
            ulong temp2 = Sha512Math.Temp2(ab, cd);
            gh = Sha512Math.NextPair(ef, gh);
            ef = Sha512Math.NextEf(cd, ef, temp1);
            cd = Sha512Math.NextPair(ab, cd);
            ab = Sha512Math.NextAb(ab, temp1, temp2);
        }
        return [HashWords.AddWords64(chain[0], ab), HashWords.AddWords64(chain[1], cd), HashWords.AddWords64(chain[2], ef), HashWords.AddWords64(chain[3], gh)];
    }
}
