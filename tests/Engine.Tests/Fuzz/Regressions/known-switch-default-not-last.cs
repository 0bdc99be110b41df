// Found by the fuzzer: seed 4, design 6, --constructs all (shrunk). KNOWN DEFECT (issue part 1, fixed on another branch):
// a default: section before other cases is written as 'when others' in its place: GHDL rejects it
// (choice others should be the last alternative). Construct: SwitchDefaultNotLast.
using System.Numerics;
using Hdl;

namespace Fuzz.S4.U6;

public enum U6_E0 { M0, M1, M2 }

public interface U6_In : IBus
{
    U6_E0 S0 { get; set; }
    int S1 { get; set; }
    sbyte S2 { get; set; }
    int S3 { get; set; }
    short S4 { get; set; }
    [Width(56)] ulong S5 { get; set; }
}

public interface U6_P1_Out : IBus
{
    [InitialValue(14UL)] ulong O1 { get; set; }
}

public sealed class U6_P1 : ClockedProcess
{
    [InputBus] public U6_In In = null!;
    [OutputBus] public U6_P1_Out Out = Bus.Create<U6_P1_Out>();

    protected override void OnTick()
    {
        switch (In.S0)
        {
            default:
                break;
            case U6_E0.M1:
                break;
            case U6_E0.M2:
                break;
        }
    }
}

public static class U6_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U6_In>(), "u6_in");
        var p0i0 = d.Add(new U6_P1() { Name = "u6_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u6_p0_i0");
    }
}
