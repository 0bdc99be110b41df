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
        Assert.Equal("yes", cells[20]); // 34 LUTs fit the Zedboard's XC7Z020
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

    [Theory]
    [InlineData(53200, 0, 106400, 140, 220, "yes")] // every resource exactly full
    [InlineData(184310, 0, 301282, 0, 0, "no: LUT 3.46x")] // sha384 proc80: LUTs are the worst, FFs 2.83x
    [InlineData(50000, 4000, 1000, 0, 0, "no: LUT 1.02x")] // LUT-RAM takes LUTs too: 54000 of 53200
    [InlineData(1000, 0, 1000, 150, 0, "no: BRAM36 1.07x")]
    [InlineData(1000, 0, 1000, 0, 231, "no: DSP 1.05x")]
    public void FitsZynq7020NamesTheMostOverUsedResource(int lut, int lutRam, int ff, double bram36, int dsp, string expected)
    {
        var resources = new Hdl.Vhdl.Tools.XilinxResources(lut, lutRam, 0, ff, 0, 0, 0, bram36, dsp, 0, new Dictionary<string, int>());
        Assert.Equal(expected, ReportCommand.FitsZynq7020(resources));
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
        Assert.Equal("-", cells[20]);
        Assert.Contains("not synthesized in this run", md);
    }
}
