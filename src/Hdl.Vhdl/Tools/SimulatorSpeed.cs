using System.Diagnostics;
using System.Globalization;
using System.Text;
using System.Text.RegularExpressions;
using Hdl.Vhdl.Testbench;
using Hdl.Vhdl.Transpiler;

namespace Hdl.Vhdl.Tools;

/// <summary>
/// How fast an HDL simulator runs a design: clock cycles per second of the free-running testbench,
/// from two runs of different lengths (the difference cancels start-up, elaboration and, for
/// Verilator, nothing of the compile, which is reported apart as <see cref="Build"/>).
/// </summary>
public sealed record SimulatorSpeedResult(string Simulator, long Cycles, double CyclesPerSecond, long Transfers, TimeSpan Build);

/// <summary>
/// Measures GHDL on the generated VHDL and Verilator on the Verilog netlist that <c>ghdl --synth</c>
/// makes of it, with the same constant stimulus, so they can be put beside the engine's own
/// simulation speed.
/// </summary>
public static partial class SimulatorSpeed
{
    /// <summary>
    /// GHDL on the design's VHDL, with the given back end (Debian's /usr/bin/ghdl runs the one named
    /// by GHDL_BACKEND: mcode compiles in memory at each run, llvm compiles a native executable once).
    /// With <paramref name="vhdlFolder"/>, the design's VHDL is that folder's .vhd files (another
    /// version of the design with the same top-level ports, e.g. as an earlier commit generated it)
    /// instead of the VHDL generated now; the testbench is the same.
    /// </summary>
    /// <param name="minSeconds">When above 0: the cycles are raised (up to 400 times) until the two runs differ by at least this long, so that a fast design is not timed on a run too short to time.</param>
    public static SimulatorSpeedResult MeasureGhdl(Netlist netlist, FreeRunningStimulus stimulus, long cycles, string workDir, string backend = "mcode",
        string? vhdlFolder = null, double minSeconds = 0)
    {
        if (!Ghdl.IsAvailable) throw new ToolException("ghdl is not installed: run ./scripts/setup (or apt-get install ghdl)");
        var settings = new GhdlSettings(backend, TimeSpan.FromMinutes(30));
        var build = Stopwatch.StartNew();
        var files = vhdlFolder is null ? WriteDesign(netlist, stimulus, workDir) : CopyDesign(netlist, stimulus, vhdlFolder, workDir);
        var unit = $"{VhdlGenerator.TopName(netlist)}_run";
        Ghdl.Analyse(workDir, files, settings: settings);
        Ghdl.Elaborate(workDir, unit, settings: settings);
        build.Stop();
        (double seconds, long transfers) Run(long n)
        {
            var r = Ghdl.Simulate(workDir, unit, [$"-gcycles={n}"], settings: settings);
            return (r.Duration.TotalSeconds, Transfers(r, $"ghdl ({backend})", n));
        }
        return FromTwoRuns($"ghdl-{backend}", cycles, Run, build.Elapsed, minSeconds);
    }

    /// <summary>Verilator on GHDL's Verilog netlist of the design, with a C++ harness holding the same inputs.</summary>
    public static SimulatorSpeedResult MeasureVerilator(Netlist netlist, FreeRunningStimulus stimulus, long cycles, string workDir)
    {
        if (!ToolRunner.OnPath("verilator"))
            throw new ToolException("verilator is not installed: run ./scripts/setup verilator (or apt-get install verilator)");
        var build = Stopwatch.StartNew();
        var top = VhdlGenerator.TopName(netlist);
        var files = WriteDesign(netlist, stimulus, workDir);
        Ghdl.Analyse(workDir, files.Where(f => !f.EndsWith("_run.vhd", StringComparison.Ordinal)));
        File.WriteAllText(Path.Combine(workDir, top + ".v"), Ghdl.SynthesizeVerilog(workDir, top));
        File.WriteAllText(Path.Combine(workDir, "harness.cpp"), Harness(netlist, stimulus, top));
        var make = ToolRunner.Run("verilator",
            ["--cc", "--exe", "--build", "-O3", "-Wno-fatal", "-Wno-lint", "-Wno-style", "--top-module", top,
             "-CFLAGS", "-O2", "--Mdir", "obj_dir", $"{top}.v", "harness.cpp"], workDir, TimeSpan.FromMinutes(30));
        if (make.ExitCode != 0)
            throw new ToolException($"verilator build failed (exit {make.ExitCode}):\n{Ghdl.Tail(make.Output, 30)}");
        build.Stop();
        var exe = Path.Combine(workDir, "obj_dir", "V" + top);
        (double seconds, long transfers) Run(long n)
        {
            var r = ToolRunner.Run(exe, [n.ToString(CultureInfo.InvariantCulture)], workDir);
            if (r.ExitCode != 0) throw new ToolException($"the Verilator model of {top} failed (exit {r.ExitCode}): {Ghdl.Tail(r.Output, 5)}");
            var m = VerilatorLine().Match(r.Stdout);
            if (!m.Success) throw new ToolException($"the Verilator model of {top} printed no result: {Ghdl.Tail(r.Output, 5)}");
            return (double.Parse(m.Groups[3].Value, CultureInfo.InvariantCulture), long.Parse(m.Groups[2].Value, CultureInfo.InvariantCulture));
        }
        return FromTwoRuns("verilator", cycles, Run, build.Elapsed);
    }

