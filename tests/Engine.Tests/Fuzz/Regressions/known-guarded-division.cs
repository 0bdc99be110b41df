// Found by the fuzzer: seed 4, design 0, --constructs all (shrunk). KNOWN DEFECT (issue part 1, fixed on another branch):
// ?: becomes sel(), which evaluates both branches, so the division the C# guards runs in GHDL too:
// NUMERIC_STD.DIVMOD: DIV, MOD, or REM by zero at time 0. Construct: GuardedDivision.
using System.Numerics;
using Hdl;

namespace Fuzz.S4.U0;

public interface U0_In : IBus
{
    bool S0 { get; set; }
    bool S1 { get; set; }
    uint S2 { get; set; }
}

public interface U0_P0_Out : IBus
{
    Int128 O2 { get; set; }
}

public sealed class U0_P0 : CombinationalProcess
{
    [InputBus] public U0_In In = null!;
    [OutputBus] public U0_P0_Out Out = Bus.Create<U0_P0_Out>();

    protected override void OnTick()
    {
        uint v1 = (false ? (0u / In.S2) : 0u);
        Out.O2 = ((Int128)new UInt128(0x0UL, 0x0UL));
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
