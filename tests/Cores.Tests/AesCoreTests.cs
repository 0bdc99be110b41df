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

    public static readonly string[] ExpectedVariants =
        ["naive", "naive-dec", "tbox", "tbox-dec", "iterative", "iterative-dec", "proc4", "proc4-dec",
         "proc11", "proc11-dec", "proc22", "proc22-dec", "bram11", "bram11-dec", "proc11-otf", "proc11-otf-dec"];

    [Fact]
    public void CatalogListsTheVariants()
    {
        Assert.Equal(ExpectedVariants, AesCatalog.Variants.Select(v => v.Variant));
        Assert.All(AesCatalog.Variants, v => Assert.Equal("aes", v.Core));
        Assert.Same(AesCatalog.Variants[8], AesCatalog.Find("PROC11"));
        Assert.All(AesCatalog.Variants, v => Assert.Equal(v.Variant.EndsWith("-dec"), v.Decrypt));
        Assert.Equal(["proc11-otf", "proc11-otf-dec"], AesCatalog.Variants.Where(v => v.KeyPerBlock).Select(v => v.Variant));
    }

    [Fact]
    public void UnknownVariantIsAClearError()
    {
        var e = Assert.Throws<ArgumentException>(() => AesCatalog.Find("proc99"));
        Assert.StartsWith("unknown aes variant 'proc99'; known variants: naive, naive-dec, tbox", e.Message);
    }

    /// <summary>Clocked processes of each variant: stages, plus the input register and the key scheduler of held-key cores.</summary>
    [Theory]
    [InlineData("naive", 3)]
    [InlineData("tbox-dec", 3)]
    [InlineData("iterative", 3)]
    [InlineData("proc4", 6)]
    [InlineData("proc11-dec", 17)]
    [InlineData("proc22", 31)]
    [InlineData("bram11", 3 + 14 * 17)]
    [InlineData("proc11-otf", 15)]
    [InlineData("proc11-otf-dec", 30)]
    public void DesignHasTheStreamPortsAndStages(string variant, int clocked)
    {
        var design = AesCatalog.Find(variant).BuildDesign();
        Assert.Equal(["in", "out_ready"], design.Inputs.Select(b => b.Name));
        Assert.Equal(["in_ready", "out"], design.Outputs.Select(b => b.Name).Order());
        Assert.Equal(clocked, design.Elaborate().Clocked.Count);
    }

    static readonly (string Key, string Cipher)[] Fips197AppendixC =
    [
        (AesModelTests.AppendixC1Key, AesModelTests.AppendixC1Ciphertext),
        ("000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"),
        ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "8ea2b7ca516745bfeafc49904b496089"),
    ];

    [Theory]
    [MemberData(nameof(VariantNames))]
    public void ProcessesFips197AppendixCForEveryKeySize(string variant)
    {
        var v = AesCatalog.Find(variant);
        foreach (var (key, cipher) in Fips197AppendixC)
        {
            string input = v.Decrypt ? cipher : AesModelTests.AppendixC1Plaintext, expected = v.Decrypt ? AesModelTests.AppendixC1Plaintext : cipher;
            var (output, cycles, blocks) = AesCatalog.Ecb(variant, Convert.FromHexString(key), Convert.FromHexString(input));
            Assert.Equal(expected, Convert.ToHexStringLower(output));
            Assert.Equal(1, blocks);
            // One block from idle: a held-key core takes it into its input register, decides the load and loads its key
            // there (the load and two clocks, docs/aes.md), the block then takes the core's latency for this key size (the
            // register's clock included), and its output transfer one clock.
            byte size = (byte)((key.Length / 8 - 4) / 2);
            long latency = v.Measure(8, size).Latency;
            Assert.Equal((v.KeyPerBlock ? 0 : v.KeyLoadClocks(size) + 2) + latency + 1, cycles);
        }
    }

    [Theory]
    [MemberData(nameof(VariantNames))]
    public void EcbMatchesSystemAesForEveryKeySize(string variant)
    {
        const int seed = 4242;
        var rng = new Random(seed);
        var v = AesCatalog.Find(variant);
        foreach (int keyBytes in new[] { 16, 24, 32 })
        {
            var key = new byte[keyBytes];
            var data = new byte[16 * 60];
            rng.NextBytes(key);
            rng.NextBytes(data);
            var (output, _, blocks) = AesCatalog.Ecb(variant, key, data);
            Assert.Equal(60, blocks);
            Assert.True(SystemAes.Process(AesMode.Ecb, v.Decrypt, key, [], data).AsSpan().SequenceEqual(output),
                $"{variant}, seed {seed}, {keyBytes * 8}-bit key: output differs from System.Security.Cryptography.Aes");
        }
    }

    [Theory]
    [MemberData(nameof(VariantNames))]
    public void EcbRejectsBadInputsClearly(string variant)
    {
        Assert.Contains("16, 24 or 32 bytes", Assert.Throws<ArgumentException>(() => AesCatalog.Ecb(variant, new byte[20], new byte[16])).Message);
        Assert.Contains("whole 16-byte blocks", Assert.Throws<ArgumentException>(() => AesCatalog.Ecb(variant, new byte[16], new byte[17])).Message);
        var (output, cycles, blocks) = AesCatalog.Ecb(variant, new byte[16], []);
        Assert.Empty(output);
        Assert.Equal(0, blocks);
        Assert.Equal(0, cycles);
    }

    /// <summary>
    /// Random blocks, keys of all three sizes changing now and then (often for the on-the-fly pipeline),
    /// random input gaps and output back-pressure, against .NET's AES; Side, Tag and Last come back.
    /// </summary>
    [Theory]
    [MemberData(nameof(VariantNames))]
    public void RandomBlocksAndKeysUnderGapsAndBackPressureMatchSystemAes(string variant)
    {
        var v = AesCatalog.Find(variant);
        int seedBase = 1000 + Array.IndexOf(ExpectedVariants, variant) * 10;
        foreach (var (gap, stall) in new[] { (0.3, 0.3), (0.0, 0.7), (0.8, 0.0), (0.05, 0.05) })
        {
            int seed = seedBase++;
            int blocks = v.Variant.StartsWith("iterative") ? 150 : 300;
            var jobs = AesCatalog.RandomJobs(blocks, seed, keyChangeProbability: v.KeyPerBlock ? 0.5 : 0.04);
            Assert.True(jobs.Select(j => j.Key.Size).Distinct().Count() == 3, $"seed {seed}: every key size should occur");
            var expected = SystemAes.ProcessJobs(jobs, v.Decrypt);

            var run = v.Run(jobs, new StreamOptions(seed, gap, stall));

            var context = $"{variant}, seed {seed}, gap {gap}, stall {stall}";
            Assert.True(run.Stream.ProtocolErrors.Count == 0, $"{context}: {string.Join("; ", run.Stream.ProtocolErrors)}");
            var mismatches = StreamTestbench<IAesBlockIn, IAesBlockOut>.Compare(
                [.. jobs.Select((j, i) => new AesBlockResult(expected[i], j.Tag, j.Last, j.Side))], run.Stream.Outputs);
            Assert.True(mismatches.Count == 0, $"{context}: {mismatches.Count} mismatches, first: {string.Join("; ", mismatches.Take(3))}");
        }
    }

    /// <summary>Clocks per block and latency (input transfer to output transfer) with one key and an always-ready consumer.</summary>
    [Theory]
    [InlineData("naive", 1.0, 2, 1.0, 2, 1.0, 2)]
    [InlineData("tbox-dec", 1.0, 2, 1.0, 2, 1.0, 2)]
    [InlineData("iterative", 10.0, 12, 12.0, 14, 14.0, 16)]
    [InlineData("iterative-dec", 10.0, 12, 12.0, 14, 14.0, 16)]
    [InlineData("proc4", 1.0, 5, 1.0, 5, 1.0, 5)]
    [InlineData("proc11", 1.0, 16, 1.0, 16, 1.0, 16)]
    [InlineData("proc11-dec", 1.0, 16, 1.0, 16, 1.0, 16)]
    [InlineData("proc22-dec", 1.0, 30, 1.0, 30, 1.0, 30)]
    [InlineData("bram11", 1.0, 16, 1.0, 16, 1.0, 16)]
    [InlineData("bram11-dec", 1.0, 16, 1.0, 16, 1.0, 16)]
    [InlineData("proc11-otf", 1.0, 15, 1.0, 15, 1.0, 15)]
    [InlineData("proc11-otf-dec", 1.0, 30, 1.0, 30, 1.0, 30)]
    public void FullSpeedRateAndLatency(string variant, double cpb128, long latency128, double cpb192, long latency192, double cpb256, long latency256)
    {
        var v = AesCatalog.Find(variant);
        foreach (var (size, cpb, latency) in new[] { (0, cpb128, latency128), (1, cpb192, latency192), (2, cpb256, latency256) })
        {
            var m = v.Measure(100, (byte)size);
            Assert.True(cpb == m.ClocksPerBlock, $"{variant}, key size code {size}: {m.ClocksPerBlock} clocks per block, expected {cpb}");
            Assert.True(latency == m.Latency, $"{variant}, key size code {size}: latency {m.Latency}, expected {latency}");
        }
    }

    [Theory]
    [InlineData("proc11-otf")]
    [InlineData("proc11-otf-dec")]
    public void OnTheFlyPipelineTakesANewKeyOnEveryBlockAtFullSpeed(string variant)
    {
        var core = AesCatalog.Find(variant);
        var jobs = AesCatalog.RandomJobs(300, seed: 77, keyChangeProbability: 1.0);
        var run = core.Run(jobs, StreamOptions.FullSpeed);
        Assert.Equal(1.0, run.Stream.ClocksPerBlock);
        Assert.Equal(SystemAes.ProcessJobs(jobs, core.Decrypt), run.Stream.Outputs.Select(o => o.Block));
    }

    /// <summary>
    /// A held-key pipeline holds the block with the new key in its input register while it drains, starts the key load
    /// the clock after it is empty and lets that block in when the load ends, 2 (Nr + 2) clocks later in these
    /// builds for every key size (two clocks per round key and two for the initial window and the end); then it streams at 1 block per clock again. Between the
    /// outputs of the last block under the old key and the first under the new one: latency (16, the input register
    /// and 15 stages) + the load + 1.
    /// </summary>
    [Theory]
    [InlineData("proc11", 0, 16 + 2 * (10 + 2) + 1)]
    [InlineData("proc11-dec", 2, 16 + 2 * (14 + 2) + 1)]
    public void HeldKeyPipelinePaysAFlushAndAKeyLoadPerKeyChange(string variant, int keySize, int gapClocks)
    {
        var rng = new Random(5);
        AesKey a = AesCatalog.RandomKey(rng, (byte)keySize), b = AesCatalog.RandomKey(rng, (byte)keySize);
        var jobs = Enumerable.Range(0, 40).Select(i => new AesBlockJob(i < 20 ? a : b, (UInt128)i * 0x0123456789abcdefUL, (byte)i, i == 19 || i == 39)).ToArray();
        var core = AesCatalog.Find(variant);
        var run = core.Run(jobs, StreamOptions.FullSpeed);
        Assert.Equal(core.Expected(jobs), run.Stream.Outputs);
        // 38 one-clock steps between outputs and one key change (flush and load) between block 19 and 20.
        Assert.Equal(39 + gapClocks - 1, run.Stream.LastOutputCycle - run.Stream.FirstOutputCycle);
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
    [InlineData("proc11")]
    [InlineData("iterative-dec")]
    [InlineData("proc11-otf")]
    public void RunTracedRecordsEveryCycleAndMatchesTheModel(string variant)
    {
        var options = new StreamOptions(Seed: 31337, GapProbability: 0.3, StallProbability: 0.3);
        var traced = AesCatalog.Find(variant).RunTraced(100, options);
        Assert.True(traced.Mismatches.Count == 0, $"{variant}, seed {options.Seed}: {string.Join("; ", traced.Mismatches.Take(3))}");
        Assert.Empty(traced.ProtocolErrors);
        Assert.Equal(100, traced.Blocks);
        Assert.Equal(traced.Simulation.Cycle, traced.Trace.Rows);
        // in (Valid, Last, Block, KeyHigh, KeyLow, KeySize, Side, Tag), out_ready, in_ready, out (Valid, Last, Block, Side, KeySize, Tag)
        Assert.Equal(9, traced.Trace.InputSignals.Count);
        Assert.Equal(7, traced.Trace.OutputSignals.Count);
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
        core.Input.KeyHigh = AesModel.FromHex(AesModelTests.AppendixBKey);
        core.Input.KeyLow = 0;
        core.Input.KeySize = 0;
        core.Input.Side = 0;
        core.Input.Block = AesModel.FromHex(AesModelTests.AppendixBPlaintext);
        core.OutputReady.Ready = true;
        sim.Run(5_000); // warm up the JIT
        const int cycles = 100_000;
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
