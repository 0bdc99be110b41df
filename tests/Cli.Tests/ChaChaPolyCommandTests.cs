using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using Xunit;

namespace Crypto.Cli.Tests;

/// <summary><c>chacha20-poly1305</c> against RFC 8439 §2.8.2 and .NET's ChaCha20Poly1305, through the cycle-accurate simulation.</summary>
public class ChaChaPolyCommandTests
{
    public static TheoryData<string> Variants => ["iterative", "proc10"];

    const string RfcKey = "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f";
    const string RfcNonce = "070000004041424344454647";
    const string RfcAad = "50515253c0c1c2c3c4c5c6c7";
    const string Sunscreen = "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.";
    const string RfcSealed =
        "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36" +
        "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc3ff4def08e4b7a9de576d26586cec64b6116" +
        "1ae10b594f09e26a7e902ecbd0600691";

    static string[] Args(string variant, string key, string nonce, params string[] more) =>
        ["chacha20-poly1305", "--variant", variant, "--key", key, "--nonce", nonce, .. more];

    /// <summary>A temporary folder for AAD and stats files, deleted afterwards.</summary>
    static void WithTempDir(Action<string> body)
    {
        var dir = Directory.CreateTempSubdirectory("cli-tests-").FullName;
        try { body(dir); }
        finally { Directory.Delete(dir, true); }
    }

