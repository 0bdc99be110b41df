using Hdl;

namespace Engine.Tests.Constructs;

public interface IIfElseResult : IBus
{
    uint Distance { get; set; }
    byte Kind { get; set; }
    bool High { get; set; }
}

/// <summary>Construct: if / else if / else, nested if, if without else.</summary>
public sealed class IfElseProcess : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public IIfElseResult Output = Bus.Create<IIfElseResult>();

    protected override void OnTick()
    {
        uint a = Input.A;
        uint b = Input.B;
        uint distance = 0;
        byte kind = 0;
        if (a == b)
        {
            kind = 0;
        }
        else if (a < b)
        {
            distance = b - a;
            kind = 1;
            if (distance > 1000u)
            {
                distance = 1000u;
                kind = 2;
            }
        }
        else
        {
            distance = a - b;
            kind = 3;
        }
        bool high = false;
        if ((a & 0x8000_0000u) != 0)
            high = true;
        Output.Distance = distance;
        Output.Kind = kind;
        Output.High = high;
    }
}

public static class IfElseCase
{
    public static Design Build()
    {
        var p = new IfElseProcess();
        return Operands.Single("construct_if_else", p, bus => p.Input = bus, p.Output);
    }
}
