using Hdl;

namespace Engine.Tests.Constructs;

public interface ICounterSet : IBus
{
    [InitialValue(0u)] uint Ticks { get; set; }
    [InitialValue((byte)0)] byte Wrapping { get; set; }
    [InitialValue(0)] int Down { get; set; }
    [InitialValue(0u)] uint Local { get; set; }
    [InitialValue(false)] bool Even { get; set; }
}

/// <summary>
/// Construct: ++ and -- as statements on register fields (one with a non-zero reset value set by its
/// initialiser, one that wraps) and on a local.
/// </summary>
public sealed class IncrementProcess : ClockedProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ICounterSet Output = Bus.Create<ICounterSet>();

    uint ticks;
    byte wrapping = 250;
    int down;

    protected override void OnTick()
    {
        ticks++;
        wrapping++;
        down--;
        if ((Input.B & 1u) != 0)
        {
            ticks--;
            down++;
            down++;
        }
        uint local = Input.A;
        local++;
        local++;
        local--;
        Output.Ticks = ticks;
        Output.Wrapping = wrapping;
        Output.Down = down;
        Output.Local = local;
        Output.Even = (ticks & 1u) == 0;
    }
}

public static class IncrementCase
{
    public static Design Build()
    {
        var p = new IncrementProcess();
        return Operands.Single("construct_increment_decrement", p, bus => p.Input = bus, p.Output);
    }
}
