using System.Diagnostics;
using System.Text;
using Crypto.ChaCha;
using Crypto.Streams;
using Hdl;
using Xunit;

namespace Cores.Tests;

/// <summary>The ChaCha20 variants simulated cycle by cycle, against RFC 8439, the vector files and the software model.</summary>
public class ChaChaCoreTests
{
    public static TheoryData<string> VariantNames() => [.. ChaChaCatalog.Variants.Select(v => v.Variant)];

    static byte[] H(string hex) => Convert.FromHexString(hex);

    [Fact]
    public void CatalogListsTheVariants()
    {
        Assert.Equal(["naive", "iterative", "proc10", "proc20"], ChaChaCatalog.Variants.Select(v => v.Variant));
        Assert.All(ChaChaCatalog.Variants, v => Assert.Equal("chacha20", v.Core));
        Assert.Same(ChaChaCatalog.Variants[3], ChaChaCatalog.Find("PROC20"));
        Assert.StartsWith("unknown chacha20 variant 'proc40'; known variants: naive, iterative, proc10, proc20",
            Assert.Throws<ArgumentException>(() => ChaChaCatalog.Find("proc40")).Message);
    }

    [Theory]
    [InlineData("naive", 3)]
    [InlineData("iterative", 3)]
    [InlineData("proc10", 12)]
    [InlineData("proc20", 22)]
    public void DesignHasTheStreamPortsAndItsStages(string variant, int clockedProcesses)
    {
        var design = ChaChaCatalog.Find(variant).BuildDesign();
        Assert.Equal(["in", "out_ready"], design.Inputs.Select(b => b.Name));
        Assert.Equal(["in_ready", "out"], design.Outputs.Select(b => b.Name).Order());
        var netlist = design.Elaborate();
        Assert.Equal(clockedProcesses, netlist.Clocked.Count);
        // One round-logic process per stage (one double round behind the iterative engine).
        int roundLogic = netlist.Processes.Count(p => p is ChaChaRounds);
        Assert.Equal(variant switch { "proc10" => 10, "proc20" => 20, _ => 1 }, roundLogic);
    }

    [Theory]
    [MemberData(nameof(VariantNames))]
    public void EncryptsTheRfc8439Examples(string variant)
    {
        var sunscreen = ChaChaCatalog.Encrypt(variant, H(ChaChaModelTests.Rfc8439Key), H(ChaChaModelTests.SunscreenNonce), 1,
            Encoding.ASCII.GetBytes(ChaChaModelTests.SunscreenPlaintext));
        Assert.Equal(ChaChaModelTests.SunscreenCiphertext, Convert.ToHexStringLower(sunscreen.Output));
        Assert.Equal(2, sunscreen.Blocks);
        Assert.False(sunscreen.CounterExhausted);
        foreach (var row in ChaChaModelTests.AppendixA2)
        {
            var (key, nonce, counter, plaintext, ciphertext) = row.Data;
            var run = ChaChaCatalog.Encrypt(variant, H(key), H(nonce), counter, H(plaintext));
            Assert.Equal(ciphertext, Convert.ToHexStringLower(run.Output));
        }
    }

    [Theory]
    [MemberData(nameof(VariantNames))]
    public void MbedTlsVectors(string variant)
    {
        var entries = ChaChaVectorFiles.ReadMbedTls(Path.Combine(TestVectors.Directory("chacha20"), "test_suite_chacha20.data"));
        Assert.Equal(8, entries.Count);
        foreach (var e in entries)
        {
            var run = ChaChaCatalog.Encrypt(variant, e.Key, e.Nonce, e.Counter, e.Input);
            Assert.True(e.Output.AsSpan().SequenceEqual(run.Output), $"{variant}, {e}: output differs");
        }
    }

