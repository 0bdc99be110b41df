namespace Hdl.Vhdl.Tools;

/// <summary>
/// yosys's <c>synth_xilinx</c> for the 7-series (the Zynq-7020 of the Zedboard) on the Verilog netlist
/// that <c>ghdl --synth --out=verilog</c> writes (Debian's yosys has no GHDL plugin). The design is
/// flattened (so paths through several processes are seen whole) and gets no I/O buffers (an
/// out-of-context core); the mapped netlist is written as JSON for <see cref="XilinxNetlist"/>.
/// synth_xilinx's LUT mapping step (<c>map_luts</c>) is run as its own commands, the same ones but
/// for the 7- and 8-input LUTs, which <c>wide_lut_map.v</c> maps in one step to the same cells
/// (docs/estimates.md, "Where yosys spends the time").
/// </summary>
public static class Yosys
{
    public static bool IsAvailable => ToolRunner.OnPath("yosys");

    /// <summary>The options given to synth_xilinx (part of the synthesis cache key).</summary>
    public const string SynthOptions = "-flatten -noiopad -family xc7";

    /// <summary>How the LUT mapping differs from synth_xilinx's own (part of the synthesis cache key).</summary>
    public const string LutMapping = "map_luts with wide_lut_map.v";

    const string WideLutMapFile = "wide_lut_map.v";

    /// <summary>
    /// synth_xilinx's <c>map_luts</c> step for the 7-series as yosys 0.23 runs it (6-input LUTs, the
    /// MUXF7/MUXF8 wide functions), with one techmap before lut_map.v for the $lut cells of 7 and 8 inputs.
    /// </summary>
    static readonly string MapLuts = string.Join("; ",
        "opt_expr -mux_undef -noclkinv",
        "abc -luts 2:2,3,6:5,10,20",
        "clean",
        "techmap -map +/xilinx/ff_map.v",
        "xilinx_srl -fixed -minlen 3",
        $"techmap -map {WideLutMapFile} t:$lut",
        "techmap -map +/xilinx/lut_map.v -map +/xilinx/cells_map.v -D LUT_WIDTH=6",
        "xilinx_dffopt",
        "opt_lut_ins -tech xilinx");

    /// <summary>The first line of <c>yosys -V</c>, e.g. "Yosys 0.23 (git sha1 7ce5011c24b)".</summary>
    public static string Version()
    {
        var r = ToolRunner.Run("yosys", ["-V"], Directory.GetCurrentDirectory(), TimeSpan.FromMinutes(1));
        return r.Stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).FirstOrDefault() ?? "yosys (unknown version)";
    }

    /// <summary>
    /// Maps <paramref name="verilogFile"/> (in <paramref name="dir"/>) with synth_xilinx; writes
    /// <c>yosys-stat.txt</c> (yosys's own cell counts, for people) and <c>netlist.json</c> into
    /// <paramref name="dir"/> and returns the path of the JSON netlist.
    /// </summary>
    /// <summary>
    /// How long one synth_xilinx run may take before it counts as hung: the largest AES designs take
    /// 30-60 minutes of one core, and more when other work shares the machine.
    /// </summary>
    public static readonly TimeSpan DefaultTimeout = TimeSpan.FromHours(4);

    public static (string NetlistJson, ToolRun Run) SynthXilinx(string dir, string verilogFile, string top,
        IReadOnlyList<MemoryStyleAttribute>? memoryStyles = null, TimeSpan? timeout = null)
    {
        if (!IsAvailable) throw new ToolException("yosys is not installed: run ./scripts/setup (or apt-get install yosys)");
        const string json = "netlist.json";
        WriteWideLutMap(dir);
        var synth = $"synth_xilinx {SynthOptions} -top {top}";
        var script = $"read_verilog {verilogFile}; {SetMemoryStyles(memoryStyles ?? [])}{synth} -run :map_luts; {MapLuts}; " +
            $"{synth} -run finalize:; tee -q -o yosys-stat.txt stat; write_json {json}";
        var r = ToolRunner.Run("yosys", ["-q", "-l", "yosys.log", "-p", script], dir, timeout ?? DefaultTimeout);
        if (r.ExitCode != 0)
            throw new ToolException($"yosys synth_xilinx failed (exit {r.ExitCode}):\n{Ghdl.Tail(r.Output, 40)}");
        return (Path.Combine(dir, json), r);
    }

    /// <summary>
    /// The latches yosys infers when it reads <paramref name="verilogFile"/> (in <paramref name="dir"/>):
    /// its processes turned into cells (<c>proc</c>), the $dlatch cells and their kin, by name. A
    /// design of the hardware subset has none (a clocked process makes flip-flops, a combinational one
    /// writes every output), so any is a fault of the netlist: GHDL 2.0 wrote a VHDL case without its
    /// others branch (docs/hardware-csharp.md).
    /// </summary>
    public static IReadOnlyList<string> Latches(string dir, string verilogFile, string top)
    {
        if (!IsAvailable) throw new ToolException("yosys is not installed: run ./scripts/setup (or apt-get install yosys)");
        const string list = "latches.txt";
        var script = $"read_verilog {verilogFile}; hierarchy -top {top}; proc; flatten; tee -q -o {list} select -list t:$dlatch t:$adlatch t:$dlatchsr";
        var r = ToolRunner.Run("yosys", ["-q", "-l", "latches.log", "-p", script], dir, TimeSpan.FromMinutes(10));
        if (r.ExitCode != 0)
            throw new ToolException($"yosys could not read the Verilog netlist (exit {r.ExitCode}):\n{Ghdl.Tail(r.Output, 20)}");
        return [.. File.ReadAllLines(Path.Combine(dir, list)).Select(l => l.Trim()).Where(l => l.Length > 0)];
    }

    static void WriteWideLutMap(string dir)
    {
        using var resource = typeof(Yosys).Assembly.GetManifestResourceStream("yosys:" + WideLutMapFile)
            ?? throw new InvalidOperationException($"{WideLutMapFile} is not embedded in {typeof(Yosys).Assembly.GetName().Name}");
        using var file = File.Create(Path.Combine(dir, WideLutMapFile));
        resource.CopyTo(file);
    }

    /// <summary>
    /// yosys commands that put each style attribute on the memories of its module (GHDL writes an
    /// entity as a module of the same name in lower case), for yosys's memory mapping to follow.
    /// </summary>
    public static string SetMemoryStyles(IReadOnlyList<MemoryStyleAttribute> styles) =>
        string.Concat(styles.Select(s => $"setattr -set {s.Attribute} \"{s.Value}\" {s.Entity.ToLowerInvariant()}/m:*; "));
}
