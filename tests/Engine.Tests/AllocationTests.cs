using Engine.Tests.Designs;
using Hdl;
using Xunit;

namespace Engine.Tests;

/// <summary>The simulation loop allocates nothing per cycle in steady state.</summary>
public class AllocationTests
{
    /// <summary>A counter, an accumulator (combinational adder in a loop through a register),
    /// a three-stage register chain and a FIFO (array fields), driven by the testbench every cycle.</summary>
    static (Simulation Sim, Action<int> Drive) Build()
    {
        var d = new Design("allocation_probe");
        var counter = d.Add(new EnabledCounter(1000));
        counter.Control = d.Input(Bus.Create<ICounterControl>(), "control");
        d.Output(counter.Output, "counter");

        var adder = d.Add(new AccumulatorAdder());
        var register = d.Add(new AccumulatorRegister());
        adder.Input = d.Input(Bus.Create<IAccumulatorInput>(), "samples");
        adder.Current = register.Total;
        register.Next = adder.Next;
        d.Output(register.Total, "total");

        IChainLink link = d.Input(Bus.Create<IChainLink>(), "chain_in");
        for (uint i = 0; i < 3; i++)
        {
            var stage = d.Add(new RegisterStage(i + 1));
            stage.Input = link;
            link = stage.Output;
        }
        d.Output(link, "chain_out");

        var fifo = d.Add(new Fifo());
        fifo.Input = d.Input(Bus.Create<IWordStream>(), "push");
        fifo.OutputReady = d.Input(Bus.Create<Crypto.Streams.IReady>(), "pop_ready");
        d.Output(fifo.InputReady, "push_ready");
        d.Output(fifo.Output, "pop");

        var sim = new Simulation(d);
        var control = sim.Port<ICounterControl>("control");
        var samples = sim.Port<IAccumulatorInput>("samples");
        var chain = sim.Port<IChainLink>("chain_in");
        var push = sim.Port<IWordStream>("push");
        var popReady = sim.Port<Crypto.Streams.IReady>("pop_ready");
        void Drive(int cycle)
        {
            control.Enable = (cycle & 1) == 0;
            control.Clear = (cycle & 1023) == 0;
            samples.Valid = (cycle % 3) != 0;
            samples.Clear = false;
            samples.Value = (uint)cycle * 2654435761u;
            chain.Valid = (cycle & 2) != 0;
            chain.Data = (uint)cycle;
            push.Valid = (cycle % 5) != 0;
            push.Data = (uint)cycle;
            push.Last = false;
            popReady.Ready = (cycle % 7) != 0;
        }
        return (sim, Drive);
    }

    /// <summary>
    /// Bytes allocated on this thread by each of up to three windows, stopping at the first that allocates
    /// nothing. In the full suite the runtime has allocated a few kilobytes on the thread once inside a
    /// window (5,264 bytes in Run, 1,952 in the stepped loop; never when the test runs alone): a one-off
    /// of the runtime, not of the kernel. An allocation per cycle or per run would show in every window.
    /// </summary>
    static List<long> WindowsUntilOneAllocatesNothing(Action window)
    {
        var windows = new List<long>();
        for (int i = 0; i < 3 && (windows.Count == 0 || windows[^1] != 0); i++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            window();
            windows.Add(GC.GetAllocatedBytesForCurrentThread() - before);
        }
        return windows;
    }

    [Fact]
    public void HundredThousandCyclesAllocateNothing()
    {
        var (sim, drive) = Build();
        var pop = sim.Port<IWordStream>("pop");
        int cycle = 0;
        uint observed = 0;
        void Cycles(int count)
        {
            for (int end = cycle + count; cycle < end; cycle++)
            {
                drive(cycle);
                sim.Settle();
                if (pop.Valid) observed ^= pop.Data;  // reading outputs is part of a testbench's cycle
                sim.Clock();
            }
        }
        Cycles(5_000);
        var windows = WindowsUntilOneAllocatesNothing(() => Cycles(100_000));

        Assert.Equal(5_000 + 100_000 * windows.Count, sim.Cycle);
        Assert.True(windows[^1] == 0, $"100,000 cycles allocated {string.Join(", then ", windows)} bytes");
        Assert.NotEqual(0u, observed);
    }

    [Fact]
    public void RunAllocatesNothingEither()
    {
        var (sim, drive) = Build();
        drive(1);
        sim.Run(5_000);
        var windows = WindowsUntilOneAllocatesNothing(() => sim.Run(100_000));
        Assert.True(windows[^1] == 0, $"Simulation.Run(100,000) allocated {string.Join(", then ", windows)} bytes");
    }
}
