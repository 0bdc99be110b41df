// Found by the fuzzer: seed 4, design 3, --constructs all (shrunk). FIXED.
// ghdl --synth: 'synth_static_dyadic_predefined: unhandled IIR_PREDEFINED_IEEE_NUMERIC_STD_NE_SGN_SGN': a comparison
// whose operands are both static (a literal and a generic) is evaluated by GHDL's synthesis itself, which lacks
// numeric_std's /= on vectors. The back end now writes != of vectors as not (a = b) (StaticSafeForms). Construct: StaticOperands.
using System.Numerics;
using Hdl;

namespace Fuzz.S4.U3;

public enum U3_E0 { M0, M1, M2 }

public interface U3_In : IBus
{
    ushort S0 { get; set; }
    [Width(33)] ulong S1 { get; set; }
    U3_E0 S2 { get; set; }
    UInt128 S3 { get; set; }
    [Width(2)] byte S4 { get; set; }
    sbyte S5 { get; set; }
}

public interface U3_P0_Out : IBus
{
    [InitialValue(((ushort)(0)))] ushort O1 { get; set; }
}

public sealed class U3_P0 : ClockedProcess
{
    [InputBus] public U3_In In = null!;
    [OutputBus] public U3_P0_Out Out = Bus.Create<U3_P0_Out>();
    readonly short k2;
    uint[] rf2 = new uint[4];

    public U3_P0(short k2)
    {
        this.k2 = k2;
    }

    protected override void OnTick()
    {
        rf2[(int)(3u)] ^= ((((short)(9)) != k2) ? 0u : 0u);
    }
}

public static class U3_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U3_In>(), "u3_in");
        var p0i0 = d.Add(new U3_P0(((short)(0))) { Name = "u3_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u3_p0_i0");
    }
}
