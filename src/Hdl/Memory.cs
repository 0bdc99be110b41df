namespace Hdl;

/// <summary>Write port of a memory.</summary>
public interface IMemoryWrite<T> : IBus where T : unmanaged
{
    [InitialValue(false)] bool Enable { get; set; }
    uint Address { get; set; }
    T Data { get; set; }
}

/// <summary>Read request of a memory: the data appears on the result bus in the next cycle.</summary>
public interface IMemoryRead : IBus
{
    [InitialValue(false)] bool Enable { get; set; }
    uint Address { get; set; }
}

/// <summary>Registered read data of a memory.</summary>
public interface IMemoryData<T> : IBus where T : unmanaged
{
    T Data { get; set; }
}

/// <summary>
/// Simple dual-port RAM with a registered read port (read-first when both ports use one address).
/// The VHDL generator writes it in the form synthesis infers as block RAM.
/// </summary>
public sealed class Ram<T> : ClockedProcess where T : unmanaged
{
    [InputBus] public IMemoryWrite<T> Write = null!;
    [InputBus] public IMemoryRead Read = null!;
    [OutputBus] public IMemoryData<T> Result = Bus.Create<IMemoryData<T>>();

    readonly T[] memory;

    public Ram(int depth, T[]? initial = null)
    {
        if (depth < 2 || (depth & (depth - 1)) != 0) throw new HardwareException($"RAM depth {depth} must be a power of two >= 2");
        if (initial is not null && initial.Length != depth) throw new HardwareException($"RAM initial contents have {initial.Length} words, not {depth}");
        memory = initial is null ? new T[depth] : (T[])initial.Clone();
    }

    public int Depth => memory.Length;
    public IReadOnlyList<T> Contents => memory;

    protected internal override void OnTick()
    {
        if (Read.Enable)
            Result.Data = memory[Index(Read.Address)];
        if (Write.Enable)
            memory[Index(Write.Address)] = Write.Data;
    }

    int Index(uint address) => address < memory.Length ? (int)address
        : throw new HardwareException($"RAM {Name}: address {address} is outside its {memory.Length} words");
}

/// <summary>Read-only memory with a registered read port (block RAM or LUT ROM in synthesis).</summary>
public sealed class Rom<T> : ClockedProcess where T : unmanaged
{
    [InputBus] public IMemoryRead Read = null!;
    [OutputBus] public IMemoryData<T> Result = Bus.Create<IMemoryData<T>>();

    readonly T[] memory;

    public Rom(T[] contents)
    {
        if (contents.Length < 2 || (contents.Length & (contents.Length - 1)) != 0)
            throw new HardwareException($"ROM size {contents.Length} must be a power of two >= 2");
        memory = (T[])contents.Clone();
    }

    public IReadOnlyList<T> Contents => memory;

    protected internal override void OnTick()
    {
        if (Read.Enable)
            Result.Data = memory[Read.Address < memory.Length ? (int)Read.Address
                : throw new HardwareException($"ROM {Name}: address {Read.Address} is outside its {memory.Length} words")];
    }
}
