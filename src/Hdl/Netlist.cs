using System.Reflection;

namespace Hdl;

/// <summary>A bus field of a process.</summary>
public sealed record Port(Process Process, FieldInfo Field, BusBase Bus, bool IsOutput);

/// <summary>
/// The checked graph of a design: process names, bus names, who writes and reads each bus, and the
/// order of combinational processes. Design errors are reported here, before the first cycle.
/// </summary>
public sealed class Netlist
{
    public Design Design { get; }
    public IReadOnlyList<Process> Processes { get; }
    public IReadOnlyList<BusBase> Buses { get; }
    public IReadOnlyDictionary<Process, IReadOnlyList<Port>> Ports { get; }
    public IReadOnlyList<Process> Clocked { get; }
    /// <summary>Combinational processes, each after every combinational process it reads from.</summary>
    public IReadOnlyList<Process> CombinationalOrder { get; }
    public IReadOnlyList<BusBase> Inputs => Design.Inputs;
    public IReadOnlyList<BusBase> Outputs => Design.Outputs;
    public IReadOnlyDictionary<BusBase, IReadOnlyList<Process>> Writers { get; }
    public IReadOnlyDictionary<BusBase, IReadOnlyList<Process>> Readers { get; }
    readonly Dictionary<(Process, FieldInfo), object?> initialValues = [];

    /// <summary>
    /// The value a non-bus field of <paramref name="p"/> had when the design was elaborated (its reset
    /// value), whatever the simulation has done to the field since. Arrays are copies.
    /// </summary>
    public object? InitialValue(Process p, FieldInfo field) =>
        initialValues.TryGetValue((p, field), out var v) ? v
            : throw new HardwareException($"{p}.{field.Name} is not a state or constant field of the process");

    const BindingFlags AllInstance = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly;

    internal Netlist(Design design)
    {
        Design = design;
        if (design.Processes.Count == 0) throw new HardwareException($"design {design.Name} has no processes");
        if (design.Processes.Distinct().Count() != design.Processes.Count)
            throw new HardwareException($"design {design.Name} adds a process instance twice");
        Processes = design.Processes;
        NameProcesses();

        var arrayHolders = new Dictionary<object, (Process Process, FieldInfo Field)>(ReferenceEqualityComparer.Instance);
        var ports = new Dictionary<Process, IReadOnlyList<Port>>();
        var writers = new Dictionary<BusBase, List<Process>>();
        var readers = new Dictionary<BusBase, List<Process>>();
        var buses = new List<BusBase>();
        void Note(BusBase b) { if (!writers.ContainsKey(b)) { writers[b] = []; readers[b] = []; buses.Add(b); } }
        foreach (var b in design.Inputs.Concat(design.Outputs)) Note(b);

        foreach (var p in Processes)
        {
            var list = new List<Port>();
            foreach (var f in InstanceFields(p.GetType()))
            {
                bool isBus = typeof(IBus).IsAssignableFrom(f.FieldType);
                bool input = f.IsDefined(typeof(InputBusAttribute)), output = f.IsDefined(typeof(OutputBusAttribute));
                if (!isBus)
                {
                    if (input || output) throw new HardwareException($"process {p}: field {f.Name} is marked as a bus but its type {f.FieldType.Name} is not a bus interface");
                    if (f.IsDefined(typeof(WidthAttribute)))
                        throw new HardwareException($"process {p}: [Width] on field {f.Name} is not supported (the C# simulation could not keep the field to that width); use a narrower C# type, or mask the value, and narrow bus signals instead");
                    if (!p.IsClocked && !f.IsInitOnly)
                        throw new HardwareException($"combinational process {p}: field {f.Name} is not readonly; combinational logic holds no state (make it readonly, or use a ClockedProcess)");
                    var v = f.GetValue(p);
                    if (v is Array shared)
                    {
                        // In C# one array object is one memory; in hardware every array field of a
                        // clocked process is a register file of its own, so two fields holding one array
                        // would part ways. Combinational processes only read theirs (constants): they may share.
                        if (arrayHolders.TryGetValue(shared, out var other) && (p.IsClocked || other.Process.IsClocked))
                            throw new HardwareException($"process {p}: array field {f.DeclaringType?.Name}.{f.Name} holds the same array object as {other.Field.DeclaringType?.Name}.{other.Field.Name} of process {other.Process}; in hardware each array field is a memory of its own, so give each field its own array (e.g. (uint[])array.Clone())");
                        arrayHolders.TryAdd(shared, (p, f));
                    }
                    initialValues[(p, f)] = v is Array a ? a.Clone() : v;
                    continue;
                }
                if (input == output)
                    throw new HardwareException($"process {p}: bus field {f.Name} must be marked either [InputBus] or [OutputBus]");
                var value = f.GetValue(p) ?? throw new HardwareException(
                    $"process {p}: bus field {f.Name} is null; assign a bus (Bus.Create or another process's bus) before building the design");
                var bus = Bus.Of((IBus)value);
                Note(bus);
                if (output) writers[bus].Add(p); else readers[bus].Add(p);
                list.Add(new Port(p, f, bus, output));
            }
            foreach (var f in p.GetType().GetFields(BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.FlattenHierarchy))
                if (!f.IsInitOnly && !f.IsLiteral)
                    throw new HardwareException($"process {p}: static field {f.Name} is mutable; hardware state lives in instance fields (static readonly tables are fine)");
            ports[p] = list;
        }
        Ports = ports;

        var top = design.Inputs.Concat(design.Outputs).ToList();
        if (design.Inputs.FirstOrDefault(design.Outputs.Contains) is { } both)
            throw new HardwareException($"bus {both} is both a top-level input and a top-level output");
        if (top.Distinct().Count() != top.Count)
            throw new HardwareException($"bus {top.GroupBy(b => b).First(g => g.Count() > 1).Key} is declared as a top-level port twice");
        var clash = top.GroupBy(b => b.Name, StringComparer.OrdinalIgnoreCase).FirstOrDefault(g => g.Count() > 1);
        if (clash is not null)
            throw new HardwareException($"two top-level buses are named {clash.Key} (port names are case-insensitive in VHDL)");
        foreach (var b in buses)
        {
            bool topIn = design.Inputs.Contains(b), topOut = design.Outputs.Contains(b);
            if (topIn && topOut) throw new HardwareException($"bus {b} is both a top-level input and a top-level output");
            if (topIn && writers[b].Count > 0)
                throw new HardwareException($"bus {b} is a top-level input but process {writers[b][0]} writes it");
            if (!topIn && writers[b].Count == 0)
            {
                var reader = readers[b].FirstOrDefault();
                throw new HardwareException(reader is null
                    ? $"top-level output bus {b} is written by no process"
                    : $"process {reader} reads bus {NameOf(b, readers[b], reader)} (field {ports[reader].First(x => x.Bus == b).Field.Name}), but no process writes it and it is not a top-level input");
            }
        }
        NameBuses(buses, writers, readers, ports);
        Buses = buses;
        Writers = writers.ToDictionary(kv => kv.Key, kv => (IReadOnlyList<Process>)kv.Value);
        Readers = readers.ToDictionary(kv => kv.Key, kv => (IReadOnlyList<Process>)kv.Value);
        Clocked = Processes.Where(p => p.IsClocked).ToList();
        CombinationalOrder = SortCombinational();
    }

