namespace Hdl;

/// <summary>
/// A hardware process. Bus fields carry <see cref="InputBusAttribute"/> or
/// <see cref="OutputBusAttribute"/>; readonly scalar fields are instance constants (VHDL generics).
/// </summary>
public abstract class Process
{
    /// <summary>Instance name; defaults to the class name (with an index when there are several).</summary>
    public string? Name { get; set; }

    /// <summary>Called once per clock cycle.</summary>
    protected internal abstract void OnTick();

    /// <summary>True for registered processes.</summary>
    public abstract bool IsClocked { get; }

    public override string ToString() => Name ?? GetType().Name;
}

/// <summary>
/// A registered process: it reads the values its inputs had in the current cycle, and its writes
/// (and its field updates) take effect at the clock edge, so readers see them in the next cycle.
/// Mutable fields are registers.
/// </summary>
public abstract class ClockedProcess : Process
{
    public sealed override bool IsClocked => true;
}

/// <summary>
/// Combinational logic: runs after the processes that write its inputs and sees this cycle's values.
/// It must write every signal it owns on every cycle (no latches) and may hold no state.
/// </summary>
public abstract class CombinationalProcess : Process
{
    public sealed override bool IsClocked => false;
}
