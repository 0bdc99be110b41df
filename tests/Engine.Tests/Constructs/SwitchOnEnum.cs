using System.Numerics;
using Hdl;

namespace Engine.Tests.Constructs;

public enum AluOperation
{
    Add,
    Subtract,
    And,
    Or,
    Xor,
    ShiftLeft,
    RotateRight,
    Pass,
}

public interface IAluRequest : IBus
{
    AluOperation Operation { get; set; }
    uint A { get; set; }
    uint B { get; set; }
}

public interface IAluResult : IBus
{
    uint Value { get; set; }
    bool Zero { get; set; }
    AluOperation Operation { get; set; }
}

/// <summary>Construct: switch on an enum signal; enum signals in and out.</summary>
public sealed class SwitchOnEnumProcess : CombinationalProcess
{
    [InputBus] public IAluRequest Input = null!;
    [OutputBus] public IAluResult Output = Bus.Create<IAluResult>();

    protected override void OnTick()
    {
        uint a = Input.A;
        uint b = Input.B;
        uint value = a;
        switch (Input.Operation)
        {
            case AluOperation.Add:
                value = a + b;
                break;
            case AluOperation.Subtract:
                value = a - b;
                break;
            case AluOperation.And:
                value = a & b;
                break;
            case AluOperation.Or:
                value = a | b;
                break;
            case AluOperation.Xor:
                value = a ^ b;
                break;
            case AluOperation.ShiftLeft:
                value = a << (int)(b & 31);
                break;
            case AluOperation.RotateRight:
                value = BitOperations.RotateRight(a, (int)(b & 31));
                break;
            default:
                value = a;
                break;
        }
        Output.Value = value;
        Output.Zero = value == 0;
        Output.Operation = Input.Operation;
    }
}

public static class SwitchOnEnumCase
{
    public static Design Build()
    {
        var d = new Design("construct_switch_enum");
        var p = d.Add(new SwitchOnEnumProcess());
        p.Input = d.Input(Bus.Create<IAluRequest>(), "request");
        d.Output(p.Output, "result");
        return d;
    }

    public static void Drive(Simulation sim, int cycle)
    {
        var input = sim.Port<IAluRequest>("request");
        uint a = Stimulus.Word(Operands.Seed, cycle, 0);
        input.A = a;
        input.B = cycle % 5 == 4 ? a : Stimulus.Word(Operands.Seed, cycle, 1);
        input.Operation = (AluOperation)(Stimulus.Bits(Operands.Seed, cycle, 2) % 8);
    }
}
