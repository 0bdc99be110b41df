using Xunit;

namespace Engine.Tests.Designs;

public class AccumulatorTests
{
    [Theory]
    [InlineData(11)]
    [InlineData(12)]
    public void MatchesAReferenceModelCycleByCycle(int seed)
    {
        ulong sum = 0;
        uint count = 0;
        Testbench.Run(AccumulatorDesign.Build, (sim, c) => AccumulatorDesign.Drive(sim, c, seed), (sim, cycle) =>
        {
            var input = sim.Port<IAccumulatorInput>("samples");
            var total = sim.Port<IAccumulatorTotal>("total");
            var next = sim.Port<IAccumulatorNext>("next_total");
            string at = $"seed {seed}, cycle {cycle}";
            Expect.Equal(sum, total.Sum, at + ", registered sum");
            Expect.Equal(count, total.Count, at + ", registered count");
            if (input.Clear) { sum = 0; count = 0; }
            if (input.Valid) { sum += input.Value; count++; }
            // the combinational next value is visible in the same cycle
            Expect.Equal(sum, next.Sum, at + ", next sum");
            Expect.Equal(count, next.Count, at + ", next count");
        }, 600);
    }

    [Fact]
    public void SumsIntoSixtyFourBitsWithoutWrapping()
    {
        var sim = new Hdl.Simulation(AccumulatorDesign.Build());
        var input = sim.Port<IAccumulatorInput>("samples");
        var total = sim.Port<IAccumulatorTotal>("total");
        input.Clear = false;
        input.Valid = true;
        input.Value = uint.MaxValue;
        sim.Run(3);
        sim.Settle();
        Assert.Equal(3ul * uint.MaxValue, total.Sum);
        Assert.Equal(3u, total.Count);
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void CoSimulation() => CoSim.Check(AccumulatorDesign.Build, (sim, c) => AccumulatorDesign.Drive(sim, c, 5), 300);
}
