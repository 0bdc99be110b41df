using Hdl;
using Xunit;

namespace Engine.Tests;

public interface ICount : IBus
{
    [InitialValue(0u)] uint Value { get; set; }
}

public interface IEnable : IBus
{
    bool Enable { get; set; }
}

public sealed class Counter : ClockedProcess
{
    [InputBus] public IEnable Control = null!;
    [OutputBus] public ICount Output = Bus.Create<ICount>();
    uint count;

    protected override void OnTick()
    {
        if (Control.Enable) count++;
        Output.Value = count;
    }
}

public class KernelSmokeTests
{
    [Fact]
    public void CounterCountsEnabledCycles()
    {
        var d = new Design("counter");
        var c = d.Add(new Counter());
        c.Control = d.Input(Bus.Create<IEnable>(), "ctl");
        d.Output(c.Output, "count");
        var sim = new Simulation(d);
        for (int i = 0; i < 10; i++)
        {
            c.Control.Enable = i % 2 == 0;
            sim.Step();
        }
        sim.Settle();
        Assert.Equal(5u, c.Output.Value);
    }
}
