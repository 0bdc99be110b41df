using Hdl;

namespace Engine.Tests.Constructs;

public interface IBlockInput : IBus
{
    UInt128 Block { get; set; }
    ulong High { get; set; }
    ulong Low { get; set; }
}

public interface IBlockResult : IBus
{
    UInt128 Built { get; set; }
    UInt128 Mixed { get; set; }
    ulong Upper { get; set; }
    ulong Lower { get; set; }
    uint Word1 { get; set; }
    byte TopByte { get; set; }
    bool Equal { get; set; }
    UInt128 Rotated { get; set; }
    UInt128 Sum { get; set; }
}

/// <summary>Construct: UInt128 construction from halves, slicing by shift and cast, 128-bit operators.</summary>
public sealed class WideBlockProcess : CombinationalProcess
{
    [InputBus] public IBlockInput Input = null!;
    [OutputBus] public IBlockResult Output = Bus.Create<IBlockResult>();

    protected override void OnTick()
    {
        UInt128 block = Input.Block;
        UInt128 built = new UInt128(Input.High, Input.Low);
        Output.Built = built;
        Output.Mixed = (block ^ built) & ~(block << 8);
        Output.Upper = (ulong)(block >> 64);
        Output.Lower = (ulong)block;
        Output.Word1 = (uint)(block >> 32);
        Output.TopByte = (byte)(block >> 120);
        Output.Equal = block == built;
        Output.Rotated = (block << 8) | (block >> 120);
        Output.Sum = block + built;
    }
}

public static class WideBlockCase
{
    public static Design Build()
    {
        var d = new Design("construct_uint128");
        var p = d.Add(new WideBlockProcess());
        p.Input = d.Input(Bus.Create<IBlockInput>(), "blocks");
        d.Output(p.Output, "result");
        return d;
    }

    /// <summary>Random blocks; every fourth cycle the halves rebuild the block exactly.</summary>
    public static void Drive(Simulation sim, int cycle)
    {
        var input = sim.Port<IBlockInput>("blocks");
        ulong upper = cycle == 0 ? ulong.MaxValue : Stimulus.Bits(Operands.Seed, cycle, 0);
        ulong lower = cycle == 0 ? ulong.MaxValue : Stimulus.Bits(Operands.Seed, cycle, 1);
        input.Block = new UInt128(upper, lower);
        bool same = cycle % 4 == 3 || cycle == 0;
        input.High = same ? upper : Stimulus.Bits(Operands.Seed, cycle, 2);
        input.Low = same ? lower : Stimulus.Bits(Operands.Seed, cycle, 3);
    }
}
