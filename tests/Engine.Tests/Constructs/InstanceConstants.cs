using Hdl;

namespace Engine.Tests.Constructs;

public interface IScaledWord : IBus
{
    uint Value { get; set; }
    bool Odd { get; set; }
}

/// <summary>
/// Construct: readonly fields set from constructor arguments (instance constants, VHDL generics),
/// of several types, used in arithmetic, as a shift amount and as a condition.
/// </summary>
public sealed class AffineUnit : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public IScaledWord Output = Bus.Create<IScaledWord>();

    readonly uint multiplier;
    readonly ushort offset;
    readonly int shift;
    readonly bool invert;

    public AffineUnit(uint multiplier, ushort offset, int shift, bool invert)
    {
        this.multiplier = multiplier;
        this.offset = offset;
        this.shift = shift;
        this.invert = invert;
    }

    protected override void OnTick()
    {
        uint value = (Input.A * multiplier + offset) >> shift;
        if (invert)
            value = ~value;
        Output.Value = value ^ Input.B;
        Output.Odd = (value & 1u) != 0;
    }
}

public static class InstanceConstantsCase
{
    public static readonly (uint Multiplier, ushort Offset, int Shift, bool Invert)[] Units =
    [
        (3u, 1, 0, false),
        (0x9E37_79B9u, 0xFFFF, 7, true),
        (1u, 0, 31, false),
    ];

    public static Design Build()
    {
        var d = new Design("construct_instance_constants");
        var input = d.Input(Bus.Create<IOperands>(), Operands.Port);
        for (int i = 0; i < Units.Length; i++)
        {
            var (multiplier, offset, shift, invert) = Units[i];
            var unit = d.Add(new AffineUnit(multiplier, offset, shift, invert));
            unit.Input = input;
            d.Output(unit.Output, $"affine{i}");
        }
        return d;
    }
}