    /// <summary>
    /// Speed from a run of a tenth of the cycles and a full one: (difference in cycles) / (difference in
    /// time). On a loaded machine the short run can take as long as the full one; then the full run's
    /// own rate (its start-up included, so a lower bound) is the figure. With <paramref name="minSeconds"/>
    /// above 0, a pair whose difference is shorter is run again with more cycles (at most twice, up to 400
    /// times the cycles in all); the result names the cycles of the pair measured.
    /// </summary>
    static SimulatorSpeedResult FromTwoRuns(string name, long cycles, Func<long, (double Seconds, long Transfers)> run, TimeSpan build, double minSeconds = 0)
    {
        long limit = cycles * 400;
        for (int attempt = 0; ; attempt++)
        {
            long shortRun = Math.Max(1, cycles / 10);
            var a = run(shortRun);
            var b = run(cycles);
            if (b.Transfers == 0)
                throw new ToolException($"{name}: no output transfer in {cycles} cycles: the stimulus does not make the design stream");
            double seconds = b.Seconds - a.Seconds;
            // (Without minSeconds a pair is never rerun: on a loaded machine the difference may even be negative.)
            if (minSeconds > 0 && seconds < minSeconds && attempt < 2 && cycles < limit)
            {
                cycles = Math.Min(limit, (long)Math.Ceiling(cycles * Math.Clamp(1.25 * minSeconds / Math.Max(seconds, 0.02), 2, 50)));
                continue;
            }
            double perSecond = seconds > 0 ? (cycles - shortRun) / seconds : cycles / b.Seconds;
            return new SimulatorSpeedResult(name, cycles, perSecond, b.Transfers, build);
        }
    }

