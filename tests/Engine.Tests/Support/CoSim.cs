using Hdl;
using Hdl.Vhdl;
using Xunit;

namespace Engine.Tests;

/// <summary>
/// Runs a design in C# with tracing, then replays the trace against the generated VHDL in GHDL and
/// asserts that every output matched on every cycle; then checks the design passes `ghdl --synth`.
/// </summary>
public static class CoSim
{
    /// <summary>Category trait of the tests that need the transpiler and GHDL.</summary>
    public const string Category = "Cosim";

    /// <param name="build">Builds a fresh design (one per simulation).</param>
    /// <param name="drive">Writes the top-level inputs of a cycle, before it settles.</param>
    /// <param name="cycles">Number of cycles to simulate and compare.</param>
    public static CoSimResult Check(Func<Design> build, Action<Simulation, int> drive, int cycles)
    {
        var design = build();
        var sim = new Simulation(design);
        var trace = sim.EnableTrace();
        for (int cycle = 0; cycle < cycles; cycle++)
        {
            drive(sim, cycle);
            sim.Step();
        }
        string workDir = Path.Combine(Path.GetTempPath(), "engine-tests-cosim", design.Name);
        var result = CoSimulation.Run(sim.Netlist, trace, workDir);
        Assert.True(result.Passed,
            $"co-simulation of {design.Name} failed ({result.Mismatches.Count} mismatches, work dir {result.WorkDir}, VCD {result.VcdPath}):\n" +
            string.Join("\n", result.Mismatches.Take(20)) + "\n--- log (tail) ---\n" + Tail(result.Log, 40));
        Assert.Equal(trace.Rows, result.CyclesCompared);
        // The same design files must also be synthesizable (ghdl --synth fails the call otherwise).
        var synth = Synthesis.Run(sim.Netlist, workDir + "-synth");
        Assert.Equal(VhdlGenerator.TopName(sim.Netlist), synth.Top);
        return result;
    }

    static string Tail(string log, int lines)
    {
        var all = log.Split('\n');
        return string.Join("\n", all.Skip(Math.Max(0, all.Length - lines)));
    }
}
