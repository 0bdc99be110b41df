// Found by the fuzzer: seed 2, design 83 (shrunk). FIXED.
// ghdl --synth crashed ("GHDL Bug occurred", ADA.ASSERTIONS.ASSERTION_ERROR at netlists-utils.adb:145) on
// shift_left(x, to_integer(resize(unsigned(v1), 5))) with v1 holding a constant: GHDL propagates the constant through
// the variable, and the truncating resize gives a broken constant. The back end now takes a shift or rotate amount's
// low bits by a slice (hdl_amount, StaticSafeForms). Construct: StaticOperands.
using System.Numerics;
using Hdl;

namespace Fuzz.S2.U83;

public interface U83_In : IBus
{
    short S0 { get; set; }
    short S1 { get; set; }
}

public interface U83_P0_Out : IBus
{
    byte O1 { get; set; }
}

public sealed class U83_P0 : CombinationalProcess
{
    [InputBus] public U83_In In = null!;
    [OutputBus] public U83_P0_Out Out = Bus.Create<U83_P0_Out>();

    protected override void OnTick()
    {
        int v1 = 0;
        v1 = 64;
        v1 = ((int)(0 << v1));
        Out.O1 = ((byte)(0));
    }
}

public static class U83_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U83_In>(), "u83_in");
        var p0i0 = d.Add(new U83_P0() { Name = "u83_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u83_p0_i0");
    }
}
