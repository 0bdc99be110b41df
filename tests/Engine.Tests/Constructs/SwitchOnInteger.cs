using Hdl;

namespace Engine.Tests.Constructs;

public interface ISelectedOperands : IBus
{
    uint A { get; set; }
    uint B { get; set; }
    [Width(3)] byte Select { get; set; }
}

public interface ISwitchResult : IBus
{
    uint Value { get; set; }
    bool Flag { get; set; }
}

/// <summary>Construct: switch on an integer with constant labels, a shared section and default.</summary>
public sealed class SwitchOnIntegerProcess : CombinationalProcess
{
    [InputBus] public ISelectedOperands Input = null!;
    [OutputBus] public ISwitchResult Output = Bus.Create<ISwitchResult>();

    protected override void OnTick()
    {
        uint a = Input.A;
        uint b = Input.B;
        uint value = 0;
        bool flag = false;
        switch (Input.Select)
        {
            case 0:
                value = a + b;
                break;
            case 1:
                value = a - b;
                flag = true;
                break;
            case 2:
                value = a & b;
                break;
            case 3:
                value = a | b;
                flag = a > b;
                break;
            case 4:
            case 5:
                value = a ^ b;
                break;
            default:
                value = ~a;
                flag = true;
                break;
        }
        Output.Value = value;
        Output.Flag = flag;
    }
}

public static class SwitchOnIntegerCase
{
    public static Design Build()
    {
        var d = new Design("construct_switch_int");
        var p = d.Add(new SwitchOnIntegerProcess());
        p.Input = d.Input(Bus.Create<ISelectedOperands>(), "selected");
        d.Output(p.Output, "result");
        return d;
    }

    public static void Drive(Simulation sim, int cycle)
    {
        var input = sim.Port<ISelectedOperands>("selected");
        input.A = Stimulus.Word(Operands.Seed, cycle, 0);
        input.B = Stimulus.Word(Operands.Seed, cycle, 1);
        input.Select = (byte)(Stimulus.Bits(Operands.Seed, cycle, 2) & 7);
    }
}
