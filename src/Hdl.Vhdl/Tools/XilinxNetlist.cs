using System.Text.Json;

namespace Hdl.Vhdl.Tools;

/// <summary>
/// Resources of a design mapped to 7-series cells. LUTs are logic LUTs (LUT1..LUT6); LUTs used as
/// memory (<see cref="LutRam"/>, in LUTs: a RAM32M or RAM128X1D is four, a RAM64X1D or RAM128X1S two)
/// and as shift registers (SRL16E, SRLC32E) and the inverters that yosys 0.23 puts in front of
/// active-low resets (Vivado absorbs them into the flip-flop) are counted apart. BRAM is in RAMB36
/// equivalents (a RAMB18 is half of one).
/// </summary>
public sealed record XilinxResources(int Lut, int LutRam, int Srl, int Ff, int Carry4, int MuxF7, int MuxF8,
    double Bram36, int Dsp, int Inv, IReadOnlyDictionary<string, int> CellTypes);

/// <summary>
/// The longest combinational paths between registers (flip-flops, block RAMs, DSPs, shift registers
/// and the design's ports). A LUT RAM is on a path from its address to its read data; its write data
/// and write enable end a path, as a flip-flop's input does (they are taken at the clock edge).
/// </summary>
/// <param name="LutLevels">The most LUTs on any one path: the usual "logic levels" figure.</param>
/// <param name="CellLevels">The most cells (LUT, MUXF7/F8, CARRY4, LUT-RAM read) on any one path,
/// inverters left out: what yosys's <c>ltp -noff</c> counts after the flip-flops are deleted.</param>
/// <param name="WeightedDepth">The largest sum of <see cref="PathWeights"/> along a path, in LUT
/// levels: the input of the f_max estimate.</param>
/// <param name="CriticalPath">The cells of the path with <see cref="WeightedDepth"/>, by type.</param>
/// <param name="LoopCells">Cells on combinational loops (left out of the depth; 0 for a sound design).</param>
/// <param name="PathFrom">Where that path starts: the net name of a register output or input port
/// (yosys's flattened name: the instance path, then GHDL's signal name), or null when unknown.</param>
/// <param name="PathTo">Where it ends: the register it feeds (named by its output net) or the output port.</param>
/// <param name="DeepestByInstance">The largest weighted depth of the paths that end in each top-level
/// instance's registers (the instance name of the register's output net, e.g. <c>u_round1</c>; paths
/// into output ports under <c>(outputs)</c>): where else the critical depth is reached, since
/// <see cref="PathTo"/> names only one of the deepest paths. Null when the netlist has no net names.</param>
public sealed record LogicDepth(int LutLevels, int CellLevels, double WeightedDepth,
    IReadOnlyDictionary<string, int> CriticalPath, int LoopCells, string? PathFrom = null, string? PathTo = null,
    IReadOnlyDictionary<string, double>? DeepestByInstance = null);

/// <summary>
/// How much one cell adds to a path, in units of one LUT level (a LUT with its typical routing). The
/// dedicated muxes and the carry chain sit next to the LUTs in a slice and need no general routing, so
/// they count for less. These ratios are an assumption of the estimate model (docs/estimates.md); the
/// model's two constants are fitted on top of them.
/// </summary>
public sealed record PathWeights(double Lut = 1.0, double MuxF7 = 0.35, double MuxF8 = 0.35, double Carry4 = 0.25, double LutRam = 1.5)
{
    public static PathWeights Default { get; } = new();
}

/// <summary>Reads the JSON netlist yosys writes after synth_xilinx: resources and logic depth.</summary>
public static class XilinxNetlist
{
    enum Kind { Lut, MuxF7, MuxF8, Carry4, LutRam, Inv, Sequential, Clock, Other }

    static Kind KindOf(string type) => type switch
    {
        "LUT1" or "LUT2" or "LUT3" or "LUT4" or "LUT5" or "LUT6" => Kind.Lut,
        "MUXF7" => Kind.MuxF7,
        "MUXF8" => Kind.MuxF8,
        "CARRY4" => Kind.Carry4,
        "INV" => Kind.Inv,
        "BUFG" or "BUFGCTRL" or "BUFH" => Kind.Clock,
        _ when type.StartsWith("FD", StringComparison.Ordinal) => Kind.Sequential,
        _ when type.StartsWith("SRL", StringComparison.Ordinal) => Kind.Sequential,
        _ when type.StartsWith("RAMB", StringComparison.Ordinal) => Kind.Sequential,
        _ when type.StartsWith("DSP48", StringComparison.Ordinal) => Kind.Sequential,
        _ when type.StartsWith("RAM", StringComparison.Ordinal) => Kind.LutRam, // RAM32M, RAM64X1D, RAM128X1D, ...
        _ => Kind.Other,
    };