    static long Transfers(ToolRun r, string simulator, long cycles)
    {
        var m = RunLine().Match(r.Output);
        if (r.ExitCode != 0 || !m.Success || long.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture) != cycles)
            throw new ToolException($"{simulator} run of {cycles} cycles failed (exit {r.ExitCode}): {Ghdl.Tail(r.Output, 5)}");
        return long.Parse(m.Groups[2].Value, CultureInfo.InvariantCulture);
    }

    /// <summary>
    /// The .vhd files of <paramref name="vhdlFolder"/> and the testbench, in analysis order: the
    /// package first, the top entity last (the entities between depend only on the package).
    /// </summary>
    static List<string> CopyDesign(Netlist netlist, FreeRunningStimulus stimulus, string vhdlFolder, string workDir)
    {
        var top = VhdlGenerator.TopName(netlist);
        var sources = Directory.Exists(vhdlFolder) ? Directory.GetFiles(vhdlFolder, "*.vhd").Select(Path.GetFileName).OfType<string>().ToList() : [];
        if (!sources.Contains($"{top}.vhd") || !sources.Contains($"{top}_pkg.vhd"))
            throw new ToolException($"{vhdlFolder} holds no {top}.vhd and {top}_pkg.vhd");
        if (Directory.Exists(workDir)) Directory.Delete(workDir, recursive: true);
        Directory.CreateDirectory(workDir);
        foreach (var f in sources) File.Copy(Path.Combine(vhdlFolder, f), Path.Combine(workDir, f));
        var bench = FreeRunningTestbench.Write(netlist, stimulus);
        File.WriteAllText(Path.Combine(workDir, bench.FileName), bench.Content, new UTF8Encoding(false));
        var entities = sources.Where(f => f != $"{top}.vhd" && f != $"{top}_pkg.vhd").Order(StringComparer.Ordinal);
        var adapter = PortAdapter(netlist, top, workDir);
        return [$"{top}_pkg.vhd", .. entities, $"{top}.vhd", .. adapter is null ? Array.Empty<string>() : [adapter], bench.FileName];
    }

    /// <summary>
    /// When the copied top entity has other ports than the design's now (numbered members that
    /// became a bus array since: in_Data0..3 of 128 bits for in_Data_0..15 of 32), renames it
    /// &lt;top&gt;_before and writes a wrapper &lt;top&gt; with today's ports around it: each old port
    /// that today's design lacks is joined from (or split into) today's ports of the same name with
    /// an element index, in order, the first at the most significant end. Returns the wrapper's file
    /// name, or null when the ports are the same.
    /// </summary>
    static string? PortAdapter(Netlist netlist, string top, string workDir)
    {
        var topFile = Path.Combine(workDir, $"{top}.vhd");
        var text = File.ReadAllText(topFile);
        var declaration = text[..Math.Max(0, text.IndexOf("architecture", StringComparison.Ordinal))];
        var old = PortLine().Matches(declaration).Select(m => (Name: m.Groups[1].Value, Output: m.Groups[2].Value == "out",
            Width: m.Groups[3].Success ? int.Parse(m.Groups[3].Value, CultureInfo.InvariantCulture) + 1 : 1)).Where(p => p.Name is not ("clk" or "rst")).ToList();
        var now = netlist.Inputs.SelectMany(b => b.Signals).Select(s => (Name: FreeRunningTestbench.Port(s), Output: false, s.Type.Width, Type: FreeRunningTestbench.VecType(s)))
            .Concat(netlist.Outputs.SelectMany(b => b.Signals).Select(s => (Name: FreeRunningTestbench.Port(s), Output: true, s.Type.Width, Type: FreeRunningTestbench.VecType(s)))).ToList();
        if (old.Select(p => p.Name).Order(StringComparer.Ordinal).SequenceEqual(now.Select(p => p.Name).Order(StringComparer.Ordinal))) return null;
        static string Base(string name) => Regex.Replace(name, "_?[0-9]+$", "");
        static int Number(string name) => Regex.Match(name, "[0-9]+$") is { Success: true } m ? int.Parse(m.Value, CultureInfo.InvariantCulture) : -1;
        var kept = old.Where(p => now.Any(n => n.Name == p.Name)).ToList();
        var groups = old.Except(kept).GroupBy(p => Base(p.Name)).ToList();
        var sb = new StringBuilder(VhdlFile.Header);
        sb.Append($"-- {top} with today's ports around the copied design ({top}_before), for a speed comparison.\n");
        sb.Append("library ieee;\nuse ieee.std_logic_1164.all;\n\n");
        sb.Append($"entity {top} is\n  port (\n    clk : in std_logic;\n    rst : in std_logic");
        foreach (var p in now) sb.Append($";\n    {p.Name} : {(p.Output ? "out" : "in")} {p.Type}");
        sb.Append("\n  );\nend entity;\n\n");
        sb.Append($"architecture adapter of {top} is\n");
        var joins = new List<(string Base, bool Output, List<(string Name, int Width)> Old, List<(string Name, int Width)> Now)>();
        foreach (var g in groups)
        {
            var olds = g.OrderBy(p => Number(p.Name)).Select(p => (p.Name, p.Width)).ToList();
            var nows = now.Where(n => !old.Any(o => o.Name == n.Name) && Base(n.Name) == g.Key).OrderBy(n => Number(n.Name)).Select(n => (n.Name, n.Width)).ToList();
            if (nows.Count == 0 || olds.Sum(o => o.Width) != nows.Sum(n => n.Width))
                throw new ToolException($"the copied {top} has port {olds[0].Name} and its kin, which today's ports do not make up");
            joins.Add((g.Key, g.First().Output, olds, nows));
            sb.Append($"  signal joined_{g.Key} : std_logic_vector({olds.Sum(o => o.Width) - 1} downto 0);\n");
        }
        sb.Append("begin\n");
        static IEnumerable<(string Name, int High, int Low)> Slices(List<(string Name, int Width)> parts)
        {
            int high = parts.Sum(p => p.Width) - 1;
            foreach (var (name, width) in parts) { yield return (name, high, high - width + 1); high -= width; }
        }
        foreach (var j in joins)
        {
            if (!j.Output) sb.Append($"  joined_{j.Base} <= {string.Join(" & ", j.Now.Select(n => n.Name))};\n");
            else foreach (var (name, high, low) in Slices(j.Now)) sb.Append($"  {name} <= joined_{j.Base}({high} downto {low});\n");
        }
        sb.Append($"  before : entity work.{top}_before\n    port map (\n      clk => clk,\n      rst => rst");
        foreach (var p in kept) sb.Append($",\n      {p.Name} => {p.Name}");
        foreach (var j in joins)
            foreach (var (name, high, low) in Slices(j.Old)) sb.Append($",\n      {name} => joined_{j.Base}({high} downto {low})");
        sb.Append("\n    );\nend architecture;\n");
        text = Regex.Replace(text, $@"\bentity {top} is\b", $"entity {top}_before is");
        text = Regex.Replace(text, $@"\bof {top} is\b", $"of {top}_before is");
        File.WriteAllText(topFile, text, new UTF8Encoding(false));
        var file = $"{top}_ports.vhd";
        File.WriteAllText(Path.Combine(workDir, file), sb.ToString(), new UTF8Encoding(false));
        return file;
    }

    [GeneratedRegex(@"^\s+(\w+) : (in|out) std_logic(?:_vector\((\d+) downto 0\))?", RegexOptions.Multiline)]
    private static partial Regex PortLine();

    static List<string> WriteDesign(Netlist netlist, FreeRunningStimulus stimulus, string workDir)
    {
        if (Directory.Exists(workDir)) Directory.Delete(workDir, recursive: true);
        Directory.CreateDirectory(workDir);
        var files = VhdlGenerator.Generate(netlist).Append(FreeRunningTestbench.Write(netlist, stimulus)).ToList();
        VhdlSource.WriteAll(workDir, files);
        return [.. files.Select(f => f.FileName)];
    }

    /// <summary>
    /// The C++ main of the Verilator model: inputs set once (those of <see cref="FreeRunningStimulus.Alternate"/>
    /// switched at each clock as the VHDL testbench does), reset for two edges, then the given number
    /// of cycles timed with a steady clock; prints <c>VERILATOR: N cycles, M transfers, S s</c>.
    /// </summary>
    static string Harness(Netlist netlist, FreeRunningStimulus stimulus, string top)
    {
        var sb = new StringBuilder();
        sb.Append("// Generated: runs the Verilator model with constant inputs and times the clock loop.\n");
        sb.Append($"#include \"V{top}.h\"\n#include \"verilated.h\"\n#include <chrono>\n#include <cstdio>\n#include <cstdlib>\n\n");
        sb.Append("int main(int argc, char** argv) {\n");
        sb.Append("    const long long cycles = argc > 1 ? std::atoll(argv[1]) : 1000;\n");
        sb.Append("    VerilatedContext* context = new VerilatedContext;\n");
        sb.Append($"    V{top}* top = new V{top}{{context}};\n");
        void Set(SignalBase s, UInt128 value, string indent)
        {
            var port = FreeRunningTestbench.Port(s);
            if (s.Type.Width <= 64) sb.Append($"{indent}top->{port} = {(ulong)value}ULL;\n");
            else
                for (int w = 0; w < (s.Type.Width + 31) / 32; w++)
                    sb.Append($"{indent}top->{port}[{w}] = {(uint)(value >> (32 * w))}U;\n");
        }
        var changing = netlist.Inputs.SelectMany(b => b.Signals).Where(stimulus.Alternate.ContainsKey).ToList();
        foreach (var s in netlist.Inputs.SelectMany(b => b.Signals))
            Set(s, stimulus.Inputs.TryGetValue(s, out var v) ? v : 0, "    ");
        sb.Append("    top->rst = 1;\n    for (int i = 0; i < 2; i++) { top->clk = 0; top->eval(); top->clk = 1; top->eval(); }\n");
        sb.Append("    top->rst = 0;\n    long long transfers = 0;\n");
        sb.Append("    auto start = std::chrono::steady_clock::now();\n");
        sb.Append("    for (long long i = 0; i < cycles; i++) {\n        top->clk = 0;\n");
        if (changing.Count > 0)
        {
            // Cycle i + 1 of the VHDL testbench: the alternate values in odd cycles, the held ones in even.
            sb.Append("        if (i % 2 == 0) {\n");
            foreach (var s in changing) Set(s, stimulus.Alternate[s], "            ");
            sb.Append("        } else {\n");
            foreach (var s in changing) Set(s, stimulus.Inputs.TryGetValue(s, out var v) ? v : 0, "            ");
            sb.Append("        }\n");
        }
        sb.Append("        top->eval();\n");
        foreach (var s in stimulus.CountedOutputs)
            sb.Append($"        if (top->{FreeRunningTestbench.Port(s)}) transfers++;\n");
        sb.Append("        top->clk = 1; top->eval();\n    }\n");
        sb.Append("    std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;\n");
        sb.Append("    std::printf(\"VERILATOR: %lld cycles, %lld transfers, %.6f s\\n\", cycles, transfers, elapsed.count());\n");
        sb.Append("    top->final();\n    delete top;\n    delete context;\n    return 0;\n}\n");
        return sb.ToString();
    }

    [GeneratedRegex(@"RUN: (\d+) cycles, (\d+) transfers")]
    private static partial Regex RunLine();

    [GeneratedRegex(@"VERILATOR: (\d+) cycles, (\d+) transfers, ([0-9.]+) s")]
    private static partial Regex VerilatorLine();
}
