using Hdl;

namespace Engine.Tests.Designs;

/// <summary>A RAM whose ports are the design's ports: the testbench writes and reads it directly.</summary>
public static class RamPortsDesign
{
    public const int Depth = 16;

    public static Design Build()
    {
        var d = new Design("ram_ports");
        var ram = d.Add(new Ram<uint>(Depth) { Name = "Memory" });
        ram.Write = d.Input(Bus.Create<IMemoryWrite<uint>>(), "write");
        ram.Read = d.Input(Bus.Create<IMemoryRead>(), "read");
        d.Output(ram.Result, "read_data");
        return d;
    }

    /// <summary>Random writes and reads, often to the same address in the same cycle.</summary>
    public static void Drive(Simulation sim, int cycle, int seed)
    {
        var write = sim.Port<IMemoryWrite<uint>>("write");
        var read = sim.Port<IMemoryRead>("read");
        uint address = (uint)Stimulus.Bits(seed, cycle, 0) % Depth;
        write.Enable = Stimulus.Chance(seed, cycle, 1, 0.5);
        write.Address = address;
        write.Data = Stimulus.Word(seed, cycle, 2);
        read.Enable = Stimulus.Chance(seed, cycle, 3, 0.6);
        read.Address = Stimulus.Chance(seed, cycle, 4, 0.3) ? address : (uint)Stimulus.Bits(seed, cycle, 5) % Depth;
    }
}

public interface ISample : IBus
{
    uint Data { get; set; }
}

/// <summary>
/// Drives a RAM as a circular delay line: every cycle it writes the input sample at the write
/// pointer and asks for the sample written <c>lag</c> cycles earlier. With its own register and the
/// RAM's registered read, the output is the input delayed by <c>lag + 2</c> cycles.
/// </summary>
public sealed class DelayLineController : ClockedProcess
{
    public const uint Depth = 16;
    const uint AddressMask = Depth - 1;

    [InputBus] public ISample Input = null!;
    [OutputBus] public IMemoryWrite<uint> Write = Bus.Create<IMemoryWrite<uint>>();
    [OutputBus] public IMemoryRead Read = Bus.Create<IMemoryRead>();

    readonly uint lag;
    uint pointer;

    public DelayLineController(uint lag)
    {
        this.lag = lag;
    }

    protected override void OnTick()
    {
        Write.Enable = true;
        Write.Address = pointer;
        Write.Data = Input.Data;
        Read.Enable = true;
        Read.Address = (pointer - lag) & AddressMask;
        pointer = (pointer + 1) & AddressMask;
    }
}

public static class RamDelayLineDesign
{
    public const int Delay = 7;

    public static Design Build()
    {
        var d = new Design("ram_delay_line");
        var controller = d.Add(new DelayLineController(Delay - 2));
        var ram = d.Add(new Ram<uint>((int)DelayLineController.Depth) { Name = "DelayMemory" });
        controller.Input = d.Input(Bus.Create<ISample>(), "samples");
        ram.Write = controller.Write;
        ram.Read = controller.Read;
        d.Output(ram.Result, "delayed");
        return d;
    }

    public static void Drive(Simulation sim, int cycle, int seed) =>
        sim.Port<ISample>("samples").Data = Stimulus.Word(seed, cycle, 0);
}
