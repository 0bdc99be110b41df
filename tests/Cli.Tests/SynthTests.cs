using System.Diagnostics;
using System.Text.Json;
using Hdl.Vhdl.Tools;
using Xunit;

namespace Crypto.Cli.Tests;

/// <summary>
/// The yosys netlist reading (resources, logic depth) on hand-made netlists whose answers are worked
/// out by hand, and <c>synth</c> end to end on the small test core.
/// </summary>
public class SynthTests
{
    sealed class ScratchRepository : IDisposable
    {
        public string Root { get; } = Directory.CreateTempSubdirectory("cli-tests-repo-").FullName;
        public ScratchRepository() => File.WriteAllText(Path.Combine(Root, "Crypto.sln"), "");
        public void Dispose() => Directory.Delete(Root, true);
    }

    static string Cell(string name, string type, params (string Port, string Direction, string Bits)[] ports) =>
        $"\"{name}\": {{ \"hide_name\": 1, \"type\": \"{type}\", \"parameters\": {{}}, \"attributes\": {{}}, " +
        $"\"port_directions\": {{ {string.Join(", ", ports.Select(p => $"\"{p.Port}\": \"{p.Direction}\""))} }}, " +
        $"\"connections\": {{ {string.Join(", ", ports.Select(p => $"\"{p.Port}\": [ {p.Bits} ]"))} }} }}";

    static (string, string, string) In(string port, string bits) => (port, "input", bits);
    static (string, string, string) Out(string port, string bits) => (port, "output", bits);

    static string Netlist(params string[] cells) => NamedNetlist("", cells);

    /// <summary>A netlist whose "netnames" object holds <paramref name="netNames"/> (JSON members).</summary>
    static string NamedNetlist(string netNames, params string[] cells) =>
        "{ \"creator\": \"Yosys 0.23 (git sha1 7ce5011c24b)\", \"modules\": { " +
        "\"LUT1\": { \"attributes\": { \"blackbox\": \"1\" }, \"ports\": {}, \"cells\": {} }, " +
        "\"top\": { \"attributes\": { \"top\": \"1\" }, \"ports\": { \"clk\": { \"direction\": \"input\", \"bits\": [ 1 ] } }, " +
        $"\"cells\": {{ {string.Join(", ", cells)} }}, \"netnames\": {{ {netNames} }} }} }} }}";

    static string FlipFlop(string name, string d, string q) =>
        Cell(name, "FDRE", In("C", "9"), In("CE", "\"1\""), In("D", d), In("R", "\"0\""), Out("Q", q));

    /// <summary>
    /// Two register-to-register paths: FF → LUT6 → MUXF7 → MUXF8 → FF (1 LUT, 3 cells, weight
    /// 1 + 0.35 + 0.35 = 1.7) and FF → INV → LUT2 → CARRY4 → CARRY4 → LUT1 → FF (the
    /// inverter 0; 2 LUTs, 4 cells, weight 1 + 0.25 + 0.25 + 1 = 2.5).
    /// </summary>
    static readonly string[] twoPathCells =
    [
        FlipFlop("ff1", "36", "10"),
        Cell("lut_a", "LUT6", In("I0", "10"), In("I1", "2"), In("I2", "3"), In("I3", "4"), In("I4", "5"), In("I5", "6"), Out("O", "11")),
        Cell("lut_b", "LUT6", In("I0", "2"), In("I1", "3"), In("I2", "4"), In("I3", "5"), In("I4", "6"), In("I5", "7"), Out("O", "12")),
        Cell("mux7", "MUXF7", In("I0", "11"), In("I1", "12"), In("S", "7"), Out("O", "13")),
        Cell("mux8", "MUXF8", In("I0", "13"), In("I1", "\"0\""), In("S", "8"), Out("O", "14")),
        FlipFlop("ff2", "14", "15"),
        Cell("inv", "INV", In("I", "15"), Out("O", "16")),
        Cell("lut_c", "LUT2", In("I0", "16"), In("I1", "3"), Out("O", "17")),
        Cell("carry0", "CARRY4", In("CI", "\"0\""), In("CYINIT", "\"0\""), In("DI", "17, \"0\", \"0\", \"0\""), In("S", "17, 3, 4, 5"),
            Out("O", "20, 21, 22, 23"), Out("CO", "24, 25, 26, 27")),
        Cell("carry1", "CARRY4", In("CI", "27"), In("CYINIT", "\"0\""), In("DI", "\"0\", \"0\", \"0\", \"0\""), In("S", "3, 3, 3, 3"),
            Out("O", "28, 29, 30, 31"), Out("CO", "32, 33, 34, 35")),
        Cell("lut_d", "LUT1", In("I0", "31"), Out("O", "36")),
        FlipFlop("ff3", "36", "37"),
        Cell("bram", "RAMB18E1", In("ADDRARDADDR", "37"), Out("DOADO", "38")),
        Cell("clkbuf", "BUFG", In("I", "1"), Out("O", "9")),
    ];

    static readonly string twoPaths = Netlist(twoPathCells);

    [Fact]
    public void ResourcesAreCountedByCellType()
    {
        var (r, _) = XilinxNetlist.Analyse(twoPaths, "top");
        Assert.Equal(4, r.Lut);
        Assert.Equal(3, r.Ff);
        Assert.Equal(2, r.Carry4);
        Assert.Equal(1, r.MuxF7);
        Assert.Equal(1, r.MuxF8);
        Assert.Equal(0.5, r.Bram36);
        Assert.Equal(1, r.Inv);
        Assert.Equal(0, r.Dsp);
        Assert.Equal(0, r.LutRam);
        Assert.Equal(2, r.CellTypes["LUT6"]);
        Assert.Equal(1, r.CellTypes["BUFG"]);
    }

    [Fact]
    public void DepthFollowsTheLongestRegisterToRegisterPath()
    {
        var (_, d) = XilinxNetlist.Analyse(twoPaths, "top");
        Assert.Equal(2, d.LutLevels);
        Assert.Equal(4, d.CellLevels);
        Assert.Equal(2.5, d.WeightedDepth, 6);
        Assert.Equal(new Dictionary<string, int> { ["CARRY4"] = 2, ["INV"] = 1, ["LUT1"] = 1, ["LUT2"] = 1 }, d.CriticalPath);
        Assert.Equal(0, d.LoopCells);
    }

    /// <summary>The register outputs named as GHDL's flattened netlist names them; a hidden alias is passed over.</summary>
    static readonly string twoPathsNamed = NamedNetlist(
        "\"u_front.key_q\": { \"hide_name\": 0, \"bits\": [ 10 ] }, " +
        "\"$auto$alias\": { \"hide_name\": 1, \"bits\": [ 15 ] }, " +
        "\"u_stage.state_q\": { \"hide_name\": 0, \"bits\": [ 99, 15 ] }, " +
        "\"u_back.result_q\": { \"hide_name\": 0, \"bits\": [ 37 ] }",
        twoPathCells);

    [Fact]
    public void TheCriticalPathIsNamedByTheRegistersItJoins()
    {
        // The carry path starts at ff2's output (bit 15, bit 1 of u_stage.state_q) and ends in ff1 and
        // ff3 (both take bit 36): the first of them in the netlist, ff1, names it by its output.
        var (_, d) = XilinxNetlist.Analyse(twoPathsNamed, "top");
        Assert.Equal("u_stage.state_q[1]", d.PathFrom);
        Assert.Equal("u_front.key_q", d.PathTo);
        // With heavy muxes the critical path is ff1 → LUT6 → MUXF7 → MUXF8 → ff2.
        var (_, m) = XilinxNetlist.Analyse(twoPathsNamed, "top", new PathWeights(MuxF7: 1.0, MuxF8: 1.0));
        Assert.Equal("u_front.key_q", m.PathFrom);
        Assert.Equal("u_stage.state_q[1]", m.PathTo);
        // Without net names the path is still found, just not named.
        var (_, n) = XilinxNetlist.Analyse(twoPaths, "top");
        Assert.Null(n.PathFrom);
    }

    [Fact]
    public void TheDeepestPathIntoEachInstanceShowsTiesThePathNamesNot()
    {
        // The carry path (2.5) ends in ff1 (u_front) and in ff3 (u_back), the mux path (1.7) in ff2
        // (u_stage); the critical path names only ff1, the map says u_back is as deep.
        var (_, d) = XilinxNetlist.Analyse(twoPathsNamed, "top");
        Assert.Equal([("u_back", 2.5), ("u_front", 2.5), ("u_stage", 1.7)],
            d.DeepestByInstance!.Select(p => (p.Key, p.Value)).ToArray());
        var (_, m) = XilinxNetlist.Analyse(twoPathsNamed, "top", new PathWeights(MuxF7: 1.0, MuxF8: 1.0));
        Assert.Equal(3.0, m.DeepestByInstance!["u_stage"], 6);
    }

    [Fact]
    public void MuxesOutweighACarryChainWhenTheyAreLonger()
    {
        // Heavier muxes make the first path the critical one: 1 + 2 x 1.0 = 3.0 against 2 + 2 x 0.25 = 2.5.
        var (_, d) = XilinxNetlist.Analyse(twoPaths, "top", new PathWeights(MuxF7: 1.0, MuxF8: 1.0));
        Assert.Equal(3.0, d.WeightedDepth, 6);
        Assert.Equal(new Dictionary<string, int> { ["LUT6"] = 1, ["MUXF7"] = 1, ["MUXF8"] = 1 }, d.CriticalPath);
        Assert.Equal(2, d.LutLevels);
    }

    [Fact]
    public void CombinationalLoopsAreCountedAndLeftOut()
    {
        var json = Netlist(
            Cell("a", "LUT2", In("I0", "2"), In("I1", "11"), Out("O", "10")),
            Cell("b", "LUT2", In("I0", "10"), In("I1", "3"), Out("O", "11")),
            Cell("c", "LUT1", In("I0", "2"), Out("O", "12")));
        var (_, d) = XilinxNetlist.Analyse(json, "top");
        Assert.Equal(2, d.LoopCells);
        Assert.Equal(1, d.LutLevels);
    }

    /// <summary>
    /// A LUT RAM read, modified and written back in one clock (a slot's chaining value in a hash back
    /// end): FF → RAM128X1S (address to read data) → LUT2 → the RAM's D. The write data is taken at the
    /// clock edge, so that is no loop: one path of weight 1.5 + 1 that ends at the RAM's write port.
    /// </summary>
    [Fact]
    public void ALutRamWritePortEndsAPathAndItsCellsCountInLuts()
    {
        var json = Netlist(
            FlipFlop("address", "50", "51"),
            Cell("ram", "RAM128X1S", In("A0", "51"), In("A1", "51"), In("D", "53"), In("WE", "52"), In("WCLK", "9"), Out("O", "54")),
            Cell("add", "LUT2", In("I0", "54"), In("I1", "55"), Out("O", "53")),
            Cell("ram_m", "RAM32M", In("ADDRA", "51, 51"), In("ADDRD", "51, 51"), In("DIA", "53, 53"), In("WE", "52"), In("WCLK", "9"),
                Out("DOA", "56, 57")),
            Cell("clkbuf", "BUFG", In("I", "1"), Out("O", "9")));
        var (r, d) = XilinxNetlist.Analyse(json, "top");
        Assert.Equal(0, d.LoopCells);
        Assert.Equal(2.5, d.WeightedDepth, 6);
        Assert.Equal(1, d.LutLevels);
        Assert.Equal(2, d.CellLevels);
        Assert.Equal(new Dictionary<string, int> { ["LUT2"] = 1, ["RAM128X1S"] = 1 }, d.CriticalPath);
        Assert.Equal(1, r.Lut);
        Assert.Equal(2 + 4, r.LutRam);
    }

    [Fact]
    public void AMissingModuleOrDirectionIsAFormatError()
    {
        Assert.Contains("no module 'other'", Assert.Throws<FormatException>(() => XilinxNetlist.Analyse(twoPaths, "other")).Message);
        var noDirection = twoPaths.Replace("\"port_directions\": { \"I0\": \"input\", \"O\": \"output\" }", "\"port_directions\": { \"O\": \"output\" }");
        Assert.NotEqual(twoPaths, noDirection);
        Assert.Contains("no direction for port I0", Assert.Throws<FormatException>(() => XilinxNetlist.Analyse(noDirection, "top")).Message);
    }

    [Fact]
    public void UnknownVariantIsAUsageError()
    {
        var r = CliRunner.Run(["synth", "--core", "word", "--variant", "nine"], cores: WordPipelineVariant.Families());
        Assert.Equal(ExitCodes.Usage, r.ExitCode);
        Assert.Equal("sme-crypto: unknown word variant 'nine'; known variants: one, three", Assert.Single(r.StderrLines));
        Assert.Empty(r.Stdout);
    }

    /// <summary>A real synthesis of the one-stage test core through GHDL and yosys.</summary>
    [Fact]
    public void SynthesizesTheTestCoreAndCachesTheResult()
    {
        using var repo = new ScratchRepository();
        var cores = WordPipelineVariant.Families();
        var r = CliRunner.Run(["synth", "--core", "word", "--variant", "one", "--json"], workingDirectory: repo.Root, cores: cores);
        Assert.True(r.ExitCode == 0, $"exit {r.ExitCode}: {r.Stderr}");
        using var doc = JsonDocument.Parse(r.Stdout);
        var synth = doc.RootElement.GetProperty("synthesis");
        var resources = synth.GetProperty("resources");
        // One registered stage: the 32-bit word, valid and last.
        Assert.Equal(34, resources.GetProperty("ff").GetInt32());
        // Word + 1 is a 32-bit carry chain of 8 CARRY4 cells.
        Assert.Equal(8, resources.GetProperty("carry4").GetInt32());
        var depth = synth.GetProperty("depth");
        double weighted = depth.GetProperty("weightedDepth").GetDouble();
        Assert.InRange(depth.GetProperty("lutLevels").GetInt32(), 1, 4);
        Assert.True(weighted >= 8 * PathWeights.Default.Carry4, $"weighted depth {weighted} is shorter than the carry chain");
        // No calibration file in the scratch repository: the assumed model.
        Assert.Equal(Math.Round(FmaxModel.Assumed.EstimateMHz(weighted), 2), doc.RootElement.GetProperty("fmaxEstimateMHz").GetDouble());
        Assert.False(doc.RootElement.GetProperty("cached").GetBoolean());

        var again = CliRunner.Run(["synth", "--core", "word", "--variant", "one"], workingDirectory: repo.Root, cores: cores);
        Assert.True(again.ExitCode == 0, again.Stderr);
        var lines = again.StdoutText.Split('\n');
        Assert.Equal("word-one: yosys synth_xilinx, 7-series (Zynq-7020), cached result", lines[0]);
        Assert.Contains(lines, l => l.StartsWith("  FF             34", StringComparison.Ordinal));
        Assert.Contains(lines, l => l.StartsWith("  f_max ESTIMATE ", StringComparison.Ordinal));
        Assert.DoesNotContain(lines, l => l.Contains("latches", StringComparison.Ordinal));
    }

    /// <summary>yosys missing from PATH: one line on stderr, exit 2, nothing on stdout (a separate process with its own PATH).</summary>
    [Fact]
    public async Task MissingYosysIsOneLineAndExitTwo()
    {
        string? Find(string program) => (Environment.GetEnvironmentVariable("PATH") ?? "").Split(':')
            .Select(d => Path.Combine(d, program)).FirstOrDefault(File.Exists);
        var dotnet = Find("dotnet");
        var ghdl = Find("ghdl");
        Assert.True(dotnet is not null && ghdl is not null, "dotnet and ghdl must be on PATH for this test");
        var bin = Directory.CreateTempSubdirectory("cli-tests-path-").FullName;
        try
        {
            File.CreateSymbolicLink(Path.Combine(bin, "ghdl"), ghdl!);
            var psi = new ProcessStartInfo(dotnet!) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
            psi.ArgumentList.Add(typeof(CliApp).Assembly.Location);
            foreach (var a in new[] { "synth", "--core", "aes", "--variant", "iterative" }) psi.ArgumentList.Add(a);
            psi.Environment["PATH"] = bin;
            psi.WorkingDirectory = Path.GetDirectoryName(typeof(CliApp).Assembly.Location)!;
            using var p = Process.Start(psi)!;
            var stdout = p.StandardOutput.ReadToEndAsync(TestContext.Current.CancellationToken);
            var stderr = await p.StandardError.ReadToEndAsync(TestContext.Current.CancellationToken);
            await p.WaitForExitAsync(TestContext.Current.CancellationToken);
            Assert.Equal(ExitCodes.Usage, p.ExitCode);
            Assert.Equal("", await stdout);
            Assert.Equal("sme-crypto: yosys is not installed: run ./scripts/setup (or apt-get install yosys)", stderr.TrimEnd('\n'));
        }
        finally { Directory.Delete(bin, true); }
    }
}
