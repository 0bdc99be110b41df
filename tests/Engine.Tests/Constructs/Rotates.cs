using System.Numerics;
using Hdl;

namespace Engine.Tests.Constructs;

public interface IRotateResult : IBus
{
    uint LeftConstant { get; set; }
    uint RightConstant { get; set; }
    uint UintLeft { get; set; }
    uint LeftVariable { get; set; }
    uint RightVariable { get; set; }
    ulong WideLeft { get; set; }
    ulong WideRightVariable { get; set; }
}

/// <summary>Construct: BitOperations.RotateLeft/RotateRight and uint/ulong.Rotate*, by constants and variables.</summary>
public sealed class RotateProcess : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public IRotateResult Output = Bus.Create<IRotateResult>();

    protected override void OnTick()
    {
        uint a = Input.A;
        uint b = Input.B;
        int n = (int)(b & 31);
        int m = (int)(a >> 26);
        Output.LeftConstant = BitOperations.RotateLeft(a, 7);
        Output.RightConstant = BitOperations.RotateRight(a, 13);
        Output.UintLeft = uint.RotateLeft(a, 16);
        Output.LeftVariable = BitOperations.RotateLeft(a, n);
        Output.RightVariable = uint.RotateRight(b, n);
        Output.WideLeft = BitOperations.RotateLeft(((ulong)a << 32) | b, 17);
        Output.WideRightVariable = ulong.RotateRight(((ulong)b << 32) | a, m);
    }
}

public static class RotateCase
{
    public static Design Build()
    {
        var p = new RotateProcess();
        return Operands.Single("construct_rotates", p, bus => p.Input = bus, p.Output);
    }
}
