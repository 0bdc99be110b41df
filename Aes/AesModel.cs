using System.Buffers.Binary;

namespace Crypto.Aes;

/// <summary>
/// An AES cipher key of 128, 192 or 256 bits as the cores take it: 256 bits big-endian, key byte 0
/// in the top byte of <see cref="High"/>; a 192-bit key fills High and the top 64 bits of
/// <see cref="Low"/>, a 128-bit key only High (the unused bits are zero). <see cref="Size"/> is the
/// key size code (0, 1, 2 for 128, 192, 256 bits).
/// </summary>
public readonly record struct AesKey(UInt128 High, UInt128 Low, byte Size)
{
    /// <summary>Key length in bits.</summary>
    public int Bits => 128 + 64 * Size;
    /// <summary>Number of rounds.</summary>
    public byte Rounds => AesMath.RoundsOf(Size);

    /// <summary>The key of 16, 24 or 32 bytes, or a clear error.</summary>
    public static AesKey FromBytes(ReadOnlySpan<byte> key)
    {
        if (key.Length is not (16 or 24 or 32))
            throw new ArgumentException($"an AES key is 16, 24 or 32 bytes (32, 48 or 64 hex digits), got {key.Length} bytes", nameof(key));
        Span<byte> padded = stackalloc byte[32];
        padded.Clear();
        key.CopyTo(padded);
        return new AesKey(BinaryPrimitives.ReadUInt128BigEndian(padded[..16]), BinaryPrimitives.ReadUInt128BigEndian(padded[16..]),
            (byte)((key.Length - 16) / 8));
    }

    /// <summary>An AES-128 key.</summary>
    public static AesKey Of128(UInt128 key) => new(key, 0, AesMath.KeySize128);

    /// <summary>The key's bytes (16, 24 or 32).</summary>
    public byte[] ToBytes()
    {
        var bytes = new byte[32];
        BinaryPrimitives.WriteUInt128BigEndian(bytes.AsSpan(0, 16), High);
        BinaryPrimitives.WriteUInt128BigEndian(bytes.AsSpan(16), Low);
        return bytes[..(Bits / 8)];
    }

    public override string ToString() => Convert.ToHexStringLower(ToBytes());
}

/// <summary>
/// Software model of AES (128/192/256, encryption and the equivalent inverse cipher) and of the ECB,
/// CBC and CTR modes, built from <see cref="AesMath"/> (the same functions the hardware uses); the
/// tests check it against FIPS-197, SP 800-38A, the NIST AESAVS files and .NET's AES.
/// </summary>
public static class AesModel
{
    /// <summary>Key length of AES-128 in bytes.</summary>
    public const int KeyBytes = 16;
    /// <summary>Block length in bytes.</summary>
    public const int BlockBytes = 16;

    /// <summary>The Nr + 1 encryption round keys (round key 0 is the first 128 bits of the key), through the key-schedule window.</summary>
    public static UInt128[] ExpandKey(AesKey key)
    {
        var keys = new UInt128[key.Rounds + 1];
        UInt128 high = key.High, low = AesMath.InitialWindowLow(key.High, key.Low, key.Size);
        for (int round = 0; round <= key.Rounds; round++)
        {
            keys[round] = high;
            UInt128 next = AesMath.NextWindowLow(high, low, round, key.Size);
            high = low;
            low = next;
        }
        return keys;
    }

    /// <summary>The 11 round keys of an AES-128 key (round key 0 is the key itself).</summary>
    public static UInt128[] ExpandKey128(UInt128 key) => ExpandKey(AesKey.Of128(key));

    /// <summary>The round keys of the equivalent inverse cipher, in the order it uses them (step 0 first).</summary>
    public static UInt128[] DecryptionKeys(AesKey key)
    {
        var forward = ExpandKey(key);
        var keys = new UInt128[forward.Length];
        for (int step = 0; step < keys.Length; step++)
            keys[step] = AesMath.DecryptionRoundKey(forward[key.Rounds - step], step, key.Rounds);
        return keys;
    }

