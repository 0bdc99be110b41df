// Found by the fuzzer: seed 20261127, design 1198, final run (shrunk). FIXED.
// ghdl --synth crashed (ASSERTION_ERROR at netlists-folds.adb:202) in a helper on
// hdl_div(signed(resize(unsigned(resize(v0, 16)), 32)), 1) with v0 := -1: (ushort)v0 of an sbyte, promoted to int, as
// in new-static-sign-then-zero-extension-remainder.cs. Fixed the same way: the sign extension is hdl_sext(v0, 16).
// Construct: StaticOperands.
using System.Numerics;
using Hdl;

namespace Fuzz.S20261127.U1198;

public interface U1198_In : IBus
{
    short S0 { get; set; }
    uint S1 { get; set; }
    ushort S2 { get; set; }
    long S3 { get; set; }
    Int128 S4 { get; set; }
}

public interface U1198_P3_Out : IBus
{
    bool O1 { get; set; }
}

public static class U1198_Fn
{
    public static ushort H1(short a0, sbyte a1)
    {
        sbyte v0 = ((sbyte)(-1));
        return ((ushort)(((ushort)(v0)) / ((ushort)(1))));
    }
}

public sealed class U1198_P3 : CombinationalProcess
{
    [InputBus] public U1198_In In = null!;
    [OutputBus] public U1198_P3_Out Out = Bus.Create<U1198_P3_Out>();
    const ushort C0 = ((ushort)(1));

    protected override void OnTick()
    {
        ushort v9 = C0;
        v9 = U1198_Fn.H1(In.S0, ((sbyte)(6)));
        Out.O1 = false;
    }
}

public static class U1198_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U1198_In>(), "u1198_in");
        var p0i0 = d.Add(new U1198_P3() { Name = "u1198_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u1198_p0_i0");
    }
}
