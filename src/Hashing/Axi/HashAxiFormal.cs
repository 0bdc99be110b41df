using Crypto.Axi.Formal;
using Crypto.Streams;
using Hdl;

namespace Crypto.Axi.Cores;

/// <summary>
/// The formal check of the hash cores' chunk collector (<see cref="HashAxiChunkCollector{W}"/>), one
/// for the MD5 and SHA-2 wrappers; the MD5 module lists it (<c>Md5Module.FormalChecks</c>).
/// </summary>
public static class HashAxiFormal
{
    public static FormalCheck CollectorCheck { get; } =
        new("hash-collector", "HashAxiChunkCollector<uint> (MD5, SHA-224/256 wrappers): as chacha-collector", "check_hash_collector",
            () => CollectorDesign(), AxiFormal.CollectorDepth, InductionExpected: false, Quick: true, InductionTried: false);

    /// <summary>The collector over uint alone, its buses as top-level ports (harness check_hash_collector of src/Axi/Formal/harnesses.sv).</summary>
    public static Design CollectorDesign()
    {
        var d = new Design("formal_hash_collector");
        var c = d.Add(new HashAxiChunkCollector<uint>
        {
            Name = "collector",
            Input = d.Input(Bus.Create<IAxiBlock>(), "in"),
            Control = d.Input(Bus.Create<IAxiStreamControl>(), "control"),
            CoreReady = d.Input(Bus.Create<IReady>(), "core_ready"),
        });
        AxiFormal.CollectorOutputs(d, c.InputReady, c.Output, c.Closing, c.Error);
        return d;
    }
}
