using Hdl;

namespace Engine.Tests.Constructs;

public interface IBusArrayWords : IBus
{
    [ArrayLength(4)] BusArray<uint> Words { get; }
    [Width(2)] byte Select { get; set; }
    bool Store { get; set; }
}

public interface IBusArrayLanes : IBus
{
    /// <summary>Three 12-bit lanes: an array whose length is no power of two, of a narrowed type.</summary>
    [ArrayLength(3), Width(12)] BusArray<ushort> Lanes { get; }
    uint Picked { get; set; }
    uint Sum { get; set; }
    [Width(2)] byte Select { get; set; }
    bool Store { get; set; }
}

public interface IBusArraySlots : IBus
{
    [ArrayLength(4), InitialValue(0u)] BusArray<uint> Slots { get; }
    [ArrayLength(3), Width(12), InitialValue] BusArray<ushort> Lanes { get; }
    [ArrayLength(2), InitialValue(false)] BusArray<bool> Flags { get; }
}

/// <summary>
/// Construct: bus arrays read by a combinational process, at a constant, a loop variable and a
/// signal index, their Length as a loop bound, and an array written element by element.
/// </summary>
public sealed class BusArrayLanesProcess : CombinationalProcess
{
    [InputBus] public IBusArrayWords Input = null!;
    [OutputBus] public IBusArrayLanes Output = Bus.Create<IBusArrayLanes>();

    protected override void OnTick()
    {
        uint sum = 0;
        for (int i = 0; i < Input.Words.Length; i++)
        {
            sum += Input.Words[i];
        }
        Output.Sum = sum;
        Output.Picked = Input.Words[Input.Select];
        for (int i = 0; i < Output.Lanes.Length; i++)
        {
            Output.Lanes[i] = (ushort)((Input.Words[i] >> i) & 0xFFF);
        }
        Output.Select = Input.Select;
        Output.Store = Input.Store;
    }
}

/// <summary>
/// Construct: a clocked process writing bus array elements as registers, one at a computed index
/// (the others hold), the rest at constant and loop-variable indices.
/// </summary>
public sealed class BusArraySlotsProcess : ClockedProcess
{
    [InputBus] public IBusArrayLanes Input = null!;
    [OutputBus] public IBusArraySlots Output = Bus.Create<IBusArraySlots>();

    protected override void OnTick()
    {
        if (Input.Store)
        {
            Output.Slots[Input.Select] = Input.Picked ^ Input.Sum;
        }
        for (int i = 0; i < 3; i++)
        {
            Output.Lanes[i] = (ushort)((Input.Lanes[2 - i] + 1) & 0xFFF);
        }
        Output.Flags[0] = Input.Sum > Input.Picked;
        Output.Flags[1] = Input.Lanes[0] == 0;
    }
}

public static class BusArraysCase
{
    public static Design Build()
    {
        var d = new Design("construct_bus_arrays");
        var lanes = d.Add(new BusArrayLanesProcess());
        lanes.Input = d.Input(Bus.Create<IBusArrayWords>(), "words");
        var slots = d.Add(new BusArraySlotsProcess { Input = lanes.Output });
        d.Output(slots.Output, "slots");
        return d;
    }

    public static void Drive(Simulation sim, int cycle)
    {
        var input = sim.Port<IBusArrayWords>("words");
        for (int i = 0; i < 4; i++)
        {
            uint word = Stimulus.Word(Operands.Seed, cycle, i);
            // Lane 0 is zero now and then, so Flags[1] takes both values.
            if (i == 0 && Stimulus.Chance(Operands.Seed, cycle, 4, 0.2)) word &= ~0xFFFu;
            input.Words[i] = word;
        }
        input.Select = (byte)(Stimulus.Bits(Operands.Seed, cycle, 5) & 3);
        input.Store = Stimulus.Chance(Operands.Seed, cycle, 6, 0.5);
    }
}

public interface IBusCopyPayload : IBus
{
    [InitialValue(0u)] uint Word { get; set; }
    [Width(5), InitialValue(0)] byte Small { get; set; }
    [ArrayLength(2), InitialValue(0)] BusArray<ushort> Pair { get; }
}

public interface IBusCopyIn : IBusCopyPayload
{
    bool Enable { get; set; }
}

public interface IBusCopyOut : IBusCopyPayload
{
    [InitialValue(false)] bool Seen { get; set; }
}

/// <summary>Construct: a whole bus copied in one statement (the type argument inferred).</summary>
public sealed class BusCopyPassProcess : CombinationalProcess
{
    [InputBus] public IBusCopyIn Input = null!;
    [OutputBus] public IBusCopyIn Output = Bus.Create<IBusCopyIn>();

    protected override void OnTick() => Output.CopyFrom(Input);
}

/// <summary>Construct: the members of a shared base interface copied between two kinds of bus, on some cycles.</summary>
public sealed class BusCopyHoldProcess : ClockedProcess
{
    [InputBus] public IBusCopyIn Input = null!;
    [OutputBus] public IBusCopyOut Output = Bus.Create<IBusCopyOut>();

    protected override void OnTick()
    {
        if (Input.Enable)
        {
            Output.CopyFrom<IBusCopyPayload>(Input);
        }
        Output.Seen = Input.Enable;
    }
}

public static class BusCopyCase
{
    public static Design Build()
    {
        var d = new Design("construct_bus_copy");
        var pass = d.Add(new BusCopyPassProcess());
        pass.Input = d.Input(Bus.Create<IBusCopyIn>(), "source");
        var hold = d.Add(new BusCopyHoldProcess { Input = pass.Output });
        d.Output(hold.Output, "held");
        return d;
    }

    public static void Drive(Simulation sim, int cycle)
    {
        var input = sim.Port<IBusCopyIn>("source");
        input.Word = Stimulus.Word(Operands.Seed, cycle, 0);
        input.Small = (byte)(Stimulus.Bits(Operands.Seed, cycle, 1) & 31);
        input.Pair[0] = (ushort)Stimulus.Bits(Operands.Seed, cycle, 2);
        input.Pair[1] = (ushort)Stimulus.Bits(Operands.Seed, cycle, 3);
        input.Enable = Stimulus.Chance(Operands.Seed, cycle, 4, 0.5);
    }
}
