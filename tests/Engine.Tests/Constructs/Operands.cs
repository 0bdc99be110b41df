using Hdl;

namespace Engine.Tests.Constructs;

/// <summary>Two 32-bit operands: the input of most construct designs.</summary>
public interface IOperands : IBus
{
    uint A { get; set; }
    uint B { get; set; }
}

public static class Operands
{
    public const string Port = "operands";
    public const int Seed = 2024;

    /// <summary>Edge values first, then random words; every seventh cycle B equals A.</summary>
    public static void Drive(Simulation sim, int cycle)
    {
        var operands = sim.Port<IOperands>(Port);
        uint a = Stimulus.Word(Seed, cycle, 0);
        operands.A = a;
        operands.B = cycle % 7 == 6 ? a : Stimulus.Word(Seed, cycle, 1);
    }

    /// <summary>Builds a design of one process that reads the operands and writes one result bus.</summary>
    public static Design Single(string name, Process process, Action<IOperands> connect, IBus result)
    {
        var d = new Design(name);
        d.Add(process);
        connect(d.Input(Bus.Create<IOperands>(), Port));
        d.Output(result, "result");
        return d;
    }
}
