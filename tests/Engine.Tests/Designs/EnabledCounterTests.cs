using Hdl;
using Xunit;

namespace Engine.Tests.Designs;

public class EnabledCounterTests
{
    [Fact]
    public void CountsEnabledCyclesOnly()
    {
        var sim = new Simulation(EnabledCounterDesign.Build());
        var control = sim.Port<ICounterControl>("control");
        var output = sim.Port<ICounterValue>("counter");
        control.Clear = false;
        for (int cycle = 0; cycle < 8; cycle++)
        {
            control.Enable = cycle % 2 == 0;
            sim.Settle();
            // registered output: the count of enabled cycles among 0 .. cycle-1
            Expect.Equal((uint)((cycle + 1) / 2), output.Count, $"cycle {cycle}");
            sim.Clock();
        }
        Assert.Equal(8, sim.Cycle);
    }

    [Fact]
    public void WrapsAtItsModulusAndFlagsTheWrapForOneCycle()
    {
        var sim = new Simulation(EnabledCounterDesign.Build());
        var control = sim.Port<ICounterControl>("control");
        var output = sim.Port<ICounterValue>("counter");
        control.Clear = false;
        control.Enable = true;
        for (int cycle = 0; cycle < 3 * (int)EnabledCounterDesign.Modulus + 2; cycle++)
        {
            sim.Settle();
            Expect.Equal((uint)(cycle % EnabledCounterDesign.Modulus), output.Count, $"cycle {cycle}");
            Expect.Equal(cycle > 0 && cycle % EnabledCounterDesign.Modulus == 0, output.Wrapped, $"cycle {cycle} wrapped");
            sim.Clock();
        }
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void MatchesAReferenceModelUnderRandomEnableAndClear(int seed)
    {
        uint model = 0;
        bool modelWrapped = false;
        Testbench.Run(EnabledCounterDesign.Build, (sim, c) => EnabledCounterDesign.Drive(sim, c, seed), (sim, cycle) =>
        {
            var control = sim.Port<ICounterControl>("control");
            var output = sim.Port<ICounterValue>("counter");
            Expect.Equal(model, output.Count, $"seed {seed}, cycle {cycle}, count");
            Expect.Equal(modelWrapped, output.Wrapped, $"seed {seed}, cycle {cycle}, wrapped");
            modelWrapped = false;
            if (control.Clear) model = 0;
            else if (control.Enable)
            {
                model++;
                if (model == EnabledCounterDesign.Modulus) { model = 0; modelWrapped = true; }
            }
        }, 500);
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void CoSimulation() => CoSim.Check(EnabledCounterDesign.Build, (sim, c) => EnabledCounterDesign.Drive(sim, c, 7), 300);
}
