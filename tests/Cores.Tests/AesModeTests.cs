using Crypto.Aes;
using Crypto.Streams;
using Hdl.Vhdl;
using Xunit;

namespace Cores.Tests;

/// <summary>CBC and CTR in hardware around the AES cores, against SP 800-38A and .NET's AES.</summary>
public class AesModeTests
{
    public static TheoryData<string> Families() => ["naive", "tbox", "iterative", "proc4", "proc11", "proc22", "bram11", "proc11-otf"];

    [Fact]
    public void ModeCoresAreInTheCatalog()
    {
        Assert.Equal(["proc11-ctr", "iterative-cbc", "proc11-cbc-dec"], AesCatalog.ModeVariants.Select(v => v.Variant));
        Assert.Equal("proc11-ctr", AesCatalog.ForMode("proc11-dec", AesMode.Ctr, decrypt: true).Variant);
        Assert.Equal("bram11-cbc-dec", AesCatalog.ForMode("bram11", AesMode.Cbc, decrypt: true).Variant);
        Assert.Equal("proc11-otf-cbc-dec", AesCatalog.ForMode("proc11-otf", AesMode.Cbc, decrypt: true).Variant);
        Assert.Contains("has a mode built in", Assert.Throws<ArgumentException>(() => AesCatalog.ForMode("proc11-ctr", AesMode.Cbc, true)).Message);
    }

    [Theory]
    [MemberData(nameof(AesModelTests.Sp80038a), MemberType = typeof(AesModelTests))]
    public void ModeCoresMatchSp80038a(AesMode mode, string key, string iv, string ciphertext)
    {
        byte[] k = Convert.FromHexString(key), v = Convert.FromHexString(iv);
        foreach (var variant in new[] { "proc11", "iterative" })
        {
            var enc = AesCatalog.Process(variant, mode, false, k, v, Convert.FromHexString(AesModelTests.Sp80038aPlain));
            Assert.Equal(ciphertext, Convert.ToHexStringLower(enc.Output));
            var dec = AesCatalog.Process(variant, mode, true, k, v, Convert.FromHexString(ciphertext));
            Assert.Equal(AesModelTests.Sp80038aPlain, Convert.ToHexStringLower(dec.Output));
        }
    }

    /// <summary>Every core family x mode x direction x key size, one message of random length, against .NET.</summary>
    [Theory]
    [MemberData(nameof(Families))]
    public void EveryModeDirectionAndKeySizeMatchesSystemAes(string family)
    {
        int seed = 300 + Array.IndexOf(["naive", "tbox", "iterative", "proc4", "proc11", "proc22", "bram11", "proc11-otf"], family);
        var rng = new Random(seed);
        foreach (var mode in new[] { AesMode.Ecb, AesMode.Cbc, AesMode.Ctr })
            foreach (bool decrypt in new[] { false, true })
                foreach (int keyBytes in new[] { 16, 24, 32 })
                {
                    var key = new byte[keyBytes];
                    var iv = new byte[16];
                    var data = new byte[mode == AesMode.Ctr ? 1 + rng.Next(200) : 16 * (1 + rng.Next(12))];
                    rng.NextBytes(key);
                    rng.NextBytes(iv);
                    rng.NextBytes(data);
                    var (output, _, _) = AesCatalog.Process(family, mode, decrypt, key, iv, data);
                    Assert.True(SystemAes.Process(mode, decrypt, key, iv, data).AsSpan().SequenceEqual(output),
                        $"{family} {mode} {(decrypt ? "decrypt" : "encrypt")} {keyBytes * 8}-bit key, {data.Length} bytes, seed {seed}: differs from .NET");
                }
    }

