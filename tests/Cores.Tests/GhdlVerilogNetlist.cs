using System.Text.RegularExpressions;

namespace Cores.Tests;

/// <summary>
/// Just enough of the Verilog that <c>ghdl --synth --out=verilog</c> writes to check what synthesis
/// kept: one module per entity with its ports, continuous assignments, instances with named port
/// connections, and clocked <c>always</c> blocks. <see cref="IsConstant"/> follows a module's output
/// back through assignments and instances to tell whether synthesis reduced it to a constant.
/// </summary>
public sealed partial class GhdlVerilogNetlist
{
    public sealed record PortDecl(string Name, bool IsOutput, int Width);
    public sealed record Instance(string Module, string Name, IReadOnlyDictionary<string, string> Connections);

    public sealed class Module(string name)
    {
        public string Name { get; } = name;
        public List<PortDecl> Ports { get; } = [];
        public Dictionary<string, List<string>> Assigns { get; } = [];   // net -> right-hand sides
        public List<Instance> Instances { get; } = [];
        public HashSet<string> ClockedNets { get; } = [];                // nets written in always @(posedge ...)
        public int ClockedBlocks { get; set; }
    }

    public IReadOnlyDictionary<string, Module> Modules => modules;
    readonly Dictionary<string, Module> modules = [];

    public GhdlVerilogNetlist(string verilog)
    {
        Module? current = null;
        bool inPorts = false;
        Instance? instance = null;
        foreach (var raw in verilog.Split('\n'))
        {
            var line = CommentPattern().Replace(raw, "").TrimEnd();
            if (line.Length == 0) continue;
            if (ModulePattern().Match(line) is { Success: true } m)
            {
                current = new Module(m.Groups[1].Value);
                modules[current.Name] = current;
                inPorts = true;
                continue;
            }
            if (current is null) continue;
            if (inPorts)
            {
                if (PortPattern().Match(line) is { Success: true } p)
                    current.Ports.Add(new PortDecl(p.Groups[4].Value, p.Groups[1].Value == "output",
                        p.Groups[2].Success ? int.Parse(p.Groups[2].Value) - int.Parse(p.Groups[3].Value) + 1 : 1));
                if (line.EndsWith(");", StringComparison.Ordinal)) inPorts = false;
                continue;
            }
            if (line == "endmodule") { current = null; continue; }
            if (instance is not null)
            {
                if (ConnectionPattern().Match(line) is { Success: true } c)
                    ((Dictionary<string, string>)instance.Connections)[c.Groups[1].Value] = c.Groups[2].Value;
                if (line.EndsWith(");", StringComparison.Ordinal)) { current.Instances.Add(instance); instance = null; }
                continue;
            }
            if (AssignPattern().Match(line) is { Success: true } a)
            {
                var net = a.Groups[1].Value;
                if (!current.Assigns.TryGetValue(net, out var list)) current.Assigns[net] = list = [];
                list.Add(a.Groups[2].Value);
                continue;
            }
            if (line.Contains("always @(posedge", StringComparison.Ordinal)) current.ClockedBlocks++;
            // GHDL writes non-blocking assignments only inside clocked always blocks (combinational
            // logic is all continuous assignments), so a net written with <= is a register or memory.
            if (NonBlockingPattern().Match(line) is { Success: true } nb) { current.ClockedNets.Add(nb.Groups[1].Value); continue; }
            if (InstancePattern().Match(line) is { Success: true } i && i.Groups[1].Value is not ("reg" or "wire" or "always" or "initial"))
                instance = new Instance(i.Groups[1].Value, i.Groups[2].Value, new Dictionary<string, string>());
        }
    }

    /// <summary>
    /// True when output <paramref name="port"/> of <paramref name="module"/> is driven by constants only:
    /// every assignment that reaches it has nothing but literals on its right-hand side, through any
    /// number of nets and instances. A port fed by a register, an input or anything not recognised
    /// counts as not constant.
    /// </summary>
    public bool IsConstant(string module, string port) => NetIsConstant(modules[module], port, []);

    bool NetIsConstant(Module module, string net, HashSet<(string, string)> visiting)
    {
        if (!visiting.Add((module.Name, net))) return false; // a loop: not provably constant
        try
        {
            if (module.ClockedNets.Contains(net)) return false;
            if (module.Ports.Any(p => p.Name == net && !p.IsOutput)) return false;
            bool driven = false;
            if (module.Assigns.TryGetValue(net, out var rhss))
            {
                driven = true;
                foreach (var rhs in rhss)
                    foreach (var name in Identifiers(rhs))
                        if (!NetIsConstant(module, name, visiting)) return false;
            }
            foreach (var inst in module.Instances)
                foreach (var (childPort, actual) in inst.Connections)
                    if (actual == net && modules.TryGetValue(inst.Module, out var child) && child.Ports.Any(p => p.Name == childPort && p.IsOutput))
                    {
                        driven = true;
                        if (!NetIsConstant(child, childPort, visiting)) return false;
                    }
            return driven;
        }
        finally { visiting.Remove((module.Name, net)); }
    }

    static IEnumerable<string> Identifiers(string expression) =>
        IdentifierPattern().Matches(LiteralPattern().Replace(expression, " ")).Select(m => m.Value);

    [GeneratedRegex(@"/\*.*?\*/|//.*$")] private static partial Regex CommentPattern();
    [GeneratedRegex(@"^module\s+(\S+)")] private static partial Regex ModulePattern();
    [GeneratedRegex(@"^\s*\(?\s*(input|output|inout)\s+(?:\[(\d+):(\d+)\]\s*)?(\S+?)[,)]")] private static partial Regex PortPattern();
    [GeneratedRegex(@"^\s*assign\s+([A-Za-z_\\][^\s\[=]*)(?:\s*\[[^\]]*\])?\s*=\s*(.*);")] private static partial Regex AssignPattern();
    [GeneratedRegex(@"^\s*(?:always @\([^)]*\)\s*)?(?:if \(.*\)\s*)?([A-Za-z_\\][^\s\[<]*)(?:\s*\[[^\]]*\])?\s*<=")] private static partial Regex NonBlockingPattern();
    [GeneratedRegex(@"^\s*\.([A-Za-z_][\w$]*)\((.*?)\)[,)]?;?$")] private static partial Regex ConnectionPattern();
    [GeneratedRegex(@"^\s{2}([A-Za-z_][\w$]*)\s+([A-Za-z_][\w$]*)\s*\($")] private static partial Regex InstancePattern();
    [GeneratedRegex(@"\d*'[sS]?[bBhHdDoO][0-9a-fA-FxXzZ_]+")] private static partial Regex LiteralPattern();
    [GeneratedRegex(@"\\\S+|[A-Za-z_][\w$]*")] private static partial Regex IdentifierPattern();
}
