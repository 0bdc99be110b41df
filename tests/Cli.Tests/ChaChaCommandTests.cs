using System.Diagnostics;
using System.Text;
using System.Text.Json;
using Xunit;

namespace Crypto.Cli.Tests;

/// <summary><c>chacha20</c> against RFC 8439 and the openssl command line, through the cycle-accurate simulation.</summary>
public class ChaChaCommandTests
{
    public static TheoryData<string> Variants => ["naive", "iterative", "proc10", "proc20"];

    const string RfcKey = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
    const string SunscreenNonce = "000000000000004a00000000";
    const string Sunscreen = "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.";
    const string SunscreenCiphertext =
        "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0bf91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8" +
        "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab77937365af90bbf74a35be6b40b8eedf2785e42874d";

    static string[] Args(string variant, string key, string nonce, uint? counter = null, params string[] more) =>
        ["chacha20", "--variant", variant, "--key", key, "--nonce", nonce, .. counter is { } c ? new[] { "--counter", c.ToString() } : [], .. more];

    [Theory]
    [MemberData(nameof(Variants))]
    public void Rfc8439Section242BothWays(string variant)
    {
        var r = CliRunner.Run(Args(variant, RfcKey, SunscreenNonce, 1), Encoding.ASCII.GetBytes(Sunscreen));
        Assert.True(r.ExitCode == 0, r.Stderr);
        Assert.Equal(SunscreenCiphertext, Convert.ToHexStringLower(r.Stdout));
        var summary = Assert.Single(r.StderrLines);
        Assert.StartsWith($"chacha20-{variant}: ", summary);
        Assert.Contains("2 blocks,", summary);
        Assert.Contains("clocks per block", summary);
        Assert.Contains("simulated cycles per second", summary);

        var back = CliRunner.Run(Args(variant, RfcKey.ToUpperInvariant(), SunscreenNonce, 1), Convert.FromHexString(SunscreenCiphertext));
        Assert.True(back.ExitCode == 0, back.Stderr);
        Assert.Equal(Sunscreen, Encoding.ASCII.GetString(back.Stdout));
    }

    /// <summary>Seeded random keys, nonces, counters and lengths (partial last blocks, one byte, exactly one block).</summary>
    [Theory]
    [InlineData("naive", 501)]
    [InlineData("iterative", 502)]
    [InlineData("proc10", 503)]
    [InlineData("proc20", 504)]
    public void EqualsOpenSsl(string variant, int seed)
    {
        Assert.SkipUnless(OpenSslAvailable(), "openssl is not installed (./scripts/setup installs it)");
        var rng = new Random(seed);
        foreach (int length in new[] { 1, 63, 64, 65, 200 + rng.Next(400) })
        {
            byte[] key = new byte[32], nonce = new byte[12], data = new byte[length];
            rng.NextBytes(key);
            rng.NextBytes(nonce);
            rng.NextBytes(data);
            uint counter = rng.Next(3) == 0 ? uint.MaxValue - 10 : (uint)rng.NextInt64(0, uint.MaxValue - 20);
            var r = CliRunner.Run(Args(variant, Convert.ToHexStringLower(key), Convert.ToHexStringLower(nonce), counter), data);
            string context = $"{variant}, seed {seed}, {length} bytes, counter {counter}";
            Assert.True(r.ExitCode == 0, $"{context}: exit {r.ExitCode}: {r.Stderr}");
            var expected = OpenSslChaCha20(key, nonce, counter, data);
            Assert.True(expected.AsSpan().SequenceEqual(r.Stdout), $"{context}: output differs from openssl enc -chacha20");
        }
    }

    [Fact]
    public void CounterDefaultsToZero()
    {
        // RFC 8439 A.2 #1: all-zero key and nonce, counter 0, 64 zero bytes.
        var r = CliRunner.Run(Args("proc10", new string('0', 64), new string('0', 24)), new byte[64]);
        Assert.True(r.ExitCode == 0, r.Stderr);
        Assert.Equal("76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586",
            Convert.ToHexStringLower(r.Stdout));
    }

    [Fact]
    public void EmptyInputGivesEmptyOutput()
    {
        var r = CliRunner.Run(Args("proc20", RfcKey, SunscreenNonce), []);
        Assert.Equal(0, r.ExitCode);
        Assert.Empty(r.Stdout);
        Assert.Contains("0 blocks", Assert.Single(r.StderrLines));
    }

