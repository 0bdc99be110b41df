using Hdl;

namespace Engine.Tests.Constructs;

public interface ILocalsResult : IBus
{
    uint Sum { get; set; }
    uint Mixed { get; set; }
    ulong Wide { get; set; }
    bool Carry { get; set; }
    byte Low { get; set; }
}

/// <summary>Construct: locals with explicit types and var, initialisers, reassignment.</summary>
public sealed class LocalsProcess : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ILocalsResult Output = Bus.Create<ILocalsResult>();

    protected override void OnTick()
    {
        uint a = Input.A;
        var b = Input.B;
        uint sum = a + b;
        var mixed = sum ^ (a >> 3);
        mixed = mixed + 7u;
        ulong wide = (ulong)a * b;
        bool carry = sum < a;
        byte low = (byte)mixed;
        low = (byte)(low + 1);
        Output.Sum = sum;
        Output.Mixed = mixed;
        Output.Wide = wide;
        Output.Carry = carry;
        Output.Low = low;
    }
}

public static class LocalsCase
{
    public static Design Build()
    {
        var p = new LocalsProcess();
        return Operands.Single("construct_locals", p, bus => p.Input = bus, p.Output);
    }
}
