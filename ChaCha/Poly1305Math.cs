namespace Crypto.ChaCha;

/// <summary>
/// Poly1305 (RFC 8439 §2.5) arithmetic shared by the software model and the hardware: the
/// accumulator and r are five 26-bit limbs in <see cref="uint"/>s (limb k holds bits 26k..26k+25), and
/// every partial product is a 32 x 32 -> 64-bit product in a <see cref="ulong"/> (the radix-2^26 scheme
/// of poly1305-donna). The limbs are 32-bit in hardware too: a limb product is then a multiplier of
/// at most 28 x 29 bits (four DSP48E1), not one of 64 x 64 bits (ten). 16-byte
/// blocks and keys are little-endian <see cref="UInt128"/>s, byte 0 least significant.
/// Every method here is in the hardware C# subset.
/// </summary>
public static class Poly1305Math
{
    /// <summary>Bytes of a Poly1305 block.</summary>
    public const int BlockBytes = 16;
    public const uint LimbMask = 0x3ffffff;

    /// <summary>r with the bits RFC 8439 clears ("clamp"): r &amp;= 0x0ffffffc0ffffffc0ffffffc0fffffff.</summary>
    public static UInt128 Clamp(UInt128 r) =>
        r & new UInt128(0x0ffffffc0ffffffc, 0x0ffffffc0fffffff);

    /// <summary>Limb <paramref name="k"/> (0..4) of a 128-bit value: bits 26k..26k+25.</summary>
    public static uint Limb(UInt128 x, int k) => (uint)(x >> (26 * k)) & LimbMask;

    /// <summary>
    /// A block of <paramref name="byteCount"/> (1..16) bytes with the 0x01 byte appended, below bit 128:
    /// for a full block the appended bit is 2^128, which <see cref="AddBlockLimb"/> adds to limb 4.
    /// </summary>
    public static UInt128 PadBlock(UInt128 block, byte byteCount)
    {
        UInt128 one = 1;
        UInt128 kept = block;
        if (byteCount < BlockBytes)
        {
            kept = block & ((one << (8 * byteCount)) - one);
            kept = kept | (one << (8 * byteCount));
        }
        return kept;
    }

    /// <summary>Limb k of accumulator + block (the block padded as <see cref="PadBlock"/> says).</summary>
    public static uint AddBlockLimb(uint h, UInt128 paddedBlock, byte byteCount, int k)
    {
        uint sum = h + Limb(paddedBlock, k);
        if (k == 4 && byteCount >= BlockBytes) sum += 1u << 24;
        return sum;
    }

    /// <summary>
    /// Limb k of the product h·r before carrying, with 2^130 ≡ 5 (mod 2^130-5) folding the high
    /// limbs: d_k = Σ_{i≤k} h_i·r_{k-i} + Σ_{i>k} h_i·5·r_{k-i+5}.
    /// </summary>
    public static ulong ProductLimb(uint h0, uint h1, uint h2, uint h3, uint h4,
        uint r0, uint r1, uint r2, uint r3, uint r4, int k)
    {
        uint s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
        if (k == 0) return Product(h0, r0) + Product(h1, s4) + Product(h2, s3) + Product(h3, s2) + Product(h4, s1);
        if (k == 1) return Product(h0, r1) + Product(h1, r0) + Product(h2, s4) + Product(h3, s3) + Product(h4, s2);
        if (k == 2) return Product(h0, r2) + Product(h1, r1) + Product(h2, r0) + Product(h3, s4) + Product(h4, s3);
        if (k == 3) return Product(h0, r3) + Product(h1, r2) + Product(h2, r1) + Product(h3, r0) + Product(h4, s4);
        return Product(h0, r4) + Product(h1, r3) + Product(h2, r2) + Product(h3, r1) + Product(h4, r0);
    }

    /// <summary>The 64-bit product of two 32-bit limbs (a limb of the accumulator is below 2^28, 5·r_k below 2^29).</summary>
    static ulong Product(uint a, uint b) => (ulong)a * b;

    /// <summary>
    /// Limb k of the product limbs d0..d4 after one carry pass (the carry out of limb 4 comes back
    /// into limb 0 times 5, and limb 0's carry into limb 1): the accumulator of the next block,
    /// every limb below 2^26 but limb 1, which may exceed it a little.
    /// </summary>
    public static uint CarriedLimb(ulong d0, ulong d1, ulong d2, ulong d3, ulong d4, int k)
    {
        ulong c = d0 >> 26;
        ulong h0 = d0 & LimbMask;
        ulong e1 = d1 + c;
        c = e1 >> 26;
        ulong h1 = e1 & LimbMask;
        ulong e2 = d2 + c;
        c = e2 >> 26;
        ulong h2 = e2 & LimbMask;
        ulong e3 = d3 + c;
        c = e3 >> 26;
        ulong h3 = e3 & LimbMask;
        ulong e4 = d4 + c;
        c = e4 >> 26;
        ulong h4 = e4 & LimbMask;
        h0 = h0 + c * 5;
        c = h0 >> 26;
        h0 = h0 & LimbMask;
        h1 = h1 + c;
        if (k == 0) return (uint)h0;
        if (k == 1) return (uint)h1;
        if (k == 2) return (uint)h2;
        if (k == 3) return (uint)h3;
        return (uint)h4;
    }

    /// <summary>The tag: h fully reduced modulo 2^130-5, plus s, modulo 2^128.</summary>
    public static UInt128 Tag(uint h0, uint h1, uint h2, uint h3, uint h4, UInt128 s)
    {
        // Full carry: every limb below 2^26, h below 2^130 + 5·small.
        ulong c = h1 >> 26;
        ulong a1 = h1 & LimbMask;
        ulong a2 = h2 + c;
        c = a2 >> 26;
        a2 = a2 & LimbMask;
        ulong a3 = h3 + c;
        c = a3 >> 26;
        a3 = a3 & LimbMask;
        ulong a4 = h4 + c;
        c = a4 >> 26;
        a4 = a4 & LimbMask;
        ulong a0 = h0 + c * 5;
        c = a0 >> 26;
        a0 = a0 & LimbMask;
        a1 = a1 + c;
        // g = h + 5 - 2^130: h ≥ p exactly when g does not borrow (bit 26 of g4 set before masking).
        ulong g0 = a0 + 5;
        c = g0 >> 26;
        g0 = g0 & LimbMask;
        ulong g1 = a1 + c;
        c = g1 >> 26;
        g1 = g1 & LimbMask;
        ulong g2 = a2 + c;
        c = g2 >> 26;
        g2 = g2 & LimbMask;
        ulong g3 = a3 + c;
        c = g3 >> 26;
        g3 = g3 & LimbMask;
        ulong g4 = a4 + c;
        bool atLeastP = (g4 >> 26) != 0;
        g4 = g4 & LimbMask;
        if (atLeastP)
        {
            a0 = g0;
            a1 = g1;
            a2 = g2;
            a3 = g3;
            a4 = g4;
        }
        // Added, not ORed: a1 may be exactly 2^26 after the last carry.
        UInt128 h = (UInt128)a0 + ((UInt128)a1 << 26) + ((UInt128)a2 << 52) + ((UInt128)a3 << 78) + ((UInt128)a4 << 104);
        return h + s;
    }
}
