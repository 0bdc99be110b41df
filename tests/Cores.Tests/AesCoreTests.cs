using System.Diagnostics;
using Crypto.Aes;
using Crypto.Streams;
using Hdl;
using Xunit;

namespace Cores.Tests;

/// <summary>The AES variants simulated cycle by cycle, against FIPS-197 and .NET's AES.</summary>
public class AesCoreTests
{
    public static TheoryData<string> VariantNames() => [.. AesCatalog.Variants.Select(v => v.Variant)];

    [Fact]
    public void CatalogListsTheVariants()
    {
        Assert.Equal(["iterative", "proc11"], AesCatalog.Variants.Select(v => v.Variant));
        Assert.All(AesCatalog.Variants, v => Assert.Equal("aes", v.Core));
        Assert.Same(AesCatalog.Variants[1], AesCatalog.Find("PROC11"));
    }

    [Fact]
    public void UnknownVariantIsAClearError()
    {
        var e = Assert.Throws<ArgumentException>(() => AesCatalog.Find("proc99"));
        Assert.StartsWith("unknown aes variant 'proc99'; known variants: iterative, proc11", e.Message);
    }

    [Theory]
    [MemberData(nameof(VariantNames))]
    public void DesignHasTheStreamPorts(string variant)
    {
        var design = AesCatalog.Find(variant).BuildDesign();
        Assert.Equal(["in", "out_ready"], design.Inputs.Select(b => b.Name));
        Assert.Equal(["in_ready", "out"], design.Outputs.Select(b => b.Name).Order());
        var netlist = design.Elaborate();
        Assert.Equal(variant == "proc11" ? 11 : 1, netlist.Clocked.Count);
    }

    [Theory]
    [MemberData(nameof(VariantNames))]
    public void EncryptsFips197Examples(string variant)
    {
        foreach (var (key, plaintext, ciphertext) in new[]
        {
            (AesModelTests.AppendixBKey, AesModelTests.AppendixBPlaintext, AesModelTests.AppendixBCiphertext),
            (AesModelTests.AppendixC1Key, AesModelTests.AppendixC1Plaintext, AesModelTests.AppendixC1Ciphertext),
        })
        {
            var (output, cycles, blocks) = AesCatalog.EncryptEcb(variant, Convert.FromHexString(key), Convert.FromHexString(plaintext));
            Assert.Equal(ciphertext, Convert.ToHexStringLower(output));
            Assert.Equal(1, blocks);
            Assert.True(cycles > 0);
        }
    }

    [Theory]
    [MemberData(nameof(VariantNames))]
    public void EncryptEcbMatchesSystemAes(string variant)
    {
        const int seed = 4242;
        var rng = new Random(seed);
        var key = new byte[16];
        var data = new byte[16 * 300];
        rng.NextBytes(key);
        rng.NextBytes(data);
        var (output, cycles, blocks) = AesCatalog.EncryptEcb(variant, key, data);
        Assert.Equal(300, blocks);
        Assert.True(SystemAes.EncryptEcb(key, data).AsSpan().SequenceEqual(output), $"{variant}, seed {seed}: ciphertext differs from System.Security.Cryptography.Aes");
        // Full speed: first input transfer (the iterative core's ready register rises one cycle after
        // reset), then one block per clocks-per-block, the latency of the last block and its transfer cycle.
        long expectedCycles = variant == "proc11" ? 0 + 299 * 1 + 11 + 1 : 1 + 299 * 10 + 11 + 1;
        Assert.Equal(expectedCycles, cycles);
    }

    [Theory]
    [MemberData(nameof(VariantNames))]
    public void EncryptEcbRejectsBadInputsClearly(string variant)
    {
        Assert.Contains("16 bytes", Assert.Throws<ArgumentException>(() => AesCatalog.EncryptEcb(variant, new byte[24], new byte[16])).Message);
        Assert.Contains("whole 16-byte blocks", Assert.Throws<ArgumentException>(() => AesCatalog.EncryptEcb(variant, new byte[16], new byte[17])).Message);
        var (output, cycles, blocks) = AesCatalog.EncryptEcb(variant, new byte[16], []);
        Assert.Empty(output);
        Assert.Equal(0, blocks);
        Assert.Equal(0, cycles);
    }

