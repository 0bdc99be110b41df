using Hdl;

namespace Engine.Tests.Designs;

public interface IAccumulatorInput : IBus
{
    bool Valid { get; set; }
    bool Clear { get; set; }
    uint Value { get; set; }
}

/// <summary>Running total and number of accumulated values.</summary>
public interface IAccumulatorTotal : IBus
{
    [InitialValue(0ul)] ulong Sum { get; set; }
    [InitialValue(0u)] uint Count { get; set; }
}

/// <summary>The next total, computed combinationally from the input and the current total.</summary>
public interface IAccumulatorNext : IBus
{
    ulong Sum { get; set; }
    uint Count { get; set; }
}

/// <summary>Adds the input to the current total (clear first, then add, when both are set).</summary>
public sealed class AccumulatorAdder : CombinationalProcess
{
    [InputBus] public IAccumulatorInput Input = null!;
    [InputBus] public IAccumulatorTotal Current = null!;
    [OutputBus] public IAccumulatorNext Next = Bus.Create<IAccumulatorNext>();

    protected override void OnTick()
    {
        ulong sum = Current.Sum;
        uint count = Current.Count;
        if (Input.Clear)
        {
            sum = 0;
            count = 0;
        }
        if (Input.Valid)
        {
            sum += Input.Value;
            count++;
        }
        Next.Sum = sum;
        Next.Count = count;
    }
}

/// <summary>The total register.</summary>
public sealed class AccumulatorRegister : ClockedProcess
{
    [InputBus] public IAccumulatorNext Next = null!;
    [OutputBus] public IAccumulatorTotal Total = Bus.Create<IAccumulatorTotal>();

    protected override void OnTick()
    {
        Total.Sum = Next.Sum;
        Total.Count = Next.Count;
    }
}

/// <summary>An accumulator: a combinational adder in a loop through a register.</summary>
public static class AccumulatorDesign
{
    public static Design Build()
    {
        var d = new Design("accumulator");
        var adder = d.Add(new AccumulatorAdder());
        var register = d.Add(new AccumulatorRegister());
        adder.Input = d.Input(Bus.Create<IAccumulatorInput>(), "samples");
        adder.Current = register.Total;
        register.Next = adder.Next;
        d.Output(register.Total, "total");
        d.Output(adder.Next, "next_total");
        return d;
    }

    public static void Drive(Simulation sim, int cycle, int seed)
    {
        var input = sim.Port<IAccumulatorInput>("samples");
        input.Valid = Stimulus.Chance(seed, cycle, 0, 0.8);
        input.Clear = Stimulus.Chance(seed, cycle, 1, 0.03);
        input.Value = Stimulus.Word(seed, cycle, 2);
    }
}
