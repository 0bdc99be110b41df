using Xunit;

namespace Crypto.Cli.Tests;

/// <summary><c>report --quick</c> end to end on the small test core, into a temporary folder.</summary>
public class ReportTests
{
    sealed class ScratchRepository : IDisposable
    {
        public string Root { get; } = Directory.CreateTempSubdirectory("cli-tests-repo-").FullName;
        public ScratchRepository() => File.WriteAllText(Path.Combine(Root, "Crypto.sln"), "");
        public void Dispose() => Directory.Delete(Root, true);
    }

    [Fact]
    public void QuickReportWritesTheTablesAndThreePlots()
    {
        using var repo = new ScratchRepository();
        var cores = WordPipelineVariant.Families();
        var r = CliRunner.Run(["report", "--quick", "--out", "results"], workingDirectory: repo.Root, cores: cores);
        Assert.True(r.ExitCode == 0, $"exit {r.ExitCode}: {r.Stderr}");
        Assert.Empty(r.Stdout);
        // Progress on stderr: the quick sample is the first variant of the one core.
        Assert.Contains(r.StderrLines, l => l.StartsWith("report: [1/1] word-one: measuring in simulation", StringComparison.Ordinal));
        Assert.DoesNotContain(r.StderrLines, l => l.Contains("word-three", StringComparison.Ordinal));

        var dir = Path.Combine(repo.Root, "results");
        var md = File.ReadAllText(Path.Combine(dir, ReportCommand.ResultsFile));
        var row = Assert.Single(md.Split('\n'), l => l.StartsWith("| word | one |", StringComparison.Ordinal));
        var cells = row.Split('|').Select(c => c.Trim()).ToArray();
        // Measured: a one-stage pipeline at full speed takes a block per clock; nothing verified in a scratch repository.
        Assert.Equal("1.00", cells[3]);
        Assert.Equal("-", cells[4]);
        Assert.Equal(cells[5], cells[6]); // stages = latency / 1 clock per block
        Assert.Equal("no", cells[7]);
        Assert.Equal("34", cells[9]);
        // The test core has no block size: no throughput.
        Assert.Equal("-", cells[16]);
        Assert.Contains("| aes | 11-stage (round per stage) | 208 | 2 | 1663 | 15659 | 4383 | 0 |", md);
        Assert.Contains(References2021.Source, md);
        Assert.Contains("**Quick run", md);
        Assert.Contains("ESTIMATE", md);
        foreach (var plot in new[] { ReportCommand.PlotThroughput, ReportCommand.PlotClocks, ReportCommand.PlotDepth })
        {
            var svg = File.ReadAllText(Path.Combine(dir, plot));
            Assert.Contains("<svg", svg);
            Assert.Contains("</svg>", svg);
            Assert.Contains($"({plot})", md);
        }
    }

    [Fact]
    public void CachedSynthOnlyLeavesUnsynthesizedVariantsBlank()
    {
        using var repo = new ScratchRepository();
        var r = CliRunner.Run(["report", "--quick", "--cached-synth", "--out", "results"], workingDirectory: repo.Root, cores: WordPipelineVariant.Families());
        Assert.True(r.ExitCode == 0, $"exit {r.ExitCode}: {r.Stderr}");
        Assert.Contains(r.StderrLines, l => l.Contains("word-one: no cached synthesis result: left out", StringComparison.Ordinal));
        var md = File.ReadAllText(Path.Combine(repo.Root, "results", ReportCommand.ResultsFile));
        var cells = Assert.Single(md.Split('\n'), l => l.StartsWith("| word | one |", StringComparison.Ordinal)).Split('|').Select(c => c.Trim()).ToArray();
        Assert.Equal("1.00", cells[3]);
        Assert.Equal("-", cells[8]);
        Assert.Equal("-", cells[15]);
        Assert.Contains("not synthesized in this run", md);
    }
}