    /// <summary>Botan's 96-bit-nonce records with Seek, up to the blocks just below 2^32: the core's keystream (encrypting zeros) from the record's block on.</summary>
    [Theory]
    [MemberData(nameof(VariantNames))]
    public void BotanSeekVectorsNearTheEndOfTheCounter(string variant)
    {
        var entries = ChaChaVectorFiles.ReadBotan(Path.Combine(TestVectors.Directory("chacha20"), "chacha.vec"))
            .Where(e => e.Rounds == 20 && e.Key.Length == 32 && e.Nonce.Length == 12 && e.Seek % 64 == 0).ToList();
        Assert.True(entries.Count >= 5, $"only {entries.Count} records");
        Assert.Contains(entries, e => e.Seek / 64 >= uint.MaxValue - 4);
        foreach (var e in entries)
        {
            var run = ChaChaCatalog.Encrypt(variant, e.Key, e.Nonce, (uint)(e.Seek / 64), new byte[e.Out.Length]);
            Assert.True(e.Out.AsSpan().SequenceEqual(run.Output), $"{variant}, {e}: keystream differs");
        }
    }

    [Theory]
    [InlineData("naive", 1401, 0.3, 0.3)]
    [InlineData("naive", 1402, 0.05, 0.8)]
    [InlineData("iterative", 1411, 0.3, 0.3)]
    [InlineData("iterative", 1412, 0.0, 0.8)]
    [InlineData("proc10", 1421, 0.3, 0.3)]
    [InlineData("proc10", 1422, 0.8, 0.0)]
    [InlineData("proc10", 1423, 0.1, 0.9)]
    [InlineData("proc20", 1431, 0.3, 0.3)]
    [InlineData("proc20", 1432, 0.0, 0.7)]
    [InlineData("proc20", 1433, 0.05, 0.05)]
    public void RandomMessagesUnderGapsAndBackPressureMatchTheModel(string variant, int seed, double gap, double stall)
    {
        int words = variant == "iterative" ? 150 : 500;
        var input = ChaChaCatalog.RandomWords(words, seed);
        Assert.True(input.Count(w => w.Last) > words / 8, $"seed {seed}: messages should be short");
        Assert.Contains(BlockCounters(input), c => c == uint.MaxValue);
        var expected = ChaChaCatalog.Expected(input);
        Assert.Equal(words, expected.Length);
        Assert.DoesNotContain(expected, r => r.Error);

        var run = ChaChaCatalog.Find(variant).Run(input, new StreamOptions(seed, gap, stall));

        var context = $"{variant}, seed {seed}, gap {gap}, stall {stall}";
        Assert.True(run.Stream.ProtocolErrors.Count == 0, $"{context}: {string.Join("; ", run.Stream.ProtocolErrors)}");
        var mismatches = StreamTestbench<IChaChaDataIn, IChaChaDataOut>.Compare(expected, run.Stream.Outputs);
        Assert.True(mismatches.Count == 0, $"{context}: {mismatches.Count} mismatches, first: {string.Join("; ", mismatches.Take(3))}");
    }

    /// <summary>The block counter of each word: each message numbers its blocks from its first word's Counter.</summary>
    static IEnumerable<uint> BlockCounters(IEnumerable<ChaChaWord> words)
    {
        bool inMessage = false;
        uint counter = 0;
        foreach (var w in words)
        {
            counter = inMessage ? counter + 1 : w.Counter;
            inMessage = !w.Last;
            yield return counter;
        }
    }

    /// <summary>Measured with messages of 1..8 blocks, each with a new key, nonce and counter.</summary>
    [Theory]
    [InlineData("naive", 1.0, 3)]
    [InlineData("iterative", 10.0, 13)]
    [InlineData("proc10", 1.0, 12)]
    [InlineData("proc20", 1.0, 22)]
    public void FullSpeedRateAndLatency(string variant, double clocksPerBlock, long latency)
    {
        var m = ChaChaCatalog.Find(variant).Measure(200);
        Assert.Equal(clocksPerBlock, m.ClocksPerBlock);
        Assert.Equal(latency, m.Latency);
        Assert.Equal(200, m.Blocks);
    }

