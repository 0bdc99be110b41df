// Found by the fuzzer: seed 20261127, design 808, final run (shrunk). FIXED.
// ghdl --synth crashed (TYPES.INTERNAL_ERROR at netlists-utils.adb:163) on the index
// hdl_address(resize(resize(hdl_rem(r2, C), 32), 1)) of rf5[(int)(r2 % C)] with r2 holding a constant: a truncating
// resize of hdl_rem's folded result, as in new-static-truncated-division.cs. Fixed: the index is the low address bit
// of the remainder, through the conversion to int, as a slice: hdl_address(hdl_rem(r2, C)(0 downto 0)).
// Construct: StaticOperands.
using System.Numerics;
using Hdl;

namespace Fuzz.S20261127.U808;

public enum U808_E0 { M0, M1, M2 }

public interface U808_In : IBus
{
    ushort S0 { get; set; }
    long S1 { get; set; }
    uint S2 { get; set; }
    U808_E0 S3 { get; set; }
    short S4 { get; set; }
}

public interface U808_P2_Out : IBus
{
    [InitialValue(true)] bool O2 { get; set; }
}

public sealed class U808_P2 : ClockedProcess
{
    [InputBus] public U808_In In = null!;
    [OutputBus] public U808_P2_Out Out = Bus.Create<U808_P2_Out>();
    ulong r2 = 15429036079083519897UL;
    sbyte[] rf5 = new sbyte[2];

    protected override void OnTick()
    {
        r2 = 1UL;
        rf5[(int)((r2 % 6211829420735370260UL))] = ((sbyte)(7));
    }
}

public static class U808_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U808_In>(), "u808_in");
        var p0i0 = d.Add(new U808_P2() { Name = "u808_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u808_p0_i0");
    }
}
