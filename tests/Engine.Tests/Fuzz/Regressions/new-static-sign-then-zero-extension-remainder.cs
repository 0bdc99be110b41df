// Found by the fuzzer: seed 20261125, design 824, long run (shrunk). FIXED.
// ghdl --synth crashed (ASSERTION_ERROR at netlists-folds.adb:202) on resize(unsigned(resize(signed(v0), 16)), 32)
// with v0 a constant: (int)(ushort)(sbyte)v0 sign-extends to 16 bits, then zero-extends to 32. GHDL folds numeric_std's
// sign extension of a negative value it knows into a constant that is broken for unsigned operations (its bits above
// the width are ones too), so the zero extension of it fails. The back end now writes every sign extension as
// hdl_sext(x, w), the sign bit copied above x (StaticSafeForms). Construct: StaticOperands.
using System.Numerics;
using Hdl;

namespace Fuzz.S20261125.U824;

public interface U824_In : IBus
{
    [Width(12)] ushort S0 { get; set; }
    short S1 { get; set; }
}

public interface U824_P1_Out : IBus
{
    long O2 { get; set; }
}

public interface U824_P2_Out : IBus
{
    UInt128 O1 { get; set; }
}

public static class U824_Fn
{
    public static ulong H1(long a0)
    {
        byte v0 = ((byte)(255));
        ushort v1 = ((ushort)(((ushort)(((sbyte)(v0)))) % ((ushort)(1))));
        return 1UL;
    }
}

public sealed class U824_P1 : CombinationalProcess
{
    [InputBus] public U824_In In = null!;
    [OutputBus] public U824_P1_Out Out = Bus.Create<U824_P1_Out>();

    protected override void OnTick()
    {
        Out.O2 = 1L;
    }
}

public sealed class U824_P2 : ClockedProcess
{
    [InputBus] public U824_In In = null!;
    [InputBus] public U824_P1_Out Up = null!;
    [OutputBus] public U824_P2_Out Out = Bus.Create<U824_P2_Out>();
    UInt128 r7 = new UInt128(0x0UL, 0x9UL);

    protected override void OnTick()
    {
        r7 = new UInt128(U824_Fn.H1(Up.O2), 0UL);
    }
}

public static class U824_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U824_In>(), "u824_in");
        var p0i0 = d.Add(new U824_P1() { Name = "u824_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u824_p0_i0");
        var p1i0 = d.Add(new U824_P2() { Name = "u824_p1_i0" });
        p1i0.In = input;
        p1i0.Up = p0i0.Out;
        d.Output(p1i0.Out, "u824_p1_i0");
    }
}