    [Theory]
    [InlineData("naive", 0 + 299 + 3 + 1)]
    [InlineData("iterative", 0 + 299 * 10 + 13 + 1)]
    [InlineData("proc10", 0 + 299 + 12 + 1)]
    [InlineData("proc20", 0 + 299 + 22 + 1)]
    public void LongMessageCycles(string variant, long expectedCycles)
    {
        const int seed = 4343;
        var rng = new Random(seed);
        byte[] key = new byte[32], nonce = new byte[12], data = new byte[64 * 299 + 17];
        rng.NextBytes(key);
        rng.NextBytes(nonce);
        rng.NextBytes(data);
        var run = ChaChaCatalog.Encrypt(variant, key, nonce, 7, data);
        Assert.True(ChaChaModel.Encrypt(key, nonce, 7, data).AsSpan().SequenceEqual(run.Output), $"{variant}, seed {seed}: output differs from the model");
        Assert.Equal(300, run.Blocks);
        // First input transfer (cycle 0: the counter stage takes it), one block per clocks-per-block,
        // the latency of the last block and its transfer cycle.
        Assert.Equal(expectedCycles, run.Cycles);
    }

    [Theory]
    [MemberData(nameof(VariantNames))]
    public void CounterExhaustionRaisesErrorAndStopsTheCore(string variant)
    {
        const int seed = 99;
        var rng = new Random(seed);
        byte[] key = new byte[32], nonce = new byte[12], data = new byte[64 * 3 + 5];
        rng.NextBytes(key);
        rng.NextBytes(nonce);
        rng.NextBytes(data);
        var words = ChaChaCatalog.Words(key, nonce, uint.MaxValue - 1, data);
        var v = ChaChaCatalog.Find(variant);
        var run = v.Run(words, new StreamOptions(seed, 0.2, 0.2));
        Assert.Empty(run.Stream.ProtocolErrors);
        Assert.Equal(2, run.Stream.Outputs.Count);
        Assert.False(run.Stream.Outputs[0].Error);
        Assert.True(run.Stream.Outputs[1].Error);
        Assert.Equal(ChaChaCatalog.Expected(words), run.Stream.Outputs);
        // The blocks it did produce are right: counters 2^32-2 and 2^32-1.
        var model = ChaChaModel.Encrypt(key, nonce, uint.MaxValue - 1, data.AsSpan(0, 128));
        Assert.True(model.AsSpan().SequenceEqual([.. ChaChaCatalog.Bytes(run.Stream.Outputs[0]), .. ChaChaCatalog.Bytes(run.Stream.Outputs[1])]));

        // Stopped: the third word stays offered and is never taken; nothing more comes out.
        var (core, sim) = (run.Core, run.Simulation);
        ChaChaCatalog.Write(core.Input, words[2]);
        core.Input.Valid = true;
        core.OutputReady.Ready = true;
        for (int cycle = 0; cycle < 40; cycle++)
        {
            sim.Settle();
            Assert.False(core.InputReady.Ready, $"{variant}: input ready {cycle} cycles after the error");
            Assert.False(core.Output.Valid, $"{variant}: output valid {cycle} cycles after the error");
            sim.Clock();
        }

        var encryption = ChaChaCatalog.Encrypt(variant, key, nonce, uint.MaxValue - 1, data);
        Assert.True(encryption.CounterExhausted);
        Assert.Equal(2, encryption.Blocks);
        Assert.True(model.AsSpan().SequenceEqual(encryption.Output));
    }

