namespace Hdl;

/// <summary>
/// A design: its processes (already wired by assigning bus fields) and its top-level buses, which
/// become the ports of the VHDL top entity. A design is simulated once; build a fresh one per run.
/// </summary>
public sealed class Design(string name)
{
    readonly List<Process> processes = [];
    readonly List<BusBase> inputs = [], outputs = [];

    /// <summary>Design name: the VHDL top entity name.</summary>
    public string Name { get; } = name;
    public IReadOnlyList<Process> Processes => processes;
    public IReadOnlyList<BusBase> Inputs => inputs;
    public IReadOnlyList<BusBase> Outputs => outputs;

    /// <summary>Adds a process instance and returns it.</summary>
    public T Add<T>(T process) where T : Process
    {
        processes.Add(process);
        return process;
    }

    /// <summary>Declares a top-level input bus (driven by the testbench or the outside world).</summary>
    public T Input<T>(T bus, string name) where T : IBus
    {
        inputs.Add(Named(bus, name));
        return bus;
    }

    /// <summary>Declares a top-level output bus.</summary>
    public T Output<T>(T bus, string name) where T : IBus
    {
        outputs.Add(Named(bus, name));
        return bus;
    }

    static BusBase Named(IBus bus, string name)
    {
        var b = Bus.Of(bus);
        b.Name = name;
        b.NameFixed = true;
        return b;
    }

    /// <summary>Checks the design and resolves its graph (names, writers, readers, order).</summary>
    public Netlist Elaborate() => new(this);
}
