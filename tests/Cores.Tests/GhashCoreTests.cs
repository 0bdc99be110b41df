using Crypto.Aes;
using Crypto.Streams;
using Hdl;
using Hdl.Vhdl;
using Xunit;

namespace Cores.Tests;

/// <summary>The pipelined GHASH core against <see cref="GhashMath.Ghash"/>, in the engine and in GHDL.</summary>
public class GhashCoreTests
{
    /// <summary>One block into the core, with its message's hash subkey.</summary>
    public readonly record struct GhashWord(UInt128 Block, UInt128 HashKey, bool Last);

    /// <summary>
    /// Seeded random messages of 1..<paramref name="maxBlocks"/> blocks; a new H now and then (so some messages
    /// share their H with the previous one), and now and then a message as long as the pipeline is deep or one longer.
    /// </summary>
    static List<GhashWord> RandomWords(int messages, int seed, int maxBlocks = 12)
    {
        var rng = new Random(seed);
        var words = new List<GhashWord>();
        UInt128 h = Random128(rng);
        for (int m = 0; m < messages; m++)
        {
            if (rng.Next(3) == 0) h = Random128(rng);
            int n = rng.Next(5) == 0 ? rng.Next(4, 6) : rng.Next(1, maxBlocks + 1);
            for (int i = 0; i < n; i++) words.Add(new GhashWord(Random128(rng), h, i == n - 1));
        }
        return words;
    }

    static UInt128 Random128(Random rng) => new((ulong)rng.NextInt64() ^ ((ulong)rng.Next() << 33), (ulong)rng.NextInt64() ^ ((ulong)rng.Next() << 33));

    static List<UInt128> Expected(IEnumerable<GhashWord> words)
    {
        var hashes = new List<UInt128>();
        var message = new List<UInt128>();
        UInt128? h = null;
        foreach (var w in words)
        {
            h ??= w.HashKey;
            message.Add(w.Block);
            if (!w.Last) continue;
            hashes.Add(GhashMath.Ghash(h.Value, message));
            message.Clear();
            h = null;
        }
        return hashes;
    }

    static StreamRun<UInt128> Run(GhashCoreDesign core, Simulation sim, IReadOnlyList<GhashWord> words, StreamOptions options) =>
        new StreamTestbench<IGhashIn, IGhashOut>(sim, core.Input, core.InputReady, core.Output, core.OutputReady)
            .Run(words, static (bus, w) => { bus.Block = w.Block; bus.HashKey = w.HashKey; bus.Last = w.Last; },
                static bus => bus.Hash, words.Count(w => w.Last), options);

    [Theory]
    [InlineData(2, 0.0, 0.0)]
    [InlineData(4, 0.0, 0.0)]
    [InlineData(4, 0.3, 0.3)]
    [InlineData(8, 0.2, 0.4)]
    public void HashesRandomMessagesUnderGapsAndBackPressure(int depth, double gaps, double stalls)
    {
        int seed = 100 + depth;
        var words = RandomWords(60, seed);
        var core = GhashCore.Build("ghash", depth);
        var run = Run(core, new Simulation(core.Design), words, new StreamOptions(seed, gaps, stalls));
        Assert.Empty(run.ProtocolErrors);
        var expected = Expected(words);
        Assert.Equal(expected.Count, run.Outputs.Count);
        for (int i = 0; i < expected.Count; i++)
            Assert.True(expected[i] == run.Outputs[i], $"seed {seed}, depth {depth}: message {i} hashes to {run.Outputs[i]:x32}, expected {expected[i]:x32}");
    }

    /// <summary>
    /// Two long messages under one H at full speed: the second hash comes exactly as many clocks after the first as
    /// the message has blocks, a block per clock with no gap between messages (the key load, L - 1 products through
    /// the pipeline, is paid once, before the first).
    /// </summary>
    [Fact]
    public void TakesOneBlockPerClockOnLongMessages()
    {
        const int depth = 4, blocks = 200;
        var rng = new Random(9);
        UInt128 h = Random128(rng);
        var words = Enumerable.Range(0, 2 * blocks).Select(i => new GhashWord(Random128(rng), h, i % blocks == blocks - 1)).ToList();
        var core = GhashCore.Build("ghash", depth);
        var run = Run(core, new Simulation(core.Design), words, StreamOptions.FullSpeed);
        Assert.Equal(Expected(words), run.Outputs);
        Assert.Equal(blocks, run.LastOutputCycle - run.FirstOutputCycle);
    }

    /// <summary>The core's VHDL replays the engine's run cycle by cycle in GHDL, and passes ghdl --synth.</summary>
    [Fact]
    public void GhdlReplaysTheCoreAndSynthesizesIt()
    {
        const int seed = 77;
        var words = RandomWords(12, seed, maxBlocks: 7);
        var core = GhashCore.Build("ghash4", 4);
        var sim = new Simulation(core.Design);
        var trace = sim.EnableTrace();
        var run = Run(core, sim, words, new StreamOptions(seed, 0.2, 0.2));
        Assert.Equal(Expected(words), run.Outputs);
        var dir = Path.Combine(Path.GetTempPath(), "sme-crypto-tests", $"cosim-ghash-{Environment.ProcessId}");
        var result = CoSimulation.Run(sim.Netlist, trace, dir);
        Assert.True(result.Passed, $"seed {seed}: GHDL disagrees with the C# simulation (work dir {dir}):\n{string.Join("\n", result.Mismatches.Take(20))}\n{result.Log}");
        Assert.Equal(trace.Rows, result.CyclesCompared);
        Directory.Delete(dir, recursive: true);
        var synth = Synthesis.Run(sim.Netlist, dir + "-synth");
        Assert.Equal(VhdlGenerator.TopName(sim.Netlist), synth.Top);
        Directory.Delete(dir + "-synth", recursive: true);
    }

    /// <summary>
    /// GHDL's synthesized netlist of the core computes what the engine does, every cycle: GHDL 2.0's
    /// synthesis zeroes the constant 0xE1 · 2^120 (ghdl/ghdl#2011), which took GHASH's reduction out of
    /// the netlist while the reduction was that constant (<see cref="GhashMath.TimesX"/> now makes it from
    /// the bit shifted out).
    /// </summary>
    [Fact]
    public void GhdlsNetlistOfTheCoreComputesWhatTheEngineDoes()
    {
        const int seed = 78;
        var words = RandomWords(8, seed, maxBlocks: 5);
        var core = GhashCore.Build("ghash2", 2);
        var sim = new Simulation(core.Design);
        var trace = sim.EnableTrace();
        var run = Run(core, sim, words, new StreamOptions(seed, 0.2, 0.2));
        Assert.Equal(Expected(words), run.Outputs);
        var dir = Path.Combine(Path.GetTempPath(), "sme-crypto-tests", $"netlist-ghash-{Environment.ProcessId}");
        var result = CoSimulation.RunSynthesized(sim.Netlist, trace, dir);
        Assert.True(result.Passed, $"seed {seed}: GHDL's netlist disagrees with the C# simulation (work dir {dir}):\n{string.Join("\n", result.Mismatches.Take(20))}\n{result.Log}");
        Assert.Equal(trace.Rows, result.CyclesCompared);
        Directory.Delete(dir, recursive: true);
    }
}
