using System.Text.RegularExpressions;
using System.Diagnostics;

namespace Hdl.Vhdl.Tools;

/// <summary>Result of running an external tool.</summary>
public sealed record ToolRun(int ExitCode, string Output, string Stdout, TimeSpan Duration);

/// <summary>Runs external programs with captured output.</summary>
public static class ToolRunner
{
    public static bool OnPath(string program) =>
        (Environment.GetEnvironmentVariable("PATH") ?? "").Split(Path.PathSeparator)
        .Any(d => d.Length > 0 && File.Exists(Path.Combine(d, program)));

    public static ToolRun Run(string program, IEnumerable<string> args, string workDir, TimeSpan? timeout = null,
        IReadOnlyDictionary<string, string>? environment = null)
    {
        if (!OnPath(program))
            throw new ToolException($"{program} is not installed: run ./scripts/setup (or apt-get install {program})");
        var psi = new ProcessStartInfo(program) { WorkingDirectory = workDir, RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (var a in args) psi.ArgumentList.Add(a);
        foreach (var (name, value) in environment ?? new Dictionary<string, string>()) psi.Environment[name] = value;
        var sw = Stopwatch.StartNew();
        using var p = System.Diagnostics.Process.Start(psi)!;
        var stdout = p.StandardOutput.ReadToEndAsync();
        var stderr = p.StandardError.ReadToEndAsync();
        if (!p.WaitForExit(timeout ?? TimeSpan.FromMinutes(10)))
        {
            p.Kill(entireProcessTree: true);
            throw new ToolException($"{program} did not finish within {(timeout ?? TimeSpan.FromMinutes(10)).TotalSeconds:0} s");
        }
        return new ToolRun(p.ExitCode, stdout.Result + stderr.Result, stdout.Result, sw.Elapsed);
    }
}

/// <summary>
/// How GHDL runs: <see cref="Backend"/> names the code generator (Debian's /usr/bin/ghdl runs the one
/// GHDL_BACKEND names: mcode compiles in memory at each run, llvm a native executable once; null: the
/// installed default), <see cref="Timeout"/> bounds each step (null: <see cref="ToolRunner"/>'s default).
/// </summary>
public sealed record GhdlSettings(string? Backend = null, TimeSpan? Timeout = null)
{
    public static GhdlSettings Default { get; } = new();

    internal IReadOnlyDictionary<string, string>? Environment =>
        Backend is null ? null : new Dictionary<string, string> { ["GHDL_BACKEND"] = Backend };
}

/// <summary>The GHDL steps: analyse, elaborate, run, synthesize.</summary>
public static partial class Ghdl
{
    public const string Std = "--std=08";

    public static bool IsAvailable => ToolRunner.OnPath("ghdl");

    static IEnumerable<string> Common(string workLib) => [Std, $"--workdir={workLib}"];

    public static ToolRun Analyse(string dir, IEnumerable<string> files, string workLib = "work", GhdlSettings? settings = null)
    {
        Directory.CreateDirectory(Path.Combine(dir, workLib));
        return Run(dir, ["-a", .. Common(workLib), .. files], "analysis", settings);
    }

    /// <summary>Analyses as VHDL-93 (Vivado's default for .vhd files), in a library of its own.</summary>
    public static ToolRun AnalyseVhdl93(string dir, IEnumerable<string> files, string workLib = "work93")
    {
        Directory.CreateDirectory(Path.Combine(dir, workLib));
        return Run(dir, ["-a", "--std=93c", $"--workdir={workLib}", .. files], "VHDL-93 analysis");
    }

    public static ToolRun Elaborate(string dir, string unit, string workLib = "work", GhdlSettings? settings = null) =>
        Run(dir, ["-e", .. Common(workLib), unit], "elaboration", settings);

    /// <summary>Runs an elaborated unit; the exit code is not checked here.</summary>
    public static ToolRun Simulate(string dir, string unit, IEnumerable<string> runOptions, string workLib = "work", GhdlSettings? settings = null) =>
        ToolRunner.Run("ghdl", RunArguments(unit, runOptions, workLib), dir, settings?.Timeout, settings?.Environment);

    /// <summary>The arguments of <c>ghdl</c> that run an elaborated unit (for a caller that starts the process itself).</summary>
    public static string[] RunArguments(string unit, IEnumerable<string> runOptions, string workLib = "work") =>
        ["-r", .. Common(workLib), unit, .. runOptions];

    /// <summary>
    /// Synthesizes an analysed top unit and returns the netlist as VHDL (<c>--out=vhdl</c>): the same
    /// entity and ports, built of GHDL's gates and registers, for a simulation of what synthesis made
    /// (<see cref="CoSimulation.RunSynthesized"/>).
    /// </summary>
    public static string SynthesizeVhdl(string dir, string top, string workLib = "work") =>
        Run(dir, ["--synth", .. Common(workLib), "--out=vhdl", top], "synthesis").Stdout;

