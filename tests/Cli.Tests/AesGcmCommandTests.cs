using System.Security.Cryptography;
using System.Text.Json;
using Xunit;

namespace Crypto.Cli.Tests;

/// <summary><c>aes-gcm</c> against .NET's AesGcm, through the cycle-accurate simulation of the GCM core.</summary>
public class AesGcmCommandTests
{
    static string Hex(byte[] bytes) => Convert.ToHexStringLower(bytes);

    /// <summary>A temporary folder for AAD and stats files (never the source tree).</summary>
    static string TempDir() => Directory.CreateTempSubdirectory("cli-tests-gcm-").FullName;

    /// <summary>
    /// Seeded random keys of each size, 96-bit nonces, AAD from a file (or none), messages of 0 to 70 bytes: sealing gives
    /// .NET's ciphertext followed by its 16-byte tag, and opening that gives the plaintext back.
    /// </summary>
    [Fact]
    public void SealsAndOpensLikeDotNetAesGcm()
    {
        Assert.SkipUnless(AesGcm.IsSupported, "System.Security.Cryptography.AesGcm is not supported on this platform");
        const int seed = 5150;
        var rng = new Random(seed);
        var dir = TempDir();
        try
        {
            for (int i = 0; i < 6; i++)
            {
                byte[] key = new byte[16 + 8 * (i % 3)], nonce = new byte[12], plaintext = new byte[i == 0 ? 0 : rng.Next(1, 71)], aad = new byte[i % 2 == 0 ? rng.Next(1, 40) : 0];
                rng.NextBytes(key);
                rng.NextBytes(nonce);
                rng.NextBytes(plaintext);
                rng.NextBytes(aad);
                byte[] ct = new byte[plaintext.Length], tag = new byte[16];
                using (var aead = new AesGcm(key, 16)) aead.Encrypt(nonce, plaintext, ct, tag, aad);
                string[] args = ["aes-gcm", "--variant", "proc11", "--key", Hex(key), "--iv", Hex(nonce)];
                if (aad.Length > 0)
                {
                    var aadFile = Path.Combine(dir, $"aad{i}.bin");
                    File.WriteAllBytes(aadFile, aad);
                    args = [.. args, "--aad", aadFile];
                }
                var seal = CliRunner.Run(args, plaintext);
                Assert.True(seal.ExitCode == 0, $"seed {seed}, case {i}: exit {seal.ExitCode}: {seal.Stderr}");
                Assert.True(ct.Concat(tag).SequenceEqual(seal.Stdout), $"seed {seed}, case {i}: {Hex(seal.Stdout)} is not .NET's ciphertext and tag {Hex(ct)} {Hex(tag)}");
                Assert.Contains("aes-proc11-gcm", Assert.Single(seal.StderrLines));
                var open = CliRunner.Run([.. args, "--decrypt"], seal.Stdout);
                Assert.True(open.ExitCode == 0, $"seed {seed}, case {i}: exit {open.ExitCode}: {open.Stderr}");
                Assert.True(plaintext.AsSpan().SequenceEqual(open.Stdout), $"seed {seed}, case {i}: opening gives {Hex(open.Stdout)}");
            }
        }
        finally { Directory.Delete(dir, recursive: true); }
    }

    /// <summary>An IV of other than 96 bits (test case 5 of McGrew and Viega: 8 bytes) through the AES-128 build.</summary>
    [Fact]
    public void TakesIvsOfOtherLengths()
    {
        var dir = TempDir();
        try
        {
            var aad = Path.Combine(dir, "aad.bin");
            File.WriteAllBytes(aad, Convert.FromHexString("feedfacedeadbeeffeedfacedeadbeefabaddad2"));
            var r = CliRunner.Run(["aes-gcm", "--variant", "proc11", "--key-bits", "128", "--key", "feffe9928665731c6d6a8f9467308308", "--iv", "cafebabefacedbad", "--aad", aad],
                Convert.FromHexString("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39"));
            Assert.True(r.ExitCode == 0, r.Stderr);
            Assert.Equal("61353b4c2806934a777ff51fa22a4755699b2a714fcdc6f83766e5f97b6c742373806900e49f24b22b097544d4896b424989b5e1ebac0f07c23f4598"
                + "3612d2e79e3b0785561be14aaca2fccb", Hex(r.Stdout));
            Assert.Contains("aes128-proc11-gcm", r.Stderr);
        }
        finally { Directory.Delete(dir, recursive: true); }
    }