    static string NameOf(BusBase b, List<Process> readers, Process reader) => b.Name ?? b.InterfaceType.Name;

    /// <summary>Instance fields of a process class and its bases, base first.</summary>
    public static IEnumerable<FieldInfo> InstanceFields(Type t)
    {
        var chain = new Stack<Type>();
        for (var x = t; x is not null && x != typeof(ClockedProcess) && x != typeof(CombinationalProcess) && x != typeof(Process); x = x.BaseType)
            chain.Push(x);
        foreach (var x in chain)
            foreach (var f in x.GetFields(AllInstance).OrderBy(f => f.MetadataToken))
                if (!f.Name.Contains('<')) yield return f;
                else if (f.Name.EndsWith(">k__BackingField"))
                    throw new HardwareException($"process {t.Name}: auto-property {f.Name[1..f.Name.IndexOf('>')]} is not allowed in a process; use a field");
                else
                    throw new HardwareException($"process {t.Name}: compiler-generated field {f.Name} (a captured primary-constructor parameter?) is not allowed; declare a field and assign it in the constructor");
    }

    void NameProcesses()
    {
        foreach (var group in Processes.Where(p => p.Name is null).GroupBy(p => TypeName(p.GetType())))
        {
            var list = group.ToList();
            for (int i = 0; i < list.Count; i++)
                list[i].Name = list.Count == 1 ? group.Key : $"{group.Key}_{i}";
        }
        var dup = Processes.GroupBy(p => p.Name!, StringComparer.OrdinalIgnoreCase).FirstOrDefault(g => g.Count() > 1);
        if (dup is not null) throw new HardwareException($"two processes are named {dup.Key} (names are case-insensitive in VHDL)");
    }

    /// <summary>A type's name as an identifier: Ram`1 of uint is Ram_UInt32.</summary>
    public static string TypeName(Type t) => !t.IsGenericType ? t.Name
        : $"{t.Name[..t.Name.IndexOf('`')]}_{string.Join("_", t.GetGenericArguments().Select(TypeName))}";

    static void NameBuses(List<BusBase> buses, Dictionary<BusBase, List<Process>> writers,
        Dictionary<BusBase, List<Process>> readers, Dictionary<Process, IReadOnlyList<Port>> ports)
    {
        foreach (var b in buses)
        {
            if (b.NameFixed) continue;
            var w = writers[b].FirstOrDefault();
            var owner = w ?? readers[b].First();
            var field = ports[owner].First(x => x.Bus == b).Field.Name;
            b.Name = $"{owner.Name}_{field}";
        }
        var used = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        foreach (var b in buses)
        {
            var name = b.Name!;
            for (int i = 2; !used.Add(name); i++) name = $"{b.Name}_{i}";
            b.Name = name;
        }
    }

    List<Process> SortCombinational()
    {
        var comb = Processes.Where(p => !p.IsClocked).ToList();
        var deps = comb.ToDictionary(p => p, p => Ports[p].Where(x => !x.IsOutput)
            .SelectMany(x => Writers[x.Bus]).Where(w => !w.IsClocked).Distinct().ToList());
        var order = new List<Process>();
        var state = comb.ToDictionary(p => p, _ => 0); // 0 new, 1 on stack, 2 done
        var stack = new List<Process>();
        void Visit(Process p)
        {
            if (state[p] == 2) return;
            if (state[p] == 1)
            {
                // The stack runs from reader to writer; print it the way the data flows.
                var loop = stack.Skip(stack.IndexOf(p)).Append(p).Reverse().Select(x => x.Name);
                throw new HardwareException($"combinational loop: {string.Join(" -> ", loop)}; put a clocked process (a register) in the loop");
            }
            state[p] = 1; stack.Add(p);
            foreach (var d in deps[p]) Visit(d);
            stack.RemoveAt(stack.Count - 1); state[p] = 2;
            order.Add(p);
        }
        foreach (var p in comb) Visit(p);
        return order;
    }
}
