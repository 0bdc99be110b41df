using Hdl.Fuzz;
using Xunit;

namespace Engine.Tests.Fuzz;

/// <summary>
/// The fuzzer's replay of GHDL's synthesized netlist (<c>fuzz --netlist</c>, CoSimulation.RunSynthesized),
/// on designs kept in Fuzz/Regressions/ and Fuzz/Open/ (docs/fuzzing.md, "The netlist replay's first run").
/// </summary>
public class NetlistReplayTests
{
    static RunOutcome Run(string folder, string file, bool netlist)
    {
        var source = DesignSource.Parse(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "Fuzz", folder, file)));
        var workDir = Path.Combine(Path.GetTempPath(), "engine-tests-netlist", Path.GetFileNameWithoutExtension(file) + (netlist ? "-netlist" : ""));
        return DesignRunner.Run([source], workDir, netlist: netlist);
    }

    /// <summary>
    /// Kept designs whose netlist computes what C# does: a division guarded against a zero divisor
    /// (the replay's rewrite of GHDL's division cell) and a register assigned its own value (written
    /// as nothing: GHDL synthesized it as a signal driven by itself, unknown for ever).
    /// </summary>
    [Theory, Trait("Category", CoSim.Category)]
    [InlineData("known-guarded-division.cs")]
    [InlineData("new-integer-switch-netlist-latch.cs")]
    public void NetlistOfAKeptDesignComputesWhatCSharpDoes(string file)
    {
        var outcome = Run("Regressions", file, netlist: true);
        Assert.True(outcome.Passed, $"{file}: {outcome.Kind}\n{outcome.Detail}\nwork folder: {outcome.WorkDir}");
    }

    /// <summary>
    /// An output of a clocked process without reset that the tick never writes, or an array output it
    /// writes only in part: GHDL's synthesis drops a port's default value and leaves the elements of an
    /// array signal no process writes undriven, so the back end gives each such output (each element
    /// of an array) a register signal of its own with the start value, and drives the port from them;
    /// the netlist's output is then the start value, as in C#. Where the elements an instance writes
    /// depend on its constants (a computed index, a condition on one), the tick first assigns the
    /// output's register whole.
    /// </summary>
    [Theory, Trait("Category", CoSim.Category)]
    [InlineData("new-unwritten-output-netlist.cs")]
    [InlineData("new-unwritten-bus-array-output-netlist.cs")]
    [InlineData("new-unwritten-enum-output-netlist.cs")]
    [InlineData("new-partly-written-bus-array-output-netlist.cs")]
    [InlineData("new-instance-constant-index-bus-array-output-netlist.cs")]
    [InlineData("new-folded-condition-bus-array-output-netlist.cs")]
    [InlineData("new-folded-local-condition-bus-array-output-netlist.cs")]
    public void NetlistOfAnUnwrittenOutputHoldsItsStartValue(string file)
    {
        var outcome = Run("Regressions", file, netlist: true);
        Assert.True(outcome.Passed, $"{file}: {outcome.Kind}\n{outcome.Detail}\nwork folder: {outcome.WorkDir}");
    }

    /// <summary>
    /// A table read whose guard never selects it past the table's depth: the VHDL simulates as C#;
    /// GHDL's netlist reads the table at every address its index can hold, and GHDL's simulation of
    /// the netlist stops on the index (a replay artefact: hardware reads something and drops it). Open;
    /// when the replay handles it, the design moves to Fuzz/Regressions/ and this test with it.
    /// </summary>
    [Fact, Trait("Category", CoSim.Category)]
    public void NetlistReplayStopsOnAMemoryReadPastItsDepth()
    {
        AssertOnlyTheNetlistDiffers("new-memory-read-past-depth-netlist.cs", "out of bounds");
    }

    /// <summary>
    /// GHDL 2.0's synthesis makes a constant wider than 32 bits zero when its low word is zero and its
    /// other set bits lie in one word (ghdl/ghdl#2011, fixed after 2.0): here a generic 0xFFFFFFFF00000000.
    /// The VHDL simulates as C#; the netlist's output is zero. Open (a defect of the tool, which the back
    /// end has no general rewrite around yet; GhashMath.TimesX avoids GHASH's reduction constant for it).
    /// </summary>
    [Fact, Trait("Category", CoSim.Category)]
    public void NetlistReplayFindsGhdlZeroingAWideConstant()
    {
        AssertOnlyTheNetlistDiffers("new-wide-constant-low-word-zero-netlist.cs", "u7_p1_i1_O0: expected FFFFFFFF00000000, got 0000000000000000");
    }

    /// <summary>An open design of Fuzz/Open/: its VHDL replays as C# does; its netlist does not, with <paramref name="detail"/> in the report.</summary>
    static void AssertOnlyTheNetlistDiffers(string file, string detail)
    {
        Assert.True(Run("Open", file, netlist: false).Passed);
        var outcome = Run("Open", file, netlist: true);
        Assert.Equal(FailureKind.NetlistMismatch, outcome.Kind);
        Assert.Contains(detail, outcome.Detail);
    }
}
