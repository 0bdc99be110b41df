using System.Text.Json;
using Xunit;

namespace Crypto.Cli.Tests;

/// <summary><c>verify</c> and <c>vhdl</c> on the small test core, in a scratch repository.</summary>
public class VerifyCommandTests
{
    sealed class ScratchRepository : IDisposable
    {
        public string Root { get; } = Directory.CreateTempSubdirectory("cli-tests-repo-").FullName;
        public ScratchRepository() => File.WriteAllText(Path.Combine(Root, "Crypto.sln"), "");
        public void Dispose() => Directory.Delete(Root, true);
    }

    [Fact]
    public void SimulationDisagreeingWithTheModelFailsBeforeGhdlAndRecordsNothing()
    {
        using var repo = new ScratchRepository();
        var cores = WordPipelineVariant.Families(new WordPipelineVariant("broken", 2, oracleOffset: 3));
        var r = CliRunner.Run(["verify", "--core", "word", "--variant", "broken", "--blocks", "6", "--seed", "5"],
            workingDirectory: repo.Root, cores: cores);
        Assert.Equal(ExitCodes.Failure, r.ExitCode);
        var lines = r.StdoutText.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.StartsWith("FAIL word-broken: the C# simulation disagrees with the software model (6 wrong outputs", lines[0]);
        Assert.Contains("seed 5", lines[0]);
        Assert.StartsWith("  output 0: expected ", lines[1]);
        Assert.False(Directory.Exists(Path.Combine(repo.Root, "vhdl-out")));
    }

    [Fact]
    public void BlocksMustBePositive()
    {
        var r = CliRunner.Run(["verify", "--core", "word", "--variant", "one", "--blocks", "0"], cores: WordPipelineVariant.Families());
        Assert.Equal(ExitCodes.Usage, r.ExitCode);
        Assert.Contains("--blocks must be at least 1", Assert.Single(r.StderrLines));
    }

    /// <summary><c>verify --netlist</c>: the trace is replayed against GHDL's synthesized netlist too, every cycle.</summary>
    [Fact]
    public void NetlistOptionReplaysGhdlsSynthesizedNetlist()
    {
        using var repo = new ScratchRepository();
        var r = CliRunner.Run(["verify", "--core", "word", "--variant", "three", "--blocks", "12", "--seed", "4", "--netlist"],
            workingDirectory: repo.Root, cores: WordPipelineVariant.Families());
        Assert.True(r.ExitCode == 0, $"exit {r.ExitCode}: {r.StdoutText} {r.Stderr}");
        var m = System.Text.RegularExpressions.Regex.Match(r.StdoutText.Trim(),
            @"^PASS word-three: (\d+) cycles compared in GHDL \(\d+\.\d s\); GHDL's synthesized netlist: (\d+) cycles compared \(\d+\.\d s\)$");
        Assert.True(m.Success, r.StdoutText);
        Assert.Equal(m.Groups[1].Value, m.Groups[2].Value);
    }

    /// <summary>End to end through the transpiler and GHDL: needs Hdl.Vhdl's generator and co-simulation.</summary>
    [Fact]
    public void PassingVerificationWritesTheVhdlAndARecordThatListReports()
    {
        using var repo = new ScratchRepository();
        var cores = WordPipelineVariant.Families();
        var r = CliRunner.Run(["verify", "--core", "word", "--variant", "three", "--blocks", "20", "--seed", "9"],
            workingDirectory: repo.Root, cores: cores);
        Assert.True(r.ExitCode == 0, $"exit {r.ExitCode}: {r.StdoutText} {r.Stderr}");
        Assert.Matches(@"^PASS word-three: \d+ cycles compared in GHDL \(\d+\.\d s\)$", r.StdoutText.Trim());

        var folder = Path.Combine(repo.Root, "vhdl-out", "word-three");
        Assert.NotEmpty(Directory.GetFiles(folder, "*.vhd"));
        using var record = JsonDocument.Parse(File.ReadAllBytes(Path.Combine(folder, VhdlFolder.RecordFile)));
        Assert.Equal(VhdlFolder.Sha256(folder), record.RootElement.GetProperty("vhdlSha256").GetString());
        Assert.Equal(9, record.RootElement.GetProperty("seed").GetInt32());
        Assert.True(record.RootElement.GetProperty("cyclesCompared").GetInt64() >= 20);

        var list = CliRunner.Run(["list", "--json"], workingDirectory: repo.Root, cores: cores);
        using var rows = JsonDocument.Parse(list.Stdout);
        var verified = rows.RootElement.EnumerateArray().ToDictionary(e => e.GetProperty("variant").GetString()!, e => e.GetProperty("vhdlVerified").GetBoolean());
        Assert.True(verified["three"]);
        Assert.False(verified["one"]);
    }

