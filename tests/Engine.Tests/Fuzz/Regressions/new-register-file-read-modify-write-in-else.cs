// FAIL seed 20261128 design 899: Synthesis (the long run after the sign-extension fix, shrunk). Fixed as
// new-register-file-write-in-else-of-case-chain.cs (a write at a computed index as a loop over the elements). ghdl --synth crashes (TYPES.INTERNAL_ERROR at netlists-memories.adb:1413) on rf2[(int)(v3 & 7)]++
// in an if nested in the else of another if whose then-branch is empty: a read and a write of a register file at
// computed indices in that shape, the class of new-register-file-write-in-else-of-case-chain.cs (which comes from a switch on a
// ulong); here from a C# if/else, so writing wide switches as a VHDL case would not cover it.
using System.Numerics;
using Hdl;

namespace Fuzz.S20261128.U899;

public interface U899_In : IBus
{
    ushort S0 { get; set; }
    int S1 { get; set; }
}

public interface U899_P0_Out : IBus
{
    [InitialValue(((short)(-1)))] short O0 { get; set; }
}

public sealed class U899_P0 : ClockedProcess
{
    [InputBus] public U899_In In = null!;
    [OutputBus] public U899_P0_Out Out = Bus.Create<U899_P0_Out>();
    Int128 r0 = ((Int128)new UInt128(0x797154B9049519E3UL, 0xF20D9670C331B4D9UL));
    short r1 = ((short)(-1));
    long[] rf2 = new long[8];

    protected override void OnTick()
    {
        long v3 = rf2[(int)(7L)];
        if ((0u < ((uint)(r0))))
        {
        }
        else
        {
            if ((0 < In.S1))
            {
                rf2[(int)((v3 & 7L))]++;
            }
        }
        r1 |= ((short)(v3));
        Out.O0 = r1;
    }
}

public static class U899_Design
{
    public static void Build(Design d)
    {
        var input = d.Input(Bus.Create<U899_In>(), "u899_in");
        var p0i0 = d.Add(new U899_P0() { Name = "u899_p0_i0" });
        p0i0.In = input;
        d.Output(p0i0.Out, "u899_p0_i0");
    }
}
