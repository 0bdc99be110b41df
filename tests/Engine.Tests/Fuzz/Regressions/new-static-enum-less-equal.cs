// Found by the fuzzer: seed 20261124, design 73, once StaticOperands was on (shrunk). FIXED.
// ghdl --synth: 'unhandled IIR_PREDEFINED_ENUM_LESS_EQUAL' on <= of enumeration values GHDL folds (a ?: on a
// static readonly constant), as in new-static-enum-less.cs. Construct: StaticOperands.
using System.Numerics;
using Hdl;

namespace Fuzz.S20261124.U73;

public enum U73_E0 { M0, M1 }

public enum U73_E1 { M0, M1, M2 }

public static class U73_A
{
    public static class K
    {
        public static readonly uint X = 1u;
    }
}

public interface U73_In : IBus
{
    U73_E0 S0 { get; set; }
    long S1 { get; set; }
    bool S2 { get; set; }
    uint S3 { get; set; }
    short S4 { get; set; }
    bool S5 { get; set; }
}

public interface U73_P1_Out : IBus
{
    Int128 O0 { get; set; }
}

public sealed class U73_P1 : CombinationalProcess
{
    [InputBus] public U73_In In = null!;
    [OutputBus] public U73_P1_Out Out = Bus.Create<U73_P1_Out>();

    protected override void OnTick()
    {
        int v6 = ((((U73_A.K.X == 1u) ? U73_E1.M1 : U73_E1.M2) <= U73_E1.M2) ? 0 : 0);
        Out.O0 = ((Int128)new UInt128(0x0UL, 0x0UL));
    }
}

public static class U73_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U73_In>(), "u73_in");
        var p0i0 = d.Add(new U73_P1() { Name = "u73_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u73_p0_i0");
    }
}
