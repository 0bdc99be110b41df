// Found by the fuzzer: seed 4, design 10, --constructs all (shrunk). KNOWN DEFECT (issue part 1, fixed on another branch):
// ++ on an enum register (here also named like its enum type) crashes the transpiler with a NullReferenceException.
// Constructs: EnumIncrement, FieldNamedLikeEnum.
using System.Numerics;
using Hdl;

namespace Fuzz.S4.U10;

public enum U10_E0 { M0, M1, M2, M3 }

public interface U10_In : IBus
{
    sbyte S0 { get; set; }
    uint S1 { get; set; }
    long S2 { get; set; }
    U10_E0 S3 { get; set; }
    [Width(51)] ulong S4 { get; set; }
    long S5 { get; set; }
}

public interface U10_P3_Out : IBus
{
    [InitialValue(2917235582u)] uint O0 { get; set; }
}

public sealed class U10_P3 : ClockedProcess
{
    [InputBus] public U10_In In = null!;
    [OutputBus] public U10_P3_Out Out = Bus.Create<U10_P3_Out>();
    U10_E0 U10_E0 = U10_E0.M0;

    protected override void OnTick()
    {
        U10_E0++;
    }
}

public static class U10_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U10_In>(), "u10_in");
        var p0i0 = d.Add(new U10_P3() { Name = "u10_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u10_p0_i0");
    }
}