    /// <summary>
    /// A cell's inputs, outputs and, for a LUT RAM, the inputs it takes at the clock edge (write data,
    /// write enable, clock), which lead to no output in the same cycle.
    /// </summary>
    sealed record Cell(string Type, Kind Kind, int[] Inputs, int[] Outputs, int[] ClockedInputs);

    /// <summary>
    /// A LUT RAM's inputs that are written at the clock edge: D (RAM32X1S .. RAM256X1S, RAM32X1D ..
    /// RAM128X1D), DIA..DID (RAM32M, RAM64M), WE and WCLK. The addresses (A, A0.., ADDRA..ADDRD, DPRA)
    /// select the read data combinationally.
    /// </summary>
    static bool IsLutRamWritePort(string port) =>
        port is "D" or "WE" or "WCLK" || port.StartsWith("DI", StringComparison.Ordinal);

    /// <summary>LUTs of a 7-series LUT RAM primitive (a 64-deep bit per LUT6; a 32-deep pair per LUT as in RAM32M).</summary>
    static int LutsOfLutRam(string type) => type switch
    {
        "RAM32X1S" or "RAM64X1S" => 1,
        "RAM32X1D" or "RAM64X1D" or "RAM128X1S" => 2,
        "RAM32M" or "RAM64M" or "RAM128X1D" or "RAM256X1S" => 4,
        _ => throw new FormatException($"unknown LUT RAM cell type {type}"),
    };

    /// <summary>Analyses the module <paramref name="top"/> of a yosys JSON netlist file.</summary>
    public static (XilinxResources Resources, LogicDepth Depth) AnalyseFile(string path, string top, PathWeights? weights = null)
    {
        using var stream = File.OpenRead(path);
        using var doc = JsonDocument.Parse(stream, new JsonDocumentOptions { MaxDepth = 256 });
        return Analyse(doc, top, weights);
    }

    public static (XilinxResources Resources, LogicDepth Depth) Analyse(string json, string top, PathWeights? weights = null)
    {
        using var doc = JsonDocument.Parse(json);
        return Analyse(doc, top, weights);
    }

    static (XilinxResources, LogicDepth) Analyse(JsonDocument doc, string top, PathWeights? weights)
    {
        if (!doc.RootElement.TryGetProperty("modules", out var modules))
            throw new FormatException("not a yosys JSON netlist: no \"modules\"");
        if (!modules.TryGetProperty(top, out var module))
            throw new FormatException($"the yosys netlist has no module '{top}'");
        var cells = ReadCells(module);
        return (Count(cells), Depth(cells, weights ?? PathWeights.Default, ReadNetNames(module)));
    }

    static List<Cell> ReadCells(JsonElement module)
    {
        var cells = new List<Cell>();
        if (!module.TryGetProperty("cells", out var all)) return cells;
        foreach (var c in all.EnumerateObject())
        {
            string type = c.Value.GetProperty("type").GetString() ?? "";
            var kind = KindOf(type);
            var inputs = new List<int>();
            var outputs = new List<int>();
            var clocked = new List<int>();
            c.Value.TryGetProperty("port_directions", out var directions);
            if (c.Value.TryGetProperty("connections", out var connections))
                foreach (var port in connections.EnumerateObject())
                {
                    string direction = directions.ValueKind == JsonValueKind.Object && directions.TryGetProperty(port.Name, out var d)
                        ? d.GetString() ?? "" : "";
                    if (direction == "")
                        throw new FormatException($"cell {c.Name} ({type}): no direction for port {port.Name}");
                    var to = direction != "input" ? outputs : kind == Kind.LutRam && IsLutRamWritePort(port.Name) ? clocked : inputs;
                    foreach (var bit in port.Value.EnumerateArray())
                    {
                        if (bit.ValueKind != JsonValueKind.Number) continue; // constants "0", "1", "x", "z"
                        to.Add(bit.GetInt32());
                    }
                }
            cells.Add(new Cell(type, kind, [.. inputs], [.. outputs], [.. clocked]));
        }
        return cells;
    }