    /// <summary>Expected outputs of message-structured jobs, message by message from .NET's AES.</summary>
    static AesBlockResult[] BySystemAes(IReadOnlyList<AesBlockJob> jobs, AesMode mode, bool decrypt)
    {
        var results = new List<AesBlockResult>();
        int start = 0;
        for (int i = 0; i < jobs.Count; i++)
        {
            if (!jobs[i].Last && i < jobs.Count - 1) continue;
            var message = jobs.Skip(start).Take(i - start + 1).ToList();
            var output = AesModel.ToBlocks(SystemAes.Process(mode, decrypt, message[0].Key.ToBytes(), AesModel.ToBytes(message[0].Side),
                AesModel.FromBlocks([.. message.Select(j => j.Block)])));
            results.AddRange(message.Select((j, n) => new AesBlockResult(output[n], j.Tag, j.Last)));
            start = i + 1;
        }
        return [.. results];
    }

    /// <summary>Many messages (IV on the first block, keys of all sizes) under random gaps and back-pressure.</summary>
    [Theory]
    [InlineData("proc11", AesMode.Ctr, false, 0.3, 0.3)]
    [InlineData("bram11", AesMode.Ctr, false, 0.2, 0.5)]
    [InlineData("proc11-otf", AesMode.Ctr, false, 0.3, 0.3)]
    [InlineData("iterative", AesMode.Ctr, false, 0.1, 0.1)]
    [InlineData("iterative", AesMode.Cbc, false, 0.3, 0.3)]
    [InlineData("proc11", AesMode.Cbc, false, 0.3, 0.3)]
    [InlineData("proc11", AesMode.Cbc, true, 0.3, 0.3)]
    [InlineData("proc22", AesMode.Cbc, true, 0.5, 0.2)]
    [InlineData("iterative", AesMode.Cbc, true, 0.2, 0.4)]
    [InlineData("naive", AesMode.Cbc, true, 0.2, 0.4)]
    [InlineData("proc11-otf", AesMode.Cbc, true, 0.2, 0.2)]
    public void MessagesUnderGapsAndBackPressureMatchSystemAes(string variant, AesMode mode, bool decrypt, double gap, double stall)
    {
        int seed = 700 + variant.Length * 10 + (int)mode * 3 + (decrypt ? 1 : 0);
        var core = AesCatalog.ForMode(variant, mode, decrypt);
        var jobs = AesCatalog.RandomJobs(200, seed, keyChangeProbability: core.KeyPerBlock ? 0.3 : 0.05, messageEndProbability: 0.15);
        var run = core.Run(jobs, new StreamOptions(seed, gap, stall));
        Assert.Empty(run.Stream.ProtocolErrors);
        var expected = BySystemAes(jobs, mode, core.Decrypt || (decrypt && mode == AesMode.Ctr));
        var mismatches = StreamTestbench<IAesBlockIn, IAesBlockOut>.Compare(expected, run.Stream.Outputs);
        Assert.True(mismatches.Count == 0, $"{core.Variant}, seed {seed}: {mismatches.Count} mismatches, first: {string.Join("; ", mismatches.Take(3))}");
        Assert.Equal(expected, core.Expected(jobs));
    }

    /// <summary>
    /// The counter is a full 128-bit big-endian increment: it carries across the 2^32, 2^64, 2^96 and
    /// 2^128 boundaries, also from the IV to the second block and into a word that then becomes all ones.
    /// </summary>
    [Theory]
    [InlineData("000102030405060708090a0bfffffffd")]
    [InlineData("000102030405060708090a0bffffffff")]
    [InlineData("00010203fffffffffffffffffffffffd")]
    [InlineData("00010203fffffffeffffffffffffffff")]
    [InlineData("0001020304050607fffffffffffffffe")]
    [InlineData("fffffffffffffffffffffffffffffffe")]
    public void CounterCarriesAcrossWordBoundaries(string iv)
    {
        var key = Convert.FromHexString(AesModelTests.Sp80038aKey256);
        var data = new byte[16 * 5 - 3];
        new Random(9).NextBytes(data);
        var (output, _, blocks) = AesCatalog.Process("proc11", AesMode.Ctr, false, key, Convert.FromHexString(iv), data);
        Assert.Equal(5, blocks);
        Assert.Equal(SystemAes.Process(AesMode.Ctr, false, key, Convert.FromHexString(iv), data), output);
    }

