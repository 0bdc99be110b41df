using Crypto.Hashing;

namespace Crypto.Md5;

/// <summary>
/// MD5 in software from <see cref="Md5Math"/> (the same step function as the hardware), with the
/// padding of RFC 1321 section 3.1-3.2 written out plainly. Checked against .NET's MD5 and the RFC 1321
/// test suite; the hardware is checked against it and against .NET.
/// </summary>
public static class Md5Model
{
    /// <summary>The message padded to whole blocks: 0x80, zeros, 64-bit little-endian bit length.</summary>
    public static byte[] Pad(ReadOnlySpan<byte> message)
    {
        int blocks = HashMessageDriver.BlockCount(message.Length, Md5Math.BlockBytes, Md5Math.LengthBytes);
        var padded = new byte[blocks * Md5Math.BlockBytes];
        message.CopyTo(padded);
        padded[message.Length] = 0x80;
        System.Buffers.Binary.BinaryPrimitives.WriteUInt64LittleEndian(padded.AsSpan(padded.Length - 8), (ulong)message.Length * 8);
        return padded;
    }

    /// <summary>The compression function: 64 steps on the chaining value, then the word-wise addition.</summary>
    public static UInt128 Compress(UInt128 chain, ReadOnlySpan<byte> block)
    {
        var x = new uint[16];
        for (int i = 0; i < x.Length; i++) x[i] = System.Buffers.Binary.BinaryPrimitives.ReadUInt32LittleEndian(block.Slice(4 * i));
        UInt128 state = chain;
        for (int step = 0; step < Md5Math.Steps; step++) state = Md5Math.Step(state, x[Md5Math.MessageIndex[step]], step);
        return HashWords.AddWords32(chain, state);
    }

    public static byte[] Hash(ReadOnlySpan<byte> message)
    {
        var padded = Pad(message);
        UInt128 chain = Md5Math.InitialState;
        for (int i = 0; i < padded.Length; i += Md5Math.BlockBytes) chain = Compress(chain, padded.AsSpan(i, Md5Math.BlockBytes));
        return HashMessageDriver.Bytes(Md5Math.Digest(chain));
    }
}
