namespace Crypto.ChaCha;

/// <summary>
/// AEAD_CHACHA20_POLY1305 (RFC 8439 §2.8) framing shared by the hardware and its host code: the
/// one-time key block, the 16-byte MAC blocks of a 64-byte word, the lengths block.
/// Every method here is in the hardware C# subset.
/// </summary>
public static class ChaChaPolyMath
{
    /// <summary>Bytes of keystream block 0 the Poly1305 one-time key uses (r, then s).</summary>
    public const byte KeyBlockBytes = 32;

    /// <summary>The 16-byte Poly1305 blocks of <paramref name="byteCount"/> (0..64) bytes, the last one zero-padded.</summary>
    public static byte MacBlocks(byte byteCount) => (byte)((byteCount + Poly1305Math.BlockBytes - 1) / Poly1305Math.BlockBytes);

    /// <summary>The last Poly1305 block of a message: the AAD length, then the ciphertext length, each in bytes, 64-bit little-endian.</summary>
    public static UInt128 LengthsBlock(ulong aadBytes, ulong dataBytes) => new UInt128(dataBytes, aadBytes);

    /// <summary>16-byte block <paramref name="index"/> (0..3) of a 64-byte word.</summary>
    public static UInt128 WordBlock(UInt128 data0, UInt128 data1, UInt128 data2, UInt128 data3, byte index)
    {
        if (index == 0) return data0;
        if (index == 1) return data1;
        if (index == 2) return data2;
        return data3;
    }
}
