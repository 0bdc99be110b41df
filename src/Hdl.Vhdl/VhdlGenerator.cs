namespace Hdl.Vhdl;

/// <summary>Transpiles a design's processes to VHDL (design files only, no testbench).</summary>
public static class VhdlGenerator
{
    /// <summary>The design files, by file name, in analysis order.</summary>
    public static IReadOnlyList<(string FileName, string Content)> Generate(Netlist netlist) =>
        throw new NotImplementedException("transpiler in progress");

    /// <summary>Writes the design files into <paramref name="dir"/> (created; existing .vhd files there are replaced).</summary>
    public static IReadOnlyList<string> WriteTo(Netlist netlist, string dir) =>
        throw new NotImplementedException("transpiler in progress");
}
