// Found by the fuzzer: seed 20261124, design 72, once StaticOperands was on (shrunk). FIXED.
// ghdl --synth crashed (netlists-utils.adb:145) on a remainder of resize(choice, 16) with choice holding a static
// readonly constant: a truncation (now choice(15 downto 0)), as in new-static-truncation-case.cs. Construct: StaticOperands.
using System.Numerics;
using Hdl;

namespace Fuzz.S20261124.U72;

public static class U72_A
{
    public static class K
    {
        public static readonly uint X = 460922428u;
    }
}

public interface U72_In : IBus
{
    [Width(11)] ulong S0 { get; set; }
    bool S1 { get; set; }
    byte S2 { get; set; }
    short S3 { get; set; }
    ulong S4 { get; set; }
    [Width(1)] ushort S5 { get; set; }
}

public interface U72_P0_Out : IBus
{
    long O0 { get; set; }
}

public sealed class U72_P0 : CombinationalProcess
{
    [InputBus] public U72_In In = null!;
    [OutputBus] public U72_P0_Out Out = Bus.Create<U72_P0_Out>();

    protected override void OnTick()
    {
        short v1 = In.S3;
        v1 = ((In.S3 > ((short)(0))) ? ((short)(((short)((true ? U72_A.K.X : 0u))) % In.S3)) : v1);
        Out.O0 = 0L;
    }
}

public static class U72_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U72_In>(), "u72_in");
        var p0i0 = d.Add(new U72_P0() { Name = "u72_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u72_p0_i0");
    }
}
