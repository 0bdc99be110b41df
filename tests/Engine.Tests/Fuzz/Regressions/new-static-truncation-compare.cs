// Found by the fuzzer: seed 20261124, design 6, once StaticOperands was on (shrunk). FIXED.
// ghdl --synth crashed (INTERNAL_ERROR at netlists-utils.adb:163) on resize(unsigned(v6), 32) = 0 with v6 := a
// generic: a truncation (now unsigned(v6(31 downto 0))), as in new-static-truncation-case.cs. Construct: StaticOperands.
using System.Numerics;
using Hdl;

namespace Fuzz.S20261124.U6;

public enum U6_E0 { M0, M1 }

public interface U6_In : IBus
{
    sbyte S0 { get; set; }
    ulong S1 { get; set; }
    sbyte S2 { get; set; }
}

public interface U6_P0_Out : IBus
{
    [InitialValue(4294967295u)] uint O2 { get; set; }
}

public sealed class U6_P0 : ClockedProcess
{
    [InputBus] public U6_In In = null!;
    [OutputBus] public U6_P0_Out Out = Bus.Create<U6_P0_Out>();
    readonly long k1;

    public U6_P0(long k1)
    {
        this.k1 = k1;
    }

    protected override void OnTick()
    {
        long v6 = k1;
        bool v7 = (U6_E0.M1 < ((((uint)(v6)) == 0u) ? U6_E0.M0 : U6_E0.M1));
    }
}

public static class U6_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U6_In>(), "u6_in");
        var p0i0 = d.Add(new U6_P0(2147483647L) { Name = "u6_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u6_p0_i0");
    }
}
