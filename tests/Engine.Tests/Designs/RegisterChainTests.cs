using Hdl;
using Xunit;

namespace Engine.Tests.Designs;

public class RegisterChainTests
{
    [Fact]
    public void StagesAreInstancesOfOneProcessNamedInOrder()
    {
        var netlist = RegisterChainDesign.Build().Elaborate();
        Assert.Equal(RegisterChainDesign.Length, netlist.Processes.Count);
        Assert.All(netlist.Processes, p => Assert.IsType<RegisterStage>(p));
        Assert.Equal(Enumerable.Range(0, RegisterChainDesign.Length).Select(i => $"RegisterStage_{i}"),
            netlist.Processes.Select(p => p.Name));
        Assert.Equal(RegisterChainDesign.Length + 1, netlist.Buses.Count);
    }

    [Theory]
    [InlineData(21)]
    [InlineData(22)]
    public void DelaysByItsLengthAndAddsEverySalt(int seed)
    {
        uint saltSum = 0;
        for (int i = 0; i < RegisterChainDesign.Length; i++) saltSum += RegisterChainDesign.Salt(i);
        var history = new List<(bool Valid, uint Data)>();
        Testbench.Run(RegisterChainDesign.Build, (sim, c) => RegisterChainDesign.Drive(sim, c, seed), (sim, cycle) =>
        {
            var input = sim.Port<IChainLink>("chain_in");
            var output = sim.Port<IChainLink>("chain_out");
            history.Add((input.Valid, input.Data));
            int from = cycle - RegisterChainDesign.Length;
            var (valid, data) = from >= 0 ? history[from] : (false, 0u);
            string at = $"seed {seed}, cycle {cycle}";
            Expect.Equal(valid, output.Valid, at + ", valid");
            Expect.Equal(valid ? data + saltSum : 0u, output.Data, at + ", data");
        }, 400);
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void CoSimulation() => CoSim.Check(RegisterChainDesign.Build, (sim, c) => RegisterChainDesign.Drive(sim, c, 3), 200);
}
