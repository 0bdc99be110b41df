// Found by the fuzzer: seed 5, design 0, --constructs all (shrunk). KNOWN DEFECT (issue part 1, fixed on another branch):
// a register named like its enum type (U0_E1 U0_E1) becomes 'variable U0_E1 : U0_E1', which GHDL rejects
// (variable "u0_e1" is not visible here). Construct: FieldNamedLikeEnum.
using System.Numerics;
using Hdl;

namespace Fuzz.S5.U0;

public enum U0_E1 { M0, M1, M2 }

public interface U0_In : IBus
{
    uint S0 { get; set; }
    uint S1 { get; set; }
    ulong S2 { get; set; }
}

public interface U0_P0_Out : IBus
{
    [InitialValue(false)] bool O0 { get; set; }
}

public sealed class U0_P0 : ClockedProcess
{
    [InputBus] public U0_In In = null!;
    [OutputBus] public U0_P0_Out Out = Bus.Create<U0_P0_Out>();
    U0_E1 U0_E1 = U0_E1.M0;

    protected override void OnTick()
    {
    }
}

public static class U0_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U0_In>(), "u0_in");
        var p0i0 = d.Add(new U0_P0() { Name = "u0_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u0_p0_i0");
    }
}
