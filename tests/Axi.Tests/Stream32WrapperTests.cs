using Crypto.Axi;
using Crypto.Axi.Testbench;
using Crypto.Catalog;
using Hdl.Vhdl;
using Hdl.Vhdl.Tools;
using Xunit;

namespace Axi.Tests;

/// <summary>
/// The wrappers' 32-bit stream option (AxiWrapper.Build with 32: the wrapper with
/// AxiStreamBlockAssembler&lt;uint&gt; and AxiStreamBlockSerializer&lt;uint&gt; on its streams). Every wrapper at 32 bits would take too long here; a sample
/// of one wrapper per core (an iterative and a pipelined AES) runs the end-to-end scenario against the
/// oracle under gaps and back-pressure, one replays in GHDL, and the committed
/// vhdl-out/axi-*-w32/ folders must be what the generator writes. The converters alone are tested in
/// <see cref="StreamConverterTests"/> and <see cref="AssemblerTests"/>.
/// </summary>
public class Stream32WrapperTests
{
    /// <summary>The 32-bit wrappers whose VHDL is committed (verified by `./sme-crypto verify-axi --width 32`).</summary>
    static readonly (string Core, string Variant)[] Sample =
        [("aes", "proc11"), ("aes", "iterative"), ("md5", "proc4"), ("sha256", "proc4"), ("chacha20", "proc10")];

    public static TheoryData<string, string> Wrappers() => [.. Sample];

    static readonly string Root = Crypto.Catalog.CoreRegistry.FindRepositoryRoot(AppContext.BaseDirectory);

    /// <summary>Two seeds: moderate gaps and back-pressure, then heavy; clocks per 1 KiB packet at full speed against the 32-bit ideal.</summary>
    [Theory]
    [MemberData(nameof(Wrappers))]
    public void ScenarioPassesAt32Bits(string core, string variant)
    {
        var adapter = AxiCatalog.Find(core, variant);
        var failures = new List<string>();
        double cyclesPerPacket = 0;
        int keyBytes = 0;
        foreach (var options in new[]
        {
            new AxiScenarioOptions(Seed: 7, StreamBits: 32),
            new AxiScenarioOptions(Seed: 12, GapProbability: 0.6, StallProbability: 0.7, LiteDelayProbability: 0.5, MeasuredPackets: 2, StreamBits: 32),
        })
        {
            var r = AxiScenario.Run(adapter, options, trace: false);
            failures.AddRange(r.Failures.Select(f => $"{options}: {f}"));
            Assert.True(r.PacketsChecked >= 16, $"{options}: {r.PacketsChecked} packets checked");
            if (options.Seed == 7) (cyclesPerPacket, keyBytes) = (r.CyclesPerPacket, r.MeasuredKeyBytes);
        }
        Assert.True(failures.Count == 0, string.Join("\n", failures.Take(10)));
        double ideal = AxiWrapper.IdealCyclesPerPacket(adapter, AxiScenario.MeasuredPacketBytes, keyBytes, 32);
        TestContext.Current.SendDiagnosticMessage($"{core} {variant} w32: {cyclesPerPacket} cycles per {AxiScenario.MeasuredPacketBytes}-byte packet, ideal {ideal}");
        // At least the 4-byte stream limit: 256 clocks per KiB.
        Assert.True(ideal >= AxiScenario.MeasuredPacketBytes / 4);
        Assert.InRange(cyclesPerPacket, Math.Floor(ideal * 0.98), ideal * 1.25 + 16);
    }

    [Fact]
    public void ScenarioReplaysInGhdlAt32Bits()
    {
        var r = AxiScenario.Run(AxiCatalog.Find("aes", "proc11"), new AxiScenarioOptions(Seed: 11, MeasuredPackets: 2, StreamBits: 32), trace: true);
        Assert.True(r.Passed, string.Join("\n", r.Failures));
        var dir = Path.Combine(Path.GetTempPath(), "axi-tests", $"cosim-w32-{Environment.ProcessId}");
        var cosim = CoSimulation.Run(r.Bench.Simulation.Netlist, r.Bench.Trace!, dir);
        Assert.True(cosim.Passed, $"GHDL disagrees:\n{string.Join("\n", cosim.Mismatches)}\n{Ghdl.Tail(cosim.Log, 30)}");
        Assert.Equal(r.Bench.Trace!.Rows, cosim.CyclesCompared);
        Directory.Delete(dir, true);
    }