    /// <summary>A flipped bit in the ciphertext, the tag or the AAD: one line on stderr, exit 1, nothing on stdout.</summary>
    [Fact]
    public void RefusesAWrongTag()
    {
        var dir = TempDir();
        try
        {
            byte[] key = new byte[16], nonce = new byte[12], plaintext = new byte[40], aad = [1, 2, 3];
            new Random(77).NextBytes(plaintext);
            var aadFile = Path.Combine(dir, "aad.bin");
            File.WriteAllBytes(aadFile, aad);
            string[] args = ["aes-gcm", "--variant", "proc11", "--key", Hex(key), "--iv", Hex(nonce), "--aad", aadFile];
            var sealedMessage = CliRunner.Run(args, plaintext).Stdout;
            foreach (int flipped in new[] { 0, 39, 40, 55 })
            {
                var forged = (byte[])sealedMessage.Clone();
                forged[flipped] ^= 0x01;
                var r = CliRunner.Run([.. args, "--decrypt"], forged);
                Assert.Equal(1, r.ExitCode);
                Assert.Empty(r.Stdout);
                Assert.Contains("tag does not match", Assert.Single(r.StderrLines));
            }
            File.WriteAllBytes(aadFile, [1, 2, 4]);
            var wrongAad = CliRunner.Run([.. args, "--decrypt"], sealedMessage);
            Assert.Equal((1, 0), (wrongAad.ExitCode, wrongAad.Stdout.Length));
        }
        finally { Directory.Delete(dir, recursive: true); }
    }

    /// <summary>Bad key or IV lengths, an unknown variant, a missing AAD file, too short an input to open: one line, exit 2, nothing written.</summary>
    [Theory]
    [InlineData("--key", "00112233", "--key must be 32, 48 or 64")]
    [InlineData("--iv", "", "--iv must be")]
    [InlineData("--iv", "abc", "--iv must be")]
    [InlineData("--iv", "zz00", "--iv must be")]
    [InlineData("--variant", "nosuch", "unknown aes variant 'nosuch'")]
    [InlineData("--variant", "proc11-ctr", "has a mode built in")]
    [InlineData("--aad", "no-such-file.bin", "no such file")]
    [InlineData("--key-bits", "192", "--key-bits 192")]
    public void RefusesBadInput(string option, string value, string message)
    {
        var dir = TempDir();
        try
        {
            var options = new Dictionary<string, string> { ["--variant"] = "proc11", ["--key"] = new string('0', 32), ["--iv"] = new string('0', 24) };
            options[option] = value;
            var stats = Path.Combine(dir, "stats.json");
            var r = CliRunner.Run(["aes-gcm", .. options.SelectMany(o => new[] { o.Key, o.Value }), "--stats-json", stats], new byte[20], workingDirectory: dir);
            Assert.Equal(2, r.ExitCode);
            Assert.Empty(r.Stdout);
            Assert.Contains(message, Assert.Single(r.StderrLines));
            Assert.False(File.Exists(stats));
        }
        finally { Directory.Delete(dir, recursive: true); }
    }

    [Fact]
    public void RefusesToOpenLessThanATag()
    {
        var r = CliRunner.Run(["aes-gcm", "--variant", "proc11", "--key", new string('0', 32), "--iv", new string('0', 24), "--decrypt"], new byte[15]);
        Assert.Equal((2, 0), (r.ExitCode, r.Stdout.Length));
        Assert.Contains("16-byte tag", Assert.Single(r.StderrLines));
    }

