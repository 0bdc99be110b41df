namespace Hdl;

/// <summary>Marks a bus field of a process that the process reads.</summary>
[AttributeUsage(AttributeTargets.Field)]
public sealed class InputBusAttribute : Attribute;

/// <summary>Marks a bus field of a process that the process writes.</summary>
[AttributeUsage(AttributeTargets.Field)]
public sealed class OutputBusAttribute : Attribute;

/// <summary>
/// The value a bus signal has before anything writes it (reset value of a register output).
/// Without it, reading the signal before the first write is an error.
/// </summary>
[AttributeUsage(AttributeTargets.Property)]
public sealed class InitialValueAttribute(object? value = null) : Attribute
{
    public object? Value { get; } = value;
}

/// <summary>
/// Narrows a bus signal to <see cref="Bits"/> bits in hardware. The simulation checks that written
/// values fit. On a process field it is an elaboration error that says what to do instead.
/// </summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field)]
public sealed class WidthAttribute(int bits) : Attribute
{
    public int Bits { get; } = bits;
}

/// <summary>
/// Narrows a signal of a generic bus interface to one bit per byte of the interface's type argument
/// named <see cref="TypeParameter"/>: a byte-lane mask of a data word, such as AXI4-Stream TKEEP.
/// <c>[ByteLanesOf(nameof(W))] byte Keep</c> is 8 bits wide in <c>IAxiStreamBeat&lt;ulong&gt;</c> and
/// 4 in <c>IAxiStreamBeat&lt;uint&gt;</c>. Otherwise as <see cref="WidthAttribute"/> (the simulation
/// checks that written values fit); a signal has one or the other.
/// </summary>
[AttributeUsage(AttributeTargets.Property)]
public sealed class ByteLanesOfAttribute(string typeParameter) : Attribute
{
    public string TypeParameter { get; } = typeParameter;
}

/// <summary>
/// Keeps the synchronous reset of a register that the VHDL back end would otherwise leave without one
/// because its value never reaches a decision (a datapath register). Put it on a register field of a
/// clocked process, or on a signal of a bus interface (every clocked writer of that signal keeps its
/// reset), when the design does observe the reset value: a chaining value that only the reset value
/// starts, say. Bool and enum registers, and registers whose value reaches a condition, an index
/// written to, a shift amount or a loop bound, keep their reset without it.
/// </summary>
[AttributeUsage(AttributeTargets.Field | AttributeTargets.Property)]
public sealed class KeepResetAttribute : Attribute;

/// <summary>
/// Makes a bus member a fixed-length array of signals: <c>[ArrayLength(4)] BusArray&lt;UInt128&gt; Data { get; }</c>.
/// Each element is a signal of its own (named <c>Data_0</c>, <c>Data_1</c>, ...); processes read and
/// write them as <c>Input.Data[i]</c> and <c>Output.Data[i] = x</c>, and VHDL sees one array port.
/// [Width], [InitialValue] and [KeepReset] on the member apply to every element.
/// </summary>
[AttributeUsage(AttributeTargets.Property)]
public sealed class ArrayLengthAttribute(int length) : Attribute
{
    public int Length { get; } = length;
}
