// Found by the fuzzer: seed 8, design 18, --constructs +GenericNamedLikeLabel,... (shrunk). KNOWN DEFECT (issue part 1,
// fixed on another branch): a readonly field (generic) named like the VHDL process label ('logic' in a combinational
// process, 'tick' in a clocked one) clashes with it: identifier "logic" already used for a declaration.
// Construct: GenericNamedLikeLabel.
using System.Numerics;
using Hdl;

namespace Fuzz.S8.U18;

public enum U18_E0 { M0, M1, M2, M3 }

public interface U18_In : IBus
{
    Int128 S0 { get; set; }
    int S1 { get; set; }
    U18_E0 S2 { get; set; }
    long S3 { get; set; }
    int S4 { get; set; }
}

public interface U18_P0_Out : IBus
{
    sbyte O2 { get; set; }
}

public sealed class U18_P0 : CombinationalProcess
{
    [InputBus] public U18_In In = null!;
    [OutputBus] public U18_P0_Out Out = Bus.Create<U18_P0_Out>();
    readonly uint logic;

    public U18_P0(uint logic)
    {
        this.logic = logic;
    }

    protected override void OnTick()
    {
        Out.O2 = ((sbyte)(0));
    }
}

public static class U18_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U18_In>(), "u18_in");
        var p0i0 = d.Add(new U18_P0(127u) { Name = "u18_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u18_p0_i0");
    }
}