    [Theory]
    [InlineData("iterative", 1001, 0.3, 0.3)]
    [InlineData("iterative", 1002, 0.0, 0.7)]
    [InlineData("iterative", 1003, 0.8, 0.0)]
    [InlineData("iterative", 1004, 0.1, 0.9)]
    [InlineData("proc11", 1101, 0.3, 0.3)]
    [InlineData("proc11", 1102, 0.0, 0.7)]
    [InlineData("proc11", 1103, 0.8, 0.0)]
    [InlineData("proc11", 1104, 0.05, 0.05)]
    [InlineData("proc11", 1105, 0.1, 0.9)]
    public void RandomBlocksWithChangingKeysUnderGapsAndBackPressureMatchSystemAes(string variant, int seed, double gap, double stall)
    {
        const int blocks = 1200;
        var jobs = AesCatalog.RandomJobs(blocks, seed, keyChangeProbability: 0.3);
        Assert.True(jobs.Select(j => j.Key).Distinct().Count() > 100, $"seed {seed}: the keys should change often");
        var expected = SystemAes.EncryptJobs(jobs);

        var run = AesCatalog.Find(variant).Run(jobs, new StreamOptions(seed, gap, stall));

        var context = $"{variant}, seed {seed}, gap {gap}, stall {stall}";
        Assert.True(run.Stream.ProtocolErrors.Count == 0, $"{context}: {string.Join("; ", run.Stream.ProtocolErrors)}");
        Assert.Equal(blocks, run.Stream.Outputs.Count);
        var mismatches = StreamTestbench<IAesBlockIn, IAesBlockOut>.Compare(
            [.. jobs.Select((j, i) => new AesBlockResult(expected[i], j.Tag, j.Last))], run.Stream.Outputs);
        Assert.True(mismatches.Count == 0, $"{context}: {mismatches.Count} mismatches, first: {string.Join("; ", mismatches.Take(3))}");
    }

    [Theory]
    [InlineData("iterative", 10.0, 11)]
    [InlineData("proc11", 1.0, 11)]
    public void FullSpeedRateAndLatency(string variant, double clocksPerBlock, long latency)
    {
        var m = AesCatalog.Find(variant).Measure(200);
        Assert.Equal(clocksPerBlock, m.ClocksPerBlock);
        Assert.Equal(latency, m.Latency);
        Assert.Equal(200, m.Blocks);
    }

    [Fact]
    public void PipelineTakesANewKeyOnEveryBlockAtFullSpeed()
    {
        var jobs = AesCatalog.RandomJobs(300, seed: 77, keyChangeProbability: 1.0);
        var run = AesCatalog.Find("proc11").Run(jobs, StreamOptions.FullSpeed);
        Assert.Equal(1.0, run.Stream.ClocksPerBlock);
        Assert.Equal(SystemAes.EncryptJobs(jobs), run.Stream.Outputs.Select(o => o.Block));
    }

    [Theory]
    [MemberData(nameof(VariantNames))]
    public void IdleCoreHoldsNoValidOutputAndOffersReady(string variant)
    {
        var core = AesCatalog.Find(variant).Build();
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
    public void RunTracedRecordsEveryCycleAndMatchesTheModel(string variant)
    {
        var options = new StreamOptions(Seed: 31337, GapProbability: 0.3, StallProbability: 0.3);
        var traced = AesCatalog.Find(variant).RunTraced(150, options);
        Assert.True(traced.Mismatches.Count == 0, $"{variant}, seed {options.Seed}: {string.Join("; ", traced.Mismatches.Take(3))}");
        Assert.Empty(traced.ProtocolErrors);
        Assert.Equal(150, traced.Blocks);
        Assert.Equal(traced.Simulation.Cycle, traced.Trace.Rows);
        // in (Valid, Last, Block, Key, Tag), out_ready, in_ready, out (Valid, Last, Block, Tag)
        Assert.Equal(6, traced.Trace.InputSignals.Count);
        Assert.Equal(5, traced.Trace.OutputSignals.Count);
    }

    [Theory]
    [InlineData("proc11")]
    [InlineData("iterative")]
    public void RunsAtFullSpeedForManyCyclesAndReportsTheSimulationRate(string variant)
    {
        var core = AesCatalog.Find(variant).Build();
        var sim = new Simulation(core.Design);
        core.Input.Valid = true;
        core.Input.Last = false;
        core.Input.Tag = 7;
        core.Input.Key = AesModel.FromHex(AesModelTests.AppendixBKey);
        core.Input.Block = AesModel.FromHex(AesModelTests.AppendixBPlaintext);
        core.OutputReady.Ready = true;
        sim.Run(20_000); // warm up the JIT
        const int cycles = 400_000;
        var watch = Stopwatch.StartNew();
        sim.Run(cycles);
        watch.Stop();
        sim.Settle();
        for (int i = 0; i < 20 && !core.Output.Valid; i++) sim.Step();
        Assert.True(core.Output.Valid);
        Assert.Equal(AesModelTests.AppendixBCiphertext, AesModel.ToHex(core.Output.Block));
        double perSecond = cycles / watch.Elapsed.TotalSeconds;
        // Reported, not asserted: the rate depends on the build configuration and on the machine's load.
        TestContext.Current.TestOutputHelper?.WriteLine($"aes {variant}: {perSecond:N0} simulated cycles per second (untraced)");
    }
}
