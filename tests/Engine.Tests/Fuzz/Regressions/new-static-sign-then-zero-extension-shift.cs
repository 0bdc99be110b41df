// Found by the fuzzer: seed 20261125, design 1050, long run (shrunk). FIXED.
// ghdl --synth crashed (ASSERTION_ERROR at netlists-folds.adb:202) on (ushort)(sbyte)c >> 6 with c folded to a
// constant: signed(resize(unsigned(resize(c, 16)), 32)), a zero extension of a sign extension, as in
// new-static-sign-then-zero-extension-remainder.cs. Fixed the same way: the sign extension is hdl_sext(c, 16).
// Construct: StaticOperands.
using System.Numerics;
using Hdl;

namespace Fuzz.S20261125.U1050;

public interface U1050_In : IBus
{
    uint S0 { get; set; }
    Int128 S1 { get; set; }
    ulong S2 { get; set; }
    ulong S3 { get; set; }
    UInt128 S4 { get; set; }
    int S5 { get; set; }
}

public interface U1050_P0_Out : IBus
{
    [InitialValue(((sbyte)(-1)))] sbyte O1 { get; set; }
}

public sealed class U1050_P0 : ClockedProcess
{
    [InputBus] public U1050_In In = null!;
    [OutputBus] public U1050_P0_Out Out = Bus.Create<U1050_P0_Out>();
    readonly long k0;

    public U1050_P0(long k0)
    {
        this.k0 = k0;
    }

    protected override void OnTick()
    {
        ushort v3 = ((ushort)(((ushort)(((k0 != 0L) ? ((sbyte)(-1)) : ((sbyte)(0))))) >> 6));
    }
}

public static class U1050_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U1050_In>(), "u1050_in");
        var p0i0 = d.Add(new U1050_P0((-2313213529237438569L)) { Name = "u1050_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u1050_p0_i0");
    }
}
