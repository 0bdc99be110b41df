// Found by the fuzzer: seed 20261125, design 1310, long run (shrunk). FIXED.
// ghdl --synth crashed (netlists-utils.adb:145) on (sbyte)(int)a0 in a helper called with a generic: as in
// new-static-conversion-chain.cs. Construct: StaticOperands.
using System.Numerics;
using Hdl;

namespace Fuzz.S20261125.U1310;

public interface U1310_In : IBus
{
    short S0 { get; set; }
    short S1 { get; set; }
    sbyte S2 { get; set; }
    byte S3 { get; set; }
    ulong S4 { get; set; }
}

public interface U1310_P2_Out : IBus
{
    [InitialValue(11742603795547041918UL)] ulong O2 { get; set; }
}

public static class U1310_Fn
{
    public static sbyte H0(uint a0, short a1)
    {
        return ((sbyte)(((int)(a0))));
    }
}

public sealed class U1310_P2 : ClockedProcess
{
    [InputBus] public U1310_In In = null!;
    [OutputBus] public U1310_P2_Out Out = Bus.Create<U1310_P2_Out>();
    readonly uint k0;

    public U1310_P2(uint k0)
    {
        this.k0 = k0;
    }

    protected override void OnTick()
    {
        sbyte v10 = ((sbyte)(U1310_Fn.H0((true ? k0 : k0), ((short)(0))) << 9));
    }
}

public static class U1310_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U1310_In>(), "u1310_in");
        var p0i0 = d.Add(new U1310_P2(4294934527u) { Name = "u1310_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u1310_p0_i0");
    }
}
