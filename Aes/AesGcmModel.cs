using System.Buffers.Binary;
using System.Security.Cryptography;

namespace Crypto.Aes;

/// <summary>
/// AES-GCM (NIST SP 800-38D) in software: the reference the GCM hardware is checked against. Any IV
/// length of at least one byte (96-bit IVs give J0 = IV ‖ 0^31 ‖ 1 directly, others J0 = GHASH of the
/// IV), AAD and message of any length, tags of 12 to 16 bytes.
/// </summary>
public static class AesGcmModel
{
    /// <summary>The tag length the seal writes (bytes).</summary>
    public const int TagBytes = 16;
    /// <summary>The shortest tag opening accepts (96 bits, SP 800-38D §5.2.1.2).</summary>
    public const int MinTagBytes = 12;
    /// <summary>The IV length whose pre-counter block needs no GHASH.</summary>
    public const int StandardIvBytes = 12;

    /// <summary>The hash subkey H = CIPH_K(0^128).</summary>
    public static UInt128 HashSubkey(AesKey key) => AesModel.EncryptBlock(key, 0);

    /// <summary>The pre-counter block J0 for <paramref name="iv"/> (at least one byte; a clear error otherwise).</summary>
    public static UInt128 PreCounterBlock(UInt128 h, ReadOnlySpan<byte> iv)
    {
        if (iv.IsEmpty) throw new ArgumentException("a GCM IV is at least one byte, got none", nameof(iv));
        if (iv.Length == StandardIvBytes)
        {
            Span<byte> j0 = stackalloc byte[AesModel.BlockBytes];
            iv.CopyTo(j0);
            j0[^1] = 1;
            return AesModel.ToBlock(j0);
        }
        var blocks = new List<UInt128>(AesModel.ToBlocksPadded(iv)) { LengthBlock(0, iv.Length) };
        return GhashMath.Ghash(h, blocks);
    }

    /// <summary>inc_32: the low 32 bits of the block plus one, modulo 2^32; the rest unchanged.</summary>
    public static UInt128 Increment32(UInt128 counter) =>
        (counter & ~(UInt128)uint.MaxValue) | (uint)((uint)counter + 1);

    /// <summary>The final GHASH block: the AAD and the ciphertext lengths in bits, 64 bits each.</summary>
    public static UInt128 LengthBlock(long aadBytes, long textBytes) => new((ulong)aadBytes * 8, (ulong)textBytes * 8);

    /// <summary>Encrypts: the ciphertext and the 16-byte tag.</summary>
    public static (byte[] Ciphertext, byte[] Tag) Seal(ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv, ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> aad)
    {
        var k = AesKey.FromBytes(key);
        UInt128 h = HashSubkey(k), j0 = PreCounterBlock(h, iv);
        byte[] ciphertext = Counter(k, j0, plaintext);
        return (ciphertext, AesModel.ToBytes(Tag(k, h, j0, aad, ciphertext)));
    }

    /// <summary>Decrypts and checks the tag (12 to 16 bytes): the plaintext, or null when the tag is wrong.</summary>
    public static byte[]? Open(ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> aad, ReadOnlySpan<byte> tag)
    {
        if (tag.Length is < MinTagBytes or > TagBytes)
            throw new ArgumentException($"a GCM tag is {MinTagBytes} to {TagBytes} bytes, got {tag.Length}", nameof(tag));
        var k = AesKey.FromBytes(key);
        UInt128 h = HashSubkey(k), j0 = PreCounterBlock(h, iv);
        byte[] expected = AesModel.ToBytes(Tag(k, h, j0, aad, ciphertext));
        if (!CryptographicOperations.FixedTimeEquals(expected.AsSpan(0, tag.Length), tag)) return null;
        return Counter(k, j0, ciphertext);
    }

    /// <summary>GCTR from inc_32(J0): the data xored with the key stream.</summary>
    static byte[] Counter(AesKey key, UInt128 j0, ReadOnlySpan<byte> data)
    {
        var output = new byte[data.Length];
        Span<byte> stream = stackalloc byte[AesModel.BlockBytes];
        UInt128 counter = j0;
        for (int start = 0; start < data.Length; start += AesModel.BlockBytes)
        {
            counter = Increment32(counter);
            BinaryPrimitives.WriteUInt128BigEndian(stream, AesModel.EncryptBlock(key, counter));
            int length = Math.Min(AesModel.BlockBytes, data.Length - start);
            for (int i = 0; i < length; i++) output[start + i] = (byte)(data[start + i] ^ stream[i]);
        }
        return output;
    }

    /// <summary>The full 128-bit tag: CIPH_K(J0) ⊕ GHASH(AAD ‖ 0* ‖ C ‖ 0* ‖ lengths).</summary>
    static UInt128 Tag(AesKey key, UInt128 h, UInt128 j0, ReadOnlySpan<byte> aad, ReadOnlySpan<byte> ciphertext)
    {
        var blocks = new List<UInt128>(AesModel.ToBlocksPadded(aad));
        blocks.AddRange(AesModel.ToBlocksPadded(ciphertext));
        blocks.Add(LengthBlock(aad.Length, ciphertext.Length));
        return AesModel.EncryptBlock(key, j0) ^ GhashMath.Ghash(h, blocks);
    }
}
