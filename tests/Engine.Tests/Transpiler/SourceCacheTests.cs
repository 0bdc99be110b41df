using Hdl;
using Hdl.Fuzz;
using Hdl.Vhdl;
using Xunit;

namespace Engine.Tests.Transpiler;

/// <summary>Run alone: other tests translate (and so cache) their own designs in parallel.</summary>
[CollectionDefinition(nameof(SourceCacheCollection), DisableParallelization = true)]
public sealed class SourceCacheCollection;

/// <summary>
/// The transpiler's cache of compiled hardware sources: kept per set of assemblies, released by
/// <see cref="VhdlGenerator.ForgetSources"/> (the fuzzer translates a new assembly on every run).
/// </summary>
[Collection(nameof(SourceCacheCollection))]
public class SourceCacheTests
{
    [Fact]
    public void ForgettingTheSourcesReleasesThemAndTranslatesTheSameAgain()
    {
        var source = DesignSource.Of(new Generator(ConstructSet.Default).Generate(20261124, 5));
        var assembly = DesignCompiler.Compile([(source.FileName, source.Text)]);
        var design = new Design("source_cache");
        assembly.GetType(source.BuilderClass, throwOnError: true)!.GetMethod("Build")!.Invoke(null, [design]);
        var netlist = new Simulation(design).Netlist;

        VhdlGenerator.ForgetSources();
        Assert.Equal(0, VhdlGenerator.CachedSourceSets);
        var first = VhdlGenerator.Generate(netlist);
        Assert.Equal(1, VhdlGenerator.CachedSourceSets);
        VhdlGenerator.Generate(netlist);
        Assert.Equal(1, VhdlGenerator.CachedSourceSets); // the same assembly is compiled once

        VhdlGenerator.ForgetSources();
        Assert.Equal(0, VhdlGenerator.CachedSourceSets);
        var again = VhdlGenerator.Generate(netlist);
        Assert.Equal(first.Select(f => (f.FileName, f.Content)), again.Select(f => (f.FileName, f.Content)));
    }
}
