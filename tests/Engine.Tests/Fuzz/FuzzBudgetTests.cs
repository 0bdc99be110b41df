using Hdl.Fuzz;
using Xunit;

namespace Engine.Tests.Fuzz;

/// <summary>
/// The CI budget of the differential fuzzer: <see cref="Designs"/> generated designs of a fixed seed
/// through the whole pipeline (C# simulation, transpiler, GHDL replay of every cycle, ghdl --synth and
/// yosys reading its Verilog netlist, which must hold no latch),
/// with no difference allowed. The constructs are <see cref="ConstructSet.Default"/>. It stops at the
/// <see cref="MaxFailures"/>th failing design, so that a broken back end (or generator) fails it in
/// minutes; the message names seed and design of each failure (reproduce with
/// <c>./sme-crypto fuzz --seed S --from N --count 1</c>).
/// </summary>
public class FuzzBudgetTests(ITestOutputHelper output)
{
    public const int Designs = 200;
    public const int Seed = 20261124;
    public const int MaxFailures = 3;

    [Fact, Trait("Category", CoSim.Category)]
    public void TheBudgetRunsWithoutDifferences()
    {
        var outDir = Path.Combine(Path.GetTempPath(), "engine-tests-fuzz", $"seed-{Seed}");
        var fuzzer = new Fuzzer(new FuzzOptions(Designs, Seed, outDir, ConstructSet.Default, ShrinkAttempts: 60,
            ShrinkBudget: TimeSpan.FromSeconds(30), MaxFailures: MaxFailures), output.WriteLine);
        var report = fuzzer.Run();
        output.WriteLine($"{report.Summary}: {report.Duration.TotalSeconds:0} s, {report.DesignsPerSecond:0.00} designs/s, {report.PipelineRuns} pipeline runs");
        Assert.True(report.Failures.Count == 0, report.Summary + "\n" + string.Join("\n", report.Failures.Select(f => f.Line)));
        Assert.Equal(Designs, report.Designs);
    }
}