    [Theory]
    [InlineData("--key", "00")]
    [InlineData("--key", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f00")]
    [InlineData("--key", "zz0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")]
    [InlineData("--nonce", "000000000000004a")]
    [InlineData("--nonce", "000000000000004a0000000000")]
    [InlineData("--counter", "-1")]
    [InlineData("--counter", "4294967296")]
    [InlineData("--counter", "0x10")]
    [InlineData("--variant", "proc40")]
    public void BadOptionsAreOneLineExitTwoAndNoOutput(string option, string value)
    {
        var args = Args("proc10", RfcKey, SunscreenNonce).ToList();
        int at = args.IndexOf(option);
        if (at >= 0) args[at + 1] = value;
        else args.AddRange([option, value]);
        var r = CliRunner.Run([.. args], Encoding.ASCII.GetBytes(Sunscreen));
        Assert.Equal(2, r.ExitCode);
        Assert.Empty(r.Stdout);
        var line = Assert.Single(r.StderrLines);
        Assert.StartsWith("sme-crypto: ", line);
        Assert.Contains(option == "--variant" ? "variant" : option, line);
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void CounterExhaustionIsReportedWithNothingWritten(string variant)
    {
        var dir = Directory.CreateTempSubdirectory("cli-tests-").FullName;
        try
        {
            var stats = Path.Combine(dir, "stats.json");
            var r = CliRunner.Run(Args(variant, RfcKey, SunscreenNonce, uint.MaxValue - 1, "--stats-json", stats), new byte[129]);
            Assert.Equal(1, r.ExitCode);
            Assert.Empty(r.Stdout);
            var line = Assert.Single(r.StderrLines);
            Assert.Contains("block counter exhausted", line);
            Assert.Contains("3 blocks from counter 4294967294", line);
            Assert.Contains("stopped after 2 blocks", line);
            Assert.False(File.Exists(stats));

            // Up to and including block 2^32-1 is fine.
            var ok = CliRunner.Run(Args(variant, RfcKey, SunscreenNonce, uint.MaxValue - 1), new byte[128]);
            Assert.True(ok.ExitCode == 0, ok.Stderr);
            Assert.Equal(128, ok.Stdout.Length);
        }
        finally { Directory.Delete(dir, true); }
    }

    [Fact]
    public void StatsJsonHasTheRunFigures()
    {
        var dir = Directory.CreateTempSubdirectory("cli-tests-").FullName;
        try
        {
            var stats = Path.Combine(dir, "stats.json");
            var call = System.Diagnostics.Stopwatch.StartNew();
            var r = CliRunner.Run(Args("iterative", RfcKey, SunscreenNonce, 5, "--stats-json", stats), new byte[64 * 11 + 3]);
            call.Stop();
            Assert.True(r.ExitCode == 0, r.Stderr);
            using var doc = JsonDocument.Parse(File.ReadAllBytes(stats));
            var s = doc.RootElement;
            long cycles = s.GetProperty("cycles").GetInt64();
            Assert.Equal(12, s.GetProperty("blocks").GetInt32());
            Assert.Equal(64 * 11 + 3, s.GetProperty("bytes").GetInt64());
            // Full speed through the iterative core: 10 clocks per block, 13 cycles latency, the transfer cycle.
            Assert.Equal(11 * 10 + 13 + 1, cycles);
            Assert.Equal((double)cycles / 12, s.GetProperty("clocksPerBlock").GetDouble(), 9);
            // Simulated cycles over the simulation's own time, which is part of the command's: at least cycles / command time.
            Assert.InRange(s.GetProperty("cyclesPerSecond").GetDouble(), cycles / call.Elapsed.TotalSeconds, double.MaxValue);
        }
        finally { Directory.Delete(dir, true); }
    }

    [Fact]
    public void EveryVariantPassesTheDemoKnownAnswer()
    {
        var family = CoreFamilies.Default.FindCore("chacha20");
        Assert.Equal(["naive", "iterative", "proc10", "proc20"], family.Variants.Select(v => v.Variant));
        foreach (var v in family.Variants)
        {
            var kat = family.KnownAnswer(v);
            Assert.True(kat.Passed, $"{v.Variant}: expected {kat.Expected}, got {kat.Got}");
            Assert.Equal(SunscreenCiphertext, kat.Got);
        }
    }

    [Fact]
    public void Poly1305PassesItsDemoKnownAnswer()
    {
        var family = CoreFamilies.Default.FindCore("poly1305");
        var kat = family.KnownAnswer(Assert.Single(family.Variants));
        Assert.True(kat.Passed, $"expected {kat.Expected}, got {kat.Got}");
        Assert.Equal("a8061dc1305136c6c22b8baf0c0127a9", kat.Got);
        Assert.Equal(5, kat.Cycles); // three blocks, the final accumulator's clock, the tag's transfer
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

    /// <summary>openssl enc -chacha20: its 16-byte IV is the 32-bit block counter (little-endian), then the 96-bit nonce.</summary>
    static byte[] OpenSslChaCha20(byte[] key, byte[] nonce, uint counter, byte[] data)
    {
        byte[] iv = [.. BitConverter.GetBytes(counter), .. nonce];
        Assert.True(BitConverter.IsLittleEndian);
        var psi = new ProcessStartInfo("openssl", ["enc", "-chacha20", "-K", Convert.ToHexStringLower(key), "-iv", Convert.ToHexStringLower(iv)])
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
