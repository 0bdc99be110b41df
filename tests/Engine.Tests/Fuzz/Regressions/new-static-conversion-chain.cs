// Found by the fuzzer: seed 20261125, design 698, long run (shrunk). FIXED.
// ghdl --synth crashed (netlists-utils.adb:145) on (sbyte)(long)r7 with r7 holding a constant: a truncating resize of
// an extending resize of a value GHDL folds. The back end now writes (T2)(T1)x as (T2)x when T1 holds x's value or
// extends it and T2 is no wider (one conversion: a slice here). Construct: StaticOperands.
using System.Numerics;
using Hdl;

namespace Fuzz.S20261125.U698;

public enum U698_E0 { M0, M1, M2, M3, M4 }

public static class U698_B
{
    public static class K
    {
        public static readonly uint X = 4294967295u;
    }
}

public interface U698_In : IBus
{
    int S0 { get; set; }
    short S1 { get; set; }
    U698_E0 S2 { get; set; }
}

public interface U698_P2_Out : IBus
{
    [InitialValue((-1202291886791768105L))] long O0 { get; set; }
}

public sealed class U698_P2 : ClockedProcess
{
    [InputBus] public U698_In In = null!;
    [OutputBus] public U698_P2_Out Out = Bus.Create<U698_P2_Out>();
    uint r7 = 2876165597u;

    protected override void OnTick()
    {
        sbyte v8 = ((sbyte)(0));
        r7 = U698_B.K.X;
        v8 = ((sbyte)(~((sbyte)(((long)(r7))))));
    }
}

public static class U698_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U698_In>(), "u698_in");
        var p0i0 = d.Add(new U698_P2() { Name = "u698_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u698_p0_i0");
    }
}
