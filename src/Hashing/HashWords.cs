using System.Numerics;

namespace Crypto.Hashing;

/// <summary>
/// Word and byte helpers shared by the hash cores and their software models (hardware subset: static,
/// scalar parameters and results). A 128-bit lane holds bytes in order, byte 0 in the most
/// significant bits; 32-bit word i of a lane is bits 127-32i .. 96-32i, 64-bit word i is bits
/// 127-64i .. 64-64i.
/// </summary>
public static class HashWords
{
    public const int LaneBytes = 16;

    /// <summary>32-bit word <paramref name="index"/> (0..3) of a lane.</summary>
    public static uint Word32(UInt128 lane, int index) => (uint)(lane >> (96 - 32 * index));

    /// <summary>64-bit word <paramref name="index"/> (0..1) of a lane.</summary>
    public static ulong Word64(UInt128 lane, int index) => (ulong)(lane >> (64 - 64 * index));

    /// <summary>32-bit word <paramref name="index"/> (0..15) of a 512-bit block held in four lanes.</summary>
    public static uint BlockWord32(UInt128 d0, UInt128 d1, UInt128 d2, UInt128 d3, int index)
    {
        int lane = index >> 2;
        UInt128 x = d3;
        if (lane == 0) x = d0;
        else if (lane == 1) x = d1;
        else if (lane == 2) x = d2;
        return Word32(x, index & 3);
    }

    /// <summary>Four 32-bit words into a lane, <paramref name="w0"/> in the most significant bits.</summary>
    public static UInt128 Pack32(uint w0, uint w1, uint w2, uint w3) =>
        new UInt128(((ulong)w0 << 32) | w1, ((ulong)w2 << 32) | w3);

    /// <summary>Two 64-bit words into a lane.</summary>
    public static UInt128 Pack64(ulong w0, ulong w1) => new UInt128(w0, w1);

    /// <summary>Word-wise sum modulo 2^32 of two lanes of four 32-bit words.</summary>
    public static UInt128 AddWords32(UInt128 x, UInt128 y) =>
        Pack32(Word32(x, 0) + Word32(y, 0), Word32(x, 1) + Word32(y, 1), Word32(x, 2) + Word32(y, 2), Word32(x, 3) + Word32(y, 3));

    /// <summary>Word-wise sum modulo 2^64 of two lanes of two 64-bit words.</summary>
    public static UInt128 AddWords64(UInt128 x, UInt128 y) =>
        Pack64(Word64(x, 0) + Word64(y, 0), Word64(x, 1) + Word64(y, 1));

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

    /// <summary>
    /// The length field in the last lane of a final block: the message length in bits in the lane's
    /// least significant 64 bits (big-endian, the low half of SHA-384/512's 128-bit field), or
    /// byte-swapped for MD5's little-endian field; zero when the block carries no length.
    /// </summary>
    public static UInt128 LengthLane(bool putLength, ulong bitLength, bool littleEndian)
    {
        ulong bits = littleEndian ? ByteSwap64(bitLength) : bitLength;
        return putLength ? new UInt128(0, bits) : new UInt128(0, 0);
    }

    /// <summary>
    /// Lane <paramref name="lane"/> (bytes 16·lane .. 16·lane+15 of a block) of a padded block: the
    /// first <paramref name="keepBytes"/> bytes of the block are the data, the rest zero, and with
    /// <paramref name="marker"/> the padding byte 0x80 goes to byte <paramref name="keepBytes"/>.
    /// </summary>
    public static UInt128 PadLane(UInt128 data, int lane, int keepBytes, bool marker)
    {
        int n = keepBytes - LaneBytes * lane;
        UInt128 ones = new UInt128(ulong.MaxValue, ulong.MaxValue);
        UInt128 result = new UInt128(0, 0);
        if (n >= LaneBytes) result = data;
        else if (n > 0) result = data & ~(ones >> (8 * n));
        if (marker && n >= 0 && n < LaneBytes) result = result | (new UInt128(0, 0x80) << (120 - 8 * n));
        return result;
    }
}
