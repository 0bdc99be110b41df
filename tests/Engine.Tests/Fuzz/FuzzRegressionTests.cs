using Hdl.Fuzz;
using Xunit;

namespace Engine.Tests.Fuzz;

/// <summary>
/// The shrunk designs the fuzzer found, kept in Fuzz/Regressions/: each is compiled in memory,
/// simulated in C#, replayed in GHDL, synthesized with ghdl --synth and replayed against GHDL's
/// synthesized netlist (the fuzzer's --netlist stage), and must pass. Designs whose
/// defect is not fixed yet wait in Fuzz/Open/, which this test does not run (NetlistReplayTests checks that some
/// of them still fail as recorded; see Fuzz/Regressions/README.md).
/// </summary>
public class FuzzRegressionTests
{
    public static TheoryData<string> Designs()
    {
        var dir = Path.Combine(AppContext.BaseDirectory, "Fuzz", "Regressions");
        return [.. Directory.GetFiles(dir, "*.cs").Select(f => Path.GetFileName(f)).Order(StringComparer.Ordinal)];
    }

    [Theory, Trait("Category", CoSim.Category)]
    [MemberData(nameof(Designs))]
    public void ShrunkDesignPasses(string file)
    {
        var source = DesignSource.Parse(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "Fuzz", "Regressions", file)));
        var workDir = Path.Combine(Path.GetTempPath(), "engine-tests-fuzz", Path.GetFileNameWithoutExtension(file));
        var outcome = DesignRunner.Run([source], workDir, netlist: true);
        Assert.True(outcome.Passed, $"{file} (seed {source.Seed}, design {source.Index}): {outcome.Kind}\n{outcome.Detail}\nwork folder: {outcome.WorkDir}");
    }
}
