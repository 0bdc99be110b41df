using Crypto.Aes;
using Crypto.Streams;
using Xunit;

namespace Cores.Tests;

/// <summary>
/// AES builds for one key size (<c>--key-bits 128|192|256</c>): the same variants with the pipeline cut
/// at the size's last round, the key handling of that size only, and the same rate.
/// </summary>
public class AesKeyBitsTests
{
    public static TheoryData<string> Aes128Builds() => [.. AesCatalog.Aes128Builds.Select(v => v.Variant)];

    static AesVariant Build(string variant, int keyBits) => AesCatalog.Find(variant).WithKeyBits(keyBits);

    [Fact]
    public void EveryDesignHasAnAes128BuildOfItsOwnName()
    {
        Assert.Equal(AesCatalog.All.Select(v => v.Variant), AesCatalog.Aes128Builds.Select(v => v.Variant));
        Assert.All(AesCatalog.Aes128Builds, v => Assert.Equal(128, v.KeyBits));
        Assert.All(AesCatalog.Aes128Builds, v => Assert.Equal("aes128-" + v.Variant, v.Name));
        Assert.All(AesCatalog.All, v => Assert.Equal("aes-" + v.Variant, v.Name));
        Assert.Equal("aes256-proc11-cbc-dec", Build("proc11-cbc-dec", 256).Name);
        Assert.Equal([128, 192, 256], new[] { "128", "192", "256" }.Select(AesKeyBits.Parse));
        Assert.Equal(AesKeyBits.All, AesKeyBits.Parse("all"));
        Assert.Equal("--key-bits is 128, 192, 256 or all, not '64'", Assert.Throws<ArgumentException>(() => AesKeyBits.Parse("64")).Message);
    }

    /// <summary>Random AES-128 keys changing now and then, random gaps and back-pressure, against .NET's AES.</summary>
    [Theory]
    [MemberData(nameof(Aes128Builds))]
    public void Aes128BuildMatchesTheModelUnderGapsAndBackPressure(string variant)
    {
        var v = Build(variant, 128);
        foreach (var (seed, gap, stall) in new[] { (3101, 0.3, 0.3), (3102, 0.0, 0.6), (3103, 0.7, 0.1) })
        {
            var jobs = AesCatalog.RandomJobs(120, seed, keyChangeProbability: v.KeyPerBlock ? 0.5 : 0.05, keySizes: [AesMath.KeySize128],
                messageEndProbability: v.Mode == AesMode.Ecb ? 0 : 0.2);
            var run = v.Run(jobs, new StreamOptions(seed, gap, stall));
            Assert.True(run.Stream.ProtocolErrors.Count == 0, $"{v.Name}, seed {seed}: {string.Join("; ", run.Stream.ProtocolErrors)}");
            var mismatches = StreamTestbench<IAesBlockIn, IAesBlockOut>.Compare(v.Expected(jobs), run.Stream.Outputs);
            Assert.True(mismatches.Count == 0, $"{v.Name}, seed {seed}: {mismatches.Count} mismatches, first: {string.Join("; ", mismatches.Take(3))}");
        }
    }

