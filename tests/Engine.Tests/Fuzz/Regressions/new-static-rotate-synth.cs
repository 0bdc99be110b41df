// Found by the fuzzer: seed 5, design 4, --constructs all (shrunk). FIXED.
// ghdl --synth: 'unhandled (static) function: IIR_PREDEFINED_IEEE_NUMERIC_STD_ROT_RIGHT_UNS_NAT': rotate_right of a
// generic is evaluated by GHDL's synthesis itself, which lacks numeric_std's rotates. The back end now writes rotates
// as hdl_rotl/hdl_rotr, two shifts or-ed (StaticSafeForms). Construct: StaticOperands.
using System.Numerics;
using Hdl;

namespace Fuzz.S5.U4;

public interface U4_In : IBus
{
    [Width(8)] uint S0 { get; set; }
    Int128 S1 { get; set; }
    short S2 { get; set; }
    sbyte S3 { get; set; }
}

public interface U4_P0_Out : IBus
{
    ulong O0 { get; set; }
}

public sealed class U4_P0 : CombinationalProcess
{
    [InputBus] public U4_In In = null!;
    [OutputBus] public U4_P0_Out Out = Bus.Create<U4_P0_Out>();
    readonly ulong k2;

    public U4_P0(ulong k2)
    {
        this.k2 = k2;
    }

    protected override void OnTick()
    {
        Out.O0 = BitOperations.RotateRight(k2, 0);
    }
}

public static class U4_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U4_In>(), "u4_in");
        var p0i0 = d.Add(new U4_P0(3811356272878475634UL) { Name = "u4_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u4_p0_i0");
    }
}
