using System.Text;
using System.Text.RegularExpressions;

namespace Hdl.Vhdl.Transpiler;

/// <summary>
/// The engine's memories (<see cref="Ram{T}"/>, <see cref="Rom{T}"/>), written in the shape that
/// synthesis infers as block RAM: an array signal, a clocked read into a register, and a clocked write
/// (read-first). One entity per distinct type, style and contents, shared by the instances that have
/// them (each instance is its own memory). A <see cref="MemoryStyle"/> other than Auto is written as
/// Vivado's <c>rom_style</c> / <c>ram_style</c> attribute on the array signal.
/// </summary>
internal static class MemoryWriter
{
    /// <summary>What decides a memory's entity: its type, style and initial contents.</summary>
    public static string ContentKey(Netlist netlist, Process memory)
    {
        var t = memory.GetType();
        var array = (Array)netlist.InitialValue(memory, t.GetField("memory", System.Reflection.BindingFlags.Instance | System.Reflection.BindingFlags.NonPublic)!)!;
        var key = new StringBuilder(t.FullName).Append(':').Append(StyleOf(memory)).Append(':').Append(array.Length);
        foreach (var word in array) key.Append(',').Append(word);
        return key.ToString();
    }

    static MemoryStyle StyleOf(Process memory) => (MemoryStyle)memory.GetType().GetProperty(nameof(Rom<int>.Style))!.GetValue(memory)!;

    /// <summary>The VHDL attribute that carries a memory's style: rom_style or ram_style.</summary>
    static string StyleAttribute(bool isRam) => isRam ? "ram_style" : "rom_style";

    /// <summary>The attribute's value: "block" or "distributed" (Vivado's and yosys's names).</summary>
    static string StyleValue(MemoryStyle style) => style.ToString().ToLowerInvariant();

    static readonly Regex EntityLine = new(@"^entity (\w+) is$", RegexOptions.Multiline);
    static readonly Regex StyleLine = new(@"^  attribute (rom_style|ram_style) of memory : signal is ""(\w+)"";$", RegexOptions.Multiline);

    /// <summary>
    /// The style attribute of a memory entity written here, read back from its VHDL text (null for
    /// other files and for Auto): GHDL's synthesis drops such attributes, so a yosys flow sets them again.
    /// </summary>
    public static MemoryStyleAttribute? StyleAttributeOf(string vhdl)
    {
        var style = StyleLine.Match(vhdl);
        var entity = EntityLine.Match(vhdl);
        return style.Success && entity.Success ? new MemoryStyleAttribute(entity.Groups[1].Value, style.Groups[1].Value, style.Groups[2].Value) : null;
    }

    public static bool IsMemory(Type t) => t.IsGenericType &&
        (t.GetGenericTypeDefinition() == typeof(Ram<>) || t.GetGenericTypeDefinition() == typeof(Rom<>));

    public static (string Text, IReadOnlyList<EntityPort> Ports) Write(PackageBuilder pkg, Netlist netlist, Process memory, string entityName)
    {
        var t = memory.GetType();
        bool isRam = t.GetGenericTypeDefinition() == typeof(Ram<>);
        var elemClr = t.GetGenericArguments()[0];
        var elem = pkg.TypeOf(HdlType.Of(elemClr));
        var array = (Array)netlist.InitialValue(memory, t.GetField("memory", System.Reflection.BindingFlags.Instance | System.Reflection.BindingFlags.NonPublic)!)!;
        int depth = array.Length, abits = Math.Max(1, (int)Math.Log2(depth));
        var addr = pkg.Use(VType.U(32));
        var arrayType = pkg.ArrayType(elem, depth);

        var ports = new List<EntityPort>();
        void Port(string field, string signal, VType type, bool output) =>
            ports.Add(new EntityPort($"{field}_{signal}", type, output, t.GetField(field)!, signal, null, 0, type.Name));
        if (isRam)
        {
            Port("Write", "Enable", VType.Bool, false);
            Port("Write", "Address", addr, false);
            Port("Write", "Data", elem, false);
        }
        Port("Read", "Enable", VType.Bool, false);
        Port("Read", "Address", addr, false);
        Port("Result", "Data", elem, true);

        var sb = new StringBuilder(VhdlFile.Header);
        string key = ContentKey(netlist, memory);
        int sharing = netlist.Processes.Count(p => p != memory && p.GetType() == t && ContentKey(netlist, p) == key);
        string shared = sharing > 0 ? $" and {sharing} more instances with the same contents" : "";
        var style = StyleOf(memory);
        string styled = style == MemoryStyle.Auto ? "" : $", {StyleValue(style)} style";
        sb.Append($"-- {(isRam ? "RAM" : "ROM")} {memory}{shared}: {depth} x {elem.Width} bits, registered read{(isRam ? ", read-first" : "")}{styled}\n");
        sb.Append("library ieee;\nuse ieee.std_logic_1164.all;\nuse ieee.numeric_std.all;\n");
        sb.Append($"use work.{pkg.Name}.all;\n\n");
        sb.Append($"entity {entityName} is\n  port (\n    clk : in std_logic;\n    rst : in std_logic;\n");
        sb.Append(string.Join(";\n", ports.Select(p => $"    {p.Name} : {(p.IsOutput ? "out" : "in")} {p.Type.Name}")));
        sb.Append("\n  );\nend entity;\n\n");
        sb.Append($"architecture rtl of {entityName} is\n");
        sb.Append($"  signal memory : {arrayType} := {pkg.Aggregate(array, elem).Replace("\n", "\n  ")};\n");
        if (style != MemoryStyle.Auto)
        {
            var attribute = StyleAttribute(isRam);
            sb.Append($"  attribute {attribute} : string;\n");
            sb.Append($"  attribute {attribute} of memory : signal is \"{StyleValue(style)}\";\n");
        }
        sb.Append("begin\n  access_port : process(clk)\n  begin\n    if rising_edge(clk) then\n");
        sb.Append($"      if Read_Enable then\n        Result_Data <= memory(to_integer(resize(Read_Address, {abits})));\n      end if;\n");
        if (isRam)
            sb.Append($"      if Write_Enable then\n        memory(to_integer(resize(Write_Address, {abits}))) <= Write_Data;\n      end if;\n");
        sb.Append("    end if;\n  end process;\nend architecture;\n");
        return (sb.ToString(), ports);
    }
}
