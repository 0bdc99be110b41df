using Crypto.Catalog;
using Crypto.Streams;
using Hdl.Vhdl;
using Xunit;

namespace Cores.Tests;

/// <summary>
/// The third way of verification for every variant of every core: the generated VHDL, run in GHDL,
/// replays a C# simulation trace with random gaps and back-pressure and must match every output on
/// every cycle; it must also pass GHDL synthesis; and vhdl-out/ must hold exactly what the generator
/// writes today.
/// </summary>
public class VariantVhdlTests
{
    public static TheoryData<string, string> Variants() => [.. CoreRegistry.All.Select(v => (v.Core, v.Variant))];

    static string WorkDir(string what, string core, string variant) =>
        Path.Combine(Path.GetTempPath(), "sme-crypto-tests", $"{what}-{core}-{variant}-{Environment.ProcessId}");

    [Theory]
    [MemberData(nameof(Variants))]
    public void GeneratedVhdlReplaysTheSimulationInGhdl(string core, string variant)
    {
        const int seed = 2026;
        var v = CoreRegistry.Find(core, variant);
        var run = v.RunTraced(120, new StreamOptions(seed, GapProbability: 0.25, StallProbability: 0.25));
        Assert.True(run.Mismatches.Count == 0, $"seed {seed}: C# simulation mismatches: {string.Join("; ", run.Mismatches.Take(5))}");
        Assert.Empty(run.ProtocolErrors);
        var dir = WorkDir("cosim", core, variant);
        var result = CoSimulation.Run(run.Simulation.Netlist, run.Trace, dir);
        Assert.True(result.Passed, $"seed {seed}: GHDL disagrees with the C# simulation:\n{string.Join("\n", result.Mismatches)}\n{result.Log}");
        Assert.Equal(run.Trace.Rows, result.CyclesCompared);
        Directory.Delete(dir, recursive: true);
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void GeneratedVhdlSynthesizes(string core, string variant)
    {
        var v = CoreRegistry.Find(core, variant);
        var dir = WorkDir("synth", core, variant);
        var result = Synthesis.Run(v.BuildDesign().Elaborate(), dir);
        Assert.Equal(Hdl.Vhdl.VhdlGenerator.TopName(v.BuildDesign().Elaborate()), result.Top);
        Directory.Delete(dir, recursive: true);
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void VhdlOutHoldsTheGeneratedFiles(string core, string variant)
    {
        var v = CoreRegistry.Find(core, variant);
        var folder = Path.Combine(CoreRegistry.FindRepositoryRoot(AppContext.BaseDirectory), CoreRegistry.VhdlFolder(v));
        var expected = VhdlGenerator.Generate(v.BuildDesign().Elaborate());
        Assert.True(Directory.Exists(folder), $"{folder} is missing: run ./sme-crypto vhdl --all");
        var onDisk = Directory.GetFiles(folder, "*.vhd").Select(Path.GetFileName).Order(StringComparer.Ordinal).ToList();
        Assert.Equal(expected.Select(f => f.FileName).Order(StringComparer.Ordinal), onDisk);
        foreach (var f in expected)
            Assert.True(f.Content == File.ReadAllText(Path.Combine(folder, f.FileName)),
                $"{CoreRegistry.VhdlFolder(v)}/{f.FileName} differs from the generator's output: run ./sme-crypto vhdl --all and commit");
    }

    [Fact]
    public void GenerationIsDeterministic()
    {
        foreach (var v in CoreRegistry.All)
        {
            var a = VhdlGenerator.Generate(v.BuildDesign().Elaborate());
            var b = VhdlGenerator.Generate(v.BuildDesign().Elaborate());
            Assert.Equal(a, b);
        }
    }
}
