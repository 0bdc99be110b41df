using System.Globalization;
using Crypto.Axi;
using Crypto.Axi.Testbench;
using Crypto.Catalog;
using Hdl.Vhdl;

namespace Crypto.Cli;

/// <summary>
/// <c>verify-axi</c>: the end-to-end wrapper scenario (<see cref="AxiScenario"/>: AXI4-Lite accesses,
/// DMA-like source and sink with random gaps and back-pressure, a key change between packets, a soft
/// reset in the middle of a packet, every packet checked against the oracle), traced; the generated
/// VHDL of the wrapper replays the trace in GHDL and must agree every cycle. Reports the clocks per
/// packet measured at full speed against the ideal. On a pass the VHDL and its Xilinx-named shell go to
/// vhdl-out/axi-&lt;core&gt;-&lt;variant&gt;/ (-w32 for 32-bit streams) with verified.json.
/// </summary>
public static class VerifyAxiCommand
{
    public const int DefaultSeed = 1;
    const int ShownDifferences = 10;

    public static int Execute(CliEnvironment env, string? core, string? variant, int seed, bool all, int width = AxiWrapper.DefaultStreamBits,
        string? keyBits = null)
    {
        CheckWidth("verify-axi", width);
        if (all && (core is not null || variant is not null)) throw new UsageException("verify-axi: give either --all or --core and --variant, not both");
        if (!all && (core is null || variant is null)) throw new UsageException("verify-axi: give --core and --variant (or --all)");
        IReadOnlyList<IAxiCoreAdapter> adapters;
        try
        {
            adapters = all ? AxiCatalog.Builds(keyBits) : [AxiCatalog.Find(core!, variant!, keyBits ?? "all")];
        }
        catch (ArgumentException e) { throw new UsageException("verify-axi: " + e.Message); }
        bool passed = true;
        foreach (var adapter in adapters)
        {
            var outcome = Verify(adapter, seed, env.RepositoryRoot, width);
            VerifyCommand.Report(env.Out, outcome);
            env.Out.Flush();
            passed &= outcome.Passed;
        }
        return passed ? ExitCodes.Success : ExitCodes.Failure;
    }

    /// <summary>Runs the scenario and the GHDL replay. Throws <see cref="ToolException"/> when GHDL is missing.</summary>
    public static VerifyOutcome Verify(IAxiCoreAdapter adapter, int seed, string repositoryRoot, int width = AxiWrapper.DefaultStreamBits)
    {
        string name = Path.GetFileName(AxiCatalog.VhdlFolder(adapter, width));
        var run = AxiScenario.Run(adapter, new AxiScenarioOptions(seed, StreamBits: width), trace: true);
        if (!run.Passed)
            return new VerifyOutcome(false, $"FAIL {name}: the C# simulation of the wrapper fails the scenario ({run.Failures.Count} failures; seed {seed})",
                [.. run.Failures.Take(ShownDifferences)]);

        var netlist = run.Bench.Simulation.Netlist;
        var workDir = Directory.CreateTempSubdirectory($"sme-crypto-verify-{name}-").FullName;
        var result = CoSimulation.Run(netlist, run.Bench.Trace!, workDir);
        string seconds = result.Duration.TotalSeconds.ToString("0.0", CultureInfo.InvariantCulture);
        if (!result.Passed)
        {
            var details = new List<string>(result.Mismatches.Take(ShownDifferences)) { $"work folder: {result.WorkDir}" };
            if (result.VcdPath is not null) details.Add($"waveform: {result.VcdPath}");
            return new VerifyOutcome(false,
                $"FAIL {name}: GHDL disagrees with the C# simulation ({result.Mismatches.Count} mismatches, {result.CyclesCompared} cycles compared, {seconds} s; seed {seed})",
                details);
        }

        var folder = Path.Combine(repositoryRoot, AxiCatalog.VhdlFolder(adapter, width));
        VhdlFolder.Replace(netlist, folder);
        var shell = AxiShell.Generate(adapter, VhdlGenerator.TopName(netlist), VhdlGenerator.Generate(netlist), width);
        AtomicFile.WriteAllText(Path.Combine(folder, shell.FileName), shell.Content);
        VhdlFolder.WriteRecord(folder, new VerificationRecord($"axi-{adapter.Core}", adapter.Variant + AxiWrapper.WidthSuffix(width, '-'),
            VhdlFolder.Sha256(folder) ?? throw new InvalidOperationException($"no VHDL written into {folder}"),
            result.CyclesCompared, seed, run.PacketsChecked));
        try { Directory.Delete(workDir, true); } catch (IOException) { }

        double ideal = AxiWrapper.IdealCyclesPerPacket(adapter, AxiScenario.MeasuredPacketBytes, run.MeasuredKeyBytes, width);
        string F(double x) => x.ToString("0.0", CultureInfo.InvariantCulture);
        return new VerifyOutcome(true,
            $"PASS {name}: {result.CyclesCompared} cycles compared in GHDL ({seconds} s); {run.PacketsChecked} packets ({run.BytesChecked} bytes out) " +
            $"match the oracle under gaps and back-pressure; {AxiScenario.MeasuredPacketBytes}-byte packets at full speed: " +
            $"{F(run.CyclesPerPacket)} cycles per packet measured, {F(ideal)} ideal ({F(100 * ideal / run.CyclesPerPacket)} %)",
            []);
    }

    /// <summary>The --width of a wrapper command: 64 or 32, else a usage error.</summary>
    public static void CheckWidth(string command, int width)
    {
        if (!AxiWrapper.IsStreamWidth(width)) throw new UsageException($"{command}: --width is 64 or 32 (bits of s_axis and m_axis), got {width}");
    }
}
