// Found by the fuzzer: seed 20261125, design 1323, long run (shrunk). FIXED.
// ghdl --synth crashed (netlists-utils.adb:145) on (sbyte)(int)v3 with v3 holding a constant: as in
// new-static-conversion-chain.cs. Construct: StaticOperands.
using System.Numerics;
using Hdl;

namespace Fuzz.S20261125.U1323;

public enum U1323_E0 { M0, M1 }

public interface U1323_In : IBus
{
    UInt128 S0 { get; set; }
    ushort S1 { get; set; }
    [Width(52)] ulong S2 { get; set; }
    uint S3 { get; set; }
}

public interface U1323_P0_Out : IBus
{
    U1323_E0 O1 { get; set; }
}

public sealed class U1323_P0 : CombinationalProcess
{
    [InputBus] public U1323_In In = null!;
    [OutputBus] public U1323_P0_Out Out = Bus.Create<U1323_P0_Out>();

    protected override void OnTick()
    {
        sbyte v3 = ((sbyte)(~((sbyte)(0))));
        v3 = ((sbyte)(((sbyte)(((int)(v3)))) - v3));
        Out.O1 = U1323_E0.M0;
    }
}

public static class U1323_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U1323_In>(), "u1323_in");
        var p0i0 = d.Add(new U1323_P0() { Name = "u1323_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u1323_p0_i0");
    }
}
