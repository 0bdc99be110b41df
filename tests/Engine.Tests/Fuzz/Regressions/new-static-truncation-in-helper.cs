// Found by the fuzzer: seed 20261124, design 7, once StaticOperands was on (shrunk). FIXED.
// ghdl --synth crashed (netlists-utils.adb:145) on resize(resize(a0, 16), 32) in a helper called with a constant:
// the truncation of the parameter (now a0(15 downto 0)), as in new-static-truncation-case.cs. Construct: StaticOperands.
using System.Numerics;
using Hdl;

namespace Fuzz.S20261124.U7;

public interface U7_In : IBus
{
    int S0 { get; set; }
    int S1 { get; set; }
    bool S2 { get; set; }
    byte S3 { get; set; }
    byte S4 { get; set; }
    [Width(31)] uint S5 { get; set; }
}

public interface U7_P0_Out : IBus
{
    [InitialValue(505936184)] int O0 { get; set; }
}

public static class U7_Fn
{
    public static int H1(uint a0)
    {
        return ((int)(((ushort)(a0))));
    }
    public static int H2(sbyte a0, int a1)
    {
        return U7_Fn.H1(((uint)(a1)));
    }
}

public sealed class U7_P0 : ClockedProcess
{
    [InputBus] public U7_In In = null!;
    [OutputBus] public U7_P0_Out Out = Bus.Create<U7_P0_Out>();

    protected override void OnTick()
    {
        Out.O0 = U7_Fn.H2(((sbyte)(0)), (false ? In.S1 : 656520442));
    }
}

public static class U7_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U7_In>(), "u7_in");
        var p0i0 = d.Add(new U7_P0() { Name = "u7_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u7_p0_i0");
    }
}
