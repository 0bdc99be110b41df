// Found by the fuzzer: seed 5, design 6, --constructs all (shrunk). FIXED.
// ghdl --synth: 'synth_static_dyadic_predefined: unhandled IIR_PREDEFINED_IEEE_NUMERIC_STD_REM_UNS_UNS': an unsigned
// % whose operands are both static (v5 holds a constant) is evaluated by GHDL's synthesis itself, which lacks rem.
// Fixed with the soundness merge: % is hdl_rem, a - (a / b) * b (TotalArithmetic). Construct: StaticOperands.
using System.Numerics;
using Hdl;

namespace Fuzz.S5.U6;

public interface U6_In : IBus
{
    bool S0 { get; set; }
    ushort S1 { get; set; }
    UInt128 S2 { get; set; }
    sbyte S3 { get; set; }
}

public interface U6_P0_Out : IBus
{
    uint O0 { get; set; }
}

public sealed class U6_P0 : CombinationalProcess
{
    [InputBus] public U6_In In = null!;
    [OutputBus] public U6_P0_Out Out = Bus.Create<U6_P0_Out>();

    protected override void OnTick()
    {
        uint v5 = 0u;
        Out.O0 = (v5 % 1u);
    }
}

public static class U6_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U6_In>(), "u6_in");
        var p0i0 = d.Add(new U6_P0() { Name = "u6_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u6_p0_i0");
    }
}
