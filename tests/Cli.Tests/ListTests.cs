using System.Text;
using System.Text.Json;
using Xunit;

namespace Crypto.Cli.Tests;

/// <summary><c>list</c>: measured figures per variant and the VHDL verification status.</summary>
public class ListTests
{
    /// <summary>A scratch repository (a folder with Crypto.sln) for tests that write vhdl-out/.</summary>
    sealed class ScratchRepository : IDisposable
    {
        public string Root { get; } = Directory.CreateTempSubdirectory("cli-tests-repo-").FullName;
        public ScratchRepository() => File.WriteAllText(Path.Combine(Root, "Crypto.sln"), "");
        public void Dispose() => Directory.Delete(Root, true);
    }

    static JsonElement[] ListJson(string? workingDirectory = null, CoreFamilies? cores = null)
    {
        var r = CliRunner.Run(["list", "--json"], workingDirectory: workingDirectory, cores: cores);
        Assert.True(r.ExitCode == 0, $"exit {r.ExitCode}: {r.Stderr}");
        Assert.Equal("", r.Stderr);
        using var doc = JsonDocument.Parse(r.Stdout);
        Assert.Equal(JsonValueKind.Array, doc.RootElement.ValueKind);
        return [.. doc.RootElement.EnumerateArray().Select(e => e.Clone())];
    }

    [Fact]
    public void JsonHasOneMeasuredObjectPerVariant()
    {
        using var repo = new ScratchRepository();
        var rows = ListJson(repo.Root, WordPipelineVariant.Families());
        Assert.Equal(["one", "three"], rows.Select(r => r.GetProperty("variant").GetString()));
        foreach (var row in rows)
        {
            Assert.Equal("word", row.GetProperty("core").GetString());
            Assert.Equal(JsonValueKind.Number, row.GetProperty("clocksPerBlock").ValueKind);
            Assert.Equal(JsonValueKind.Number, row.GetProperty("latency").ValueKind);
            Assert.False(row.GetProperty("vhdlVerified").GetBoolean());
        }
        // Measured, not declared: a full-speed pipeline takes one block per clock, and its latency
        // grows with its stage count.
        Assert.Equal(1.0, rows[0].GetProperty("clocksPerBlock").GetDouble());
        Assert.Equal(1.0, rows[1].GetProperty("clocksPerBlock").GetDouble());
        Assert.Equal(rows[0].GetProperty("latency").GetInt64() + 2, rows[1].GetProperty("latency").GetInt64());
    }

    [Fact]
    public void TableHasAHeaderAndOneLinePerVariant()
    {
        using var repo = new ScratchRepository();
        var r = CliRunner.Run(["list"], workingDirectory: repo.Root, cores: WordPipelineVariant.Families());
        Assert.Equal(0, r.ExitCode);
        var lines = r.StdoutText.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(3, lines.Length);
        Assert.StartsWith("core", lines[0]);
        Assert.Contains("clocks/block", lines[0]);
        Assert.StartsWith("word  one", lines[1]);
        Assert.StartsWith("word  three", lines[2]);
    }

    [Fact]
    public void VerifiedOnlyWhileTheRecordedHashMatchesTheVhdlFiles()
    {
        using var repo = new ScratchRepository();
        var folder = Path.Combine(repo.Root, "vhdl-out", "word-one");
        Directory.CreateDirectory(folder);
        File.WriteAllText(Path.Combine(folder, "b.vhd"), "-- second\n");
        File.WriteAllText(Path.Combine(folder, "a.vhd"), "-- first\n");
        File.WriteAllText(Path.Combine(folder, "notes.txt"), "not VHDL, not hashed\n");
        string sha = Convert.ToHexStringLower(System.Security.Cryptography.SHA256.HashData(
            Encoding.UTF8.GetBytes("-- first\n-- second\n")));
        Assert.Equal(sha, VhdlFolder.Sha256(folder));
        VhdlFolder.WriteRecord(folder, new VerificationRecord("word", "one", sha, 100, 1, 8));

        var rows = ListJson(repo.Root, WordPipelineVariant.Families());
        Assert.True(rows[0].GetProperty("vhdlVerified").GetBoolean());
        Assert.False(rows[1].GetProperty("vhdlVerified").GetBoolean());

        File.AppendAllText(Path.Combine(folder, "b.vhd"), "-- edited after verification\n");
        Assert.False(ListJson(repo.Root, WordPipelineVariant.Families())[0].GetProperty("vhdlVerified").GetBoolean());

        File.WriteAllText(Path.Combine(folder, "b.vhd"), "-- second\n");
        File.WriteAllText(Path.Combine(folder, "c.vhd"), "-- a file added after verification\n");
        Assert.False(ListJson(repo.Root, WordPipelineVariant.Families())[0].GetProperty("vhdlVerified").GetBoolean());
    }

    [Fact]
    public void VerificationRecordIsDeterministic()
    {
        using var repo = new ScratchRepository();
        var record = new VerificationRecord("word", "one", new string('a', 64), 1234, 7, 64);
        VhdlFolder.WriteRecord(repo.Root, record);
        var first = File.ReadAllBytes(Path.Combine(repo.Root, VhdlFolder.RecordFile));
        VhdlFolder.WriteRecord(repo.Root, record);
        Assert.Equal(first, File.ReadAllBytes(Path.Combine(repo.Root, VhdlFolder.RecordFile)));
        using var doc = JsonDocument.Parse(first);
        Assert.Equal(["core", "variant", "vhdlSha256", "cyclesCompared", "seed", "blocks"],
            doc.RootElement.EnumerateObject().Select(p => p.Name));
    }

