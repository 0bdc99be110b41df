using System.Text;

namespace Hdl.Vhdl.Transpiler;

/// <summary>Writes every file of one design.</summary>
internal sealed class DesignWriter
{
    public IReadOnlyList<VhdlSource> Files { get; }
    /// <summary>The registers the VHDL leaves without reset (see <see cref="ResetAnalysis"/>).</summary>
    public ResetPlan ResetPlan { get; }

    public DesignWriter(Netlist netlist)
    {
        var top = VhdlNames.Id(netlist.Design.Name);
        var sources = SourceSet.For(netlist.Processes.Select(p => p.GetType()).Where(t => !MemoryWriter.IsMemory(t)).Distinct());
        var pkg = new PackageBuilder(sources, $"{top}_pkg");
        var resets = new ResetAnalysis(netlist, sources);
        ResetPlan = resets.Plan;
        // Entity names share the package's scope: an architecture sees both its entity's name and the package.
        var entityNames = pkg.Scope;
        entityNames.Reserve(top);

        var instancePorts = new Dictionary<Process, (string Entity, IReadOnlyList<EntityPort> Ports, IReadOnlyList<EntityGeneric> Generics)>();
        var entities = new List<VhdlSource>();
        // Memories with the same type and contents share one entity (each instance has its own array).
        var memoryEntities = new Dictionary<string, (string Name, IReadOnlyList<EntityPort> Ports)>();
        foreach (var group in netlist.Processes.GroupBy(p => p.GetType()).OrderBy(g => netlist.Processes.ToList().IndexOf(g.First())))
        {
            if (MemoryWriter.IsMemory(group.Key))
            {
                foreach (var mem in group)
                {
                    var key = MemoryWriter.ContentKey(netlist, mem);
                    if (!memoryEntities.TryGetValue(key, out var entity))
                    {
                        var name = entityNames.Claim($"{mem.Name}_memory");
                        var (text, ports) = MemoryWriter.Write(pkg, netlist, mem, name);
                        entities.Add(new VhdlSource($"{name}.vhd", text));
                        memoryEntities[key] = entity = (name, ports);
                    }
                    instancePorts[mem] = (entity.Name, entity.Ports, []);
                }
                continue;
            }
            // one entity per instantiation of a generic process class (Stage_UInt32, Stage_UInt64)
            var entityName = entityNames.Claim(Netlist.TypeName(group.Key));
            var writer = new EntityWriter(pkg, group.Key, group.ToList(), netlist, entityName, resets);
            entities.Add(new VhdlSource($"{entityName}.vhd", writer.Text));
            foreach (var p in group) instancePorts[p] = (entityName, writer.Ports, writer.Generics);
        }
        var topText = TopWriter.Write(pkg, netlist, top, instancePorts);
        Files = [new VhdlSource($"{pkg.Name}.vhd", pkg.Render()), .. entities.OrderBy(e => e.FileName, StringComparer.Ordinal), new VhdlSource($"{top}.vhd", topText)];
    }
}

