using Hdl;

namespace Engine.Tests.Constructs;

public interface ICompoundResult : IBus
{
    [InitialValue(0u)] uint Local { get; set; }
    [InitialValue((byte)0)] byte Small { get; set; }
    [InitialValue(0)] int Signed { get; set; }
    [InitialValue(0ul)] ulong Total { get; set; }
    [InitialValue((ushort)0)] ushort Mask { get; set; }
}

/// <summary>
/// Construct: every compound assignment (+= -= *= &amp;= |= ^= &lt;&lt;= &gt;&gt;=) on locals of several
/// widths (byte compound assignments wrap) and on a register field, which is then read back in the
/// same cycle (a field written in OnTick reads its new value, as in C#).
/// </summary>
public sealed class CompoundAssignmentProcess : ClockedProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ICompoundResult Output = Bus.Create<ICompoundResult>();

    ulong total;

    protected override void OnTick()
    {
        uint acc = Input.A;
        acc += Input.B;
        acc -= 3u;
        acc *= 5u;
        acc &= 0x00FF_FFFFu;
        acc |= 0x100u;
        acc ^= Input.B;
        acc <<= 2;
        acc >>= 1;

        byte small = (byte)Input.B;
        small += 200;
        small <<= 1;
        small |= 1;
        small ^= 0x5A;

        int signed = (int)Input.A;
        signed >>= 3;
        signed -= 100;
        signed *= -3;

        ushort mask = 0xFFFF;
        mask &= (ushort)Input.B;
        mask >>= 3;

        total += acc;
        total ^= (ulong)signed << 20;

        Output.Local = acc;
        Output.Small = small;
        Output.Signed = signed;
        Output.Total = total;
        Output.Mask = mask;
    }
}

public static class CompoundAssignmentCase
{
    public static Design Build()
    {
        var p = new CompoundAssignmentProcess();
        return Operands.Single("construct_compound_assignments", p, bus => p.Input = bus, p.Output);
    }
}
