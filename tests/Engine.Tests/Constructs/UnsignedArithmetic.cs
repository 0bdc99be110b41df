using Hdl;

namespace Engine.Tests.Constructs;

public interface IUnsignedResult : IBus
{
    uint Sum { get; set; }
    uint Difference { get; set; }
    uint Product { get; set; }
    ulong WideProduct { get; set; }
    byte ByteSum { get; set; }
    ushort ShortProduct { get; set; }
    uint Negated { get; set; }
    ulong WideSum { get; set; }
}

/// <summary>Construct: unsigned + - * with wrap-around, widening and narrowing casts.</summary>
public sealed class UnsignedArithmeticProcess : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public IUnsignedResult Output = Bus.Create<IUnsignedResult>();

    protected override void OnTick()
    {
        uint a = Input.A;
        uint b = Input.B;
        Output.Sum = a + b;
        Output.Difference = a - b;
        Output.Product = a * b;
        Output.WideProduct = (ulong)a * (ulong)b;
        Output.ByteSum = (byte)((byte)a + (byte)b);
        Output.ShortProduct = (ushort)((ushort)a * (ushort)b);
        Output.Negated = 0u - a;
        Output.WideSum = (ulong)a + b + 0xFFFF_FFFF_0000_0000ul;
    }
}

public static class UnsignedArithmeticCase
{
    public static Design Build()
    {
        var p = new UnsignedArithmeticProcess();
        return Operands.Single("construct_unsigned_arithmetic", p, bus => p.Input = bus, p.Output);
    }
}
