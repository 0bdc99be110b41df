using System.Globalization;
using System.Text;
using Crypto.Aes;
using Crypto.Catalog;
using Crypto.Streams;
using Hdl.Vhdl.Tools;
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
        // A 32-bit word per block: the core's MB/s is the f_max estimate times 4 bytes per clock (both rounded for print).
        Assert.InRange(double.Parse(cells[16], CultureInfo.InvariantCulture), 4 * double.Parse(cells[15], CultureInfo.InvariantCulture) - 1,
            4 * double.Parse(cells[15], CultureInfo.InvariantCulture) + 1);
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
        Assert.Contains(r.StderrLines, l => l.Contains("word-one: no cached synthesis result: its synthesis columns say so (run ./sme-crypto synth --core word --variant one)", StringComparison.Ordinal));
        var md = File.ReadAllText(Path.Combine(repo.Root, "results", ReportCommand.ResultsFile));
        var cells = Assert.Single(md.Split('\n'), l => l.StartsWith("| word | one |", StringComparison.Ordinal)).Split('|').Select(c => c.Trim()).ToArray();
        Assert.Equal("1.00", cells[3]);
        Assert.Equal("-", cells[8]);
        Assert.Equal("-", cells[15]);
        Assert.Equal("-", cells[20]);
        Assert.Contains($"{ReportCommand.NotSynthesized} (", md);
    }

    static SynthFigures Figures(ICoreVariant v, int lut, int ff, double weightedDepth, int levels, string from, string to) => new(v.Core, v.Variant, "sha", "flow",
        new XilinxResources(lut, 0, 0, ff, 0, 0, 0, 0, 0, 0, new Dictionary<string, int>()),
        new LogicDepth(levels, levels, weightedDepth, new Dictionary<string, int>(), 0, from, to), 1, 1);

    static string[] Cells(string md, string start) =>
        [.. Assert.Single(md.Split('\n'), l => l.StartsWith(start, StringComparison.Ordinal)).Split('|').Select(c => c.Trim())];

    /// <summary>
    /// The anchors' table and the AES table: the typed-in figures with their source, our AES-128 build
    /// with its MB/s per kLUT and ratio to the 2021 11-stage pipeline worked out by hand, and a build
    /// without synthesis saying so.
    /// </summary>
    [Fact]
    public void AesTablePutsOurBuildsBesideTheAnchorsAndThe2021Figure()
    {
        var model = new FmaxModel(1.0, 0.3, "test", []);
        var proc11 = CoreRegistry.Find("aes", "proc11", "128");
        var proc22 = CoreRegistry.Find("aes", "proc22", "128");
        var pipelineClocks = new Measurement(1.0, 11, 100, 64);
        ReportRow[] rows =
        [
            ReportCommand.Row(proc11, pipelineClocks, null, true, model, Figures(proc11, 8000, 3300, 12, 8, "in_KeyHigh[57]", "u_key_scheduler.n1_q[0]")),
            ReportCommand.Row(proc22, new Measurement(1.0, 21, 100, 64), null, true, model, null),
        ];
        var s = new StringBuilder();
        ReportCommand.AesBesideAnchors(s, rows, model);
        var md = s.ToString();
        Assert.Contains(SameFlowAnchors.Source, md);
        // tiny_aes: 3 levels, 1000 / (1 + 0.9) = 526 MHz, x 16 bytes = 8421 MB/s over 15.104 kLUT = 557.5.
        var tiny = Cells(md, "| tiny_aes aes_128 | freecores/tiny_aes faf2afb (OpenCores) |");
        Assert.Equal(["15104", "6576", "3", "526", "8421", "557.5"], tiny[5..11]);
        var miner = Cells(md, "| 64-stage SHA-256 sha256_transform |");
        Assert.Equal(["32240", "21344 + 3,360 SRL", "18"], miner[5..8]);
        // The 2021 figure: 208 MHz x 16 / 2 clocks / 15.659 kLUT = 106.3 MB/s per kLUT.
        var reference = Cells(md, "| 2021 SME 11-stage (round per stage) (Vivado) |");
        Assert.Equal(["15659", "4383", "0", "-", "-", "208", "106.3", "1.00"], reference[4..12]);
        Assert.Equal(["4605", "2476", "0", "13", "-", "≤ 204 est.", "≤ 13.4", "≤ 0.13"], Cells(md, "| secworks aes_core (same flow) |")[4..12]);
        // Ours: 1000 / (1 + 0.3 x 12) = 217.4 MHz x 16 / 1 clock / 8 kLUT = 434.8 MB/s per kLUT, 4.09x the 2021 figure.
        var ours = Cells(md, "| aes128-proc11 |");
        Assert.Equal(["128", "1.00", "8000", "3300", "0", "8", "`in_KeyHigh[57]` → `u_key_scheduler.n1_q[0]`", "217.4 est.", "434.8", "4.09"], ours[2..12]);
        Assert.Equal(["128", "1.00", ReportCommand.NotSynthesized], Cells(md, "| aes128-proc22 |")[2..5]);
        Assert.Contains("Of 2 AES pipeline builds, 1 have a synthesis of their current VHDL: 1 meet it; not known yet for aes128-proc22.", md);
    }

    /// <summary>
    /// The table against the figures cached before the back-end work: 55 typed-in builds, each one of
    /// the registry's all-key builds; a build at its figure, one below, one above (marked), one whose
    /// old figure was of a misread netlist (compared with its correct reading), one without synthesis.
    /// </summary>
    [Fact]
    public void BackEndBaselineSaysWhereEachBuildFellOrRose()
    {
        Assert.Equal(55, BackEndBaseline.Rows.Count);
        foreach (var b in BackEndBaseline.Rows) Assert.NotNull(CoreRegistry.Find(b.Core, b.Variant, "all"));
        var model = new FmaxModel(1.0, 0.3, "test", []);
        var clocks = new Measurement(1.0, 11, 100, 64);
        ReportRow Built(string core, string variant, int lut, int ff)
        {
            var v = CoreRegistry.Find(core, variant, "all");
            return ReportCommand.Row(v, clocks, null, true, model, Figures(v, lut, ff, 3, 3, "a", "b"));
        }
        ReportRow[] rows =
        [
            Built("aes", "proc11", 31809, 6864),     // the cached figures themselves
            Built("aes", "bram11", 5127, 6865),      // LUT fell, FF one above
            Built("chacha20", "proc10", 18646, 15644), // below the correct reading, above the misread 15,504
            ReportCommand.Row(CoreRegistry.Find("aes", "iterative", "all"), clocks, null, true, model, null),
        ];
        var s = new StringBuilder();
        BackEndBaseline.Markdown(s, [.. rows]);
        var md = s.ToString();
        Assert.Equal(["31809 → 31809", "6864 → 6864", "same", "same"], Cells(md, "| `aes-proc11` |")[2..6]);
        Assert.Equal(["9854 → 5127", "6864 → 6865", "fell", "**rose**"], Cells(md, "| `aes-bram11` |")[2..6]);
        Assert.Equal(["19829* (19937) → 18646", "15504* (15996) → 15644", "fell", "fell"], Cells(md, "| `chacha20-proc10` |")[2..6]);
        Assert.Equal(["8071 → -", "3399 → -", "-", "-"], Cells(md, "| `aes-iterative` |")[2..6]);
        Assert.Contains("LUT fell in 2 of 55 builds, FF in 1; 1 rose in LUT or FF; 52 have no synthesis figures now.", md);
    }

    /// <summary>
    /// The AEAD builds' rows: the core label names the key-size build (aes-gcm, aes128-gcm, also for a variant with a dash),
    /// and the MB/s figures use 16-byte blocks for AES-GCM and 64-byte data words for ChaCha20-Poly1305.
    /// </summary>
    [Fact]
    public void AeadRowsNameTheirBuildAndBlockSize()
    {
        var model = new FmaxModel(1.0, 0.3, "test", []);
        var gcm = CoreRegistry.Find("aes-gcm", "proc11-otf", "all");
        var gcm128 = CoreRegistry.Find("aes-gcm", "proc11", "128");
        var chachaPoly = CoreRegistry.Find("chacha20-poly1305", "proc10");
        // 1000 / (1 + 0.3 x 9) = 270.27 MHz: x 16 bytes / 1 clock = 4324 MB/s; x 64 bytes / 4 clocks = 4324 MB/s.
        var otf = ReportCommand.Row(gcm, new Measurement(1.0, 17, 100, 64), null, true, model, Figures(gcm, 20000, 11000, 9, 9, "a", "b"));
        var poly = ReportCommand.Row(chachaPoly, new Measurement(4.0, 16, 300, 64), null, true, model, Figures(chachaPoly, 9000, 5000, 9, 9, "a", "b"));
        var aes128 = ReportCommand.Row(gcm128, new Measurement(1.0, 14, 100, 64), null, true, model, null);
        Assert.Equal(("aes-gcm", "proc11-otf", "aes-proc11-otf-gcm", 16), (otf.CoreLabel, otf.Variant, otf.Build, otf.BlockBytes));
        Assert.Equal(("aes128-gcm", "proc11", "128"), (aes128.CoreLabel, aes128.Variant, aes128.KeyBits));
        Assert.Equal(("chacha20-poly1305", 64), (poly.CoreLabel, poly.BlockBytes));
        Assert.Equal(4324, otf.CoreMBps!.Value, 0);
        Assert.Equal(4324, poly.CoreMBps!.Value, 0);
    }

    /// <summary>
    /// <c>report --cached-synth</c> with AES builds for all key sizes and their AES-128 builds: each row
    /// names its build, the AES table lists them as not synthesized, and the 2021 AES-128 core is paired
    /// with the AES-128 build.
    /// </summary>
    [Fact]
    public void Aes128BuildsAreNamedInEveryTable()
    {
        using var repo = new ScratchRepository();
        var cores = new CoreFamilies([new CoreFamily("aes", [.. new[] { "iterative", "proc11" }.SelectMany(v => new[] { CoreRegistry.Find("aes", v, "all"), CoreRegistry.Find("aes", v, "128") })],
            AesKnownAnswers.Fips197AppendixC)]);
        var r = CliRunner.Run(["report", "--cached-synth", "--out", "results"], workingDirectory: repo.Root, cores: cores);
        Assert.True(r.ExitCode == 0, $"exit {r.ExitCode}: {r.Stderr}");
        Assert.Contains(r.StderrLines, l => l.EndsWith("aes128-proc11: no cached synthesis result: its synthesis columns say so " +
            "(run ./sme-crypto synth --core aes --variant proc11 --key-bits 128)", StringComparison.Ordinal));
        var md = File.ReadAllText(Path.Combine(repo.Root, "results", ReportCommand.ResultsFile));
        Assert.Equal("10.00", Cells(md, "| aes | iterative |")[3]);
        Assert.Equal("10.00", Cells(md, "| aes128 | iterative |")[3]);
        Assert.Equal(["128, 192, 256", "10.00", ReportCommand.NotSynthesized], Cells(md, "| aes-iterative |")[2..5]);
        Assert.Equal(["128", "10.00", ReportCommand.NotSynthesized], Cells(md, "| aes128-iterative |")[2..5]);
        Assert.Contains("(`report --cached-synth` uses only cached results; ", md);
        Assert.Contains("several machines): aes-iterative, aes128-iterative, aes-proc11, aes128-proc11.", md);
        // The 2021 side-by-side table pairs the 2021 AES-128 cores with the AES-128 build.
        Assert.Contains("| aes | 11-stage (round per stage) | aes128-proc11 | 208 → - | 2 → 1.00 |", md);
        Assert.Contains("Of 2 AES pipeline builds, 0 have a synthesis of their current VHDL: 0 meet it; not known yet for aes128-proc11, aes-proc11.", md);
    }
}
