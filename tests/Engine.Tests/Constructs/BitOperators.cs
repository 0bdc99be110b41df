using Hdl;

namespace Engine.Tests.Constructs;

public interface IBitOperands : IBus
{
    uint A { get; set; }
    uint B { get; set; }
    bool P { get; set; }
    bool Q { get; set; }
}

public interface IBitResult : IBus
{
    uint And { get; set; }
    uint Or { get; set; }
    uint Xor { get; set; }
    uint NotA { get; set; }
    uint AndNot { get; set; }
    bool Logic { get; set; }
    bool BoolXor { get; set; }
    bool BoolAnd { get; set; }
    bool BoolOr { get; set; }
    bool NotP { get; set; }
    byte ByteNot { get; set; }
    ulong WideMask { get; set; }
}

/// <summary>Construct: bitwise &amp; | ^ ~ on integers, ! &amp;&amp; || &amp; | ^ on bools.</summary>
public sealed class BitOperatorsProcess : CombinationalProcess
{
    [InputBus] public IBitOperands Input = null!;
    [OutputBus] public IBitResult Output = Bus.Create<IBitResult>();

    protected override void OnTick()
    {
        uint a = Input.A;
        uint b = Input.B;
        bool p = Input.P;
        bool q = Input.Q;
        Output.And = a & b;
        Output.Or = a | b;
        Output.Xor = a ^ b;
        Output.NotA = ~a;
        Output.AndNot = a & ~b;
        Output.Logic = (p && !q) || (q && a > b);
        Output.BoolXor = p ^ q;
        Output.BoolAnd = p & q;
        Output.BoolOr = p | q;
        Output.NotP = !p;
        Output.ByteNot = (byte)~(byte)b;
        Output.WideMask = (((ulong)a << 32) | b) & ~0xFF00_0000_0000_00FFul;
    }
}

public static class BitOperatorsCase
{
    public static Design Build()
    {
        var d = new Design("construct_bit_operators");
        var p = d.Add(new BitOperatorsProcess());
        p.Input = d.Input(Bus.Create<IBitOperands>(), "bits");
        d.Output(p.Output, "result");
        return d;
    }

    public static void Drive(Simulation sim, int cycle)
    {
        var input = sim.Port<IBitOperands>("bits");
        input.A = Stimulus.Word(Operands.Seed, cycle, 0);
        input.B = Stimulus.Word(Operands.Seed, cycle, 1);
        input.P = Stimulus.Chance(Operands.Seed, cycle, 2, 0.5);
        input.Q = Stimulus.Chance(Operands.Seed, cycle, 3, 0.5);
    }
}
