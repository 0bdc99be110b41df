using Crypto.Axi;
using Crypto.Axi.Cores;
using Crypto.Axi.Formal;
using Crypto.Streams;

namespace Crypto.Md5;

/// <summary>
/// The MD5 folder's core: its variants, AXI wrappers and formal checks (the whole iterative wrapper,
/// and the hash cores' chunk collector, <see cref="HashAxiFormal.CollectorCheck"/>, which its wrappers
/// share with the SHA-2 ones).
/// </summary>
public sealed class Md5Module : ICoreModule
{
    public IReadOnlyList<ICoreVariant> Variants { get; } = [.. Md5Catalog.Variants];

    public IReadOnlyList<IAxiCoreAdapter> AxiWrappers { get; } =
        [.. Md5Catalog.Variants.Select((v, i) => (IAxiCoreAdapter)new Md5AxiCore(v, (ushort)(i + 1)))];

    public IReadOnlyList<FormalCheck> FormalChecks =>
    [
        HashAxiFormal.CollectorCheck,
        new("wrapper-md5-iterative", "the whole MD5 iterative wrapper: AXI4-Lite rules, s_axis assumed, m_axis rules", "check_wrapper",
            () => AxiWrapper.Build(AxiWrappers.First(a => a.Variant == "iterative")).Design, AxiFormal.WrapperDepth, InductionExpected: false, Quick: false, InductionTried: false),
    ];
}
