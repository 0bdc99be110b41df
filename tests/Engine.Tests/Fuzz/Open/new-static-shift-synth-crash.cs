// Found by the fuzzer: seed 2, design 83 (shrunk). NEW DEFECT, NOT FIXED: this test fails until it is.
// ghdl --synth crashes ("GHDL Bug occurred", ADA.ASSERTIONS.ASSERTION_ERROR at netlists-utils.adb:145)
// on a shift whose value and amount are both static: GHDL propagates the constants through the
// variable v1 and evaluates shift_left itself. The back end emits the shift as it is; it could fold
// such shifts (or keep the amount non-static). Construct: StaticOperands (off in the default set).
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
