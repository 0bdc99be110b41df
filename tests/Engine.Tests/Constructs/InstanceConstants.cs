using Hdl;

namespace Engine.Tests.Constructs;

public interface IScaledWord : IBus
{
    uint Value { get; set; }
    bool Odd { get; set; }
}

/// <summary>
/// Construct: readonly fields set from constructor arguments (instance constants, VHDL generics),
/// of several types (an enum among them), used in arithmetic, as a shift amount and as conditions.
/// </summary>
public sealed class AffineUnit : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public IScaledWord Output = Bus.Create<IScaledWord>();

    readonly uint multiplier;
    readonly ushort offset;
    readonly int shift;
    readonly bool invert;
    readonly AluOperation combine;

    public AffineUnit(uint multiplier, ushort offset, int shift, bool invert, AluOperation combine)
    {
        this.multiplier = multiplier;
        this.offset = offset;
        this.shift = shift;
        this.invert = invert;
        this.combine = combine;
    }

    protected override void OnTick()
    {
        uint value = (Input.A * multiplier + offset) >> shift;
        if (invert)
            value = ~value;
        Output.Value = combine == AluOperation.Xor ? value ^ Input.B : combine == AluOperation.Add ? value + Input.B : value | Input.B;
        Output.Odd = (value & 1u) != 0;
    }
}

public static class InstanceConstantsCase
{
    public static readonly (uint Multiplier, ushort Offset, int Shift, bool Invert, AluOperation Combine)[] Units =
    [
        (3u, 1, 0, false, AluOperation.Xor),
        (0x9E37_79B9u, 0xFFFF, 7, true, AluOperation.Add),
        (1u, 0, 31, false, AluOperation.Or),
    ];

    public static Design Build()
    {
        var d = new Design("construct_instance_constants");
        var input = d.Input(Bus.Create<IOperands>(), Operands.Port);
        for (int i = 0; i < Units.Length; i++)
        {
            var (multiplier, offset, shift, invert, combine) = Units[i];
            var unit = d.Add(new AffineUnit(multiplier, offset, shift, invert, combine));
            unit.Input = input;
            d.Output(unit.Output, $"affine{i}");
        }
        return d;
    }
}

public interface ILoopSpan : IBus
{
    uint Sum { get; set; }
    uint Weighted { get; set; }
}

/// <summary>
/// Construct: for loops whose bounds are int instance constants (VHDL generics): bytes first..last of
/// A summed, and nibbles first..last-1 of B weighted from a table (an index whose range the
/// transpiler cannot know); an instance whose first lies above its last runs no iteration.
/// </summary>
public sealed class LoopSpanUnit : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ILoopSpan Output = Bus.Create<ILoopSpan>();

    static readonly byte[] Weights = [3, 1, 4, 1, 5, 9, 2, 6];

    readonly int first;
    readonly int last;

    public LoopSpanUnit(int first, int last)
    {
        this.first = first;
        this.last = last;
    }

    protected override void OnTick()
    {
        uint sum = 0;
        for (int i = first; i <= last; i++)
            sum += (Input.A >> (8 * (i & 3))) & 0xFFu;
        uint weighted = 0;
        for (int i = first; i < last; i++)
            weighted += Weights[i] * ((Input.B >> (4 * i)) & 0xFu);
        Output.Sum = sum;
        Output.Weighted = weighted;
    }
}

public static class LoopSpanCase
{
    public static readonly (int First, int Last)[] Spans = [(0, 3), (2, 7), (5, 4)];

    public static Design Build()
    {
        var d = new Design("construct_loop_span");
        var input = d.Input(Bus.Create<IOperands>(), Operands.Port);
        for (int i = 0; i < Spans.Length; i++)
        {
            var unit = d.Add(new LoopSpanUnit(Spans[i].First, Spans[i].Last));
            unit.Input = input;
            d.Output(unit.Output, $"span{i}");
        }
        return d;
    }
}
