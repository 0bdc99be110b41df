using Crypto.Catalog;
using Crypto.Streams;
using Hdl;
using Hdl.Vhdl;
using Xunit;

namespace Cores.Tests;

/// <summary>
/// The third way of verification for every variant of every core: the generated VHDL, run in GHDL,
/// replays a C# simulation trace with random gaps and back-pressure and must match every output on
/// every cycle; it must also pass GHDL synthesis; and vhdl-out/ must hold exactly what the generator
/// writes today.
/// </summary>
public class VariantVhdlTests
{
    public static TheoryData<string> Variants() => [.. CoreRegistry.All.Select(v => v.Name)];

    /// <summary>
    /// A folder of this class's own ("variant-..."): the core test classes run in parallel in this
    /// process, and "cosim-chacha20-poly1305-proc10-PID" was also ChaChaPolyCoreTests' folder, which
    /// one test deleted under the other.
    /// </summary>
    static string WorkDir(string what, string name) =>
        Path.Combine(Path.GetTempPath(), "sme-crypto-tests", $"variant-{what}-{name}-{Environment.ProcessId}");

    [Theory]
    [MemberData(nameof(Variants))]
    public void GeneratedVhdlReplaysTheSimulationInGhdl(string name)
    {
        const int seed = 2026;
        var v = CoreRegistry.FindByName(name);
        var run = v.RunTraced(120, new StreamOptions(seed, GapProbability: 0.25, StallProbability: 0.25));
        Assert.True(run.Mismatches.Count == 0, $"seed {seed}: C# simulation mismatches: {string.Join("; ", run.Mismatches.Take(5))}");
        Assert.Empty(run.ProtocolErrors);
        var dir = WorkDir("cosim", name);
        var result = CoSimulation.Run(run.Simulation.Netlist, run.Trace, dir);
        Assert.True(result.Passed, $"seed {seed}: GHDL disagrees with the C# simulation:\n{string.Join("\n", result.Mismatches)}\n{result.Log}");
        Assert.Equal(run.Trace.Rows, result.CyclesCompared);
        Directory.Delete(dir, recursive: true);
    }

    /// <summary>
    /// <c>ghdl --synth</c> keeps the design: the top module has exactly the top entity's ports, one
    /// instance per process, registers in every clocked process, and no output that the C# simulation
    /// sees change has been reduced to a constant.
    /// </summary>
    [Theory]
    [MemberData(nameof(Variants))]
    public void GeneratedVhdlSynthesizes(string name)
    {
        const int seed = 2026;
        var v = CoreRegistry.FindByName(name);
        var run = v.RunTraced(40, new StreamOptions(seed, GapProbability: 0.25, StallProbability: 0.25));
        var netlist = run.Simulation.Netlist;
        var dir = WorkDir("synth", name);
        var result = Synthesis.Run(netlist, dir, writeVerilog: true);
        var verilog = new GhdlVerilogNetlist(File.ReadAllText(result.VerilogPath!));
        Directory.Delete(dir, recursive: true);

        var top = VhdlGenerator.TopName(netlist);
        Assert.True(verilog.Modules.TryGetValue(top, out var topModule), $"no module {top} in the netlist");
        var trace = run.Trace;
        var expectedPorts = new[] { ("clk", false, 1), ("rst", false, 1) }
            .Concat(trace.InputSignals.Select(s => (TraceRecorder.PortName(s), false, s.Type.Width)))
            .Concat(trace.OutputSignals.Select(s => (TraceRecorder.PortName(s), true, s.Type.Width)))
            .Order();
        Assert.Equal(expectedPorts, topModule.Ports.Select(p => (p.Name, p.IsOutput, p.Width)).Order());

        Assert.Equal(netlist.Processes.Count, topModule.Instances.Count);
        var clockedInstances = topModule.Instances.Count(i => verilog.Modules[i.Module].ClockedBlocks > 0);
        Assert.True(clockedInstances == netlist.Clocked.Count,
            $"{netlist.Clocked.Count} clocked processes, but {clockedInstances} instances kept registers");

        int inputs = trace.InputSignals.Count, varying = 0;
        for (int column = 0; column < trace.OutputSignals.Count; column++)
        {
            var values = Enumerable.Range(0, trace.Rows).Select(r => trace.Value(r, inputs + column)).OfType<UInt128>().Distinct().Count();
            var port = TraceRecorder.PortName(trace.OutputSignals[column]);
            if (values < 2) continue;
            varying++;
            Assert.False(verilog.IsConstant(top, port), $"{port} takes {values} values in the simulation but synthesis made it a constant");
        }
        Assert.True(varying >= 2, $"only {varying} output ports change in the simulation: the trace does not exercise the design");
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void VhdlOutHoldsTheGeneratedFiles(string name)
    {
        var v = CoreRegistry.FindByName(name);
        var folder = Path.Combine(CoreRegistry.FindRepositoryRoot(AppContext.BaseDirectory), CoreRegistry.VhdlFolder(v));
        var expected = VhdlGenerator.Generate(v.BuildDesign().Elaborate());
        Assert.True(Directory.Exists(folder), $"{folder} is missing: run ./sme-crypto vhdl --all");
        var onDisk = Directory.GetFiles(folder, "*.vhd").Select(Path.GetFileName).Order(StringComparer.Ordinal).ToList();
        Assert.Equal(expected.Select(f => f.FileName).Order(StringComparer.Ordinal), onDisk);
        foreach (var f in expected)
            Assert.True(f.Content == File.ReadAllText(Path.Combine(folder, f.FileName)),
                $"{CoreRegistry.VhdlFolder(v)}/{f.FileName} differs from the generator's output: run ./sme-crypto vhdl --all and commit");
    }
}
