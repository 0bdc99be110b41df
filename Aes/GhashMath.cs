namespace Crypto.Aes;

/// <summary>
/// Arithmetic of GHASH (NIST SP 800-38D §6.3): products in GF(2^128) with the polynomial
/// x^128 + x^7 + x^2 + x + 1, in GCM's bit order. A block is a UInt128 whose most significant bit
/// is bit 0 of the specification (the first byte's high bit), so the coefficient of x^0 is the top
/// bit and "multiply by x" is a right shift, with R = 11100001 ‖ 0^120 folded in when a bit falls off.
/// Written for the transpiler as well as for the model: plain loops over bits, no tables.
/// </summary>
public static class GhashMath
{
    /// <summary>The top byte of R of SP 800-38D (R = 0xE1 · 2^120: the reduction of x^128 in GCM's bit order).</summary>
    public const uint ReductionTopByte = 0xE1;

    /// <summary>
    /// x · v: one right shift in GCM's bit order, reduced: R xored in when a bit falls off. R is made
    /// from that bit, shifted into the top byte, not written as the 128-bit constant: GHDL 2.0's
    /// synthesis makes the constant 0xE1 · 2^120 zero (ghdl/ghdl#2011, docs/fuzzing.md), which took
    /// the reduction out of every GCM build's netlist.
    /// </summary>
    public static UInt128 TimesX(UInt128 v) => (v >> 1) ^ ((UInt128)(((uint)v & 1u) != 0 ? ReductionTopByte : 0u) << 120);

    /// <summary>The coefficient of x^0 (the block's most significant bit).</summary>
    public static bool TopBit(UInt128 v) => (ulong)(v >> 127) != 0;

    /// <summary>The product x · y in GF(2^128) (SP 800-38D Algorithm 1).</summary>
    public static UInt128 Multiply(UInt128 x, UInt128 y)
    {
        UInt128 z = 0, v = y;
        for (int i = 0; i < 128; i++)
        {
            if (TopBit(x << i)) z ^= v;
            v = TimesX(v);
        }
        return z;
    }

    /// <summary>h^n (n ≥ 1) in GF(2^128).</summary>
    public static UInt128 Power(UInt128 h, int n)
    {
        if (n < 1) throw new ArgumentOutOfRangeException(nameof(n), n, "a power of H is at least H^1");
        UInt128 p = h;
        for (int i = 1; i < n; i++) p = Multiply(p, h);
        return p;
    }

    /// <summary>GHASH_H of the blocks (SP 800-38D Algorithm 2): Y_i = (Y_{i-1} ⊕ X_i) · H from Y_0 = 0.</summary>
    public static UInt128 Ghash(UInt128 h, IEnumerable<UInt128> blocks)
    {
        UInt128 y = 0;
        foreach (var x in blocks) y = Multiply(y ^ x, h);
        return y;
    }

    /// <summary>
    /// The same GHASH computed the way a d-deep multiplier pipeline can take a block per clock: block i goes to
    /// accumulator i mod d, whose previous product has left the pipeline by then. GHASH is the sum of X_i · H^(n-i)
    /// (i from 0), so an accumulator multiplies by H^d after each of its blocks but the last, and after its last
    /// block i by H^(n-i): an earlier block j of the lane then gets (i - j) + (n - i) = n - j. The d results are xored.
    /// </summary>
    public static UInt128 GhashInterleaved(UInt128 h, IReadOnlyList<UInt128> blocks, int depth)
    {
        if (depth < 1) throw new ArgumentOutOfRangeException(nameof(depth), depth, "a multiplier pipeline is at least 1 deep");
        int n = blocks.Count;
        var accumulators = new UInt128[depth];
        UInt128 hd = Power(h, depth);
        for (int i = 0; i < n; i++)
        {
            int lane = i % depth;
            bool lastOfLane = i + depth >= n;
            accumulators[lane] = Multiply(accumulators[lane] ^ blocks[i], lastOfLane ? Power(h, n - i) : hd);
        }
        UInt128 tag = 0;
        foreach (var a in accumulators) tag ^= a;
        return tag;
    }
}
