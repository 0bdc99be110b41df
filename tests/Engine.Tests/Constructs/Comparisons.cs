using Hdl;

namespace Engine.Tests.Constructs;

public interface IComparisonResult : IBus
{
    bool Equal { get; set; }
    bool NotEqual { get; set; }
    bool Less { get; set; }
    bool LessOrEqual { get; set; }
    bool Greater { get; set; }
    bool GreaterOrEqual { get; set; }
    bool SignedLess { get; set; }
    bool SignedGreaterOrEqual { get; set; }
    bool ByteLess { get; set; }
    bool WideGreater { get; set; }
}

/// <summary>Construct: == != &lt; &lt;= &gt; &gt;= on unsigned, signed, narrow and wide operands.</summary>
public sealed class ComparisonProcess : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public IComparisonResult Output = Bus.Create<IComparisonResult>();

    protected override void OnTick()
    {
        uint a = Input.A;
        uint b = Input.B;
        Output.Equal = a == b;
        Output.NotEqual = a != b;
        Output.Less = a < b;
        Output.LessOrEqual = a <= b;
        Output.Greater = a > b;
        Output.GreaterOrEqual = a >= b;
        Output.SignedLess = (int)a < (int)b;
        Output.SignedGreaterOrEqual = (int)a >= (int)b;
        Output.ByteLess = (byte)a < (byte)b;
        Output.WideGreater = ((ulong)a << 8) > ((ulong)b << 4);
    }
}

public static class ComparisonCase
{
    public static Design Build()
    {
        var p = new ComparisonProcess();
        return Operands.Single("construct_comparisons", p, bus => p.Input = bus, p.Output);
    }
}