    /// <summary>Encrypts (or decrypts) one block, step by step as the pipelines do.</summary>
    public static UInt128 ProcessBlock(AesKey key, UInt128 block, bool decrypt) =>
        ProcessBlock(decrypt ? DecryptionKeys(key) : ExpandKey(key), block, decrypt);

    /// <summary>One block through the steps of <paramref name="roundKeys"/> (from <see cref="ExpandKey"/> or <see cref="DecryptionKeys"/>).</summary>
    public static UInt128 ProcessBlock(UInt128[] roundKeys, UInt128 block, bool decrypt)
    {
        int rounds = roundKeys.Length - 1;
        byte keySize = (byte)((rounds - AesMath.Rounds128) / 2);
        UInt128 state = block;
        for (int round = 0; round <= rounds; round++)
            state = AesMath.RoundStep(state, roundKeys[round], round, keySize, AesRoundPart.WholeRound, decrypt);
        return state;
    }

    public static UInt128 EncryptBlock(AesKey key, UInt128 block) => ProcessBlock(key, block, decrypt: false);
    public static UInt128 DecryptBlock(AesKey key, UInt128 block) => ProcessBlock(key, block, decrypt: true);

    /// <summary>Encrypts one block with an AES-128 key.</summary>
    public static UInt128 EncryptBlock(UInt128 key, UInt128 block) => EncryptBlock(AesKey.Of128(key), block);

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
        return ToBlocksPadded(data);
    }

    /// <summary>The blocks of <paramref name="data"/>, a final partial block filled with zeros.</summary>
    public static UInt128[] ToBlocksPadded(ReadOnlySpan<byte> data)
    {
        var blocks = new UInt128[(data.Length + BlockBytes - 1) / BlockBytes];
        Span<byte> last = stackalloc byte[BlockBytes];
        for (int i = 0; i < blocks.Length; i++)
        {
            int start = i * BlockBytes, length = Math.Min(BlockBytes, data.Length - start);
            last.Clear();
            data.Slice(start, length).CopyTo(last);
            blocks[i] = BinaryPrimitives.ReadUInt128BigEndian(last);
        }
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

    /// <summary>
    /// <paramref name="data"/> through a mode (no padding; ECB and CBC need whole blocks, CTR takes any
    /// length): what <c>openssl enc -aes-N-mode [-d] -nopad</c> gives.
    /// </summary>
    public static byte[] Process(AesMode mode, bool decrypt, ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv, ReadOnlySpan<byte> data)
    {
        var k = AesKey.FromBytes(key);
        if (mode != AesMode.Ecb && iv.Length != BlockBytes)
            throw new ArgumentException($"the {mode} IV is {BlockBytes} bytes, got {iv.Length}", nameof(iv));
        if (mode == AesMode.Ctr)
        {
            var counter = ToBlock(iv);
            var output = data.ToArray();
            Span<byte> stream = stackalloc byte[BlockBytes];
            for (int start = 0; start < output.Length; start += BlockBytes, counter++)
            {
                WriteBytes(EncryptBlock(k, counter), stream);
                for (int i = start; i < Math.Min(start + BlockBytes, output.Length); i++) output[i] ^= stream[i - start];
            }
            return output;
        }
        var blocks = ToBlocks(data);
        UInt128 chain = mode == AesMode.Cbc ? ToBlock(iv) : 0;
        for (int i = 0; i < blocks.Length; i++)
        {
            if (mode == AesMode.Ecb) blocks[i] = ProcessBlock(k, blocks[i], decrypt);
            else if (!decrypt) chain = blocks[i] = EncryptBlock(k, blocks[i] ^ chain);
            else
            {
                UInt128 cipher = blocks[i];
                blocks[i] = DecryptBlock(k, cipher) ^ chain;
                chain = cipher;
            }
        }
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
                $"ECB and CBC take whole 16-byte blocks and use no padding: the data is {length} bytes, {length % BlockBytes} more than a whole number of blocks");
    }
}

/// <summary>Block cipher modes of operation.</summary>
public enum AesMode { Ecb, Cbc, Ctr }
