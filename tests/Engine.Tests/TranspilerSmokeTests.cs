using Hdl;
using Hdl.Vhdl;
using Xunit;

namespace Engine.Tests;

public class TranspilerSmokeTests
{
    [Fact]
    public void CounterCoSimulatesInGhdl()
    {
        var d = new Design("counter");
        var c = d.Add(new Counter());
        c.Control = d.Input(Bus.Create<IEnable>(), "ctl");
        d.Output(c.Output, "count");
        var sim = new Simulation(d);
        var trace = sim.EnableTrace();
        for (int i = 0; i < 20; i++)
        {
            c.Control.Enable = i % 3 != 0;
            sim.Step();
        }
        var dir = Path.Combine(Path.GetTempPath(), "cosim-counter");
        var r = CoSimulation.Run(sim.Netlist, trace, dir);
        Assert.True(r.Passed, r.Log);
        Assert.Equal(20, r.CyclesCompared);
    }
}