    [Theory]
    [MemberData(nameof(VariantNames))]
    public void AMessageEndingOnTheLastCounterIsNoErrorAndTheNextMessageStartsAfresh(string variant)
    {
        byte[] key = H(ChaChaModelTests.Rfc8439Key), nonce = H(ChaChaModelTests.SunscreenNonce);
        var first = ChaChaCatalog.Words(key, nonce, uint.MaxValue - 1, new byte[100]);
        var second = ChaChaCatalog.Words(key, nonce, 1, Encoding.ASCII.GetBytes(ChaChaModelTests.SunscreenPlaintext));
        ChaChaWord[] words = [.. first, .. second];
        var run = ChaChaCatalog.Find(variant).Run(words, StreamOptions.FullSpeed);
        Assert.Equal(4, run.Stream.Outputs.Count);
        Assert.DoesNotContain(run.Stream.Outputs, o => o.Error);
        Assert.Equal(ChaChaCatalog.Expected(words), run.Stream.Outputs);
        Assert.Equal(ChaChaModelTests.SunscreenCiphertext,
            Convert.ToHexStringLower([.. ChaChaCatalog.Bytes(run.Stream.Outputs[2]), .. ChaChaCatalog.Bytes(run.Stream.Outputs[3]).AsSpan(0, 50)]));
    }

    [Theory]
    [MemberData(nameof(VariantNames))]
    public void EncryptOfNothingRunsNothingAndBadLengthsAreClearErrors(string variant)
    {
        var run = ChaChaCatalog.Encrypt(variant, new byte[32], new byte[12], 0, []);
        Assert.Empty(run.Output);
        Assert.Equal(0, run.Cycles);
        Assert.Contains("32 bytes", Assert.Throws<ArgumentException>(() => ChaChaCatalog.Encrypt(variant, new byte[31], new byte[12], 0, [1])).Message);
        Assert.Contains("12 bytes", Assert.Throws<ArgumentException>(() => ChaChaCatalog.Encrypt(variant, new byte[32], new byte[16], 0, [1])).Message);
    }

    [Theory]
    [MemberData(nameof(VariantNames))]
    public void IdleCoreHoldsNoValidOutputAndOffersReady(string variant)
    {
        var core = ChaChaCatalog.Find(variant).Build();
        var sim = new Simulation(core.Design);
        core.Input.Valid = false;
        core.OutputReady.Ready = true;
        for (int cycle = 0; cycle < 30; cycle++)
        {
            sim.Settle();
            Assert.False(core.Output.Valid);
            if (cycle > 0) Assert.True(core.InputReady.Ready, $"{variant}: input not ready at idle cycle {cycle}");
            sim.Clock();
        }
    }

    [Theory]
    [MemberData(nameof(VariantNames))]
    public void RunTracedEndsWithCounterExhaustionAndMatchesTheModel(string variant)
    {
        var options = new StreamOptions(Seed: 2718, GapProbability: 0.3, StallProbability: 0.3);
        var traced = ChaChaCatalog.Find(variant).RunTraced(40, options);
        Assert.True(traced.Mismatches.Count == 0, $"{variant}, seed {options.Seed}: {string.Join("; ", traced.Mismatches.Take(3))}");
        Assert.Empty(traced.ProtocolErrors);
        Assert.Equal(traced.Simulation.Cycle, traced.Trace.Rows);
        var expected = ChaChaCatalog.Expected(ChaChaCatalog.RandomWords(40, options.Seed, endWithExhaustion: true));
        Assert.Equal(39, expected.Length);
        Assert.True(expected[^1].Error);
    }

    [Theory]
    [InlineData("proc20")]
    [InlineData("iterative")]
    public void ReportsTheSimulationRate(string variant)
    {
        var v = ChaChaCatalog.Find(variant);
        v.Run(ChaChaCatalog.RandomWords(500, seed: 4), StreamOptions.FullSpeed); // warm up the JIT
        var words = ChaChaCatalog.RandomWords(3000, seed: 5);
        var watch = Stopwatch.StartNew();
        var run = v.Run(words, StreamOptions.FullSpeed);
        watch.Stop();
        Assert.Equal(ChaChaCatalog.Expected(words).Length, run.Stream.Outputs.Count);
        // Reported, not asserted: the rate depends on the build configuration and on the machine's load.
        TestContext.Current.TestOutputHelper?.WriteLine(
            $"chacha20 {variant}: {run.Stream.Cycles / watch.Elapsed.TotalSeconds:N0} simulated cycles per second (untraced, with the stream testbench; building the design included)");
    }
}
