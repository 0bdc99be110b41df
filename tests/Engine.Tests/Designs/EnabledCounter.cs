using Hdl;

namespace Engine.Tests.Designs;

public interface ICounterControl : IBus
{
    bool Enable { get; set; }
    bool Clear { get; set; }
}

public interface ICounterValue : IBus
{
    [InitialValue(0u)] uint Count { get; set; }
    [InitialValue(false)] bool Wrapped { get; set; }
}

/// <summary>
/// A modulo counter with enable and synchronous clear. The modulus is an instance constant;
/// <see cref="ICounterValue.Wrapped"/> is high for one cycle after the count wraps to zero.
/// </summary>
public sealed class EnabledCounter : ClockedProcess
{
    [InputBus] public ICounterControl Control = null!;
    [OutputBus] public ICounterValue Output = Bus.Create<ICounterValue>();

    readonly uint modulus;
    uint count;

    public EnabledCounter(uint modulus)
    {
        this.modulus = modulus;
    }

    protected override void OnTick()
    {
        bool wrapped = false;
        if (Control.Clear)
        {
            count = 0;
        }
        else if (Control.Enable)
        {
            if (count == modulus - 1)
            {
                count = 0;
                wrapped = true;
            }
            else
            {
                count++;
            }
        }
        Output.Count = count;
        Output.Wrapped = wrapped;
    }
}

public static class EnabledCounterDesign
{
    public const uint Modulus = 10;

    public static Design Build()
    {
        var d = new Design("enabled_counter");
        var counter = d.Add(new EnabledCounter(Modulus));
        counter.Control = d.Input(Bus.Create<ICounterControl>(), "control");
        d.Output(counter.Output, "counter");
        return d;
    }

    /// <summary>Random enable (70 %) and rare clear (5 %).</summary>
    public static void Drive(Simulation sim, int cycle, int seed)
    {
        var control = sim.Port<ICounterControl>("control");
        control.Enable = Stimulus.Chance(seed, cycle, 0, 0.7);
        control.Clear = Stimulus.Chance(seed, cycle, 1, 0.05);
    }
}
