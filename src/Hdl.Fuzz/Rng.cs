namespace Hdl.Fuzz;

/// <summary>SplitMix64: small, fast, and the same sequence on every platform for a given state.</summary>
public sealed class Rng(ulong state)
{
    ulong state = state;

    public static Rng For(int seed, int index, ulong stream = 0) =>
        new(Mix((ulong)(uint)seed * 0x9E37_79B9_7F4A_7C15ul ^ Mix((ulong)(uint)index + 0x632B_E59B_D9B4_E019ul * (stream + 1))));

    public static ulong Mix(ulong z)
    {
        z = (z ^ (z >> 30)) * 0xBF58_476D_1CE4_E5B9ul;
        z = (z ^ (z >> 27)) * 0x94D0_49BB_1331_11EBul;
        return z ^ (z >> 31);
    }

    public ulong Next() => Mix(state += 0x9E37_79B9_7F4A_7C15ul);
    public int Below(int n) => (int)(Next() % (ulong)n);
    public int Range(int from, int toInclusive) => from + Below(toInclusive - from + 1);
    public bool Chance(double p) => (Next() >> 11) * (1.0 / (1ul << 53)) < p;
    public T Pick<T>(IReadOnlyList<T> items) => items[Below(items.Count)];

    static readonly UInt128[] Edges = [0, 1, 2, 3, 7, 0x7F, 0x80, 0xFF, 0x7FFF, 0x8000, 0xFFFF, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF,
        0x7FFF_FFFF_FFFF_FFFF, 0x8000_0000_0000_0000, 0xFFFF_FFFF_FFFF_FFFF, UInt128.MaxValue, UInt128.MaxValue >> 1, UInt128.One << 127];

    /// <summary>Random bits for a value: edge values (0, 1, all ones, sign bits) a third of the time.</summary>
    public UInt128 Bits() => Chance(0.35) ? Pick(Edges) ^ (Chance(0.2) ? UInt128.MaxValue : 0)
        : Below(4) == 0 ? (UInt128)(ulong)Below(16) : new UInt128(Next(), Next());
}
