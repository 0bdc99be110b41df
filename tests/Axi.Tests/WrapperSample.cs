using Crypto.Axi;
using Crypto.Catalog;

namespace Axi.Tests;

/// <summary>
/// Which wrappers the slower tests take. Every wrapper runs the C# scenario and has its committed VHDL
/// compared with the generator; the GHDL replays, synthesis and the many-seed runs take a sample,
/// because the wrappers of one core differ only in the core inside (each core variant is itself
/// replayed in GHDL in Cores.Tests, and every wrapper by `./sme-crypto verify-axi`).
/// </summary>
static class WrapperSample
{
    /// <summary>
    /// Per core, its iterative variant and its first pipeline (procN) in catalog order, or what the
    /// core has (Poly1305: naive only): an iterative and a pipelined core behind the same wrapper.
    /// </summary>
    public static IReadOnlyList<IAxiCoreAdapter> TwoPerCore { get; } =
        [.. AxiCatalog.All.GroupBy(Build).SelectMany(g => g.OrderBy(Rank).Take(2))];

    /// <summary>The first of <see cref="TwoPerCore"/> for each core.</summary>
    public static IReadOnlyList<IAxiCoreAdapter> OnePerCore { get; } =
        [.. TwoPerCore.GroupBy(Build).Select(g => g.First())];

    /// <summary>What the wrapper's core is built as: the core, or for an AES build of one key size e.g. aes128 (aes128-gcm for aes128-proc11-gcm).</summary>
    static string Build(IAxiCoreAdapter a) => a.Name.Replace("-" + a.Variant, "", StringComparison.Ordinal);

    static int Rank(IAxiCoreAdapter a) => a.Variant == "iterative" ? 0 : a.Variant.StartsWith("proc", StringComparison.Ordinal) ? 1 : 2;
}
