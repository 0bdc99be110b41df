// Found by the fuzzer: seed 4, design 8, --constructs all (shrunk). KNOWN DEFECT (issue part 1, fixed on another branch):
// the guarded division of a register (r1 > 0 ? 0 / r1 : r1) divides by zero in GHDL once r1 is 0 (sel() evaluates
// both branches). Construct: GuardedDivision.
using System.Numerics;
using Hdl;

namespace Fuzz.S4.U8;

public interface U8_In : IBus
{
    Int128 S0 { get; set; }
    UInt128 S1 { get; set; }
    uint S2 { get; set; }
}

public interface U8_P0_Out : IBus
{
    UInt128 O0 { get; set; }
}

public sealed class U8_P0 : ClockedProcess
{
    [InputBus] public U8_In In = null!;
    [OutputBus] public U8_P0_Out Out = Bus.Create<U8_P0_Out>();
    sbyte r1 = ((sbyte)(10));

    protected override void OnTick()
    {
        r1 = ((r1 > ((sbyte)(0))) ? ((sbyte)(((sbyte)(0)) / r1)) : r1);
    }
}

public static class U8_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U8_In>(), "u8_in");
        var p0i0 = d.Add(new U8_P0() { Name = "u8_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u8_p0_i0");
    }
}
