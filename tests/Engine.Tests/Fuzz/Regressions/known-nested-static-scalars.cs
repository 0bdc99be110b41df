// Found by the fuzzer: seed 4, design 4, --constructs all (shrunk). KNOWN DEFECT (issue part 1, fixed on another branch):
// two static readonly scalars U4_A.K.X and U4_B.K.X (same nested class and field names) become one package
// constant, so GHDL computes with the wrong one (expected 0001, got 0004). Construct: NestedStaticScalars.
using System.Numerics;
using Hdl;

namespace Fuzz.S4.U4;

public enum U4_E1 { M0, M1 }

public static class U4_A
{
    public static class K
    {
        public static readonly uint X = 4294967295u;
    }
}

public static class U4_B
{
    public static class K
    {
        public static readonly uint X = 2u;
    }
}

public interface U4_In : IBus
{
    byte S0 { get; set; }
    U4_E1 S1 { get; set; }
    U4_E1 S2 { get; set; }
    sbyte S3 { get; set; }
}

public interface U4_P3_Out : IBus
{
    short O0 { get; set; }
}

public sealed class U4_P3 : CombinationalProcess
{
    [InputBus] public U4_In In = null!;
    [OutputBus] public U4_P3_Out Out = Bus.Create<U4_P3_Out>();

    protected override void OnTick()
    {
        Out.O0 = ((short)(((short)(U4_B.K.X)) + ((short)(((long)(U4_A.K.X))))));
    }
}

public static class U4_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U4_In>(), "u4_in");
        var p0i0 = d.Add(new U4_P3() { Name = "u4_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u4_p0_i0");
    }
}
