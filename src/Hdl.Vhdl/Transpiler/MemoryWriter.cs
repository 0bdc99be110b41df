using System.Text;

namespace Hdl.Vhdl.Transpiler;

/// <summary>
/// The engine's memories (<see cref="Ram{T}"/>, <see cref="Rom{T}"/>), written in the shape that
/// synthesis infers as block RAM: an array signal, a clocked read into a register, and a clocked write
/// (read-first). One entity per memory instance, since contents and depth are per instance.
/// </summary>
internal static class MemoryWriter
{
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
            ports.Add(new EntityPort($"{field}_{signal}", type, output, t.GetField(field)!, signal, null));
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
        sb.Append($"-- {(isRam ? "RAM" : "ROM")} {memory}: {depth} x {elem.Width} bits, registered read{(isRam ? ", read-first" : "")}\n");
        sb.Append("library ieee;\nuse ieee.std_logic_1164.all;\nuse ieee.numeric_std.all;\n");
        sb.Append($"use work.{pkg.Name}.all;\n\n");
        sb.Append($"entity {entityName} is\n  port (\n    clk : in std_logic;\n    rst : in std_logic;\n");
        sb.Append(string.Join(";\n", ports.Select(p => $"    {p.Name} : {(p.IsOutput ? "out" : "in")} {p.Type.Name}")));
        sb.Append("\n  );\nend entity;\n\n");
        sb.Append($"architecture rtl of {entityName} is\n");
        sb.Append($"  signal memory : {arrayType} := {pkg.Aggregate(array, elem).Replace("\n", "\n  ")};\n");
        sb.Append("begin\n  access_port : process(clk)\n  begin\n    if rising_edge(clk) then\n");
        sb.Append($"      if Read_Enable then\n        Result_Data <= memory(to_integer(resize(Read_Address, {abits})));\n      end if;\n");
        if (isRam)
            sb.Append($"      if Write_Enable then\n        memory(to_integer(resize(Write_Address, {abits}))) <= Write_Data;\n      end if;\n");
        sb.Append("    end if;\n  end process;\nend architecture;\n");
        return (sb.ToString(), ports);
    }
}
