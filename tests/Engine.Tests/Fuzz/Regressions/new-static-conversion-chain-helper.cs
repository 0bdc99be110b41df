// Found by the fuzzer: seed 20261125, design 1182, long run (shrunk). FIXED.
// ghdl --synth crashed (netlists-utils.adb:145) on (byte)(int)v0 and (int)(uint)v1 of constants in a helper: as in
// new-static-conversion-chain.cs. Construct: StaticOperands.
using System.Numerics;
using Hdl;

namespace Fuzz.S20261125.U1182;

public interface U1182_In : IBus
{
    byte S0 { get; set; }
    [Width(20)] uint S1 { get; set; }
    uint S2 { get; set; }
    byte S3 { get; set; }
    short S4 { get; set; }
}

public interface U1182_P1_Out : IBus
{
    [InitialValue(1140459138582033918UL)] ulong O1 { get; set; }
}

public static class U1182_Fn
{
    public static ushort H1(ulong a0)
    {
        short v0 = ((short)(7245));
        byte v1 = ((byte)(((int)(v0))));
        return ((((int)(((uint)(v1)))) < 6) ? ((ushort)(0)) : ((ushort)(1)));
    }
}

public sealed class U1182_P1 : ClockedProcess
{
    [InputBus] public U1182_In In = null!;
    [OutputBus] public U1182_P1_Out Out = Bus.Create<U1182_P1_Out>();
    ushort r5 = ((ushort)(4));

    protected override void OnTick()
    {
        r5 = U1182_Fn.H1(((ulong)(In.S1)));
    }
}

public static class U1182_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U1182_In>(), "u1182_in");
        var p0i0 = d.Add(new U1182_P1() { Name = "u1182_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u1182_p0_i0");
    }
}
