// Found by the fuzzer: seed 20261124, design 5, once StaticOperands was on (shrunk). FIXED.
// ghdl --synth crashed (CONSTRAINT_ERROR at netlists-folds.adb:206) on a rotate of a constant by a 128-bit register
// holding a constant, truncated to int: resize(r2, 32) (now r2(31 downto 0)), as in new-static-truncation-case.cs.
// Construct: StaticOperands.
using System.Numerics;
using Hdl;

namespace Fuzz.S20261124.U5;

public interface U5_In : IBus
{
    UInt128 S0 { get; set; }
    byte S1 { get; set; }
    [Width(2)] ushort S2 { get; set; }
    short S3 { get; set; }
    sbyte S4 { get; set; }
}

public interface U5_P0_Out : IBus
{
    [InitialValue(7UL)] ulong O1 { get; set; }
}

public sealed class U5_P0 : ClockedProcess
{
    [InputBus] public U5_In In = null!;
    [OutputBus] public U5_P0_Out Out = Bus.Create<U5_P0_Out>();
    UInt128 r2 = new UInt128(0x8292CB520F214A35UL, 0xA6BE2DDA0A55710EUL);

    protected override void OnTick()
    {
        r2 = new UInt128(0x0UL, 0x0UL);
        r2 = new UInt128(BitOperations.RotateLeft(0UL, ((int)(r2))), 0UL);
    }
}

public static class U5_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U5_In>(), "u5_in");
        var p0i0 = d.Add(new U5_P0() { Name = "u5_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u5_p0_i0");
    }
}
