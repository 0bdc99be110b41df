// Found by the fuzzer: seed 20261125, design 1847, long run (shrunk). FIXED.
// ghdl --synth crashed (TYPES.INTERNAL_ERROR at netlists-utils.adb:163) on v2 := resize(hdl_div(v1, 1), 8) in a
// helper, v1 holding a constant: a truncating resize of a package function's result (a 64-bit constant once GHDL
// has folded the function) fails. The back end now writes the truncation of a function's result, an array element
// or a slice as a slice too: hdl_div(v1, 1)(7 downto 0) (VhdlText.Low). Construct: StaticOperands.
using System.Numerics;
using Hdl;

namespace Fuzz.S20261125.U1847;

public enum U1847_E0 { M0, M1 }

public interface U1847_In : IBus
{
    U1847_E0 S0 { get; set; }
    bool S1 { get; set; }
    byte S2 { get; set; }
    ulong S3 { get; set; }
    ulong S4 { get; set; }
    bool S5 { get; set; }
}

public interface U1847_P0_Out : IBus
{
    [InitialValue((-1L))] long O2 { get; set; }
}

public static class U1847_Fn
{
    public static int H1(int a0)
    {
        ulong v1 = 1UL;
        byte v2 = ((byte)((v1 / 1UL)));
        return 1;
    }
}

public sealed class U1847_P0 : ClockedProcess
{
    [InputBus] public U1847_In In = null!;
    [OutputBus] public U1847_P0_Out Out = Bus.Create<U1847_P0_Out>();
    int r3 = (-1571132549);

    protected override void OnTick()
    {
        r3 = U1847_Fn.H1(r3);
    }
}

public static class U1847_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U1847_In>(), "u1847_in");
        var p0i0 = d.Add(new U1847_P0() { Name = "u1847_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u1847_p0_i0");
    }
}
