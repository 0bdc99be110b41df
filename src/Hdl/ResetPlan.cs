using System.Reflection;

namespace Hdl;

/// <summary>
/// Which registers of a design have no reset in hardware: register fields of clocked processes and
/// signals written by clocked processes. A reset asserted mid-run (<see cref="Simulation.Reset"/>)
/// leaves these as they are and puts every other register back to its value after construction.
/// The VHDL back end decides the set (Hdl.Vhdl's VhdlGenerator.ResetPlan), so that the simulation
/// and the generated VHDL reset the same registers.
/// </summary>
public sealed class ResetPlan
{
    public IReadOnlySet<(Process Process, FieldInfo Field)> UnresetFields { get; }
    public IReadOnlySet<SignalBase> UnresetSignals { get; }

    public ResetPlan(IEnumerable<(Process Process, FieldInfo Field)> unresetFields, IEnumerable<SignalBase> unresetSignals)
    {
        UnresetFields = unresetFields.ToHashSet();
        UnresetSignals = unresetSignals.ToHashSet();
    }

    /// <summary>Every register is reset (the back end before datapath registers lost their reset).</summary>
    public static ResetPlan ResetAll { get; } = new([], []);

    public bool IsReset(Process p, FieldInfo field) => !UnresetFields.Contains((p, field));

    public bool IsReset(SignalBase signal) => !UnresetSignals.Contains(signal);
}
