using System.Diagnostics;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using Xunit;

namespace Crypto.Cli.Tests;

/// <summary>
/// <c>md5</c>, <c>sha224</c>, <c>sha256</c>, <c>sha384</c>, <c>sha512</c>: the output of md5sum and
/// sha*sum (run on the same files when installed), digests equal to .NET's, several files in one run,
/// missing files, stdin, and the stats file.
/// </summary>
public sealed class HashCommandTests : IDisposable
{
    readonly string dir = Directory.CreateTempSubdirectory("cli-hash-tests-").FullName;

    public void Dispose() => Directory.Delete(dir, true);

    /// <summary>Files of seeded random bytes: empty, 1, 55, 56, 64, 111, 112, 128, 1000 bytes, and text named with a space.</summary>
    string[] WriteFiles(int seed)
    {
        var rng = new Random(seed);
        var names = new List<string>();
        foreach (int length in new[] { 0, 1, 55, 56, 64, 111, 112, 128, 1000 })
        {
            var data = new byte[length];
            rng.NextBytes(data);
            string name = $"f{length}.bin";
            File.WriteAllBytes(Path.Combine(dir, name), data);
            names.Add(name);
        }
        File.WriteAllText(Path.Combine(dir, "a b.txt"), "abc");
        names.Add("a b.txt");
        return [.. names];
    }

    static byte[] DotNet(string core, byte[] m) => core switch
    {
        "md5" => MD5.HashData(m),
        "sha256" => SHA256.HashData(m),
        "sha384" => SHA384.HashData(m),
        "sha512" => SHA512.HashData(m),
        _ => throw new ArgumentException(core),
    };

    [Theory]
    [InlineData("md5", "proc8")]
    [InlineData("sha256", "proc4")]
    [InlineData("sha256", "iterative")]
    [InlineData("sha384", "proc8")]
    [InlineData("sha512", "naive")]
    public void DigestsEqualDotNetForSeveralFilesInOneRun(string core, string variant)
    {
        const int seed = 41;
        var names = WriteFiles(seed);
        var r = CliRunner.Run([core, "--variant", variant, .. names], workingDirectory: dir);
        Assert.True(r.ExitCode == 0, $"seed {seed}: exit {r.ExitCode}: {r.Stderr}");
        Assert.Equal("", r.Stderr);
        var expected = string.Concat(names.Select(n => $"{Convert.ToHexStringLower(DotNet(core, File.ReadAllBytes(Path.Combine(dir, n))))}  {n}\n"));
        Assert.Equal(expected, r.StdoutText);
    }

    [Theory]
    [InlineData("md5")]
    [InlineData("sha224")]
    [InlineData("sha256")]
    [InlineData("sha384")]
    [InlineData("sha512")]
    public void OutputIsWhatTheCoreutilsToolPrints(string core)
    {
        string tool = core + "sum";
        Assert.SkipUnless(ToolAvailable(tool), $"{tool} is not installed (GNU coreutils)");
        var names = WriteFiles(seed: 42);
        File.WriteAllText(Path.Combine(dir, "back\\slash"), "escaped name");
        string[] args = [.. names, "back\\slash", "-"];
        var stdin = Encoding.ASCII.GetBytes("from stdin");
        var r = CliRunner.Run([core, "--variant", "proc4", .. args], stdin, workingDirectory: dir);
        Assert.True(r.ExitCode == 0, r.Stderr);
        var (code, stdout) = RunTool(tool, args, stdin);
        Assert.Equal(0, code);
        Assert.Equal(stdout, r.StdoutText);
    }

    [Fact]
    public void MissingFileGetsOneLineAndExitOneAndTheOthersAreHashed()
    {
        File.WriteAllText(Path.Combine(dir, "abc"), "abc");
        Directory.CreateDirectory(Path.Combine(dir, "folder"));
        var r = CliRunner.Run(["sha256", "--variant", "proc8", "abc", "missing", "folder", "abc"], workingDirectory: dir);
        Assert.Equal(ExitCodes.Failure, r.ExitCode);
        const string abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
        Assert.Equal($"{abc}  abc\n{abc}  abc\n", r.StdoutText);
        Assert.Equal(["sme-crypto: sha256: missing: No such file or directory", "sme-crypto: sha256: folder: Is a directory"], r.StderrLines);
    }

