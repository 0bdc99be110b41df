using Crypto.Axi.Cores;
using Crypto.Axi;
using Crypto.Axi.Formal;
using Crypto.Streams;

namespace Crypto.Aes;

/// <summary>The AES folder's cores, aes and aes-gcm: their variants, AXI wrappers and formal check.</summary>
public sealed class AesModule : ICoreModule
{
    public IReadOnlyList<ICoreVariant> Variants { get; } =
        [.. AesCatalog.All, .. AesCatalog.Aes128Builds, .. AesGcmCatalog.Variants, .. AesGcmCatalog.Aes128Builds];

    public IReadOnlyList<IAxiCoreAdapter> AxiWrappers { get; } =
    [
        .. AesCatalog.All.Select(AesWrapper),
        .. AesCatalog.Aes128Builds.Select(AesWrapper),
        // AES-GCM on aes proc11, for every key size and for AES-128 alone; any other AES encryption variant is one AxiWrapperOf away.
        GcmWrapper(AesGcmVariant.On("proc11")),
        GcmWrapper(AesGcmVariant.On("proc11", 128)),
    ];

    /// <summary>
    /// An AES variant of <see cref="AesCatalog.All"/> built for one key size, or AES-GCM on any AES
    /// encryption variant.
    /// </summary>
    public IAxiCoreAdapter? AxiWrapperOf(string core, string variant, string keyBits)
    {
        int bits = AesKeyBits.Parse(keyBits);
        if (string.Equals(core, AesGcmAxiCore.CoreName, StringComparison.OrdinalIgnoreCase)) return GcmWrapper(AesGcmVariant.On(variant, bits));
        return AesCatalog.All.Any(v => string.Equals(v.Variant, variant, StringComparison.OrdinalIgnoreCase))
            ? AesWrapper(AesCatalog.Find(variant).WithKeyBits(bits))
            : null;
    }

    public IReadOnlyList<FormalCheck> FormalChecks { get; } =
    [
        new("wrapper-aes-iterative", "the whole AES iterative wrapper: AXI4-Lite rules, s_axis assumed, m_axis rules", "check_wrapper",
            () => AxiWrapper.Build(AesWrapper(AesCatalog.Find("iterative"))).Design, AxiFormal.WrapperDepth, InductionExpected: false, Quick: false, InductionTried: false),
    ];

    /// <summary>
    /// The wrapper of an AES-GCM build, numbered (VERSION bits 15..0) by its AES variant's place in
    /// <see cref="AesCatalog.All"/>, as the AES wrappers are.
    /// </summary>
    static AesGcmAxiCore GcmWrapper(AesGcmVariant build) =>
        new(build, (ushort)(AesCatalog.All.Select(v => v.Variant).ToList().IndexOf(build.BlockCipher.Variant) + 1));

    /// <summary>The wrapper of an AES build, numbered (VERSION bits 15..0) by its variant's place in <see cref="AesCatalog.All"/> whatever key sizes it is built for.</summary>
    static AesAxiCore AesWrapper(AesVariant build) =>
        new(build, (ushort)(AesCatalog.All.Select(v => v.Variant).ToList().IndexOf(build.Variant) + 1));
}
