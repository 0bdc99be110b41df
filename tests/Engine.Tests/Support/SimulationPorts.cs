using Hdl;

namespace Engine.Tests;

/// <summary>Finds a design's top-level buses by name, typed, so that testbenches written as
/// <c>Action&lt;Simulation, int&gt;</c> can drive and read them.</summary>
public static class SimulationPorts
{
    public static T Port<T>(this Simulation sim, string name) where T : class, IBus
    {
        foreach (var b in sim.Netlist.Inputs) if (b.Name == name) return (T)(object)b;
        foreach (var b in sim.Netlist.Outputs) if (b.Name == name) return (T)(object)b;
        throw new ArgumentException($"design {sim.Netlist.Design.Name} has no top-level bus named {name}");
    }
}
