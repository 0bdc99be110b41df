// Found by the fuzzer: seed 424242, design 654 of the long run with the default constructs (shrunk).
// NEW DEFECT, NOT FIXED: this test fails until it is. GHDL (mcode) stops the replay with 'NULL access
// dereferenced' inside the package function sel (the ?: of the clocked process, on a long copied from a
// 64-bit generic). The same files pass with GHDL_BACKEND=llvm (48 cycles compared): a GHDL 2.0.0 mcode
// bug that the generated VHDL triggers; the co-simulation runs mcode by default.
using System.Numerics;
using Hdl;

namespace Fuzz.S424242.U654;

public interface U654_In : IBus
{
    int S0 { get; set; }
    short S1 { get; set; }
    bool S2 { get; set; }
    bool S3 { get; set; }
    bool S4 { get; set; }
    long S5 { get; set; }
}

public interface U654_P1_Out : IBus
{
    [InitialValue(((sbyte)(-119)))] sbyte O1 { get; set; }
}

public sealed class U654_P1 : ClockedProcess
{
    [InputBus] public U654_In In = null!;
    [OutputBus] public U654_P1_Out Out = Bus.Create<U654_P1_Out>();
    readonly long k0;

    public U654_P1(long k0)
    {
        this.k0 = k0;
    }

    protected override void OnTick()
    {
        long v2 = k0;
        long v5 = ((true != (true ^ In.S4)) ? v2 : 0L);
    }
}

public static class U654_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U654_In>(), "u654_in");
        var p0i0 = d.Add(new U654_P1((-2866099778271124632L)) { Name = "u654_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u654_p0_i0");
    }
}
