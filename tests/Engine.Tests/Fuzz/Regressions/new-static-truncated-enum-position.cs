// Found by the fuzzer: seed 20261128, design 834, the long run after the sign-extension fix (shrunk). FIXED.
// ghdl --synth crashed (ASSERTION_ERROR at netlists-utils.adb:145) on the table index (int)(ushort)r0 & 1 of an enum
// register r0 GHDL knows (M2): hdl_address(resize(to_unsigned(U834_E1'pos(r0), 2), 1)), a truncating resize of
// to_unsigned's folded result, the class of new-static-truncated-division.cs. Fixed: to_unsigned's result is
// sliced like a package function's (to_unsigned(U834_E1'pos(r0), 2)(0 downto 0); VhdlText.Low).
// Construct: StaticOperands.
using System.Numerics;
using Hdl;

namespace Fuzz.S20261128.U834;

public enum U834_E1 { M0, M1, M2, M3 }

public static class U834_Tables
{
    public static readonly short[] T0 = [((short)(0)), ((short)(18158)), ((short)(15773)), ((short)(32767)), ((short)(-3)), ((short)(10)), ((short)(3)), ((short)(-32768)), ((short)(4))];
    public static readonly long[] T1 = [(-7520630819209334840L), 9L];
    public static readonly uint[] Shared = [32768u, 0u, 4000460042u, 3794664091u];
}

public interface U834_In : IBus
{
    short S0 { get; set; }
    ushort S1 { get; set; }
    long S2 { get; set; }
    bool S3 { get; set; }
    ulong S4 { get; set; }
}

public interface U834_P0_Out : IBus
{
    [InitialValue(0L)] long O1 { get; set; }
}

public sealed class U834_P0 : ClockedProcess
{
    [InputBus] public U834_In In = null!;
    [OutputBus] public U834_P0_Out Out = Bus.Create<U834_P0_Out>();
    U834_E1 r0 = U834_E1.M0;

    protected override void OnTick()
    {
        r0 = U834_E1.M2;
        r0 = r0;
        Out.O1 = U834_Tables.T1[(((int)(((ushort)(r0)))) & 1)];
    }
}

public static class U834_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U834_In>(), "u834_in");
        var p0i0 = d.Add(new U834_P0() { Name = "u834_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u834_p0_i0");
    }
}
