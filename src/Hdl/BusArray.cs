namespace Hdl;

/// <summary>
/// A fixed-length array member of a bus (see <see cref="ArrayLengthAttribute"/>): every element is
/// a signal of its own, read and written like a scalar bus signal.
/// </summary>
public sealed class BusArray<T> where T : unmanaged
{
    readonly Signal<T>[] elements;

    internal BusArray(Signal<T>[] elements) => this.elements = elements;

    /// <summary>The number of elements (the member's [ArrayLength]).</summary>
    public int Length => elements.Length;

    /// <summary>Element <paramref name="index"/>: its value this cycle, or a write readers see after this phase.</summary>
    public T this[int index]
    {
        get => elements[index].Read();
        set => elements[index].Write(value);
    }
}

/// <summary>
/// One member of a bus interface: a scalar signal (<see cref="Length"/> 0), or a fixed-length array
/// of signals.
/// </summary>
public sealed record BusMember(System.Reflection.PropertyInfo Property, Type ElementType, int Length)
{
    public string Name => Property.Name;
    public bool IsArray => Length > 0;

    /// <summary>The name of element <paramref name="index"/>'s signal (the member's name for a scalar).</summary>
    public string SignalName(int index) => IsArray ? $"{Name}_{index}" : Name;
}
