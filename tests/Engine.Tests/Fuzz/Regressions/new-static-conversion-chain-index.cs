// Found by the fuzzer: seed 20261125, design 750, long run (shrunk). FIXED.
// ghdl --synth crashed (netlists-utils.adb:145) on (ushort)(uint)v6 (v6 a constant short) in an index: as in
// new-static-conversion-chain.cs. Construct: StaticOperands.
using System.Numerics;
using Hdl;

namespace Fuzz.S20261125.U750;

public enum U750_E0 { M0, M1, M2 }

public interface U750_In : IBus
{
    int S0 { get; set; }
    ushort S1 { get; set; }
    ushort S2 { get; set; }
    U750_E0 S3 { get; set; }
}

public interface U750_P1_Out : IBus
{
    [InitialValue(((ushort)(65535)))] ushort O1 { get; set; }
}

public sealed class U750_P1 : ClockedProcess
{
    [InputBus] public U750_In In = null!;
    [OutputBus] public U750_P1_Out Out = Bus.Create<U750_P1_Out>();
    ushort[] rf5 = new ushort[8];

    protected override void OnTick()
    {
        short v6 = ((short)(-32768));
        rf5[(((int)(((ushort)(((uint)(v6)))))) & 7)] += ((ushort)(0));
    }
}

public static class U750_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U750_In>(), "u750_in");
        var p0i0 = d.Add(new U750_P1() { Name = "u750_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u750_p0_i0");
    }
}