    /// <summary>Needs Hdl.Vhdl's generator.</summary>
    [Fact]
    public void VhdlReplacesOldFilesInTheFolder()
    {
        using var repo = new ScratchRepository();
        var folder = Path.Combine(repo.Root, "out");
        Directory.CreateDirectory(folder);
        File.WriteAllText(Path.Combine(folder, "stale_entity.vhd"), "-- from an older design\n");
        File.WriteAllText(Path.Combine(folder, "keep.txt"), "not VHDL\n");
        var r = CliRunner.Run(["vhdl", "--core", "word", "--variant", "one", "--out", "out"],
            workingDirectory: repo.Root, cores: WordPipelineVariant.Families());
        Assert.True(r.ExitCode == 0, $"exit {r.ExitCode}: {r.Stderr}");
        Assert.False(File.Exists(Path.Combine(folder, "stale_entity.vhd")));
        Assert.True(File.Exists(Path.Combine(folder, "keep.txt")));
        Assert.NotEmpty(Directory.GetFiles(folder, "*.vhd"));
        Assert.Empty(Directory.GetDirectories(repo.Root, ".*staging*"));
    }

    [Fact]
    public void FailedGenerationLeavesTheOldFilesInPlace()
    {
        using var repo = new ScratchRepository();
        var folder = Path.Combine(repo.Root, "out");
        Directory.CreateDirectory(folder);
        File.WriteAllText(Path.Combine(folder, "old.vhd"), "-- previous output\n");
        var cores = new CoreFamilies([new CoreFamily("bad", [new UnbuildableVariant()], _ => throw new NotSupportedException())]);
        var r = CliRunner.Run(["vhdl", "--core", "bad", "--variant", "x", "--out", "out"], workingDirectory: repo.Root, cores: cores);
        Assert.Equal(ExitCodes.Failure, r.ExitCode);
        Assert.Single(r.StderrLines);
        Assert.Equal("-- previous output\n", File.ReadAllText(Path.Combine(folder, "old.vhd")));
    }

    /// <summary>A variant whose design does not elaborate (an input bus nobody drives).</summary>
    sealed class UnbuildableVariant : Crypto.Streams.ICoreVariant
    {
        public string Core => "bad";
        public string Variant => "x";
        public string Description => "a design with an undriven input";
        public int BlockBytes => 4;
        public Crypto.Streams.KnownAnswerResult KnownAnswer() => throw new NotSupportedException();
        public Hdl.Design BuildDesign()
        {
            var d = new Hdl.Design("bad_x");
            var stage = d.Add(new WordIncrementStage { Input = Hdl.Bus.Create<IWordStream>(), Advance = Hdl.Bus.Create<Crypto.Streams.IReady>() });
            d.Output(stage.Output, "out");
            return d;
        }
        public Crypto.Streams.Measurement Measure(int blocks = 64) => throw new NotSupportedException();
        public Crypto.Streams.TracedRun RunTraced(int blocks, Crypto.Streams.StreamOptions options) => throw new NotSupportedException();
        public Crypto.Streams.ResetRun RunAcrossReset(int blocks, Crypto.Streams.StreamOptions options, long cutAfterCycles, Action<Hdl.Simulation> reset) =>
            throw new NotSupportedException();
    }
}