    [Fact]
    public void RealRegistryListsTheAesAndAesGcmBuildsWithMeasuredFigures()
    {
        var rows = ListJson();
        var aes = rows.Where(r => r.GetProperty("core").GetString() == "aes").ToArray();
        Assert.Contains(aes, r => r.GetProperty("variant").GetString() == "iterative");
        Assert.Contains(aes, r => r.GetProperty("variant").GetString() == "proc11");
        // AES-128 at full speed, by design (docs/aes.md): clocks per block and latency of every variant
        // (a held-key core's latency counts its input register).
        var expected = new Dictionary<string, (double ClocksPerBlock, long Latency)>
        {
            ["naive"] = (1, 2), ["naive-dec"] = (1, 2), ["tbox"] = (1, 2), ["tbox-dec"] = (1, 2),
            ["iterative"] = (10, 12), ["iterative-dec"] = (10, 12), ["iterative-cbc"] = (13, 12),
            ["proc4"] = (1, 5), ["proc4-dec"] = (1, 5), ["proc11"] = (1, 16), ["proc11-dec"] = (1, 16),
            ["proc11-ctr"] = (1, 16), ["proc11-cbc-dec"] = (1, 16), ["proc22"] = (1, 30), ["proc22-dec"] = (1, 30),
            ["bram11"] = (1, 16), ["bram11-dec"] = (1, 16), ["proc11-otf"] = (1, 15), ["proc11-otf-dec"] = (1, 30),
        };
        // The AES-128 builds: the same rates, the pipelines 4 stages shorter (rounds 11..14 are not built).
        var expected128 = new Dictionary<string, (double ClocksPerBlock, long Latency)>
        {
            ["naive"] = (1, 2), ["naive-dec"] = (1, 2), ["tbox"] = (1, 2), ["tbox-dec"] = (1, 2),
            ["iterative"] = (10, 12), ["iterative-dec"] = (10, 12), ["iterative-cbc"] = (13, 12),
            ["proc4"] = (1, 5), ["proc4-dec"] = (1, 5), ["proc11"] = (1, 12), ["proc11-dec"] = (1, 12),
            ["proc11-ctr"] = (1, 12), ["proc11-cbc-dec"] = (1, 12), ["proc22"] = (1, 22), ["proc22-dec"] = (1, 22),
            ["bram11"] = (1, 12), ["bram11-dec"] = (1, 12), ["proc11-otf"] = (1, 11), ["proc11-otf-dec"] = (1, 22),
        };
        foreach (var (keyBits, table) in new[] { ("all", expected), ("128", expected128) })
        {
            var build = aes.Where(r => r.GetProperty("keyBits").GetString() == keyBits).ToArray();
            Assert.Equal(table.Keys.Order(), build.Select(r => r.GetProperty("variant").GetString()!).Order());
            foreach (var row in build)
                Assert.Equal(table[row.GetProperty("variant").GetString()!],
                    (row.GetProperty("clocksPerBlock").GetDouble(), row.GetProperty("latency").GetInt64()));
        }
        Assert.Equal(2 * expected.Count, aes.Length);
        // AES-GCM (docs/aes.md): clocks per AAD or data block and the IV's transfer to the first data block out, per build.
        var gcm = rows.Where(r => r.GetProperty("core").GetString() == "aes-gcm").ToArray();
        var expectedGcm = new Dictionary<(string, string), (double ClocksPerBlock, long Latency)>
        {
            [("proc11", "all")] = (1, 18), [("proc22", "all")] = (1, 32), [("bram11", "all")] = (1, 18), [("proc4", "all")] = (1, 7),
            [("proc11-otf", "all")] = (1, 17), [("iterative", "all")] = (10, 32),
            [("proc11", "128")] = (1, 14), [("proc22", "128")] = (1, 24), [("bram11", "128")] = (1, 14), [("proc4", "128")] = (1, 7),
            [("proc11-otf", "128")] = (1, 13), [("iterative", "128")] = (10, 32),
        };
        Assert.Equal(expectedGcm.Keys.Order(), gcm.Select(r => (r.GetProperty("variant").GetString()!, r.GetProperty("keyBits").GetString()!)).Order());
        foreach (var row in gcm)
            Assert.Equal(expectedGcm[(row.GetProperty("variant").GetString()!, row.GetProperty("keyBits").GetString()!)],
                (row.GetProperty("clocksPerBlock").GetDouble(), row.GetProperty("latency").GetInt64()));
        Assert.All(rows.Where(r => r.GetProperty("core").GetString() is not ("aes" or "aes-gcm")), r => Assert.Equal("all", r.GetProperty("keyBits").GetString()));
        foreach (var row in rows)
            Assert.True(row.TryGetProperty("vhdlVerified", out var verified) && verified.ValueKind is JsonValueKind.True or JsonValueKind.False);
    }

    /// <summary>The table of the aes-gcm core alone: one line per build, the AES-128 builds with key bits 128, the rate measured.</summary>
    [Fact]
    public void TableShowsTheAesGcmBuilds()
    {
        var cores = new CoreFamilies([CoreFamilies.Default.FindCore("aes-gcm")]);
        var r = CliRunner.Run(["list"], cores: cores);
        Assert.True(r.ExitCode == 0, r.Stderr);
        var lines = r.StdoutText.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(13, lines.Length);
        string[] variants = ["proc11", "proc22", "bram11", "proc4", "proc11-otf", "iterative"];
        for (int i = 0; i < 12; i++)
        {
            var cells = lines[i + 1].Split(' ', StringSplitOptions.RemoveEmptyEntries);
            Assert.Equal(["aes-gcm", variants[i % 6], i < 6 ? "all" : "128", variants[i % 6] == "iterative" ? "10.00" : "1.00"], cells[..4]);
        }
    }
}
