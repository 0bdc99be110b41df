using Hdl;

namespace Engine.Tests.Errors;

// Small processes, most of them deliberately wrong, for the kernel's error tests. Some are outside the
// hardware subset on purpose (the kernel must stop them in the simulation too), so the subset
// analyzer's errors are off in this file.
#pragma warning disable HDL009, HDL010, HDL013, HDL015

public interface IWord : IBus
{
    uint Value { get; set; }
}

public interface IGate : IBus
{
    bool Enable { get; set; }
    uint Value { get; set; }
}

public interface INarrowWord : IBus
{
    [Width(12)] uint Value { get; set; }
}

public interface ISignedNarrow : IBus
{
    [Width(5)] int Value { get; set; }
}

/// <summary>Writes its constant every cycle (a register with a constant input).</summary>
public sealed class ConstantSource : ClockedProcess
{
    [OutputBus] public IWord Output = Bus.Create<IWord>();
    readonly uint value;

    public ConstantSource(uint value)
    {
        this.value = value;
    }

    protected override void OnTick()
    {
        Output.Value = value;
    }
}

/// <summary>Starts writing its output only at cycle <c>start</c>.</summary>
public sealed class LateSource : ClockedProcess
{
    [OutputBus] public IWord Output = Bus.Create<IWord>();
    readonly uint start;
    uint cycle;

    public LateSource(uint start)
    {
        this.start = start;
    }

    protected override void OnTick()
    {
        if (cycle >= start) Output.Value = cycle;
        cycle++;
    }
}

/// <summary>Combinationally copies its input (plus one) to its output.</summary>
public sealed class Incrementer : CombinationalProcess
{
    [InputBus] public IWord Input = null!;
    [OutputBus] public IWord Output = Bus.Create<IWord>();

    protected override void OnTick()
    {
        Output.Value = Input.Value + 1;
    }
}

/// <summary>Registers its input.</summary>
public sealed class WordRegister : ClockedProcess
{
    [InputBus] public IWord Input = null!;
    [OutputBus] public IWord Output = Bus.Create<IWord>();

    protected override void OnTick()
    {
        Output.Value = Input.Value;
    }
}

/// <summary>Writes its output only when enabled: a latch, which combinational logic must not be.</summary>
public sealed class LatchingGate : CombinationalProcess
{
    [InputBus] public IGate Input = null!;
    [OutputBus] public IWord Output = Bus.Create<IWord>();

    protected override void OnTick()
    {
        if (Input.Enable) Output.Value = Input.Value;
    }
}

/// <summary>Writes the bus it reads, which it has not declared as an output.</summary>
public sealed class InputMeddler : ClockedProcess
{
    [InputBus] public IWord Input = null!;
    [OutputBus] public IWord Output = Bus.Create<IWord>();

    protected override void OnTick()
    {
        Input.Value = 0;
        Output.Value = 1;
    }
}

/// <summary>Combinational variant of <see cref="InputMeddler"/>.</summary>
public sealed class CombinationalMeddler : CombinationalProcess
{
    [InputBus] public IWord Input = null!;
    [OutputBus] public IWord Output = Bus.Create<IWord>();

    protected override void OnTick()
    {
        Output.Value = Input.Value;
        Input.Value = 0;
    }
}

/// <summary>Has a bus field with neither [InputBus] nor [OutputBus].</summary>
public sealed class UnmarkedBusHolder : ClockedProcess
{
    [OutputBus] public IWord Output = Bus.Create<IWord>();
    public IWord Stray = Bus.Create<IWord>();

    protected override void OnTick()
    {
        Output.Value = 1;
    }
}

/// <summary>Has a bus field marked both [InputBus] and [OutputBus].</summary>
public sealed class DoublyMarkedBusHolder : ClockedProcess
{
    [InputBus, OutputBus] public IWord Both = Bus.Create<IWord>();

    protected override void OnTick()
    {
    }
}

/// <summary>A register file indexed by its input: an index past the end throws in C#.</summary>
public sealed class UncheckedRegisterFile : ClockedProcess
{
    [InputBus] public IWord Input = null!;
    [OutputBus] public IWord Output = Bus.Create<IWord>();
    uint[] registers = new uint[8];

    protected override void OnTick()
    {
        Output.Value = registers[Input.Value];
        registers[Input.Value] = Input.Value;
    }
}

public static class SmallTables
{
    public static readonly uint[] Primes = [2, 3, 5, 7, 11, 13, 17, 19];
}

/// <summary>A combinational table look-up indexed by its input: an index past the end throws in C#.</summary>
public sealed class UncheckedLookup : CombinationalProcess
{
    [InputBus] public IWord Input = null!;
    [OutputBus] public IWord Output = Bus.Create<IWord>();

    protected override void OnTick()
    {
        Output.Value = SmallTables.Primes[Input.Value];
    }
}

/// <summary>Writes its input, shifted left by 8, to a 12-bit signal.</summary>
public sealed class NarrowWriter : ClockedProcess
{
    [InputBus] public IWord Input = null!;
    [OutputBus] public INarrowWord Output = Bus.Create<INarrowWord>();

    protected override void OnTick()
    {
        Output.Value = Input.Value << 8;
    }
}

/// <summary>Registers a 12-bit input into a 32-bit output.</summary>
public sealed class NarrowCopy : ClockedProcess
{
    [InputBus] public INarrowWord Input = null!;
    [OutputBus] public IWord Output = Bus.Create<IWord>();

    protected override void OnTick()
    {
        Output.Value = Input.Value;
    }
}

