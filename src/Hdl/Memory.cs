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
/// Which FPGA resource synthesis should build a memory from. <see cref="Auto"/> leaves it to the tool
/// (yosys, for one, builds small ROMs from LUTs); the others are written as the VHDL attribute
/// <c>rom_style</c> / <c>ram_style</c> that Vivado reads, and the synthesis flow sets them again in yosys.
/// </summary>
public enum MemoryStyle
{
    Auto,
    /// <summary>Block RAM (RAMB18/RAMB36 on the 7-series).</summary>
    Block,
    /// <summary>LUT RAM or LUT ROM.</summary>
    Distributed,
}

/// <summary>
/// A memory process: its contents are no register, so a reset leaves them as they are (block RAM has
/// no reset); only its registered read data is a register (one without reset).
/// </summary>
internal interface IMemoryProcess;

/// <summary>
/// Simple dual-port RAM with a registered read port (read-first when both ports use one address).
/// The VHDL generator writes it in the form synthesis infers as block RAM.
/// </summary>
public sealed class Ram<T> : ClockedProcess, IMemoryProcess where T : unmanaged
{
    [InputBus] public IMemoryWrite<T> Write = null!;
    [InputBus] public IMemoryRead Read = null!;
    [OutputBus] public IMemoryData<T> Result = Bus.Create<IMemoryData<T>>();

    readonly T[] memory;
    readonly MemoryStyle style;

    public Ram(int depth, T[]? initial = null, MemoryStyle style = MemoryStyle.Auto)
    {
        if (depth < 2 || (depth & (depth - 1)) != 0) throw new HardwareException($"RAM depth {depth} must be a power of two >= 2");
        if (initial is not null && initial.Length != depth) throw new HardwareException($"RAM initial contents have {initial.Length} words, not {depth}");
        memory = initial is null ? new T[depth] : (T[])initial.Clone();
        this.style = style;
    }

    public int Depth => memory.Length;
    public MemoryStyle Style => style;
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
public sealed class Rom<T> : ClockedProcess, IMemoryProcess where T : unmanaged
{
    [InputBus] public IMemoryRead Read = null!;
    [OutputBus] public IMemoryData<T> Result = Bus.Create<IMemoryData<T>>();

    readonly T[] memory;
    readonly MemoryStyle style;

    public Rom(T[] contents, MemoryStyle style = MemoryStyle.Auto)
    {
        if (contents.Length < 2 || (contents.Length & (contents.Length - 1)) != 0)
            throw new HardwareException($"ROM size {contents.Length} must be a power of two >= 2");
        memory = (T[])contents.Clone();
        this.style = style;
    }

    public IReadOnlyList<T> Contents => memory;
    public MemoryStyle Style => style;

    protected internal override void OnTick()
    {
        if (Read.Enable)
            Result.Data = memory[Read.Address < memory.Length ? (int)Read.Address
                : throw new HardwareException($"ROM {Name}: address {Read.Address} is outside its {memory.Length} words")];
    }
}
