// Found by the fuzzer: seed 20261127, design 79, final run (shrunk). FIXED.
// ghdl --synth crashed (ASSERTION_ERROR at netlists-folds.adb:202) on to_integer(unsigned(resize(r3, 16))) with r3
// holding a negative constant ((ushort)r3 of an sbyte): to_integer zero-extends GHDL's folded sign extension, as in
// new-static-sign-then-zero-extension-remainder.cs. Fixed the same way: unsigned(hdl_sext(r3, 16)).
// Construct: StaticOperands.
using System.Numerics;
using Hdl;

namespace Fuzz.S20261127.U79;

public interface U79_In : IBus
{
    int S0 { get; set; }
    ulong S1 { get; set; }
}

public interface U79_P1_Out : IBus
{
    [InitialValue(((ushort)(3)))] ushort O2 { get; set; }
}

public sealed class U79_P1 : ClockedProcess
{
    [InputBus] public U79_In In = null!;
    [OutputBus] public U79_P1_Out Out = Bus.Create<U79_P1_Out>();
    const sbyte C0 = ((sbyte)(-93));
    sbyte r3 = ((sbyte)(-1));

    protected override void OnTick()
    {
        r3 = ((sbyte)(0));
        r3 |= C0;
        if ((((ushort)(0)) >= ((ushort)(r3))))
        {
        }
    }
}

public static class U79_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U79_In>(), "u79_in");
        var p0i0 = d.Add(new U79_P1() { Name = "u79_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u79_p0_i0");
    }
}