    /// <summary>FIPS-197 Appendix C.1, C.2 and C.3 through the build of their own key size.</summary>
    [Theory]
    [InlineData("proc11", 128, "000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a")]
    [InlineData("iterative-dec", 128, "000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a")]
    [InlineData("proc4", 192, "000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191")]
    [InlineData("proc11-otf-dec", 192, "000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191")]
    [InlineData("bram11", 256, "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "8ea2b7ca516745bfeafc49904b496089")]
    [InlineData("proc22-dec", 256, "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "8ea2b7ca516745bfeafc49904b496089")]
    public void Fips197AppendixCThroughTheBuildOfItsKeySize(string variant, int keyBits, string key, string ciphertext)
    {
        var v = Build(variant, keyBits);
        const string plaintext = "00112233445566778899aabbccddeeff";
        var k = AesKey.FromBytes(Convert.FromHexString(key));
        var block = AesModel.FromHex(v.Decrypt ? ciphertext : plaintext);
        var run = AesCatalog.RunInOrder(v, [new AesBlockJob(k, block, 0, true)]);
        Assert.Equal(v.Decrypt ? plaintext : ciphertext, AesModel.ToHex(Assert.Single(run.Outputs).Block));
    }

    /// <summary>The pipeline ends at the size's last round: one stage per step up to Nr (and, in a held-key core, the input register), the same 1 block per clock.</summary>
    [Theory]
    [InlineData("naive", 128, 1.0, 2)]
    [InlineData("iterative", 128, 10.0, 12)]
    [InlineData("iterative-dec", 256, 14.0, 16)]
    [InlineData("proc4", 128, 1.0, 5)]
    [InlineData("proc11", 128, 1.0, 12)]
    [InlineData("proc11", 192, 1.0, 14)]
    [InlineData("proc11-dec", 128, 1.0, 12)]
    [InlineData("proc22", 128, 1.0, 22)]
    [InlineData("bram11-dec", 128, 1.0, 12)]
    [InlineData("proc11-otf", 128, 1.0, 11)]
    [InlineData("proc11-otf-dec", 128, 1.0, 22)]
    [InlineData("proc11-otf-dec", 256, 1.0, 30)]
    public void FullSpeedRateAndLatency(string variant, int keyBits, double clocksPerBlock, long latency)
    {
        var m = Build(variant, keyBits).Measure(100);
        Assert.Equal(clocksPerBlock, m.ClocksPerBlock);
        Assert.Equal(latency, m.Latency);
    }

    [Theory]
    [InlineData("proc11", 128, 13)]
    [InlineData("proc4", 128, 6)]
    [InlineData("proc22", 128, 23)]
    [InlineData("bram11", 128, 3 + 10 * 17)]
    [InlineData("proc11-otf-dec", 128, 22)]
    [InlineData("proc11", 256, 17)]
    public void StagesStopAtTheLastRoundOfTheKeySize(string variant, int keyBits, int clocked)
    {
        Assert.Equal(clocked, Build(variant, keyBits).BuildDesign().Elaborate().Clocked.Count);
    }

    [Fact]
    public void FourStagesSplitTheStepsOfEachKeySize()
    {
        static string Stages(int keyBits) => string.Join(" ", Build("proc4", keyBits).BuildDesign().Elaborate().Clocked
            .Select(p => p.ToString()).Where(n => n.StartsWith("rounds", StringComparison.Ordinal)));
        Assert.Equal("rounds0_2 rounds3_5 rounds6_8 rounds9_10", Stages(128));
        Assert.Equal("rounds0_3 rounds4_6 rounds7_9 rounds10_12", Stages(192));
        Assert.Equal("rounds0_3 rounds4_7 rounds8_11 rounds12_14", Stages(AesKeyBits.All));
    }

    [Fact]
    public void ABuildRefusesAKeyOfAnotherSize()
    {
        var v = Build("proc11", 128);
        var jobs = AesCatalog.RandomJobs(4, seed: 5, keyChangeProbability: 0, keySizes: [AesMath.KeySize256]);
        var e = Assert.Throws<ArgumentException>(() => v.Run(jobs, StreamOptions.FullSpeed));
        Assert.Equal("aes proc11 built for AES-128 takes 128-bit keys only, not a 256-bit key", e.Message);
    }

    /// <summary>An AES-128 build ignores KeyLow and KeySize on its input: the key it holds is the 128-bit key alone.</summary>
    [Fact]
    public void Aes128BuildIgnoresTheKeyLowAndKeySizeLanes()
    {
        var core = Build("proc11", 128).Build();
        var sim = new Hdl.Simulation(core.Design);
        core.Input.Valid = true;
        core.Input.KeyHigh = AesModel.FromHex("000102030405060708090a0b0c0d0e0f");
        core.Input.KeyLow = ~(UInt128)0;
        core.Input.KeySize = AesMath.KeySize256;
        core.Input.Block = AesModel.FromHex("00112233445566778899aabbccddeeff");
        core.Input.Side = 0;
        core.Input.Tag = 0;
        core.Input.Last = true;
        core.OutputReady.Ready = true;
        sim.Settle();
        for (int i = 0; i < 40 && !core.Output.Valid; i++)
        {
            sim.Clock();
            sim.Settle();
        }
        Assert.True(core.Output.Valid);
        Assert.Equal("69c4e0d86a7b0430d8cdb78070b4c55a", AesModel.ToHex(core.Output.Block));
        Assert.Equal(AesMath.KeySize128, core.Output.KeySize);
    }
}
