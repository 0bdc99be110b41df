using Hdl;

namespace Engine.Tests.Constructs;

public interface ITableResult : IBus
{
    ushort Square { get; set; }
    uint RoundWord { get; set; }
    byte Nibble { get; set; }
    uint Combined { get; set; }
}

/// <summary>Construct: look-ups in static readonly tables of another static class.</summary>
public sealed class TableLookupProcess : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ITableResult Output = Bus.Create<ITableResult>();

    protected override void OnTick()
    {
        uint a = Input.A;
        byte index = (byte)a;
        Output.Square = ConstructTables.Squares[index];
        Output.RoundWord = ConstructTables.RoundWords[(a >> 8) & 15];
        Output.Nibble = ConstructTables.NibblePermutation[Input.B & 15];
        Output.Combined = ConstructTables.RoundWords[Input.B >> 28] ^ ConstructTables.Squares[(byte)(Input.B >> 8)];
    }
}

public static class TableLookupCase
{
    public static Design Build()
    {
        var p = new TableLookupProcess();
        return Operands.Single("construct_tables", p, bus => p.Input = bus, p.Output);
    }
}

public interface IHelperResult : IBus
{
    uint Majority { get; set; }
    byte Saturated { get; set; }
    uint Mixed { get; set; }
    ushort Square { get; set; }
    bool PowerOfTwo { get; set; }
}

/// <summary>Construct: calls to static helper methods of another class.</summary>
public sealed class HelperCallProcess : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public IHelperResult Output = Bus.Create<IHelperResult>();

    protected override void OnTick()
    {
        uint a = Input.A;
        uint b = Input.B;
        Output.Majority = ConstructMath.Majority(a, b, a ^ (b >> 3));
        Output.Saturated = ConstructMath.Saturate((int)(a >> 22) - 512);
        Output.Mixed = ConstructMath.Mix(a, b);
        Output.Square = ConstructMath.SquareOf((byte)b);
        Output.PowerOfTwo = ConstructMath.IsPowerOfTwo(b & 0x1Fu);
    }
}

public static class HelperCallCase
{
    public static Design Build()
    {
        var p = new HelperCallProcess();
        return Operands.Single("construct_helpers", p, bus => p.Input = bus, p.Output);
    }
}