    /// <summary>A name for each net bit: a name yosys keeps visible when there is one, else the shortest; "name[i]" for a bit of a bus.</summary>
    static Dictionary<int, string> ReadNetNames(JsonElement module)
    {
        var names = new Dictionary<int, (string Name, bool Hidden)>();
        if (!module.TryGetProperty("netnames", out var all)) return [];
        foreach (var net in all.EnumerateObject())
        {
            bool hidden = net.Value.TryGetProperty("hide_name", out var h) && h.ValueKind == JsonValueKind.Number && h.GetInt32() != 0;
            if (!net.Value.TryGetProperty("bits", out var bits)) continue;
            int width = bits.GetArrayLength(), index = 0;
            foreach (var bit in bits.EnumerateArray())
            {
                if (bit.ValueKind == JsonValueKind.Number)
                {
                    string name = width == 1 ? net.Name : $"{net.Name}[{index}]";
                    int b = bit.GetInt32();
                    if (!names.TryGetValue(b, out var old) || (old.Hidden && !hidden) || (old.Hidden == hidden && name.Length < old.Name.Length))
                        names[b] = (name, hidden);
                }
                index++;
            }
        }
        return names.ToDictionary(n => n.Key, n => n.Value.Name);
    }

    static XilinxResources Count(List<Cell> cells)
    {
        var types = cells.GroupBy(c => c.Type).OrderBy(g => g.Key, StringComparer.Ordinal)
            .ToDictionary(g => g.Key, g => g.Count());
        int Sum(Func<string, bool> match) => types.Where(t => match(t.Key)).Sum(t => t.Value);
        return new XilinxResources(
            Lut: cells.Count(c => c.Kind == Kind.Lut),
            LutRam: cells.Where(c => c.Kind == Kind.LutRam).Sum(c => LutsOfLutRam(c.Type)),
            Srl: Sum(t => t.StartsWith("SRL", StringComparison.Ordinal)),
            Ff: Sum(t => t.StartsWith("FD", StringComparison.Ordinal)),
            Carry4: Sum(t => t == "CARRY4"),
            MuxF7: Sum(t => t == "MUXF7"),
            MuxF8: Sum(t => t == "MUXF8"),
            Bram36: Sum(t => t.StartsWith("RAMB36", StringComparison.Ordinal)) + 0.5 * Sum(t => t.StartsWith("RAMB18", StringComparison.Ordinal)),
            Dsp: Sum(t => t.StartsWith("DSP48", StringComparison.Ordinal)),
            Inv: Sum(t => t == "INV"),
            CellTypes: types);
    }