    /// <summary>
    /// The counter's carries in the generated VHDL: messages whose IVs cross every word boundary (and
    /// 2^128), one after the other under gaps and back-pressure through the AES-128 build of
    /// proc11-ctr, match .NET's AES-CTR in the C# simulation, and GHDL replays it cycle for cycle.
    /// </summary>
    [Fact]
    public void CounterCarriesInGhdl()
    {
        const int seed = 11;
        string[] ivs = ["000102030405060708090a0bfffffffd", "00010203fffffffeffffffffffffffff", "0001020304050607fffffffffffffffe",
            "fffffffffffffffffffffffffffffffe", "000102030405060708090a0bffffffff"];
        var core = AesCatalog.ForMode("proc11", AesMode.Ctr, decrypt: false, keyBits: 128);
        var key = AesKey.FromBytes(Convert.FromHexString(AesModelTests.Sp80038aKey128));
        var rng = new Random(seed);
        var jobs = new List<AesBlockJob>();
        var expected = new List<byte>();
        foreach (var iv in ivs)
        {
            var data = new byte[16 * 4];
            rng.NextBytes(data);
            var blocks = AesModel.ToBlocks(data);
            for (int i = 0; i < blocks.Length; i++)
                jobs.Add(new AesBlockJob(key, blocks[i], (byte)jobs.Count, i == blocks.Length - 1, AesModel.ToBlock(Convert.FromHexString(iv))));
            expected.AddRange(SystemAes.Process(AesMode.Ctr, false, Convert.FromHexString(AesModelTests.Sp80038aKey128), Convert.FromHexString(iv), data));
        }
        var run = core.Run(jobs, new StreamOptions(seed, GapProbability: 0.2, StallProbability: 0.2), trace: true);
        Assert.Empty(run.Stream.ProtocolErrors);
        Assert.Equal(expected.ToArray(), AesModel.FromBlocks([.. run.Stream.Outputs.Select(o => o.Block)]));
        var dir = Path.Combine(Path.GetTempPath(), "sme-crypto-tests", $"cosim-aes-ctr-carries-{Environment.ProcessId}");
        var result = CoSimulation.Run(run.Simulation.Netlist, run.Trace!, dir);
        Assert.True(result.Passed, $"seed {seed}: GHDL disagrees with the C# simulation (work dir {dir}):\n{string.Join("\n", result.Mismatches.Take(20))}\n{result.Log}");
        Assert.Equal(run.Trace!.Rows, result.CyclesCompared);
        Directory.Delete(dir, recursive: true);
    }

    /// <summary>
    /// Clocks per block at full speed: CTR and CBC decryption stream at the core's rate; CBC encryption
    /// waits for each ciphertext (the core's latency, its input register included, plus one clock for
    /// the chaining register).
    /// </summary>
    [Theory]
    [InlineData("proc11", AesMode.Ctr, false, 1.0)]
    [InlineData("proc11", AesMode.Cbc, true, 1.0)]
    [InlineData("bram11", AesMode.Cbc, true, 1.0)]
    [InlineData("iterative", AesMode.Ctr, false, 10.0)]
    [InlineData("iterative", AesMode.Cbc, false, 13.0)]
    [InlineData("proc11", AesMode.Cbc, false, 17.0)]
    [InlineData("naive", AesMode.Cbc, false, 3.0)]
    public void ModeRates(string variant, AesMode mode, bool decrypt, double clocksPerBlock)
    {
        var m = AesCatalog.ForMode(variant, mode, decrypt).Measure(100, AesMath.KeySize128);
        Assert.Equal(clocksPerBlock, m.ClocksPerBlock);
    }
}
