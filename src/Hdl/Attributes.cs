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
