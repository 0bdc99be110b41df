// Found by the fuzzer: seed 4, design 2, --constructs all (shrunk). KNOWN DEFECT (issue part 1, fixed on another branch):
// an integer outside the enum's range cast to the enum (C# keeps the number) is a bound check failure in GHDL
// ('val). Construct: EnumCastOutOfRange.
using System.Numerics;
using Hdl;

namespace Fuzz.S4.U2;

public enum U2_E1 { M0, M1, M2 }

public interface U2_In : IBus
{
    short S0 { get; set; }
    [Width(11)] ushort S1 { get; set; }
    sbyte S2 { get; set; }
    UInt128 S3 { get; set; }
    byte S4 { get; set; }
    int S5 { get; set; }
}

public interface U2_P0_Out : IBus
{
    [InitialValue(((sbyte)(-31)))] sbyte O0 { get; set; }
}

public sealed class U2_P0 : ClockedProcess
{
    [InputBus] public U2_In In = null!;
    [OutputBus] public U2_P0_Out Out = Bus.Create<U2_P0_Out>();
    ushort r1 = ((ushort)(32768));

    protected override void OnTick()
    {
        Out.O0 = ((sbyte)(((U2_E1)(r1))));
    }
}

public static class U2_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U2_In>(), "u2_in");
        var p0i0 = d.Add(new U2_P0() { Name = "u2_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u2_p0_i0");
    }
}
