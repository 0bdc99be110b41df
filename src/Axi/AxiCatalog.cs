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
        .. AesCatalog.All.Select(AesWrapper),
        .. AesCatalog.Aes128Builds.Select(AesWrapper),
        .. Md5Catalog.Variants.Select((v, i) => (IAxiCoreAdapter)new Md5AxiCore(v, (ushort)(i + 1))),
        .. Sha2Catalog.Sha224Variants.Select((v, i) => (IAxiCoreAdapter)new Sha2AxiCore<uint>(v, (ushort)(i + 1))),
        .. Sha2Catalog.Sha256Variants.Select((v, i) => (IAxiCoreAdapter)new Sha2AxiCore<uint>(v, (ushort)(i + 1))),
        .. Sha2Catalog.Sha384Variants.Select((v, i) => (IAxiCoreAdapter)new Sha2AxiCore<ulong>(v, (ushort)(i + 1))),
        .. Sha2Catalog.Sha512Variants.Select((v, i) => (IAxiCoreAdapter)new Sha2AxiCore<ulong>(v, (ushort)(i + 1))),
        .. ChaChaCatalog.Variants.Select((v, i) => (IAxiCoreAdapter)new ChaChaAxiCore(v, (ushort)(i + 1))),
        .. Poly1305Catalog.Variants.Select((v, i) => (IAxiCoreAdapter)new Poly1305AxiCore(v, (ushort)(i + 1))),
        // AES-GCM on aes proc11, for every key size and for AES-128 alone; any other AES encryption variant is one Find away.
        GcmWrapper(AesGcmVariant.On("proc11")),
        GcmWrapper(AesGcmVariant.On("proc11", 128)),
        .. ChaChaPolyCatalog.Variants.Select((v, i) => (IAxiCoreAdapter)new ChaChaPolyAxiCore(v, (ushort)(i + 1))),
    ];

    /// <summary>
    /// The wrapper of a core variant built for <paramref name="keyBits"/> (the <c>--key-bits</c> option:
    /// "all", or 128, 192, 256 for AES), or an exception whose message is one line naming what exists.
    /// </summary>
    public static IAxiCoreAdapter Find(string core, string variant, string keyBits = "all")
    {
        var ofCore = All.Where(a => string.Equals(a.Core, core, StringComparison.OrdinalIgnoreCase)).ToList();
        if (ofCore.Count == 0)
            throw new ArgumentException($"no AXI wrapper for core '{core}'; wrapped cores: {string.Join(", ", All.Select(a => a.Core).Distinct())}");
        bool gcm = string.Equals(core, AesGcmAxiCore.CoreName, StringComparison.OrdinalIgnoreCase);
        // AES-GCM is built on the AES processes, for one key size or all, as AES is.
        int bits = AesKeyBits.ParseFor(gcm ? "aes" : core, keyBits);
        var ofVariant = ofCore.Where(a => string.Equals(a.Variant, variant, StringComparison.OrdinalIgnoreCase)).ToList();
        if (gcm)
            return ofVariant.FirstOrDefault(a => ((AesGcmAxiCore)a).KeyBits == bits) ?? GcmWrapper(AesGcmVariant.On(variant, bits));
        if (ofVariant.Count == 0)
            throw new ArgumentException($"no AXI wrapper for {core} variant '{variant}'; wrapped variants: {string.Join(", ", ofCore.Select(a => a.Variant).Distinct())}");
        return ofVariant.FirstOrDefault(a => a is not AesAxiCore aes || aes.KeyBits == bits)
            ?? AesWrapper(AesCatalog.Find(variant).WithKeyBits(bits));
    }

    /// <summary>
    /// The wrapper of an AES-GCM build, numbered (VERSION bits 15..0) by its AES variant's place in
    /// <see cref="AesCatalog.All"/>, as the AES wrappers are.
    /// </summary>
    static IAxiCoreAdapter GcmWrapper(AesGcmVariant build) =>
        new AesGcmAxiCore(build, (ushort)(AesCatalog.All.Select(v => v.Variant).ToList().IndexOf(build.BlockCipher.Variant) + 1));

    /// <summary>The wrapper of an AES build, numbered (VERSION bits 15..0) by its variant's place in <see cref="AesCatalog.All"/> whatever key sizes it is built for.</summary>
    static IAxiCoreAdapter AesWrapper(AesVariant build) =>
        new AesAxiCore(build, (ushort)(AesCatalog.All.Select(v => v.Variant).ToList().IndexOf(build.Variant) + 1));

    /// <summary>The wrapper called <paramref name="name"/> (its core build's name, e.g. aes128-proc11).</summary>
    public static IAxiCoreAdapter FindByName(string name) =>
        All.FirstOrDefault(a => a.Name == name) ?? throw new ArgumentException($"no AXI wrapper named '{name}'");

    /// <summary>
    /// The wrappers of the builds for <paramref name="keyBits"/> (the <c>--key-bits</c> option: "all",
    /// 128, 192, 256), or, when it is not given, every wrapper of <see cref="All"/>.
    /// </summary>
    public static IReadOnlyList<IAxiCoreAdapter> Builds(string? keyBits)
    {
        if (keyBits is null) return All;
        int bits = AesKeyBits.Parse(keyBits);
        if (bits == AesKeyBits.All) return [.. All.Where(a => a is not AesAxiCore aes || aes.KeyBits == AesKeyBits.All)];
        return [.. AesCatalog.All.Select(v => AesWrapper(v.WithKeyBits(bits)))];
    }

    /// <summary>
    /// Folder of a wrapper's generated VHDL, relative to the repository root: vhdl-out/axi-&lt;core&gt;-&lt;variant&gt;,
    /// with -w32 for 32-bit streams.
    /// </summary>
    public static string VhdlFolder(IAxiCoreAdapter a, int streamBits = AxiWrapper.DefaultStreamBits) =>
        Path.Combine("vhdl-out", $"axi-{a.Name}{AxiWrapper.WidthSuffix(streamBits, '-')}");
}
