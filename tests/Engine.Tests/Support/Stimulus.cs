namespace Engine.Tests;

/// <summary>
/// Deterministic test stimulus: a value depends only on (seed, cycle, lane), so a testbench can
/// recompute any cycle's inputs and a failing cycle can be replayed. The first cycles of a word lane
/// walk through edge values (0, 1, all ones, sign bit, ...) before the random ones.
/// </summary>
public static class Stimulus
{
    static readonly uint[] EdgeWords =
        [0u, 1u, 0xFFFF_FFFFu, 0x8000_0000u, 0x7FFF_FFFFu, 0xFFFFu, 0x8000u, 0xFFFF_FFFEu, 0x0000_00FFu, 0x1234_5678u];

    /// <summary>Number of leading cycles that use edge values in <see cref="Word"/>.</summary>
    public static int EdgeCycles => EdgeWords.Length;

    /// <summary>64 random bits for (seed, cycle, lane) (SplitMix64 finaliser).</summary>
    public static ulong Bits(int seed, long cycle, int lane)
    {
        ulong z = (ulong)seed * 0x9E37_79B9_7F4A_7C15ul + (ulong)cycle * 0xBF58_476D_1CE4_E5B9ul + (ulong)lane * 0x94D0_49BB_1331_11EBul + 0x2545_F491_4F6C_DD1Dul;
        z = (z ^ (z >> 30)) * 0xBF58_476D_1CE4_E5B9ul;
        z = (z ^ (z >> 27)) * 0x94D0_49BB_1331_11EBul;
        return z ^ (z >> 31);
    }

    /// <summary>A 32-bit word: edge values in the first cycles (a different order per lane), then random.</summary>
    public static uint Word(int seed, long cycle, int lane) =>
        cycle < EdgeWords.Length ? EdgeWords[(cycle + 3 * lane) % EdgeWords.Length] : (uint)Bits(seed, cycle, lane);

    /// <summary>True with probability <paramref name="p"/>.</summary>
    public static bool Chance(int seed, long cycle, int lane, double p) =>
        (Bits(seed, cycle, lane) >> 11) * (1.0 / (1ul << 53)) < p;
}
