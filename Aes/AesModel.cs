using System.Buffers.Binary;

namespace Crypto.Aes;

/// <summary>
/// Software model of AES-128 encryption, built from <see cref="AesMath"/> (the same functions the
/// hardware uses); the tests check it against FIPS-197, the NIST AESAVS files and .NET's AES.
/// </summary>
public static class AesModel
{
    /// <summary>Key length of AES-128 in bytes.</summary>
    public const int KeyBytes = 16;
    /// <summary>Block length in bytes.</summary>
    public const int BlockBytes = 16;

    /// <summary>Encrypts one block with an AES-128 key.</summary>
    public static UInt128 EncryptBlock(UInt128 key, UInt128 block)
    {
        UInt128 state = AesMath.AddRoundKey(block, key);
        UInt128 roundKey = key;
        for (int round = 1; round <= AesMath.Rounds128; round++)
        {
            roundKey = AesMath.NextRoundKey128(roundKey, AesMath.Rcon[round]);
            state = round < AesMath.Rounds128 ? AesMath.Round(state, roundKey) : AesMath.FinalRound(state, roundKey);
        }
        return state;
    }

    /// <summary>The 11 round keys of an AES-128 key (round key 0 is the key itself).</summary>
    public static UInt128[] ExpandKey128(UInt128 key)
    {
        var keys = new UInt128[AesMath.Rounds128 + 1];
        keys[0] = key;
        for (int round = 1; round <= AesMath.Rounds128; round++)
            keys[round] = AesMath.NextRoundKey128(keys[round - 1], AesMath.Rcon[round]);
        return keys;
    }

    /// <summary>The block of 16 bytes, byte 0 most significant.</summary>
    public static UInt128 ToBlock(ReadOnlySpan<byte> bytes)
    {
        if (bytes.Length != BlockBytes)
            throw new ArgumentException($"an AES block or AES-128 key is {BlockBytes} bytes, got {bytes.Length}", nameof(bytes));
        return BinaryPrimitives.ReadUInt128BigEndian(bytes);
    }

    /// <summary>The 16 bytes of a block, most significant first.</summary>
    public static byte[] ToBytes(UInt128 block)
    {
        var bytes = new byte[BlockBytes];
        BinaryPrimitives.WriteUInt128BigEndian(bytes, block);
        return bytes;
    }

    /// <summary>Writes the 16 bytes of a block, most significant first.</summary>
    public static void WriteBytes(UInt128 block, Span<byte> destination) =>
        BinaryPrimitives.WriteUInt128BigEndian(destination, block);

    /// <summary>The block written as 32 hexadecimal digits (FIPS-197 byte order).</summary>
    public static string ToHex(UInt128 block) => block.ToString("x32");

    /// <summary>The block of 32 hexadecimal digits (FIPS-197 byte order).</summary>
    public static UInt128 FromHex(string hex) => ToBlock(Convert.FromHexString(hex));

    /// <summary>The blocks of <paramref name="data"/>, whose length must be a multiple of 16.</summary>
    public static UInt128[] ToBlocks(ReadOnlySpan<byte> data)
    {
        CheckWholeBlocks(data.Length);
        var blocks = new UInt128[data.Length / BlockBytes];
        for (int i = 0; i < blocks.Length; i++)
            blocks[i] = BinaryPrimitives.ReadUInt128BigEndian(data.Slice(i * BlockBytes, BlockBytes));
        return blocks;
    }

    /// <summary>The bytes of consecutive blocks.</summary>
    public static byte[] FromBlocks(IReadOnlyList<UInt128> blocks)
    {
        var data = new byte[blocks.Count * BlockBytes];
        for (int i = 0; i < blocks.Count; i++)
            BinaryPrimitives.WriteUInt128BigEndian(data.AsSpan(i * BlockBytes, BlockBytes), blocks[i]);
        return data;
    }

    /// <summary>AES-128 ECB encryption (no padding) of <paramref name="data"/>, a whole number of blocks.</summary>
    public static byte[] EncryptEcb(ReadOnlySpan<byte> key, ReadOnlySpan<byte> data)
    {
        var k = CheckKey(key);
        var blocks = ToBlocks(data);
        for (int i = 0; i < blocks.Length; i++) blocks[i] = EncryptBlock(k, blocks[i]);
        return FromBlocks(blocks);
    }

    /// <summary>The key as a block, or a clear error when it is not 16 bytes.</summary>
    public static UInt128 CheckKey(ReadOnlySpan<byte> key)
    {
        if (key.Length != KeyBytes)
            throw new ArgumentException($"an AES-128 key is {KeyBytes} bytes (32 hex digits), got {key.Length} bytes", nameof(key));
        return BinaryPrimitives.ReadUInt128BigEndian(key);
    }

    /// <summary>Throws a clear error when <paramref name="length"/> is not a whole number of blocks.</summary>
    public static void CheckWholeBlocks(int length)
    {
        if (length % BlockBytes != 0)
            throw new ArgumentException(
                $"ECB encrypts whole 16-byte blocks and uses no padding: the data is {length} bytes, {length % BlockBytes} more than a whole number of blocks");
    }
}