/// <summary>Writes its input, as a signed number, to a 5-bit signed signal.</summary>
public sealed class SignedNarrowWriter : ClockedProcess
{
    [InputBus] public IWord Input = null!;
    [OutputBus] public ISignedNarrow Output = Bus.Create<ISignedNarrow>();

    protected override void OnTick()
    {
        Output.Value = (int)Input.Value;
    }
}

/// <summary>A combinational process with a mutable field (state), which is not allowed.</summary>
public sealed class StatefulCombinational : CombinationalProcess
{
    [InputBus] public IWord Input = null!;
    [OutputBus] public IWord Output = Bus.Create<IWord>();
    uint last;

    protected override void OnTick()
    {
        Output.Value = last;
        last = Input.Value;
    }
}

/// <summary>A process with a mutable static field, which is not allowed.</summary>
public sealed class SharedStateProcess : ClockedProcess
{
    [OutputBus] public IWord Output = Bus.Create<IWord>();
    static uint shared;

    protected override void OnTick()
    {
        shared++;
        Output.Value = shared;
    }
}

/// <summary>A process with an auto-property, which is not allowed.</summary>
public sealed class AutoPropertyProcess : ClockedProcess
{
    [OutputBus] public IWord Output = Bus.Create<IWord>();
    public uint Counter { get; set; }

    protected override void OnTick()
    {
        Output.Value = Counter;
    }
}

/// <summary>A field marked as a bus whose type is not a bus.</summary>
public sealed class NotABusField : ClockedProcess
{
    [OutputBus] public IWord Output = Bus.Create<IWord>();
    [InputBus] public uint Number;

    protected override void OnTick()
    {
        Output.Value = Number;
    }
}

public enum GappedState
{
    Start = 0,
    Finish = 2,
}

public interface IGappedEnumBus : IBus
{
    GappedState State { get; set; }
}

public interface IFloatBus : IBus
{
    double Level { get; set; }
}

public interface IReadOnlySignalBus : IBus
{
    uint Value { get; }
}

public interface IUnsizedArrayBus : IBus
{
    BusArray<uint> Words { get; }
}

public interface IEmptyArrayBus : IBus
{
    [ArrayLength(0)] BusArray<uint> Words { get; }
}

public interface ISettableArrayBus : IBus
{
    [ArrayLength(2)] BusArray<uint> Words { get; set; }
}

public interface ILengthOnScalarBus : IBus
{
    [ArrayLength(2)] uint Word { get; set; }
}

public interface IArrayElementClashBus : IBus
{
    [ArrayLength(2)] BusArray<uint> Word { get; }
    uint Word_1 { get; set; }
}

public interface ITooWideBus : IBus
{
    [Width(40)] uint Value { get; set; }
}

public interface IWidthOnBoolBus : IBus
{
    [Width(1)] bool Flag { get; set; }
}

/// <summary>A word and its byte-lane mask, one bit per byte of W ([ByteLanesOf]).</summary>
public interface IByteLanesBus<W> : IBus where W : unmanaged, System.Numerics.IBinaryInteger<W>, System.Numerics.IUnsignedNumber<W>
{
    W Data { get; set; }
    [ByteLanesOf(nameof(W))] byte Keep { get; set; }
}

public interface IByteLanesOfNoSuchParameterBus<W> : IBus where W : unmanaged, System.Numerics.IBinaryInteger<W>, System.Numerics.IUnsignedNumber<W>
{
    [ByteLanesOf("V")] byte Keep { get; set; }
}

public interface IByteLanesAndWidthBus<W> : IBus where W : unmanaged, System.Numerics.IBinaryInteger<W>, System.Numerics.IUnsignedNumber<W>
{
    [ByteLanesOf(nameof(W)), Width(4)] byte Keep { get; set; }
}

public interface IByteLanesNotGenericBus : IBus
{
    [ByteLanesOf("W")] byte Keep { get; set; }
}

internal interface IHiddenBus : IBus
{
    uint Value { get; set; }
}

public interface IInitialTooWideBus : IBus
{
    [Width(4), InitialValue(100u)] uint Value { get; set; }
}

public interface INegativeInitialBus : IBus
{
    [InitialValue(-1)] uint Value { get; set; }
}

public interface IHeldWord : IBus
{
    [InitialValue(5u)] uint Value { get; set; }
}

/// <summary>Like <see cref="LatchingGate"/>, onto a signal with an initial value.</summary>
public sealed class LatchingGateWithInitialValue : CombinationalProcess
{
    [InputBus] public IGate Input = null!;
    [OutputBus] public IHeldWord Output = Bus.Create<IHeldWord>();

    protected override void OnTick()
    {
        if (Input.Enable) Output.Value = Input.Value;
    }
}

public enum Phase
{
    First,
    Second,
    Third,
}

public interface IPhaseBus : IBus
{
    Phase Value { get; set; }
}

/// <summary>Writes a number cast to an enum, which may be no member of it.</summary>
public sealed class PhaseCaster : ClockedProcess
{
    [InputBus] public IWord Input = null!;
    [OutputBus] public IPhaseBus Output = Bus.Create<IPhaseBus>();

    protected override void OnTick()
    {
        Output.Value = (Phase)(Input.Value & 3);
    }
}

/// <summary>A 4-bit register field that counts past 15 (C# keeps counting in 32 bits).</summary>
public sealed class NarrowFieldCounter : ClockedProcess
{
    [OutputBus] public IWord Output = Bus.Create<IWord>();

    [Width(4)] uint nibble;

    protected override void OnTick()
    {
        nibble++;
        Output.Value = nibble;
    }
}
