using System.Buffers.Binary;

namespace Crypto.ChaCha;

/// <summary>
/// Software models of Poly1305 (RFC 8439 §2.5) and of AEAD_CHACHA20_POLY1305 (§2.8), built from
/// <see cref="Poly1305Math"/> and <see cref="ChaChaModel"/>; checked against RFC 8439 and Wycheproof.
/// </summary>
public static class Poly1305Model
{
    public const int KeyBytes = 32;
    public const int TagBytes = 16;

    /// <summary>The Poly1305 tag of <paramref name="message"/> under the one-time key (r, s).</summary>
    public static byte[] Mac(ReadOnlySpan<byte> key, ReadOnlySpan<byte> message)
    {
        if (key.Length != KeyBytes) throw new ArgumentException($"a Poly1305 key is {KeyBytes} bytes, got {key.Length}", nameof(key));
        UInt128 r = Poly1305Math.Clamp(BinaryPrimitives.ReadUInt128LittleEndian(key)), s = BinaryPrimitives.ReadUInt128LittleEndian(key[16..]);
        var rl = new uint[5];
        for (int k = 0; k < 5; k++) rl[k] = Poly1305Math.Limb(r, k);
        var h = new uint[5];
        var a = new uint[5];
        var d = new ulong[5];
        Span<byte> chunk = stackalloc byte[16];
        for (int start = 0; start < message.Length; start += Poly1305Math.BlockBytes)
        {
            int length = Math.Min(Poly1305Math.BlockBytes, message.Length - start);
            chunk.Clear();
            message.Slice(start, length).CopyTo(chunk);
            var block = Poly1305Math.PadBlock(BinaryPrimitives.ReadUInt128LittleEndian(chunk), (byte)length);
            for (int k = 0; k < 5; k++) a[k] = Poly1305Math.AddBlockLimb(h[k], block, (byte)length, k);
            for (int k = 0; k < 5; k++) d[k] = Poly1305Math.ProductLimb(a[0], a[1], a[2], a[3], a[4], rl[0], rl[1], rl[2], rl[3], rl[4], k);
            for (int k = 0; k < 5; k++) h[k] = Poly1305Math.CarriedLimb(d[0], d[1], d[2], d[3], d[4], k);
        }
        var tag = new byte[TagBytes];
        BinaryPrimitives.WriteUInt128LittleEndian(tag, Poly1305Math.Tag(h[0], h[1], h[2], h[3], h[4], s));
        return tag;
    }

    /// <summary>The Poly1305 one-time key of RFC 8439 §2.6: the first 32 bytes of ChaCha20 block 0.</summary>
    public static byte[] OneTimeKey(ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce) => ChaChaModel.Block(key, 0, nonce)[..KeyBytes];

    /// <summary>
    /// The text Poly1305 authenticates in the AEAD (§2.8): AAD, zero padding to 16 bytes, ciphertext,
    /// zero padding, and the two lengths as 64-bit little-endian numbers.
    /// </summary>
    public static byte[] AeadMacData(ReadOnlySpan<byte> aad, ReadOnlySpan<byte> ciphertext)
    {
        static int Padded(int n) => (n + 15) / 16 * 16;
        var data = new byte[Padded(aad.Length) + Padded(ciphertext.Length) + 16];
        aad.CopyTo(data);
        ciphertext.CopyTo(data.AsSpan(Padded(aad.Length)));
        BinaryPrimitives.WriteUInt64LittleEndian(data.AsSpan(data.Length - 16), (ulong)aad.Length);
        BinaryPrimitives.WriteUInt64LittleEndian(data.AsSpan(data.Length - 8), (ulong)ciphertext.Length);
        return data;
    }

    /// <summary>AEAD_CHACHA20_POLY1305 encryption: ciphertext (counter from 1) and tag.</summary>
    public static (byte[] Ciphertext, byte[] Tag) Seal(ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> aad)
    {
        var ciphertext = ChaChaModel.Encrypt(key, nonce, 1, plaintext);
        return (ciphertext, Mac(OneTimeKey(key, nonce), AeadMacData(aad, ciphertext)));
    }

    /// <summary>AEAD_CHACHA20_POLY1305 decryption: the plaintext, or null when the tag does not match.</summary>
    public static byte[]? Open(ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> aad, ReadOnlySpan<byte> tag)
    {
        var expected = Mac(OneTimeKey(key, nonce), AeadMacData(aad, ciphertext));
        if (tag.Length != TagBytes || !System.Security.Cryptography.CryptographicOperations.FixedTimeEquals(expected, tag)) return null;
        return ChaChaModel.Encrypt(key, nonce, 1, ciphertext);
    }
}
