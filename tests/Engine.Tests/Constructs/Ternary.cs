using Hdl;

namespace Engine.Tests.Constructs;

public interface ITernaryResult : IBus
{
    uint Max { get; set; }
    uint Min { get; set; }
    int SignedMax { get; set; }
    uint Distance { get; set; }
    bool Choice { get; set; }
    AluOperation Pick { get; set; }
}

/// <summary>Construct: the conditional operator, nested, on integers, bools and enums.</summary>
public sealed class TernaryProcess : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ITernaryResult Output = Bus.Create<ITernaryResult>();

    protected override void OnTick()
    {
        uint a = Input.A;
        uint b = Input.B;
        Output.Max = a > b ? a : b;
        Output.Min = a < b ? a : b;
        Output.SignedMax = (int)a > (int)b ? (int)a : (int)b;
        Output.Distance = a == b ? 0u : a < b ? b - a : a - b;
        Output.Choice = (a & 1u) != 0 ? b > 100u : a > 100u;
        Output.Pick = (b & 3u) == 0 ? AluOperation.Add : (b & 3u) == 1 ? AluOperation.Xor : AluOperation.Pass;
    }
}

public static class TernaryCase
{
    public static Design Build()
    {
        var p = new TernaryProcess();
        return Operands.Single("construct_ternary", p, bus => p.Input = bus, p.Output);
    }
}
