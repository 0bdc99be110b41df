using Hdl;

namespace Engine.Tests.Constructs;

public interface ISignedResult : IBus
{
    int Sum { get; set; }
    int Product { get; set; }
    long Mixed { get; set; }
    bool Less { get; set; }
    bool LessMixed { get; set; }
    long SignExtended { get; set; }
    short ShortDifference { get; set; }
    int Negated { get; set; }
    int ArithmeticShift { get; set; }
    uint Reinterpreted { get; set; }
    sbyte NarrowSigned { get; set; }
    ulong WideUnsigned { get; set; }
}

/// <summary>
/// Construct: signed arithmetic and signed/unsigned mixes (int + uint is long in C#), sign
/// extension, narrowing casts, unary minus, arithmetic shift right.
/// </summary>
public sealed class SignedArithmeticProcess : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ISignedResult Output = Bus.Create<ISignedResult>();

    protected override void OnTick()
    {
        int x = (int)Input.A;
        int y = (int)Input.B;
        Output.Sum = x + y;
        Output.Product = x * y;
        Output.Mixed = x + Input.B;
        Output.Less = x < y;
        Output.LessMixed = x < Input.B;
        Output.SignExtended = (sbyte)Input.A;
        Output.ShortDifference = (short)((short)x - (short)y);
        Output.Negated = -x;
        Output.ArithmeticShift = x >> 5;
        Output.Reinterpreted = (uint)(sbyte)(byte)Input.B;
        Output.NarrowSigned = (sbyte)(x >> 24);
        Output.WideUnsigned = (ulong)(long)x;
    }
}

public static class SignedArithmeticCase
{
    public static Design Build()
    {
        var p = new SignedArithmeticProcess();
        return Operands.Single("construct_signed_arithmetic", p, bus => p.Input = bus, p.Output);
    }
}
