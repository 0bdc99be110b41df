using Crypto.Axi;
using Crypto.Axi.Testbench;
using Crypto.Catalog;
using Hdl.Vhdl;
using Xunit;

namespace Axi.Tests;

public class WrapperScenarioTests
{
    public static TheoryData<string> Wrappers() => [.. AxiCatalog.All.Select(a => a.Name)];

    [Theory]
    [MemberData(nameof(Wrappers))]
    public void ScenarioPassesInTheCSharpSimulation(string name)
    {
        var r = AxiScenario.Run(AxiCatalog.FindByName(name), new AxiScenarioOptions(Seed: 7), trace: false);
        Assert.True(r.Passed, string.Join("\n", r.Failures));
        Assert.True(r.PacketsChecked >= 16);
        var adapter = AxiCatalog.FindByName(name);
        double ideal = adapter.IdealCyclesPerPacket(AxiScenario.MeasuredPacketBytes, r.MeasuredKeyBytes);
        TestContext.Current.SendDiagnosticMessage($"{name}: {r.CyclesPerPacket} cycles per {AxiScenario.MeasuredPacketBytes}-byte packet, ideal {ideal}");
        Assert.InRange(r.CyclesPerPacket, Math.Floor(ideal * 0.98), ideal * 1.25 + 16);
    }

    /// <summary>
    /// Twelve seeds for the first wrapper of each core in <see cref="WrapperSample.OnePerCore"/>, four
    /// for the others (the wrapper around them is the same), from no gaps and no back-pressure to 80 %
    /// gaps and 78 % stalls. (The longest pipelines, SHA-2 proc64/proc80, take about 1 s per seed.)
    /// </summary>
    [Theory]
    [MemberData(nameof(Wrappers))]
    public void ScenarioPassesUnderManyPatternsOfGapsAndBackPressure(string name)
    {
        var adapter = AxiCatalog.FindByName(name);
        var failures = new List<string>();
        int seeds = WrapperSample.OnePerCore.Contains(adapter) ? 12 : 4;
        for (int seed = 1; seed <= seeds; seed++)
        {
            var options = new AxiScenarioOptions(seed, GapProbability: seed % 5 * 0.2, StallProbability: seed % 7 * 0.13, LiteDelayProbability: seed % 3 * 0.3);
            failures.AddRange(AxiScenario.Run(adapter, options, trace: false).Failures.Select(f => $"{options}: {f}"));
        }
        Assert.True(failures.Count == 0, string.Join("\n", failures.Take(10)));
    }

    /// <summary>
    /// Two wrappers of each core (<see cref="WrapperSample.TwoPerCore"/>: an iterative and a pipelined
    /// core) are replayed in GHDL here; every wrapper is replayed by `./sme-crypto verify-axi --all`,
    /// whose record (verified.json, with the hash of the VHDL) is committed next to VHDL that
    /// <see cref="ShellTests"/> checks is the generator's output. Replaying all of them here would take
    /// a quarter of an hour.
    /// </summary>
    public static TheoryData<string> ReplayedInGhdl() => [.. WrapperSample.TwoPerCore.Select(a => a.Name)];

    [Theory]
    [MemberData(nameof(ReplayedInGhdl))]
    public void ScenarioReplaysInGhdl(string name)
    {
        // Two packets in the full-speed phase (not four) keep the trace of the big MD5 pipelines short.
        var r = AxiScenario.Run(AxiCatalog.FindByName(name), new AxiScenarioOptions(Seed: 11, MeasuredPackets: 2), trace: true);
        Assert.True(r.Passed, string.Join("\n", r.Failures));
        var dir = Path.Combine(Path.GetTempPath(), "axi-tests", $"cosim-{name}-{Environment.ProcessId}");
        var cosim = CoSimulation.Run(r.Bench.Simulation.Netlist, r.Bench.Trace!, dir);
        Assert.True(cosim.Passed, $"GHDL disagrees:\n{string.Join("\n", cosim.Mismatches)}\n{Hdl.Vhdl.Tools.Ghdl.Tail(cosim.Log, 30)}");
        Assert.Equal(r.Bench.Trace!.Rows, cosim.CyclesCompared);
        Directory.Delete(dir, true);
    }
}
