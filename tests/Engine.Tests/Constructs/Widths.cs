using Hdl;

namespace Engine.Tests.Constructs;

public interface IWidthInput : IBus
{
    [Width(12)] ushort Sample { get; set; }
    [Width(4)] byte Gain { get; set; }
}

public interface IWidthOutput : IBus
{
    [Width(16), InitialValue(0u)] uint Scaled { get; set; }
    [Width(12), InitialValue((ushort)0)] ushort Wrapped { get; set; }
    [Width(6), InitialValue((sbyte)0)] sbyte Centered { get; set; }
    [Width(10), InitialValue(0u)] uint Phase { get; set; }
    [Width(40), InitialValue(0ul)] ulong Packed { get; set; }
}

/// <summary>
/// Construct: [Width] on input and output signals (unsigned and signed); a register field kept to
/// 10 bits by masking ([Width] on fields is refused at elaboration).
/// </summary>
public sealed class NarrowSignalProcess : ClockedProcess
{
    [InputBus] public IWidthInput Input = null!;
    [OutputBus] public IWidthOutput Output = Bus.Create<IWidthOutput>();

    uint phase; // 10 bits by the mask below

    protected override void OnTick()
    {
        uint scaled = (uint)Input.Sample * Input.Gain;
        Output.Scaled = scaled;
        Output.Wrapped = (ushort)((Input.Sample + 100) & 0xFFF);
        Output.Centered = (sbyte)((Input.Sample >> 7) - 16);
        Output.Packed = ((ulong)Input.Sample << 28) | ((ulong)Input.Gain << 24) | scaled;
        phase = (phase + Input.Gain * 37u) & 0x3FFu;
        Output.Phase = phase;
    }
}

public static class WidthCase
{
    public static Design Build()
    {
        var d = new Design("construct_widths");
        var p = d.Add(new NarrowSignalProcess());
        p.Input = d.Input(Bus.Create<IWidthInput>(), "samples");
        d.Output(p.Output, "result");
        return d;
    }

    public static void Drive(Simulation sim, int cycle)
    {
        var input = sim.Port<IWidthInput>("samples");
        ulong bits = Stimulus.Bits(Operands.Seed, cycle, 0);
        input.Sample = cycle == 0 ? (ushort)0xFFF : (ushort)(bits & 0xFFF);
        input.Gain = cycle == 0 ? (byte)15 : (byte)((bits >> 12) & 0xF);
    }
}
