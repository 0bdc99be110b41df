using Crypto.Aes;
using Crypto.Axi.Cores;
using Crypto.ChaCha;
using Crypto.Md5;
using Crypto.Sha2;

namespace Crypto.Axi;

/// <summary>Every core variant that has an AXI wrapper.</summary>
public static class AxiCatalog
{
    public static IReadOnlyList<IAxiCoreAdapter> All { get; } =
    [
        // AES: the iterative core and the per-round pipeline, encryption and decryption, and the mode
        // variants (CBC, CTR); key size from the registers. Numbered in this order.
        .. AesCatalog.All.Where(v => v.Variant is "iterative" or "proc11" or "iterative-dec" or "proc11-dec" or "proc11-ctr" or "iterative-cbc" or "proc11-cbc-dec")
            .OrderBy(v => v.Variant is "iterative" or "proc11" ? 0 : 1).Select((v, i) => (IAxiCoreAdapter)new AesAxiCore(v, (ushort)(i + 1))),
        .. Md5Catalog.Variants.Select((v, i) => (IAxiCoreAdapter)new Md5AxiCore(v, (ushort)(i + 1))),
        // SHA-2: a representative set of each algorithm (see docs/axi.md), numbered by catalog position.
        .. Sha2Catalog.Sha224Variants.Select((v, i) => (v, i)).Where(x => Sha2Wrapped(x.v.Variant)).Select(x => (IAxiCoreAdapter)new Sha256AxiCore(x.v, (ushort)(x.i + 1))),
        .. Sha2Catalog.Sha256Variants.Select((v, i) => (v, i)).Where(x => Sha2Wrapped(x.v.Variant)).Select(x => (IAxiCoreAdapter)new Sha256AxiCore(x.v, (ushort)(x.i + 1))),
        .. Sha2Catalog.Sha384Variants.Select((v, i) => (v, i)).Where(x => Sha2Wrapped(x.v.Variant)).Select(x => (IAxiCoreAdapter)new Sha512AxiCore(x.v, (ushort)(x.i + 1))),
        .. Sha2Catalog.Sha512Variants.Select((v, i) => (v, i)).Where(x => Sha2Wrapped(x.v.Variant)).Select(x => (IAxiCoreAdapter)new Sha512AxiCore(x.v, (ushort)(x.i + 1))),
        .. ChaChaCatalog.Variants.Select((v, i) => (IAxiCoreAdapter)new ChaChaAxiCore(v, (ushort)(i + 1))),
    ];

    /// <summary>The SHA-2 variants with a wrapper: the iterative, the naive and the shortest pipeline (the longer pipelines differ only in the compression).</summary>
    static bool Sha2Wrapped(string variant) => variant is "iterative" or "naive" or "proc4";

    /// <summary>The wrapper of a core variant, or an exception whose message is one line naming what exists.</summary>
    public static IAxiCoreAdapter Find(string core, string variant)
    {
        var ofCore = All.Where(a => string.Equals(a.Core, core, StringComparison.OrdinalIgnoreCase)).ToList();
        if (ofCore.Count == 0)
            throw new ArgumentException($"no AXI wrapper for core '{core}'; wrapped cores: {string.Join(", ", All.Select(a => a.Core).Distinct())}");
        return ofCore.FirstOrDefault(a => string.Equals(a.Variant, variant, StringComparison.OrdinalIgnoreCase))
            ?? throw new ArgumentException($"no AXI wrapper for {core} variant '{variant}'; wrapped variants: {string.Join(", ", ofCore.Select(a => a.Variant))}");
    }

    /// <summary>
    /// Folder of a wrapper's generated VHDL, relative to the repository root: vhdl-out/axi-&lt;core&gt;-&lt;variant&gt;,
    /// with -w32 for 32-bit streams.
    /// </summary>
    public static string VhdlFolder(IAxiCoreAdapter a, int streamBits = AxiWrapper.DefaultStreamBits) =>
        Path.Combine("vhdl-out", $"axi-{a.Core}-{a.Variant}{AxiWrapper.WidthSuffix(streamBits, '-')}");
}
