using System.Diagnostics;
using System.Text.Json;
using Xunit;

namespace Crypto.Cli.Tests;

/// <summary><c>aes</c> against .NET's AES and OpenSSL, through the cycle-accurate simulation.</summary>
public class AesCommandTests
{
    public static TheoryData<string> Variants => ["iterative", "proc11"];

    static (byte[] Key, byte[] Data) RandomInput(int seed, int blocks)
    {
        var rng = new Random(seed);
        var key = new byte[16];
        var data = new byte[16 * blocks];
        rng.NextBytes(key);
        rng.NextBytes(data);
        return (key, data);
    }

    static byte[] DotNetEcb(byte[] key, byte[] data)
    {
        using var aes = System.Security.Cryptography.Aes.Create();
        aes.Key = key;
        return aes.EncryptEcb(data, System.Security.Cryptography.PaddingMode.None);
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void Fips197C1(string variant)
    {
        var r = CliRunner.Run(["aes", "--variant", variant, "--key", "000102030405060708090a0b0c0d0e0f"],
            Convert.FromHexString("00112233445566778899aabbccddeeff"));
        Assert.True(r.ExitCode == 0, r.Stderr);
        Assert.Equal("69c4e0d86a7b0430d8cdb78070b4c55a", Convert.ToHexStringLower(r.Stdout));
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void EqualsDotNetAesEcb(string variant)
    {
        foreach (var (seed, blocks) in new[] { (11, 1), (12, 5), (13, 40) })
        {
            var (key, data) = RandomInput(seed, blocks);
            var r = CliRunner.Run(["aes", "--variant", variant, "--key", Convert.ToHexString(key)], data);
            Assert.True(r.ExitCode == 0, $"seed {seed}: exit {r.ExitCode}: {r.Stderr}");
            Assert.True(DotNetEcb(key, data).AsSpan().SequenceEqual(r.Stdout),
                $"seed {seed}, {blocks} blocks, key {Convert.ToHexString(key)}: output differs from .NET AES-ECB");
            var summary = Assert.Single(r.StderrLines);
            Assert.Contains(blocks == 1 ? "1 block," : $"{blocks} blocks,", summary);
            Assert.Contains("cycles", summary);
        }
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void EqualsOpenSsl(string variant)
    {
        Assert.SkipUnless(OpenSslAvailable(), "openssl is not installed (./scripts/setup installs it)");
        const int seed = 21;
        var (key, data) = RandomInput(seed, 9);
        var r = CliRunner.Run(["aes", "--variant", variant, "--key", Convert.ToHexStringLower(key)], data);
        Assert.True(r.ExitCode == 0, r.Stderr);
        var expected = OpenSslEcb(key, data);
        Assert.True(expected.AsSpan().SequenceEqual(r.Stdout), $"seed {seed}: output differs from openssl enc -aes-128-ecb -nopad");
    }

    [Fact]
    public void StatsJsonHasTheRunFigures()
    {
        var dir = Directory.CreateTempSubdirectory("cli-tests-").FullName;
        try
        {
            var (key, data) = RandomInput(31, 12);
            var stats = Path.Combine(dir, "stats.json");
            var call = System.Diagnostics.Stopwatch.StartNew();
            var r = CliRunner.Run(["aes", "--variant", "proc11", "--key", Convert.ToHexString(key), "--stats-json", stats], data);
            call.Stop();
            Assert.True(r.ExitCode == 0, r.Stderr);
            using var doc = JsonDocument.Parse(File.ReadAllBytes(stats));
            var s = doc.RootElement;
            long cycles = s.GetProperty("cycles").GetInt64();
            Assert.Equal(12, s.GetProperty("blocks").GetInt32());
            // AES-128 through proc11 (the build for every key size) at full speed: the key load, two clocks per round key
            // (2 (Nr + 2) = 24) and two clocks around it, latency 16 (the input register and 15 stages), then one
            // block per clock.
            Assert.Equal(24 + 2 + 16 + 12, cycles);
            Assert.Equal((double)cycles / 12, s.GetProperty("clocksPerBlock").GetDouble(), 9);
            // Simulated cycles over the simulation's own time, which is part of the command's: at least cycles / command time.
            Assert.InRange(s.GetProperty("cyclesPerSecond").GetDouble(), cycles / call.Elapsed.TotalSeconds, double.MaxValue);
        }
        finally { Directory.Delete(dir, true); }
    }

    public static TheoryData<string, string, int, bool> OpenSslCases()
    {
        var cases = new TheoryData<string, string, int, bool>();
        foreach (var variant in new[] { "proc11", "iterative", "bram11", "proc11-otf" })
            foreach (var mode in new[] { "ecb", "cbc", "ctr" })
                foreach (int bits in new[] { 128, 192, 256 })
                    foreach (bool decrypt in new[] { false, true })
                        cases.Add(variant, mode, bits, decrypt);
        return cases;
    }

    /// <summary>Every mode, key size and direction, byte for byte what openssl enc -nopad gives (CTR: any length).</summary>
    [Theory]
    [MemberData(nameof(OpenSslCases))]
    public void EqualsOpenSslForEveryModeKeySizeAndDirection(string variant, string mode, int bits, bool decrypt)
    {
        Assert.SkipUnless(OpenSslAvailable(), "openssl is not installed (./scripts/setup installs it)");
        int seed = bits + (mode == "ecb" ? 1 : mode == "cbc" ? 2 : 3) * 1000 + (decrypt ? 7 : 0);
        var rng = new Random(seed);
        var key = new byte[bits / 8];
        var iv = new byte[16];
        var data = new byte[mode == "ctr" ? 1 + rng.Next(150) : 16 * (1 + rng.Next(8))];
        rng.NextBytes(key);
        rng.NextBytes(iv);
        rng.NextBytes(data);
        string[] ivArgs = mode == "ecb" ? [] : ["--iv", Convert.ToHexStringLower(iv)];
        string[] decryptArgs = decrypt ? ["--decrypt"] : [];
        var r = CliRunner.Run(["aes", "--variant", variant, "--key", Convert.ToHexStringLower(key), "--mode", mode, .. ivArgs, .. decryptArgs], data);
        Assert.True(r.ExitCode == 0, r.Stderr);
        string[] opensslArgs = ["enc", $"-aes-{bits}-{mode}", .. decrypt ? new[] { "-d" } : [], "-K", Convert.ToHexStringLower(key),
            .. mode == "ecb" ? Array.Empty<string>() : ["-iv", Convert.ToHexStringLower(iv)], "-nopad"];
        var expected = OpenSsl(opensslArgs, data);
        Assert.True(expected.AsSpan().SequenceEqual(r.Stdout),
            $"seed {seed}: {variant} differs from openssl {string.Join(' ', opensslArgs)} on {data.Length} bytes");
        Assert.Contains($"(AES-{bits})", Assert.Single(r.StderrLines));

        // The same through the build for this key size alone (--key-bits).
        var built = CliRunner.Run(["aes", "--variant", variant, "--key-bits", bits.ToString(System.Globalization.CultureInfo.InvariantCulture),
            "--key", Convert.ToHexStringLower(key), "--mode", mode, .. ivArgs, .. decryptArgs], data);
        Assert.True(built.ExitCode == 0, built.Stderr);
        Assert.True(expected.AsSpan().SequenceEqual(built.Stdout), $"seed {seed}: aes{bits}-{variant} differs from openssl {string.Join(' ', opensslArgs)}");
        Assert.StartsWith($"aes{bits}-", Assert.Single(built.StderrLines));
    }

    [Theory]
    [InlineData(new[] { "--key-bits", "128", "--key", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f" },
        "sme-crypto: aes: --key-bits 128 builds the core for 128-bit keys only; --key is 256 bits")]
    [InlineData(new[] { "--key-bits", "512", "--key", "000102030405060708090a0b0c0d0e0f" }, "sme-crypto: --key-bits is 128, 192, 256 or all, not '512'")]
    public void KeyBitsThatDoNotFitAreOneClearLine(string[] options, string message)
    {
        var r = CliRunner.Run(["aes", "--variant", "proc11", .. options], new byte[16]);
        Assert.Equal(2, r.ExitCode);
        Assert.Empty(r.Stdout);
        Assert.Equal(message, Assert.Single(r.StderrLines));
    }

    [Fact]
    public void KeyBitsIsForAesAndAesGcmOnly()
    {
        var r = CliRunner.Run(["synth", "--core", "md5", "--variant", "naive", "--key-bits", "128"]);
        Assert.Equal(2, r.ExitCode);
        Assert.Equal("sme-crypto: --key-bits 128: only aes and aes-gcm are built for one key size; md5 takes --key-bits all", Assert.Single(r.StderrLines));
    }

    /// <summary>The demo's known answer passes through every AES design and its AES-128 build, mode cores included.</summary>
    [Fact]
    public void KnownAnswerPassesForEveryAesDesign()
    {
        foreach (var v in Crypto.Aes.AesCatalog.All.Concat(Crypto.Aes.AesCatalog.Aes128Builds))
        {
            var result = Crypto.Aes.AesKnownAnswers.Fips197AppendixC(v);
            Assert.True(result.Passed, $"{v.Variant}: {result.Name} expected {result.Expected}, got {result.Got}");
            Assert.Equal(v.Decrypt ? "00112233445566778899aabbccddeeff" : "69c4e0d86a7b0430d8cdb78070b4c55a", result.Got);
        }
    }

    static bool OpenSslAvailable()
    {
        try
        {
            using var p = Process.Start(new ProcessStartInfo("openssl", "version") { RedirectStandardOutput = true, UseShellExecute = false });
            p!.WaitForExit();
            return p.ExitCode == 0;
        }
        catch (System.ComponentModel.Win32Exception) { return false; }
    }

    static byte[] OpenSslEcb(byte[] key, byte[] data) => OpenSsl(["enc", "-aes-128-ecb", "-K", Convert.ToHexStringLower(key), "-nopad"], data);

    static byte[] OpenSsl(string[] args, byte[] data)
    {
        var psi = new ProcessStartInfo("openssl", args)
        {
            RedirectStandardInput = true, RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false,
        };
        using var p = Process.Start(psi)!;
        p.StandardInput.BaseStream.Write(data);
        p.StandardInput.Close();
        var output = new MemoryStream();
        p.StandardOutput.BaseStream.CopyTo(output);
        string error = p.StandardError.ReadToEnd();
        p.WaitForExit();
        Assert.True(p.ExitCode == 0, $"openssl failed: {error}");
        return output.ToArray();
    }
}
