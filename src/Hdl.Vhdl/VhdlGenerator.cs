using System.Text;
using Hdl.Vhdl.Transpiler;

namespace Hdl.Vhdl;

/// <summary>A generated VHDL file.</summary>
public sealed record VhdlSource(string FileName, string Content)
{
    /// <summary>Writes each file into <paramref name="dir"/> (UTF-8 without byte order mark).</summary>
    public static void WriteAll(string dir, IEnumerable<VhdlSource> files)
    {
        foreach (var f in files) File.WriteAllText(Path.Combine(dir, f.FileName), f.Content, new UTF8Encoding(false));
    }
}

/// <summary>
/// One register of a design (a register field, or an output signal of a clocked process): whether the
/// VHDL resets it, its bits, and why it keeps its reset (the chain of processes and signals from it
/// to the decision its value reaches, or its type or [KeepReset]).
/// </summary>
public sealed record ResetDecision(Process Process, string Register, int Bits, bool Reset, string Why);

/// <summary>
/// Transpiles a design to VHDL: the design package (types, tables, helper functions), one entity
/// per process class, and a top entity whose ports are the top-level buses as std_logic /
/// std_logic_vector. Output is deterministic: the same design gives byte-identical files.
/// </summary>
public static class VhdlGenerator
{
    /// <summary>The design files in analysis order.</summary>
    public static IReadOnlyList<VhdlSource> Generate(Netlist netlist) => new DesignWriter(netlist).Files;

    /// <summary>
    /// The registers the generated VHDL leaves without reset (datapath registers whose reset value is
    /// never observed, see docs/engine.md), for <see cref="Simulation.Reset"/>: the same decision the
    /// VHDL of <see cref="Generate"/> carries.
    /// </summary>
    public static ResetPlan ResetPlan(Netlist netlist) => Resets(netlist).Plan;

    /// <summary>Every register of the design with its reset decision, its bits and the reason it keeps its reset.</summary>
    public static IReadOnlyList<ResetDecision> ResetDecisions(Netlist netlist) => Resets(netlist).Decisions();

    static ResetAnalysis Resets(Netlist netlist) =>
        new(netlist, SourceSet.For(netlist.Processes.Select(p => p.GetType()).Where(t => !MemoryWriter.IsMemory(t)).Distinct()));

    /// <summary>Writes the design files into <paramref name="dir"/>, replacing the .vhd files there.</summary>
    public static IReadOnlyList<string> WriteTo(Netlist netlist, string dir)
    {
        var files = Generate(netlist); // generate first: nothing is written when translation fails
        Directory.CreateDirectory(dir);
        foreach (var old in Directory.GetFiles(dir, "*.vhd")) File.Delete(old);
        var paths = new List<string>();
        foreach (var f in files)
        {
            var path = Path.Combine(dir, f.FileName);
            File.WriteAllText(path, f.Content, new UTF8Encoding(false));
            paths.Add(path);
        }
        return paths;
    }

    /// <summary>
    /// The transpiler keeps the Roslyn compilation of the C# sources of every set of hardware
    /// assemblies it has translated, for the life of the process: right for a program that
    /// translates its cores (each is compiled once), but a host that translates many short-lived
    /// assemblies (the differential fuzzer: one per run) releases them with
    /// <see cref="ForgetSources"/>. This is how many are kept.
    /// </summary>
    public static int CachedSourceSets => SourceSet.CachedCount;

    /// <summary>
    /// Releases the cached compilations (see <see cref="CachedSourceSets"/>); a later translation
    /// compiles its sources again, with the same result.
    /// </summary>
    public static void ForgetSources() => SourceSet.ClearCache();

    /// <summary>Name of the top entity of a design.</summary>
    public static string TopName(Netlist netlist) => VhdlNames.Id(netlist.Design.Name);
}