    /// <summary>--stats-json: the simulated clocks and the blocks of a message (a data block a clock, and the message's latency).</summary>
    [Fact]
    public void StatsJsonHasTheRunFigures()
    {
        var dir = TempDir();
        try
        {
            var stats = Path.Combine(dir, "stats.json");
            var r = CliRunner.Run(["aes-gcm", "--variant", "proc11", "--key-bits", "128", "--key", new string('1', 32), "--iv", new string('2', 24), "--stats-json", stats], new byte[16 * 40]);
            Assert.True(r.ExitCode == 0, r.Stderr);
            using var doc = JsonDocument.Parse(File.ReadAllText(stats));
            var root = doc.RootElement;
            Assert.Equal(0, root.GetProperty("aadBlocks").GetInt32());
            Assert.Equal(40, root.GetProperty("dataBlocks").GetInt32());
            long cycles = root.GetProperty("cycles").GetInt64();
            // 40 data blocks a clock each, the message's 27 clocks (docs/aes.md), and the AES key load and H's powers first.
            Assert.InRange(cycles, 40 + 27 + 1, 40 + 27 + 80);
        }
        finally { Directory.Delete(dir, recursive: true); }
    }

    /// <summary>The demo's known answer (GCM test case 4) passes through every AES-GCM build of the catalog.</summary>
    [Fact]
    public void EveryCatalogBuildPassesTheDemoKnownAnswer()
    {
        var family = CoreFamilies.Default.FindCore("aes-gcm");
        Assert.Equal(12, family.Variants.Count);
        foreach (var v in family.Variants)
        {
            var kat = family.KnownAnswer(v);
            Assert.True(kat.Passed, $"{v.Name}: expected {kat.Expected}, got {kat.Got}");
            Assert.EndsWith("5bc94fbc3221a5db94fae95ae7121a47", kat.Got);
        }
    }

    /// <summary>--key-bits names a build of the catalog (128) or makes one (192, 256), as for aes; other values are refused.</summary>
    [Fact]
    public void KeyBitsChoosesTheBuild()
    {
        var cores = CoreFamilies.Default;
        Assert.Equal("aes128-proc11-gcm", cores.Find("aes-gcm", "proc11", "128").Name);
        Assert.Equal("aes256-bram11-gcm", cores.Find("aes-gcm", "bram11", "256").Name);
        Assert.Equal("aes-iterative-gcm", cores.Find("aes-gcm", "iterative").Name);
        Assert.Contains("aes192-proc4-gcm", cores.Builds("192").Select(v => v.Name));
        Assert.Equal(6, cores.Builds("128").Count(v => v.Core == "aes-gcm"));
        var e = Assert.Throws<UsageException>(() => cores.Find("aes-gcm", "naive"));
        Assert.Equal("unknown aes-gcm variant 'naive'; known variants: proc11, proc22, bram11, proc4, proc11-otf, iterative", e.Message);
    }

    /// <summary><c>verify</c> on an AES-GCM build, end to end in GHDL, into a scratch repository: the record names core and variant.</summary>
    [Fact]
    public void VerifyPassesInGhdlAndRecordsIt()
    {
        var root = TempDir();
        try
        {
            File.WriteAllText(Path.Combine(root, "Crypto.sln"), "");
            var r = CliRunner.Run(["verify", "--core", "aes-gcm", "--variant", "proc4", "--key-bits", "128", "--blocks", "24", "--seed", "3"], workingDirectory: root);
            Assert.True(r.ExitCode == 0, $"exit {r.ExitCode}: {r.StdoutText} {r.Stderr}");
            Assert.Matches(@"^PASS aes128-proc4-gcm: \d+ cycles compared in GHDL \(\d+\.\d s\)$", r.StdoutText.Trim());
            var folder = Path.Combine(root, "vhdl-out", "aes128-proc4-gcm");
            using var record = JsonDocument.Parse(File.ReadAllBytes(Path.Combine(folder, VhdlFolder.RecordFile)));
            Assert.Equal(("aes-gcm", "proc4", 3, 24), (record.RootElement.GetProperty("core").GetString(), record.RootElement.GetProperty("variant").GetString(),
                record.RootElement.GetProperty("seed").GetInt32(), record.RootElement.GetProperty("blocks").GetInt32()));
            Assert.Equal(VhdlFolder.Sha256(folder), record.RootElement.GetProperty("vhdlSha256").GetString());
            Assert.True(VhdlFolder.IsVerified(folder, "aes-gcm", "proc4"));
        }
        finally
        {
            Directory.Delete(root, true);
        }
    }
}