    static string WriteAad(string dir, byte[] aad)
    {
        var path = Path.Combine(dir, "aad.bin");
        File.WriteAllBytes(path, aad);
        return path;
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void Rfc8439Section282BothWays(string variant) => WithTempDir(dir =>
    {
        var aad = WriteAad(dir, Convert.FromHexString(RfcAad));
        var r = CliRunner.Run(Args(variant, RfcKey, RfcNonce, "--aad", aad), Encoding.ASCII.GetBytes(Sunscreen));
        Assert.True(r.ExitCode == 0, r.Stderr);
        Assert.Equal(RfcSealed, Convert.ToHexStringLower(r.Stdout));
        var summary = Assert.Single(r.StderrLines);
        Assert.StartsWith($"chacha20-poly1305-{variant}: ", summary);
        Assert.Contains("12 AAD bytes, 2 data words", summary);

        var back = CliRunner.Run(Args(variant, RfcKey, RfcNonce, "--aad", aad, "--decrypt"), Convert.FromHexString(RfcSealed));
        Assert.True(back.ExitCode == 0, back.Stderr);
        Assert.Equal(Sunscreen, Encoding.ASCII.GetString(back.Stdout));
    });

    /// <summary>Seeded random keys, nonces, AAD and messages (empty, one byte, a word, a word and a byte, longer): byte for byte what .NET gives, and back.</summary>
    [Theory]
    [InlineData("iterative", 611)]
    [InlineData("proc10", 612)]
    public void EqualsDotNetBothWays(string variant, int seed) => WithTempDir(dir =>
    {
        Assert.SkipUnless(ChaCha20Poly1305.IsSupported, "System.Security.Cryptography.ChaCha20Poly1305 is not supported on this platform");
        var rng = new Random(seed);
        foreach (int length in new[] { 0, 1, 64, 65, 100 + rng.Next(300) })
        {
            byte[] key = new byte[32], nonce = new byte[12], plaintext = new byte[length], aadBytes = new byte[rng.Next(0, 150)];
            rng.NextBytes(key);
            rng.NextBytes(nonce);
            rng.NextBytes(plaintext);
            rng.NextBytes(aadBytes);
            byte[] ct = new byte[length], tag = new byte[16];
            using (var aead = new ChaCha20Poly1305(key)) aead.Encrypt(nonce, plaintext, ct, tag, aadBytes);
            var aad = WriteAad(dir, aadBytes);
            string context = $"{variant}, seed {seed}, {length} bytes, {aadBytes.Length} AAD bytes";
            var r = CliRunner.Run(Args(variant, Convert.ToHexStringLower(key), Convert.ToHexStringLower(nonce), "--aad", aad), plaintext);
            Assert.True(r.ExitCode == 0, $"{context}: exit {r.ExitCode}: {r.Stderr}");
            Assert.True(r.Stdout.AsSpan().SequenceEqual([.. ct, .. tag]), $"{context}: output differs from .NET ChaCha20Poly1305 (ciphertext || tag)");
            var back = CliRunner.Run(Args(variant, Convert.ToHexStringLower(key), Convert.ToHexStringLower(nonce), "--aad", aad, "-d"), [.. ct, .. tag]);
            Assert.True(back.ExitCode == 0, $"{context}: decryption exit {back.ExitCode}: {back.Stderr}");
            Assert.True(back.Stdout.AsSpan().SequenceEqual(plaintext), $"{context}: decryption differs from the plaintext");
        }
    });

    /// <summary>A flipped bit in the tag, the ciphertext or the AAD, or no AAD: one line, exit 1, nothing on stdout, no stats file.</summary>
    [Theory]
    [InlineData("tag")]
    [InlineData("ciphertext")]
    [InlineData("aad")]
    [InlineData("no aad")]
    public void WrongTagIsOneLineExitOneAndNothingWritten(string what) => WithTempDir(dir =>
    {
        var sealedBytes = Convert.FromHexString(RfcSealed);
        var aadBytes = Convert.FromHexString(RfcAad);
        if (what == "tag") sealedBytes[^1] ^= 0x01;
        if (what == "ciphertext") sealedBytes[7] ^= 0x40;
        if (what == "aad") aadBytes[0] ^= 0x80;
        var stats = Path.Combine(dir, "stats.json");
        string[] aad = what == "no aad" ? [] : ["--aad", WriteAad(dir, aadBytes)];
        var r = CliRunner.Run(Args("proc10", RfcKey, RfcNonce, [.. aad, "--decrypt", "--stats-json", stats]), sealedBytes);
        Assert.Equal(1, r.ExitCode);
        Assert.Empty(r.Stdout);
        var line = Assert.Single(r.StderrLines);
        Assert.StartsWith("sme-crypto: chacha20-poly1305: authentication failed", line);
        Assert.False(File.Exists(stats));
    });

    [Theory]
    [InlineData("--key", "00")]
    [InlineData("--key", "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f00")]
    [InlineData("--key", "zz8182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f")]
    [InlineData("--nonce", "0700000040414243")]
    [InlineData("--nonce", "07000000404142434445464700")]
    [InlineData("--variant", "naive")]
    [InlineData("--variant", "proc40")]
    [InlineData("--aad", "no-such-file.bin")]
    public void BadOptionsAreOneLineExitTwoAndNoOutput(string option, string value)
    {
        var args = Args("proc10", RfcKey, RfcNonce).ToList();
        int at = args.IndexOf(option);
        if (at >= 0) args[at + 1] = value;
        else args.AddRange([option, value]);
        var r = CliRunner.Run([.. args], Encoding.ASCII.GetBytes(Sunscreen), workingDirectory: Path.GetTempPath());
        Assert.Equal(2, r.ExitCode);
        Assert.Empty(r.Stdout);
        var line = Assert.Single(r.StderrLines);
        Assert.StartsWith("sme-crypto: ", line);
        Assert.Contains(option == "--variant" ? "variant" : option == "--aad" ? value : option, line);
    }

    [Fact]
    public void DecryptingLessThanATagIsOneLineExitTwo()
    {
        var r = CliRunner.Run(Args("iterative", RfcKey, RfcNonce, "--decrypt"), new byte[15]);
        Assert.Equal(2, r.ExitCode);
        Assert.Empty(r.Stdout);
        Assert.Contains("15 bytes", Assert.Single(r.StderrLines));
    }

    /// <summary>An empty message with no AAD is its tag alone (RFC 8439: the lengths block only), and opens to nothing.</summary>
    [Fact]
    public void EmptyMessageIsItsTag()
    {
        Assert.SkipUnless(ChaCha20Poly1305.IsSupported, "System.Security.Cryptography.ChaCha20Poly1305 is not supported on this platform");
        var key = Convert.FromHexString(RfcKey);
        var nonce = Convert.FromHexString(RfcNonce);
        var tag = new byte[16];
        using (var aead = new ChaCha20Poly1305(key)) aead.Encrypt(nonce, Array.Empty<byte>(), Array.Empty<byte>(), tag);
        var r = CliRunner.Run(Args("iterative", RfcKey, RfcNonce), []);
        Assert.True(r.ExitCode == 0, r.Stderr);
        Assert.Equal(tag, r.Stdout);
        var back = CliRunner.Run(Args("iterative", RfcKey, RfcNonce, "--decrypt"), tag);
        Assert.True(back.ExitCode == 0, back.Stderr);
        Assert.Empty(back.Stdout);
    }

    [Fact]
    public void EveryVariantPassesTheDemoKnownAnswer()
    {
        var family = CoreFamilies.Default.FindCore("chacha20-poly1305");
        Assert.Equal(["iterative", "proc10"], family.Variants.Select(v => v.Variant));
        foreach (var v in family.Variants)
        {
            var kat = family.KnownAnswer(v);
            Assert.True(kat.Passed, $"{v.Variant}: expected {kat.Expected}, got {kat.Got}");
            Assert.Equal(RfcSealed, kat.Got);
        }
    }

    [Fact]
    public void StatsJsonHasTheRunFigures() => WithTempDir(dir =>
    {
        var empty = CliRunner.Run(Args("proc10", RfcKey, RfcNonce), []);
        Assert.StartsWith("chacha20-poly1305-proc10: 21 cycles, 0 AAD bytes, 0 data words", Assert.Single(empty.StderrLines));
        var stats = Path.Combine(dir, "stats.json");
        var aad = WriteAad(dir, new byte[70]);
        var r = CliRunner.Run(Args("proc10", RfcKey, RfcNonce, "--aad", aad, "--stats-json", stats), new byte[64 * 5 + 3]);
        Assert.True(r.ExitCode == 0, r.Stderr);
        using var doc = JsonDocument.Parse(File.ReadAllBytes(stats));
        var s = doc.RootElement;
        long cycles = s.GetProperty("cycles").GetInt64();
        Assert.Equal(6, s.GetProperty("dataWords").GetInt32());
        Assert.Equal(64 * 5 + 3, s.GetProperty("bytes").GetInt64());
        Assert.Equal(70, s.GetProperty("aadBytes").GetInt64());
        // proc10 at full speed is bound by the MAC's one 16-byte block per clock: the 21 cycles of an empty message (the key
        // block through the pipeline, the lengths block, the final accumulator, the tag) and one clock per further block:
        // 5 of AAD, 21 of ciphertext.
        Assert.Equal(21 + 5 + 21, cycles);
        Assert.Equal((double)cycles / 6, s.GetProperty("clocksPerDataWord").GetDouble(), 9);
    });
}
