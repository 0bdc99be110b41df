using Crypto.Axi;
using Crypto.Axi.Cores;
using Crypto.Axi.Formal;
using Crypto.Md5;
using Crypto.Streams;

namespace Crypto.Catalog;

/// <summary>
/// The MD5 folder's core: its variants, AXI wrappers and formal check. Here, not in Md5/, while its
/// AXI adapter is still in the kit (src/Axi/Cores): Md5 cannot reference the kit that references it.
/// </summary>
public sealed class Md5Module : ICoreModule
{
    public IReadOnlyList<ICoreVariant> Variants { get; } = [.. Md5Catalog.Variants];

    public IReadOnlyList<IAxiCoreAdapter> AxiWrappers { get; } =
        [.. Md5Catalog.Variants.Select((v, i) => (IAxiCoreAdapter)new Md5AxiCore(v, (ushort)(i + 1)))];

    public IReadOnlyList<FormalCheck> FormalChecks =>
    [
        new("wrapper-md5-iterative", "the whole MD5 iterative wrapper: AXI4-Lite rules, s_axis assumed, m_axis rules", "check_wrapper",
            () => AxiWrapper.Build(AxiWrappers.First(a => a.Variant == "iterative")).Design, AxiFormal.WrapperDepth, InductionExpected: false, Quick: false, InductionTried: false),
    ];
}