    [Theory]
    [InlineData("sha224", "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7")]
    [InlineData("sha384", "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7")]
    public void StdinWithoutFilesIsDash(string core, string fipsAbc)
    {
        var r = CliRunner.Run([core, "--variant", "iterative"], Encoding.ASCII.GetBytes("abc"));
        Assert.True(r.ExitCode == 0, r.Stderr);
        Assert.Equal($"{fipsAbc}  -\n", r.StdoutText);
    }

    [Fact]
    public void StatsJsonHasTheRunFigures()
    {
        var names = WriteFiles(seed: 43);
        var stats = Path.Combine(dir, "stats.json");
        var r = CliRunner.Run(["sha512", "--variant", "proc16", "--stats-json", stats, .. names], workingDirectory: dir);
        Assert.True(r.ExitCode == 0, r.Stderr);
        using var doc = JsonDocument.Parse(File.ReadAllBytes(stats));
        var s = doc.RootElement;
        // 128-byte blocks with a 16-byte length field: 0,1 -> 1; 55,56,64,111 -> 1; 112,128 -> 2; 1000 -> 8; "abc" -> 1.
        Assert.Equal(1 + 1 + 1 + 1 + 1 + 1 + 2 + 2 + 8 + 1, s.GetProperty("blocks").GetInt32());
        Assert.Equal(names.Length, s.GetProperty("messages").GetInt32());
        long cycles = s.GetProperty("cycles").GetInt64();
        Assert.True(cycles > 19, $"cycles {cycles}");
        Assert.Equal((double)cycles / 19, s.GetProperty("clocksPerBlock").GetDouble(), 9);
    }

    [Fact]
    public void UnknownVariantIsAUsageError()
    {
        File.WriteAllText(Path.Combine(dir, "abc"), "abc");
        var r = CliRunner.Run(["sha256", "--variant", "proc5", "abc"], workingDirectory: dir);
        Assert.Equal(ExitCodes.Usage, r.ExitCode);
        Assert.Empty(r.Stdout);
        var line = Assert.Single(r.StderrLines);
        Assert.StartsWith("sme-crypto: unknown sha256 variant 'proc5'", line);
    }

    [Fact]
    public void ListJsonNamesEachHashCoreByItsCommand()
    {
        string[] commands = ["md5", "sha224", "sha256", "sha384", "sha512"];
        var naive = new CoreFamilies([.. CoreFamilies.Default.Families.Where(f => commands.Contains(f.Core))
            .Select(f => f with { Variants = [.. f.Variants.Where(v => v.Variant == "naive")] })]);
        var r = CliRunner.Run(["list", "--json"], cores: naive);
        Assert.True(r.ExitCode == 0, r.Stderr);
        using var doc = JsonDocument.Parse(r.Stdout);
        var rows = doc.RootElement.EnumerateArray().ToList();
        Assert.Equal(commands, rows.Select(row => row.GetProperty("core").GetString()));
        foreach (var row in rows)
            Assert.InRange(row.GetProperty("clocksPerBlock").GetDouble(), 1.0, 1.1);
        var help = CliRunner.Run(["--help"]).StdoutText;
        foreach (var command in commands) Assert.Contains(command, help);
    }

    static bool ToolAvailable(string tool)
    {
        try
        {
            using var p = Process.Start(new ProcessStartInfo(tool, "--version") { RedirectStandardOutput = true, UseShellExecute = false });
            p!.WaitForExit();
            return p.ExitCode == 0;
        }
        catch (System.ComponentModel.Win32Exception) { return false; }
    }

    (int Code, string Stdout) RunTool(string tool, string[] args, byte[] stdin)
    {
        var psi = new ProcessStartInfo(tool, args)
        {
            WorkingDirectory = dir, RedirectStandardInput = true, RedirectStandardOutput = true, UseShellExecute = false,
        };
        using var p = Process.Start(psi)!;
        p.StandardInput.BaseStream.Write(stdin);
        p.StandardInput.Close();
        string stdout = p.StandardOutput.ReadToEnd();
        p.WaitForExit();
        return (p.ExitCode, stdout);
    }
}
