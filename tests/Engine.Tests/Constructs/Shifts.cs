using Hdl;

namespace Engine.Tests.Constructs;

public interface IShiftResult : IBus
{
    uint LeftConstant { get; set; }
    uint RightConstant { get; set; }
    ulong WideLeft { get; set; }
    int SignedRight { get; set; }
    uint LeftVariable { get; set; }
    uint RightVariable { get; set; }
    int SignedRightVariable { get; set; }
    ulong WideVariable { get; set; }
    byte ByteLeft { get; set; }
    ushort ShortRight { get; set; }
}

/// <summary>
/// Construct: shifts by constants and by variables (masked into range, so C# and VHDL agree),
/// logical on unsigned and arithmetic on signed operands.
/// </summary>
public sealed class ShiftProcess : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public IShiftResult Output = Bus.Create<IShiftResult>();

    protected override void OnTick()
    {
        uint a = Input.A;
        uint b = Input.B;
        int n = (int)(b & 31);
        int m = (int)(b >> 26);
        Output.LeftConstant = a << 3;
        Output.RightConstant = a >> 7;
        Output.WideLeft = (ulong)a << 40;
        Output.SignedRight = (int)a >> 4;
        Output.LeftVariable = a << n;
        Output.RightVariable = a >> n;
        Output.SignedRightVariable = (int)a >> n;
        Output.WideVariable = (((ulong)b << 32) | a) >> m;
        Output.ByteLeft = (byte)((byte)a << 3);
        Output.ShortRight = (ushort)((ushort)a >> (n & 15));
    }
}

public static class ShiftCase
{
    public static Design Build()
    {
        var p = new ShiftProcess();
        return Operands.Single("construct_shifts", p, bus => p.Input = bus, p.Output);
    }
}
