using System.Text;
using Hdl.Vhdl.Tools;
using Hdl.Vhdl.Transpiler;

namespace Hdl.Vhdl;

/// <summary>
/// Result of synthesizing a design with GHDL. <paramref name="MemoryStyles"/> are the memories' style
/// attributes, which GHDL drops from the Verilog netlist it writes (for the tool reading that netlist
/// to set again); empty when no Verilog was written.
/// </summary>
public sealed record SynthesisResult(string WorkDir, string Top, TimeSpan Duration, string? VerilogPath,
    IReadOnlyList<MemoryStyleAttribute> MemoryStyles);

/// <summary>A memory entity's <c>rom_style</c> or <c>ram_style</c> attribute and its value ("block", "distributed").</summary>
public sealed record MemoryStyleAttribute(string Entity, string Attribute, string Value);

/// <summary>
/// Checks the generated design files analyse as VHDL-93 and synthesize with <c>ghdl --synth</c>
/// (what Vivado needs) and optionally writes the netlist as Verilog for yosys.
/// </summary>
public static class Synthesis
{
    public static SynthesisResult Run(Netlist netlist, string workDir, bool writeVerilog = false)
    {
        if (!Ghdl.IsAvailable) throw new ToolException("ghdl is not installed: run ./scripts/setup (or apt-get install ghdl)");
        if (Directory.Exists(workDir)) Directory.Delete(workDir, recursive: true);
        Directory.CreateDirectory(workDir);
        var files = VhdlGenerator.Generate(netlist);
        VhdlSource.WriteAll(workDir, files);
        return RunOnFolder(workDir, [.. files.Select(f => f.FileName)], VhdlGenerator.TopName(netlist), writeVerilog);
    }

    /// <summary>
    /// The same on design files already written to <paramref name="workDir"/> (in dependency order);
    /// it runs only the tools, so several folders may be synthesized in parallel.
    /// </summary>
    public static SynthesisResult RunOnFolder(string workDir, IReadOnlyList<string> files, string top, bool writeVerilog = false)
    {
        if (!Ghdl.IsAvailable) throw new ToolException("ghdl is not installed: run ./scripts/setup (or apt-get install ghdl)");
        var start = DateTime.UtcNow;
        Ghdl.AnalyseVhdl93(workDir, files); // what Vivado reads by default
        Ghdl.Analyse(workDir, files);
        string? verilog = null;
        if (writeVerilog)
        {
            verilog = Path.Combine(workDir, top + ".v");
            File.WriteAllText(verilog, Ghdl.SynthesizeVerilog(workDir, top));
        }
        else Ghdl.SynthesizeVerilog(workDir, top); // the netlist is checked (Ghdl.RequireClockedWrites), not kept
        IReadOnlyList<MemoryStyleAttribute> styles = !writeVerilog ? [] :
            [.. files.Select(f => MemoryWriter.StyleAttributeOf(File.ReadAllText(Path.Combine(workDir, f)))).OfType<MemoryStyleAttribute>()];
        return new SynthesisResult(workDir, top, DateTime.UtcNow - start, verilog, styles);
    }
}
