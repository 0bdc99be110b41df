using Crypto.Aes;
using Crypto.Axi.Cores;
using Crypto.Axi;
using Crypto.Axi.Formal;

namespace Crypto.Catalog;

/// <summary>Every core variant that has an AXI wrapper, and every formal check: what the core modules of <see cref="CoreRegistry"/> give.</summary>
public static class AxiCatalog
{
    /// <summary>The wrappers of every core module, each numbered (VERSION bits 15..0) by its position in the core's own catalog (1 = first).</summary>
    public static IReadOnlyList<IAxiCoreAdapter> All { get; } = [.. CoreRegistry.Modules.SelectMany(m => m.AxiWrappers)];

    /// <summary>
    /// The wrapper of a core variant built for <paramref name="keyBits"/> (the <c>--key-bits</c> option:
    /// "all", or 128, 192, 256 for AES and AES-GCM), or an exception whose message is one line naming what exists.
    /// </summary>
    public static IAxiCoreAdapter Find(string core, string variant, string keyBits = "all")
    {
        var ofCore = All.Where(a => string.Equals(a.Core, core, StringComparison.OrdinalIgnoreCase)).ToList();
        if (ofCore.Count == 0)
            throw new ArgumentException($"no AXI wrapper for core '{core}'; wrapped cores: {string.Join(", ", All.Select(a => a.Core).Distinct())}");
        string bits = AesKeyBits.Name(AesKeyBits.ParseFor(core, keyBits, CoreRegistry.KeySizeCores));
        return ofCore.FirstOrDefault(a => string.Equals(a.Variant, variant, StringComparison.OrdinalIgnoreCase) && a.KeyBits == bits)
            ?? CoreRegistry.Modules.First(m => m.AxiWrappers.Contains(ofCore[0])).AxiWrapperOf(core, variant, bits)
            ?? throw new ArgumentException($"no AXI wrapper for {core} variant '{variant}'; wrapped variants: {string.Join(", ", ofCore.Select(a => a.Variant).Distinct())}");
    }

    /// <summary>The wrapper called <paramref name="name"/> (its core build's name, e.g. aes128-proc11).</summary>
    public static IAxiCoreAdapter FindByName(string name) =>
        All.FirstOrDefault(a => a.Name == name) ?? throw new ArgumentException($"no AXI wrapper named '{name}'");

    /// <summary>
    /// The wrappers of the builds for <paramref name="keyBits"/> (the <c>--key-bits</c> option: "all",
    /// 128, 192, 256): for "all" every wrapper but the AES builds for one key size, for a size the AES
    /// wrappers built for it; when it is not given, every wrapper of <see cref="All"/>.
    /// </summary>
    public static IReadOnlyList<IAxiCoreAdapter> Builds(string? keyBits)
    {
        if (keyBits is null) return All;
        int bits = AesKeyBits.Parse(keyBits);
        if (bits == AesKeyBits.All) return [.. All.Where(a => a is not AesAxiCore aes || aes.KeyBits == AesKeyBits.All)];
        return [.. All.OfType<AesAxiCore>().Where(a => a.KeyBits == AesKeyBits.All).Select(a => Find(a.Core, a.Variant, keyBits))];
    }

    /// <summary>
    /// Folder of a wrapper's generated VHDL, relative to the repository root: vhdl-out/axi-&lt;core&gt;-&lt;variant&gt;,
    /// with -w32 for 32-bit streams.
    /// </summary>
    public static string VhdlFolder(IAxiCoreAdapter a, int streamBits = AxiWrapper.DefaultStreamBits) =>
        Path.Combine("vhdl-out", $"axi-{a.Name}{AxiWrapper.WidthSuffix(streamBits, '-')}");

    /// <summary>Every formal check: the AXI kit's processes, then the core modules' own, those that finish in seconds first.</summary>
    public static IReadOnlyList<FormalCheck> FormalChecks { get; } =
        [.. AxiFormal.KitChecks, .. CoreRegistry.Modules.SelectMany(m => m.FormalChecks).OrderBy(c => !c.Quick)];

    /// <summary>The formal check named <paramref name="component"/>; an unknown name lists the known ones.</summary>
    public static FormalCheck FindFormalCheck(string component) =>
        FormalChecks.FirstOrDefault(c => c.Component == component)
        ?? throw new ArgumentException($"no formal check '{component}'; the checks are {string.Join(", ", FormalChecks.Select(c => c.Component))}");
}
