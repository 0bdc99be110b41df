using System.Numerics;
using Hdl;

namespace Engine.Tests.Constructs;

public interface IRegisterFileCommand : IBus
{
    bool WriteEnable { get; set; }
    [Width(3)] byte WriteIndex { get; set; }
    uint WriteData { get; set; }
    [Width(3)] byte ReadIndex { get; set; }
}

public interface IRegisterFileData : IBus
{
    [InitialValue(0u)] uint Data { get; set; }
    [InitialValue(0u)] uint Checksum { get; set; }
}

/// <summary>
/// Construct: an array field as a register file (one write, one read, and a loop over every
/// register), read before it is written in the same cycle.
/// </summary>
public sealed class RegisterFileProcess : ClockedProcess
{
    public const int Size = 8;

    [InputBus] public IRegisterFileCommand Input = null!;
    [OutputBus] public IRegisterFileData Output = Bus.Create<IRegisterFileData>();

    uint[] registers = new uint[Size];

    protected override void OnTick()
    {
        Output.Data = registers[Input.ReadIndex];
        uint checksum = 0;
        for (int i = 0; i < Size; i++)
        {
            checksum ^= BitOperations.RotateLeft(registers[i], i);
        }
        Output.Checksum = checksum;
        if (Input.WriteEnable)
            registers[Input.WriteIndex] = Input.WriteData;
    }
}

public static class RegisterFileCase
{
    public static Design Build()
    {
        var d = new Design("construct_register_file");
        var p = d.Add(new RegisterFileProcess());
        p.Input = d.Input(Bus.Create<IRegisterFileCommand>(), "command");
        d.Output(p.Output, "result");
        return d;
    }

    public static void Drive(Simulation sim, int cycle)
    {
        var input = sim.Port<IRegisterFileCommand>("command");
        input.WriteEnable = Stimulus.Chance(Operands.Seed, cycle, 0, 0.6);
        input.WriteIndex = (byte)(Stimulus.Bits(Operands.Seed, cycle, 1) & 7);
        input.WriteData = Stimulus.Word(Operands.Seed, cycle, 2);
        input.ReadIndex = (byte)(Stimulus.Bits(Operands.Seed, cycle, 3) & 7);
    }
}
