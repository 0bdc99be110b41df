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
        // Every variant of every core, numbered (VERSION bits 15..0) by its position in the core's own catalog (1 = first).
        .. AesCatalog.All.Select((v, i) => (IAxiCoreAdapter)new AesAxiCore(v, (ushort)(i + 1))),
        .. Md5Catalog.Variants.Select((v, i) => (IAxiCoreAdapter)new Md5AxiCore(v, (ushort)(i + 1))),
        .. Sha2Catalog.Sha224Variants.Select((v, i) => (IAxiCoreAdapter)new Sha256AxiCore(v, (ushort)(i + 1))),
        .. Sha2Catalog.Sha256Variants.Select((v, i) => (IAxiCoreAdapter)new Sha256AxiCore(v, (ushort)(i + 1))),
        .. Sha2Catalog.Sha384Variants.Select((v, i) => (IAxiCoreAdapter)new Sha512AxiCore(v, (ushort)(i + 1))),
        .. Sha2Catalog.Sha512Variants.Select((v, i) => (IAxiCoreAdapter)new Sha512AxiCore(v, (ushort)(i + 1))),
        .. ChaChaCatalog.Variants.Select((v, i) => (IAxiCoreAdapter)new ChaChaAxiCore(v, (ushort)(i + 1))),
        .. Poly1305Catalog.Variants.Select((v, i) => (IAxiCoreAdapter)new Poly1305AxiCore(v, (ushort)(i + 1))),
    ];

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
