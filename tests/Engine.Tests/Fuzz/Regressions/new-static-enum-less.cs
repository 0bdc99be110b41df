// Found by the fuzzer: seed 20261124, design 141, once StaticOperands was on (shrunk). FIXED.
// ghdl --synth: 'synth_static_dyadic_predefined: unhandled IIR_PREDEFINED_ENUM_LESS': an ordering of enumeration
// values that GHDL folds (a ?: on a generic against a member) is evaluated by GHDL's synthesis itself, which lacks
// < <= > >= on enumerations. The back end now compares their 'pos (StaticSafeForms). Construct: StaticOperands.
using System.Numerics;
using Hdl;

namespace Fuzz.S20261124.U141;

public enum U141_E0 { M0, M1 }

public enum U141_E1 { M0, M1, M2, M3, M4 }

public interface U141_In : IBus
{
    UInt128 S0 { get; set; }
    ushort S1 { get; set; }
    uint S2 { get; set; }
    U141_E1 S3 { get; set; }
}

public interface U141_P2_Out : IBus
{
    [InitialValue(128UL)] ulong O1 { get; set; }
}

public sealed class U141_P2 : ClockedProcess
{
    [InputBus] public U141_In In = null!;
    [OutputBus] public U141_P2_Out Out = Bus.Create<U141_P2_Out>();
    readonly uint k0;

    public U141_P2(uint k0)
    {
        this.k0 = k0;
    }

    protected override void OnTick()
    {
        if ((((k0 == 0u) ? U141_E0.M0 : U141_E0.M1) < U141_E0.M0))
        {
        }
    }
}

public static class U141_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U141_In>(), "u141_in");
        var p0i0 = d.Add(new U141_P2(3576447569u) { Name = "u141_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u141_p0_i0");
    }
}
