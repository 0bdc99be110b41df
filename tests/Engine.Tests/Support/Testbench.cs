using Hdl;

namespace Engine.Tests;

/// <summary>The cycle loop of the C# tests: drive the inputs, settle, check, clock.</summary>
public static class Testbench
{
    /// <param name="build">Builds a fresh design.</param>
    /// <param name="drive">Writes the top-level inputs of a cycle (the same action the co-simulation replays).</param>
    /// <param name="check">Reads the settled outputs of a cycle and asserts them.</param>
    public static Simulation Run(Func<Design> build, Action<Simulation, int> drive, Action<Simulation, int> check, int cycles)
    {
        var sim = new Simulation(build());
        for (int cycle = 0; cycle < cycles; cycle++)
        {
            drive(sim, cycle);
            sim.Settle();
            check(sim, cycle);
            sim.Clock();
        }
        return sim;
    }
}
