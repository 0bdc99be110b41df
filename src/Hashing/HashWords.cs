using System.Numerics;
using System.Runtime.CompilerServices;

namespace Crypto.Hashing;

/// <summary>
/// Word and byte helpers shared by the hash cores and their software models (hardware subset: static,
/// scalar parameters and results). A 128-bit lane holds bytes in order, byte 0 in the most
/// significant bits; 32-bit word i of a lane is bits 127-32i .. 96-32i.
/// </summary>
public static class HashWords
{
    public const int LaneBytes = 16;

    /// <summary>32-bit word <paramref name="index"/> (0..3) of a lane.</summary>
    public static uint Word32(UInt128 lane, int index) => (uint)(lane >> (96 - 32 * index));

    /// <summary>Four 32-bit words into a lane, <paramref name="w0"/> in the most significant bits.</summary>
    public static UInt128 Pack32(uint w0, uint w1, uint w2, uint w3) =>
        new UInt128(((ulong)w0 << 32) | w1, ((ulong)w2 << 32) | w3);

    /// <summary>Word-wise sum modulo 2^32 of two lanes of four 32-bit words.</summary>
    public static UInt128 AddWords32(UInt128 x, UInt128 y) =>
        Pack32(Word32(x, 0) + Word32(y, 0), Word32(x, 1) + Word32(y, 1), Word32(x, 2) + Word32(y, 2), Word32(x, 3) + Word32(y, 3));

    /// <summary>The bytes of a 32-bit word in reverse order.</summary>
    public static uint ByteSwap32(uint x) =>
        (x << 24) | ((x & 0x0000FF00u) << 8) | ((x >> 8) & 0x0000FF00u) | (x >> 24);

    /// <summary>The bytes of a 64-bit word in reverse order.</summary>
    public static ulong ByteSwap64(ulong x) => ((ulong)ByteSwap32((uint)x) << 32) | ByteSwap32((uint)(x >> 32));

    /// <summary>Each 32-bit word of a lane with its bytes reversed (little-endian words, as MD5 reads them).</summary>
    public static UInt128 ByteSwapWords32(UInt128 x) =>
        Pack32(ByteSwap32(Word32(x, 0)), ByteSwap32(Word32(x, 1)), ByteSwap32(Word32(x, 2)), ByteSwap32(Word32(x, 3)));

    /// <summary>A lane with only bit <paramref name="index"/> (0..127) set.</summary>
    public static UInt128 Bit(int index) => new UInt128(0, 1) << index;

    /// <summary>Whether bit <paramref name="index"/> of <paramref name="x"/> is set.</summary>
    public static bool TestBit(UInt128 x, int index) => ((x >> index) & new UInt128(0, 1)) != new UInt128(0, 0);
}

/// <summary>
/// A hash block as 16 words of <typeparamref name="W"/> (uint: the 64-byte blocks of MD5 and
/// SHA-224/256; ulong: the 128-byte blocks of SHA-384/512), byte 0 in the most significant bits of
/// word 0, as the chunk and block buses carry it: the padding of a block word by word, and the words
/// of the wrapper's 16-byte blocks (hardware subset: static, scalar parameters and results).
/// </summary>
public static class HashWords<W> where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
{
    /// <summary>Bytes per word: 4 or 8.</summary>
    public static readonly int WordBytes = Unsafe.SizeOf<W>();
    /// <summary>16-byte lanes (the AXI wrapper's blocks) per block of 16 words: 4 or 8.</summary>
    public static readonly int Lanes = Unsafe.SizeOf<W>();
    /// <summary>log2 of <see cref="WordBytes"/>: byte offsets of words are shifts, not products.</summary>
    static readonly int byteShift = BitOperations.Log2((uint)Unsafe.SizeOf<W>());

    /// <summary>
    /// Word <paramref name="index"/> (bytes W·index .. W·index+W-1 of a block) of a padded block: the
    /// first <paramref name="keepBytes"/> bytes of the block are the data, the rest zero, and with
    /// <paramref name="marker"/> the padding byte 0x80 goes to byte <paramref name="keepBytes"/>.
    /// </summary>
    public static W PadWord(W data, int index, int keepBytes, bool marker)
    {
        int n = keepBytes - (index << byteShift);
        W result = W.Zero;
        if (n >= WordBytes) result = data;
        else if (n > 0) result = data & ~(W.AllBitsSet >> (8 * n));
        if (marker && n >= 0 && n < WordBytes) result = result | (W.CreateTruncating(0x80) << (8 * (WordBytes - 1 - n)));
        return result;
    }

    /// <summary>
    /// Word <paramref name="index"/> of the length field at the end of a final block: the message length
    /// in bits in the block's last 64 bits (big-endian; SHA-384/512's 128-bit field has zeros above
    /// it), or byte-swapped for MD5's little-endian field; zero when the block carries no length.
    /// </summary>
    public static W LengthWord(bool putLength, ulong bitLength, bool littleEndian, int index)
    {
        ulong bits = littleEndian ? HashWords.ByteSwap64(bitLength) : bitLength;
        int shift = 8 * ((15 - index) << byteShift);
        return putLength && shift < 64 ? W.CreateTruncating(bits >> shift) : W.Zero;
    }

    /// <summary>Which 16-byte lane of a block word <paramref name="index"/> lies in.</summary>
    public static int LaneOfWord(int index) => (index << byteShift) >> 4;

    /// <summary>Word <paramref name="index"/> of a block, out of the 16-byte lane that holds it (byte 0 in the lane's most significant bits).</summary>
    public static W WordOfLane(UInt128 lane, int index) =>
        W.CreateTruncating(lane >> (8 * (HashWords.LaneBytes - WordBytes - ((index << byteShift) & 15))));
}
