using Hdl;

namespace Engine.Tests.Constructs;

public interface ILoopResult : IBus
{
    uint Ones { get; set; }
    byte Reversed { get; set; }
    uint Folded { get; set; }
    uint Weighted { get; set; }
    bool Parity { get; set; }
}

/// <summary>Construct: for loops with constant bounds (from 0 and not), the index in shifts.</summary>
public sealed class ForLoopProcess : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ILoopResult Output = Bus.Create<ILoopResult>();

    protected override void OnTick()
    {
        uint a = Input.A;
        uint b = Input.B;
        uint ones = 0;
        for (int i = 0; i < 32; i++)
        {
            if (((a >> i) & 1u) != 0)
                ones++;
        }
        byte source = (byte)b;
        byte reversed = 0;
        for (int i = 0; i < 8; i++)
        {
            reversed = (byte)((reversed << 1) | ((source >> i) & 1));
        }
        uint folded = 0;
        for (int i = 0; i < 4; i++)
        {
            folded ^= (a >> (8 * i)) & 0xFFu;
        }
        uint weighted = 0;
        for (int i = 2; i < 6; i++)
        {
            weighted += (uint)i * ((b >> (4 * i)) & 0xFu);
        }
        bool parity = false;
        for (int i = 0; i < 32; i++)
        {
            parity ^= ((b >> i) & 1u) == 1u;
        }
        Output.Ones = ones;
        Output.Reversed = reversed;
        Output.Folded = folded;
        Output.Weighted = weighted;
        Output.Parity = parity;
    }
}

public static class ForLoopCase
{
    public static Design Build()
    {
        var p = new ForLoopProcess();
        return Operands.Single("construct_for_loop", p, bus => p.Input = bus, p.Output);
    }
}