    /// <summary>
    /// Synthesizes an analysed top unit and returns the netlist as Verilog (<c>--out=verilog</c>), its
    /// wide constants made Verilog (<see cref="SizedBitConstants"/>).
    /// </summary>
    public static string SynthesizeVerilog(string dir, string top, string workLib = "work") =>
        RequireClockedWrites(LiteralSelects(SizedBitConstants(Run(dir, ["--synth", .. Common(workLib), "--out=verilog", top], "synthesis").Stdout)), top);

    /// <summary>
    /// GHDL 2.0 takes a register file without reset that is written at a computed index for a memory and,
    /// when it is also read at a constant index, writes its clock edge as the constant 0
    /// (<c>assign n451_o = 1'b0; // posedge</c>): the write never happens, every element keeps its
    /// initial value, and synthesis removes the file and all that depends on it without a word. The back
    /// end writes such a file element by element (EntityWriter.ReadAtFixedIndex); this stops any netlist
    /// that still has such an edge, so that no figure is made of it.
    /// </summary>
    public static string RequireClockedWrites(string verilog, string top)
    {
        var edge = NeverClockedEdge().Match(verilog);
        if (edge.Success)
            throw new ToolException($"ghdl --synth made a clock edge of {top} a constant ({edge.Value.Trim()}): a write it synthesizes as never happening (a register file written at a computed index and read at a constant one?); the netlist is wrong");
        return verilog;
    }

    [GeneratedRegex(@"assign \w+ = 1'b[01]; // (pos|neg)edge")]
    private static partial Regex NeverClockedEdge();

    /// <summary>
    /// GHDL 2.0's Verilog writer puts a constant wider than 32 bits that is not all zeros between
    /// double quotes ("0...011111111"): in Verilog that is a string, eight bits per character, so any
    /// reader of the netlist (yosys, Verilator) takes the characters' ASCII codes, right-aligned and
    /// cut to the width, instead of the bits (x"FF" as 64 bits reads as 0x3131313131313131). Each such
    /// literal is rewritten as the sized binary literal it means (<c>64'b0...011111111</c>).
    /// </summary>
    public static string SizedBitConstants(string verilog) =>
        QuotedBits.Replace(verilog, m => $"{m.Groups[1].Value.Length}'b{m.Groups[1].Value}");

    static readonly System.Text.RegularExpressions.Regex QuotedBits = new("\"([01xz]+)\"");

    /// <summary>
    /// GHDL 2.0's Verilog writer sign-extends a constant operand by selecting its top bit
    /// (<c>{{64{64'b0111...1[63]}}, 64'b0111...1}</c>, from a multiplication of a <c>long</c> by a
    /// constant), and a bit or part select of a literal is not Verilog: yosys and Verilator stop with a
    /// syntax error. Each such select is rewritten as the literal of the bits it selects (<c>1'b0</c>).
    /// Run after <see cref="SizedBitConstants"/>, which makes GHDL's quoted wide constants sized literals.
    /// </summary>
    public static string LiteralSelects(string verilog) =>
        LiteralSelect.Replace(verilog, m =>
        {
            string bits = m.Groups[2].Value;
            int high = int.Parse(m.Groups[3].Value, System.Globalization.CultureInfo.InvariantCulture);
            int low = m.Groups[4].Success ? int.Parse(m.Groups[4].Value, System.Globalization.CultureInfo.InvariantCulture) : high;
            if (bits.Length != int.Parse(m.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture) || high < low || high >= bits.Length)
                throw new InvalidOperationException($"GHDL's Verilog netlist selects bits the literal does not have: {m.Value}");
            return $"{high - low + 1}'b{bits.Substring(bits.Length - 1 - high, high - low + 1)}";
        });

    static readonly System.Text.RegularExpressions.Regex LiteralSelect = new(@"\b(\d+)'b([01xz]+)\[(\d+)(?::(\d+))?\]");

    static ToolRun Run(string dir, string[] args, string step, GhdlSettings? settings = null)
    {
        var r = ToolRunner.Run("ghdl", args, dir, settings?.Timeout, settings?.Environment);
        if (r.ExitCode != 0)
            throw new ToolException($"GHDL {step}{(settings?.Backend is { } b ? $" ({b})" : "")} failed (exit {r.ExitCode}):\n{Tail(r.Output, 40)}");
        return r;
    }

    public static string Tail(string text, int lines)
    {
        var all = text.Split('\n');
        return string.Join('\n', all.Skip(Math.Max(0, all.Length - lines)));
    }
}