    /// <summary>
    /// Longest paths through the combinational cells, in topological order (Kahn), so arbitrarily long
    /// chains need no recursion. A path starts at a register output or a port and ends at a register
    /// input or a port.
    /// </summary>
    static LogicDepth Depth(List<Cell> all, PathWeights w, IReadOnlyDictionary<int, string>? netNames = null)
    {
        var comb = all.Where(c => c.Kind is not (Kind.Sequential or Kind.Clock)).ToList();
        var driver = new Dictionary<int, int>();
        for (int i = 0; i < comb.Count; i++)
            foreach (var bit in comb[i].Outputs) driver[bit] = i;

        // Fan-in edges between combinational cells (distinct drivers per cell).
        var fanIn = new int[comb.Count][];
        var fanOut = new List<int>[comb.Count];
        for (int i = 0; i < comb.Count; i++) fanOut[i] = [];
        var indegree = new int[comb.Count];
        for (int i = 0; i < comb.Count; i++)
        {
            var drivers = comb[i].Inputs.Where(driver.ContainsKey).Select(b => driver[b]).Distinct().ToArray();
            fanIn[i] = drivers;
            indegree[i] = drivers.Length;
            foreach (var d in drivers) fanOut[d].Add(i);
        }

        double Weight(Cell c) => c.Kind switch
        {
            Kind.Lut => w.Lut,
            Kind.MuxF7 => w.MuxF7,
            Kind.MuxF8 => w.MuxF8,
            Kind.Carry4 => w.Carry4,
            Kind.LutRam => w.LutRam,
            Kind.Inv => 0,
            _ => w.Lut,
        };

        var arrival = new double[comb.Count];
        var best = new int[comb.Count];
        var luts = new int[comb.Count];
        var levels = new int[comb.Count];
        var queue = new Queue<int>();
        for (int i = 0; i < comb.Count; i++) if (indegree[i] == 0) queue.Enqueue(i);
        int done = 0;
        while (queue.Count > 0)
        {
            int i = queue.Dequeue();
            done++;
            double a = 0; int from = -1, l = 0, n = 0;
            foreach (var d in fanIn[i])
            {
                if (from < 0 || arrival[d] > a) { a = arrival[d]; from = d; }
                l = Math.Max(l, luts[d]);
                n = Math.Max(n, levels[d]);
            }
            var cell = comb[i];
            arrival[i] = a + Weight(cell);
            best[i] = from;
            luts[i] = l + (cell.Kind == Kind.Lut ? 1 : 0);
            levels[i] = n + (cell.Kind == Kind.Inv ? 0 : 1);
            foreach (var o in fanOut[i])
                if (--indegree[o] == 0) queue.Enqueue(o);
        }

        int end = -1;
        for (int i = 0; i < comb.Count; i++)
            if (indegree[i] == 0 && (end < 0 || arrival[i] > arrival[end])) end = i;
        var path = new Dictionary<string, int>();
        int first = end;
        for (int i = end; i >= 0; i = best[i])
        {
            path[comb[i].Type] = path.GetValueOrDefault(comb[i].Type) + 1;
            first = i;
        }
        string? Name(int bit) => netNames is not null && netNames.TryGetValue(bit, out var n) ? n : null;
        // The start: an input of the path's first cell that no combinational cell drives (a register
        // output or a port), by a visible name when it has one.
        string? pathFrom = first < 0 ? null : comb[first].Inputs.Where(b => !driver.ContainsKey(b)).Select(Name)
            .OrderBy(n => n is null || n.StartsWith('$') ? 1 : 0).FirstOrDefault();
        // The end: the register (or LUT RAM write port) the last cell feeds, named by that register's
        // output, else the cell's output net.
        string? pathTo = null;
        if (end >= 0)
        {
            var endBits = comb[end].Outputs.ToHashSet();
            var register = all.FirstOrDefault(c => (c.Kind == Kind.Sequential && c.Inputs.Any(endBits.Contains)) || c.ClockedInputs.Any(endBits.Contains));
            pathTo = register is { Outputs.Length: > 0 } ? Name(register.Outputs[0]) : comb[end].Outputs.Select(Name).FirstOrDefault(n => n is not null);
        }
        // The deepest path into the registers of each instance, and into the output ports.
        Dictionary<string, double>? byInstance = null;
        if (netNames is not null)
        {
            byInstance = [];
            void Note(string instance, double depth) =>
                byInstance[instance] = Math.Max(byInstance.GetValueOrDefault(instance), Math.Round(depth, 3));
            foreach (var register in all.Where(c => c.Kind == Kind.Sequential || c.ClockedInputs.Length > 0))
            {
                var drivers = register.Inputs.Concat(register.ClockedInputs).Where(driver.ContainsKey).Select(b => driver[b]).ToList();
                if (drivers.Count == 0 || register.Outputs.Length == 0) continue;
                var name = Name(register.Outputs[0]);
                if (name is null) continue;
                int dot = name.IndexOf('.');
                Note(dot > 0 ? name[..dot] : name.Split('[')[0], drivers.Max(d => arrival[d]));
            }
            var ports = netNames.Where(n => !n.Value.Contains('.') && n.Value.StartsWith("out_", StringComparison.Ordinal)).Select(n => n.Key);
            foreach (var bit in ports)
                if (driver.TryGetValue(bit, out var d)) Note("(outputs)", arrival[d]);
        }
        return new LogicDepth(
            LutLevels: comb.Count == 0 ? 0 : Enumerable.Range(0, comb.Count).Where(i => indegree[i] == 0).Select(i => luts[i]).DefaultIfEmpty().Max(),
            CellLevels: comb.Count == 0 ? 0 : Enumerable.Range(0, comb.Count).Where(i => indegree[i] == 0).Select(i => levels[i]).DefaultIfEmpty().Max(),
            WeightedDepth: end < 0 ? 0 : Math.Round(arrival[end], 3),
            CriticalPath: path.OrderBy(p => p.Key, StringComparer.Ordinal).ToDictionary(),
            LoopCells: comb.Count - done,
            PathFrom: pathFrom,
            PathTo: pathTo,
            DeepestByInstance: byInstance?.OrderByDescending(p => p.Value).ThenBy(p => p.Key, StringComparer.Ordinal).ToDictionary());
    }
}
