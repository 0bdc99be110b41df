// Found by the fuzzer: seed 20261124, design 19, once StaticOperands was on (shrunk). FIXED.
// ghdl --synth crashed (GHDL Bug, ASSERTION_ERROR at netlists-utils.adb:145) on case to_integer(resize(r0, 8)):
// a truncating resize of a variable whose value GHDL has folded to a constant gives a broken constant to whatever
// uses it (to_integer, resize, a shift amount). The back end now writes the truncation of a named value as a slice
// (r0(7 downto 0); VhdlText.Low). Construct: StaticOperands.
using System.Numerics;
using Hdl;

namespace Fuzz.S20261124.U19;

public interface U19_In : IBus
{
    long S0 { get; set; }
    long S1 { get; set; }
    short S2 { get; set; }
    ulong S3 { get; set; }
    ushort S4 { get; set; }
    sbyte S5 { get; set; }
}

public interface U19_P0_Out : IBus
{
    [InitialValue(((ushort)(65535)))] ushort O2 { get; set; }
}

public sealed class U19_P0 : ClockedProcess
{
    [InputBus] public U19_In In = null!;
    [OutputBus] public U19_P0_Out Out = Bus.Create<U19_P0_Out>();
    uint r0 = 4294967294u;

    protected override void OnTick()
    {
        r0 = 3823098243u;
        switch (((byte)(r0)))
        {
            case ((byte)(7)):
                break;
            case ((byte)(0)):
                break;
            default:
                break;
        }
    }
}

public static class U19_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U19_In>(), "u19_in");
        var p0i0 = d.Add(new U19_P0() { Name = "u19_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u19_p0_i0");
    }
}