    /// <summary>The 32-bit wrapper's top and shell: 32-bit TDATA and 4-bit TKEEP ports, distinct names, the converters inside.</summary>
    [Fact]
    public void The32BitWrapperHasItsOwnNamesAnd32BitPorts()
    {
        var adapter = AxiCatalog.Find("md5", "proc4");
        Assert.Equal("axi_md5_proc4_w32", AxiWrapper.DesignName(adapter, 32));
        Assert.Equal("axi_md5_proc4_w32_ip", AxiShell.EntityName(adapter, 32));
        Assert.Equal(Path.Combine("vhdl-out", "axi-md5-proc4-w32"), AxiCatalog.VhdlFolder(adapter, 32));
        Assert.Equal(Path.Combine("vhdl-out", "axi-md5-proc4"), AxiCatalog.VhdlFolder(adapter));
        var files = AxiShell.GenerateAll(adapter, 32);
        var shell = files.Single(f => f.FileName == "axi_md5_proc4_w32_ip.vhd").Content;
        Assert.Contains("s_axis_tdata : in std_logic_vector(31 downto 0)", shell);
        Assert.Contains("s_axis_tkeep : in std_logic_vector(3 downto 0)", shell);
        Assert.Contains("m_axis_tdata : out std_logic_vector(31 downto 0)", shell);
        Assert.Contains("m_axis_tkeep : out std_logic_vector(3 downto 0)", shell);
        Assert.Contains("entity work.axi_md5_proc4_w32", shell);
        // The converters of 32-bit beats, and none of 64-bit ones; the 64-bit wrapper the other way round.
        static string[] Converters(IEnumerable<VhdlSource> files) =>
            [.. files.Select(f => f.FileName).Where(n => n.StartsWith("AxiStream", StringComparison.Ordinal)).Order(StringComparer.Ordinal)];
        Assert.Equal(["AxiStreamBlockAssembler_UInt32.vhd", "AxiStreamBlockSerializer_UInt32.vhd"], Converters(files));
        Assert.Equal(["AxiStreamBlockAssembler_UInt64.vhd", "AxiStreamBlockSerializer_UInt64.vhd"], Converters(AxiShell.GenerateAll(adapter)));
        Assert.Throws<ArgumentException>(() => AxiWrapper.Build(adapter, 48));
    }

    /// <summary>The shell's wiring at 32 bits, in GHDL against the generated top with random inputs (the 64-bit one is in <see cref="ShellTests"/>).</summary>
    [Fact]
    public void ShellWiringMatchesThe32BitTopInGhdl()
    {
        var adapter = AxiCatalog.Find("aes", "proc11");
        var netlist = AxiWrapper.Build(adapter, 32).Design.Elaborate();
        var top = VhdlGenerator.TopName(netlist);
        var files = AxiShell.GenerateAll(adapter, 32).Append(AxiShell.WiringTestbench(adapter, top, cycles: 600, streamBits: 32)).ToList();
        var dir = Path.Combine(Path.GetTempPath(), "axi-tests", $"shell-w32-{Environment.ProcessId}");
        if (Directory.Exists(dir)) Directory.Delete(dir, true);
        Directory.CreateDirectory(dir);
        VhdlSource.WriteAll(dir, files);
        Ghdl.Analyse(dir, files.Select(f => f.FileName));
        string tb = AxiShell.EntityName(adapter, 32) + "_tb";
        Ghdl.Elaborate(dir, tb);
        var run = Ghdl.Simulate(dir, tb, []);
        Assert.True(run.ExitCode == 0 && run.Output.Contains("shell wiring check passed"), Ghdl.Tail(run.Output, 20));
        Assert.DoesNotContain("differs", run.Output);
        Directory.Delete(dir, true);
    }

    [Theory]
    [MemberData(nameof(Wrappers))]
    public void VhdlOutHoldsThe32BitWrapperAndItsShell(string core, string variant)
    {
        var adapter = AxiCatalog.Find(core, variant);
        var folder = Path.Combine(Root, AxiCatalog.VhdlFolder(adapter, 32));
        Assert.True(Directory.Exists(folder), $"{folder} is missing: run ./sme-crypto verify-axi --core {core} --variant {variant} --width 32");
        var expected = AxiShell.GenerateAll(adapter, 32);
        var onDisk = Directory.GetFiles(folder, "*.vhd").Select(Path.GetFileName).Order(StringComparer.Ordinal).ToList();
        Assert.Equal(expected.Select(f => f.FileName).Order(StringComparer.Ordinal), onDisk);
        foreach (var f in expected)
            Assert.True(f.Content == File.ReadAllText(Path.Combine(folder, f.FileName)),
                $"{AxiCatalog.VhdlFolder(adapter, 32)}/{f.FileName} differs from the generator's output: run ./sme-crypto verify-axi --core {core} --variant {variant} --width 32 and commit");
        Assert.True(File.Exists(Path.Combine(folder, "verified.json")), $"{folder}/verified.json is missing: run ./sme-crypto verify-axi --width 32");
    }

    /// <summary>Every committed vhdl-out/axi-*-w32 folder is one of the sample (so none goes stale unchecked).</summary>
    [Fact]
    public void Every32BitFolderInVhdlOutIsChecked()
    {
        var folders = Directory.GetDirectories(Path.Combine(Root, "vhdl-out"), "axi-*-w32").Select(Path.GetFileName).Order(StringComparer.Ordinal);
        var sample = Sample.Select(s => Path.GetFileName(AxiCatalog.VhdlFolder(AxiCatalog.Find(s.Core, s.Variant), 32))).Order(StringComparer.Ordinal);
        Assert.Equal(sample, folders);
    }
}
