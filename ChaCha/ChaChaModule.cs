using Crypto.Axi;
using Crypto.Axi.Formal;
using Crypto.Axi.Cores;
using Crypto.Streams;
using Hdl;

namespace Crypto.ChaCha;

/// <summary>
/// The ChaCha folder's cores, chacha20, poly1305 and chacha20-poly1305: their variants, AXI wrappers
/// and the formal check of the ChaCha20 wrapper's word collector.
/// </summary>
public sealed class ChaChaModule : ICoreModule
{
    public IReadOnlyList<ICoreVariant> Variants { get; } = [.. ChaChaCatalog.Variants, .. Poly1305Catalog.Variants, .. ChaChaPolyCatalog.Variants];

    public IReadOnlyList<IAxiCoreAdapter> AxiWrappers { get; } =
    [
        .. ChaChaCatalog.Variants.Select((v, i) => (IAxiCoreAdapter)new ChaChaAxiCore(v, (ushort)(i + 1))),
        .. Poly1305Catalog.Variants.Select((v, i) => (IAxiCoreAdapter)new Poly1305AxiCore(v, (ushort)(i + 1))),
        .. ChaChaPolyCatalog.Variants.Select((v, i) => (IAxiCoreAdapter)new ChaChaPolyAxiCore(v, (ushort)(i + 1))),
    ];

    public IReadOnlyList<FormalCheck> FormalChecks { get; } =
    [
        new("chacha-collector", "ChaChaAxiWordCollector (ChaCha20 wrappers): the word on offer to the core held until taken, across a soft reset too; the interrupted message closed before the next packet's first block", "check_chacha_collector",
            () => CollectorDesign(), AxiFormal.CollectorDepth, InductionExpected: false, Quick: true, InductionTried: false),
    ];

    /// <summary>The ChaCha20 wrapper's word collector alone, its buses as top-level ports (harness check_chacha_collector of src/Axi/Formal/harnesses.sv).</summary>
    public static Design CollectorDesign()
    {
        var d = new Design("formal_chacha_collector");
        var c = d.Add(new ChaChaAxiWordCollector
        {
            Name = "collector",
            Input = d.Input(Bus.Create<IAxiBlock>(), "in"),
            Config = d.Input(Bus.Create<IAxiCoreConfig>(), "config"),
            Control = d.Input(Bus.Create<IAxiStreamControl>(), "control"),
            CoreReady = d.Input(Bus.Create<IReady>(), "core_ready"),
        });
        AxiFormal.CollectorOutputs(d, c.InputReady, c.Output, c.Closing, c.Error);
        return d;
    }
}