/// <summary>The top entity: top-level buses as std_logic ports, one signal per bus signal, the instances.</summary>
internal static class TopWriter
{
    public static string Write(PackageBuilder pkg, Netlist netlist, string top,
        Dictionary<Process, (string Entity, IReadOnlyList<EntityPort> Ports, IReadOnlyList<EntityGeneric> Generics)> instances)
    {
        // Each writer's entity has an out port for every signal of the bus and drives it (an unwritten
        // one keeps its start value), so two writers of one bus, even of disjoint signals, are two
        // drivers of each signal in VHDL, which the C# simulation (one writer per signal) allows.
        foreach (var bus in netlist.Buses)
            if (netlist.Writers[bus] is { Count: > 1 } writers)
                throw new TranspileException($"bus {bus} is written by processes {string.Join(" and ", writers.Select(w => w.Name))}: in VHDL every writer drives every signal of a bus; give each writer a bus of its own");
        var scope = new NameScope(pkg.Scope);
        scope.Reserve("rtl");
        scope.Reserve("clk"); scope.Reserve("rst");
        var portLines = new List<string> { "    clk : in std_logic", "    rst : in std_logic" };
        // Inside: one signal per scalar bus signal, one array signal per bus array (named like the
        // member); each top-level port is one signal, array elements included (<bus>_<member>_<i>).
        var signalNames = new Dictionary<SignalBase, string>();
        var arrayNames = new Dictionary<(BusBase, string Member), string>();
        var glue = new List<string>();
        var decls = new List<string>();
        string Inner(SignalBase s, string suffix)
        {
            var t = pkg.TypeOf(s.Type);
            if (s.Index < 0)
            {
                var name = signalNames[s] = scope.Claim(TraceRecorder.PortName(s) + suffix);
                decls.Add($"  signal {name} : {t.Name};");
                return name;
            }
            if (!arrayNames.TryGetValue((s.Bus, s.Member), out var array))
            {
                arrayNames[(s.Bus, s.Member)] = array = scope.Claim($"{s.Bus.Name}_{s.Member}{suffix}");
                decls.Add($"  signal {array} : {pkg.ArrayType(t, s.Bus.Signals.Count(x => x.Member == s.Member))};");
            }
            return signalNames[s] = $"{array}({s.Index})";
        }

        foreach (var (bus, isInput) in netlist.Inputs.Select(b => (b, true)).Concat(netlist.Outputs.Select(b => (b, false))))
            foreach (var s in bus.Signals)
            {
                var t = pkg.TypeOf(s.Type);
                var port = scope.Claim(TraceRecorder.PortName(s));
                if (port != VhdlNames.Id(TraceRecorder.PortName(s)))
                    throw new TranspileException($"port {TraceRecorder.PortName(s)} clashes with another name in VHDL; rename the bus or signal");
                portLines.Add($"    {port} : {(isInput ? "in" : "out")} {(t.Kind == VKind.Bool ? "std_logic" : $"std_logic_vector({t.Width - 1} downto 0)")}");
                var inner = Inner(s, "_int");
                glue.Add(isInput ? $"  {inner} <= {FromPort(port, t)};" : $"  {port} <= {ToPort(inner, t)};");
            }
        foreach (var bus in netlist.Buses)
            foreach (var s in bus.Signals)
                if (!signalNames.ContainsKey(s)) Inner(s, "");

        var sb = new StringBuilder(VhdlFile.Header);
        sb.Append($"-- Top entity of design {netlist.Design.Name}\n");
        sb.Append("library ieee;\nuse ieee.std_logic_1164.all;\nuse ieee.numeric_std.all;\n");
        sb.Append($"use work.{pkg.Name}.all;\n\n");
        sb.Append($"entity {top} is\n  port (\n{string.Join(";\n", portLines)}\n  );\nend entity;\n\n");
        sb.Append($"architecture rtl of {top} is\n");
        foreach (var d in decls) sb.Append(d).Append('\n');
        sb.Append("begin\n");
        foreach (var g in glue) sb.Append(g).Append('\n');
        foreach (var p in netlist.Processes)
        {
            var (entity, ports, generics) = instances[p];
            sb.Append($"\n  {scope.Claim("u_" + p.Name)} : entity work.{entity}\n");
            if (generics.Count > 0)
                sb.Append("    generic map (\n").Append(string.Join(",\n", generics.Select(g =>
                    $"      {g.Name} => {pkg.Value(netlist.InitialValue(p, g.Field)!, g.Type)}"))).Append("\n    )\n");
            var maps = new List<string>();
            if (p.IsClocked) { maps.Add("      clk => clk"); maps.Add("      rst => rst"); }
            var netPorts = netlist.Ports[p];
            foreach (var ep in ports)
            {
                var bus = netPorts.First(x => x.Field.DeclaringType == ep.Field.DeclaringType && x.Field.Name == ep.Field.Name).Bus;
                var sig = bus.Signals.FirstOrDefault(s => s.Member == ep.Signal)
                    ?? throw new TranspileException($"bus {bus} has no signal {ep.Signal} for {p}.{ep.Field.Name}");
                maps.Add($"      {ep.Name} => {(ep.IsArray ? arrayNames[(bus, ep.Signal)] : signalNames[sig])}");
            }
            sb.Append("    port map (\n").Append(string.Join(",\n", maps)).Append("\n    );\n");
        }
        sb.Append("end architecture;\n");
        return sb.ToString();
    }

    static string FromPort(string port, VType t) => t.Kind switch
    {
        VKind.Bool => $"{port} = '1'",
        VKind.Unsigned => $"unsigned({port})",
        VKind.Signed => $"signed({port})",
        _ => $"{t.EnumName}'val(to_integer(unsigned({port})))",
    };

    static string ToPort(string inner, VType t) => t.Kind switch
    {
        VKind.Bool => $"'1' when {inner} else '0'",
        VKind.Unsigned or VKind.Signed => $"std_logic_vector({inner})",
        _ => $"std_logic_vector(to_unsigned({t.EnumName}'pos({inner}), {t.Width}))",
    };
}
