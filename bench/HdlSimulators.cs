using System.Diagnostics;
using System.Globalization;
using Crypto.Bench.Aes256Cbc;
using Crypto.Catalog;
using Crypto.Streams;
using Hdl;
using Hdl.Vhdl;
using Hdl.Vhdl.Testbench;
using Hdl.Vhdl.Tools;

namespace Crypto.Bench;

/// <summary>One variant's simulation speed in the engine, in GHDL and in Verilator (cycles per second).</summary>
public sealed record SimulatorRow(string Core, string Variant, double EngineCyclesPerSecond, double? GhdlCyclesPerSecond,
    double? GhdlLlvmCyclesPerSecond, double? VerilatorCyclesPerSecond, double? VerilatorBuildSeconds, string? Note);

/// <summary>What <c>bench simulators</c> writes: the machine and one row per variant.</summary>
public sealed record SimulatorReport(string Machine, string Date, long EngineCycles, long GhdlCycles, long VerilatorCycles, IReadOnlyList<SimulatorRow> Rows);

/// <summary>
/// A design the simulator comparison runs: how to build a fresh one, and which one-bit outputs count
/// as transfers. Its inputs are held at <see cref="FullSpeedStream"/>'s values.
/// </summary>
public sealed record SimulatedDesign(string Core, string Variant, Func<Design> Build, Func<Design, IEnumerable<SignalBase>> CountedOutputs)
{
    /// <summary>A build of the core registry (Core is the build's: aes128 for an AES-128 build): the Valid bits of its output streams count.</summary>
    public static SimulatedDesign Of(ICoreVariant v) => new(v.Name[..^(v.Variant.Length + 1)], v.Variant, v.BuildDesign, d => d.Outputs
        .Where(b => typeof(IStreamControl).IsAssignableFrom(b.InterfaceType))
        .Select(b => b.Signals.Single(s => s.Name == nameof(IStreamControl.Valid))));

    /// <summary>
    /// The one-process AES-256-CBC design (bench/Aes256Cbc, after SME's AES256CBC example) with its
    /// host: the key loaded once after reset, then a block every cycle; its DataReady counts.
    /// </summary>
    public static readonly SimulatedDesign Aes256CbcOneProcess = new("aes256cbc", "oneprocess",
        () => Aes256CbcDesign.FreeRunning().Design,
        d => d.Outputs.Select(b => b.Signals.Single(s => s.Name == nameof(ICbcResult.DataReady))));
}

/// <summary>
/// <c>dotnet run -c Release --project bench -- simulators [--variants aes-proc11,md5-proc4,aes256cbc-oneprocess] [--verilator all|LIST] [--out FILE]</c>:
/// for each variant (every variant of the core registry and the one-process AES-256-CBC design when
/// none are named), the same full-speed stream (inputs held at <see cref="FullSpeedStream"/>'s values)
/// in the engine, in GHDL on the generated VHDL, and in Verilator on GHDL's Verilog netlist of it.
/// A side-by-side table on stdout and as Markdown in bench/results/simulators.md for the report.
/// </summary>
public static class HdlSimulators
{
    public static int Run(string[] args)
    {
        string? only = Option(args, "--variants");
        // held: every input constant (the default); changing: the data inputs switch between two values at every clock.
        string stimulusKind = Option(args, "--stimulus") ?? "held";
        if (stimulusKind is not ("held" or "changing"))
        {
            Console.Error.WriteLine($"bench simulators: --stimulus {stimulusKind}: the stimuli are held and changing");
            return 2;
        }
        // --compare-vhdl DIR: GHDL mcode on DIR/<core>-<variant>/*.vhd (e.g. an earlier commit's vhdl-out) and on the VHDL generated now.
        string? compare = Option(args, "--compare-vhdl");
        string output = Option(args, "--out") ?? Path.Combine(CoreRegistry.FindRepositoryRoot(), "bench", "results", "simulators.md");
        long engineCycles = long.Parse(Option(args, "--engine-cycles") ?? "400000", CultureInfo.InvariantCulture);
        long ghdlCycles = long.Parse(Option(args, "--ghdl-cycles") ?? "5000", CultureInfo.InvariantCulture);
        long verilatorCycles = long.Parse(Option(args, "--verilator-cycles") ?? "1000000", CultureInfo.InvariantCulture);
        // GHDL's back ends to run (mcode compiles in memory; llvm compiles each design for a while).
        var backends = (Option(args, "--ghdl") ?? "mcode,llvm").Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).ToHashSet();
        if (backends.Except(["mcode", "llvm", "none"]).FirstOrDefault() is { } unknown)
        {
            Console.Error.WriteLine($"bench simulators: --ghdl {unknown}: the GHDL back ends are mcode and llvm (or none)");
            return 2;
        }
        // Verilator compiles each design for minutes: by default only one pipelined variant per core.
        var verilated = (Option(args, "--verilator") ?? string.Join(',', DefaultVerilated)).Split(',', StringSplitOptions.TrimEntries).ToHashSet();
        bool verilator = ToolRunner.OnPath("verilator");
        if (!verilator) Console.Error.WriteLine("bench: verilator is not installed (./scripts/setup verilator): its column stays empty");

        List<SimulatedDesign> selected = only is null ? [.. CoreRegistry.All.Select(SimulatedDesign.Of), SimulatedDesign.Aes256CbcOneProcess]
            : [.. only.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).Select(Find)];
        var rows = new List<SimulatorRow>();
        // --work DIR keeps each simulator's files (DIR/<variant>/ghdl, ...) to look at; else a temporary folder.
        string? keep = Option(args, "--work");
        var work = keep ?? Path.Combine(Path.GetTempPath(), $"sme-bench-{Environment.ProcessId}");
        if (compare is not null)
        {
            // --repeat N: each variant's two runs N times, alternately, and the median of each; --now-cycles:
            // the cycles of the runs on today's VHDL (default --ghdl-cycles), so that both runs last about as long.
            int repeat = int.Parse(Option(args, "--repeat") ?? "1", CultureInfo.InvariantCulture);
            long nowCycles = long.Parse(Option(args, "--now-cycles") ?? ghdlCycles.ToString(CultureInfo.InvariantCulture), CultureInfo.InvariantCulture);
            // --min-seconds S: a run pair whose difference lasts less is run again with more cycles (SimulatorSpeed.MeasureGhdl).
            double minSeconds = double.Parse(Option(args, "--min-seconds") ?? "0", CultureInfo.InvariantCulture);
            if (repeat < 1 || nowCycles < 10 || ghdlCycles < 10 || minSeconds < 0)
            {
                Console.Error.WriteLine("bench simulators: --repeat is at least 1, --ghdl-cycles and --now-cycles at least 10, --min-seconds at least 0");
                return 2;
            }
            return CompareVhdl(selected, compare, stimulusKind == "changing", ghdlCycles, nowCycles, repeat, minSeconds, keep ?? work, keep is null, output, args);
        }
        foreach (var v in selected)
        {
            Console.Error.WriteLine($"bench: {v.Core}-{v.Variant} ...");
            double engine = EngineSpeed(v, engineCycles);
            var design = v.Build();
            var netlist = design.Elaborate(); // before the simulation below settles the inputs
            var stimulus = Stimulus(design, v.CountedOutputs(design), stimulusKind == "changing");
            var files = Path.Combine(work, $"{v.Core}-{v.Variant}");
            double? ghdl = null, ghdlLlvm = null, verilatorSpeed = null, build = null;
            string? note = null;
            if (backends.Contains("mcode"))
                try { ghdl = SimulatorSpeed.MeasureGhdl(netlist, stimulus, ghdlCycles, Path.Combine(files, "ghdl"), "mcode").CyclesPerSecond; }
                catch (ToolException e) { note = "ghdl mcode: " + FirstLine(e.Message); }
            if (backends.Contains("llvm"))
                try { ghdlLlvm = SimulatorSpeed.MeasureGhdl(netlist, stimulus, ghdlCycles * 4, Path.Combine(files, "ghdl-llvm"), "llvm").CyclesPerSecond; }
                catch (ToolException e) { note = (note is null ? "" : note + "; ") + "ghdl llvm: " + FirstLine(e.Message); }
            if (verilator && (verilated.Contains("all") || verilated.Contains($"{v.Core}-{v.Variant}")))
            {
                try
                {
                    var r = SimulatorSpeed.MeasureVerilator(netlist, stimulus, verilatorCycles, Path.Combine(files, "verilator"));
                    verilatorSpeed = r.CyclesPerSecond;
                    build = r.Build.TotalSeconds;
                }
                catch (ToolException e) { note = (note is null ? "" : note + "; ") + "verilator: " + FirstLine(e.Message); }
            }
            rows.Add(new SimulatorRow(v.Core, v.Variant, engine, ghdl, ghdlLlvm, verilatorSpeed, build, note));
            Console.Error.WriteLine($"bench: {v.Core}-{v.Variant}: engine {engine:N0}, ghdl mcode {Show(ghdl)}, ghdl llvm {Show(ghdlLlvm)}, verilator {Show(verilatorSpeed)} cycles/s");
        }
        if (keep is null && Directory.Exists(work)) Directory.Delete(work, recursive: true);

        var report = new SimulatorReport(Machine.Describe(), DateTime.UtcNow.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture),
            engineCycles, ghdlCycles, verilatorCycles, rows);
        Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(output))!);
        using (var file = new StreamWriter(output) { NewLine = "\n" }) WriteTable(file, report, args);
        WriteTable(Console.Out, report, args);
        Console.Error.WriteLine($"bench simulators: wrote {output}");
        return 0;
    }

    /// <summary>The variants Verilator runs by default (those of them that exist): one pipeline per core.</summary>
    static readonly string[] DefaultVerilated = ["aes-proc11", "md5-proc16", "sha256-proc16", "chacha20-proc10"];

    /// <summary>The table: cycles per second in each simulator and the engine's speed relative to each.</summary>
    public static void WriteTable(TextWriter w, SimulatorReport report, string[] args)
    {
        w.WriteLine("# Simulation speed: the C# engine, GHDL and Verilator on a free-running full-speed stream");
        w.WriteLine();
        w.WriteLine($"Made by `dotnet run -c Release --project bench -- simulators {string.Join(' ', args)}` on {report.Machine}, {report.Date}. " +
            (Option(args, "--stimulus") == "changing"
                ? "Inputs at the full-speed stream's values after reset, the data inputs switching between two values at every clock in GHDL and Verilator (the engine's figure is with every input held: a cycle-based simulator does the same work either way; bench/README.md); "
                : "Inputs held at the full-speed stream's values after reset (bench/README.md); ") + "each simulator's rate is the difference of a run " +
            $"of all the cycles ({report.EngineCycles:N0} engine, {report.GhdlCycles:N0} GHDL mcode, {4 * report.GhdlCycles:N0} GHDL llvm, " +
            $"{report.VerilatorCycles:N0} Verilator) and of a tenth of them, so start-up cancels; Verilator runs GHDL's Verilog netlist " +
            "(`ghdl --synth --out=verilog`), its compile time apart.");
        w.WriteLine();
        w.WriteLine("| core | variant | engine (C#) | GHDL mcode | GHDL llvm | Verilator | engine / GHDL llvm | Verilator / engine | Verilator build s |");
        w.WriteLine("|---|---|---:|---:|---:|---:|---:|---:|---:|");
        foreach (var r in report.Rows)
            w.WriteLine($"| {r.Core} | {r.Variant} | {r.EngineCyclesPerSecond:N0} | {Show(r.GhdlCyclesPerSecond)} | {Show(r.GhdlLlvmCyclesPerSecond)} | {Show(r.VerilatorCyclesPerSecond)} | " +
                $"{Ratio(r.EngineCyclesPerSecond, r.GhdlLlvmCyclesPerSecond)} | {Ratio(r.VerilatorCyclesPerSecond, r.EngineCyclesPerSecond)} | " +
                $"{(r.VerilatorBuildSeconds is { } b ? b.ToString("0", CultureInfo.InvariantCulture) : "-")} |");
        foreach (var r in report.Rows.Where(r => r.Note is not null))
            w.WriteLine($"\n{r.Core}-{r.Variant}: {r.Note}");
    }

    static string Show(double? x) => x is { } v ? v.ToString("N0", CultureInfo.InvariantCulture) : "-";

    static string Ratio(double? a, double? b) => a is { } x && b is { } y && y > 0 ? (x / y).ToString("0.0", CultureInfo.InvariantCulture) + "x" : "-";

    /// <summary>Engine cycles per second on the full-speed stream, untraced, after a warm-up.</summary>
    static double EngineSpeed(SimulatedDesign v, long cycles)
    {
        var design = v.Build();
        var sim = new Simulation(design);
        FullSpeedStream.Drive(design, seed: 1);
        sim.Run(20_000);
        var watch = Stopwatch.StartNew();
        sim.Run(cycles);
        return cycles / watch.Elapsed.TotalSeconds;
    }

    /// <summary>
    /// The full-speed stream's input values (as the engine drives them) and the counted outputs; when
    /// <paramref name="changing"/>, with second values for the data inputs (<see cref="FullSpeedStream.ChangingData"/>).
    /// </summary>
    static FreeRunningStimulus Stimulus(Design design, IEnumerable<SignalBase> counted, bool changing)
    {
        var sim = new Simulation(design);
        FullSpeedStream.Drive(design, seed: 1);
        sim.Settle();
        var inputs = design.Inputs.SelectMany(b => b.Signals).ToDictionary(s => s, s => s.Bits);
        return new FreeRunningStimulus(inputs, [.. counted]) { Alternate = changing ? FullSpeedStream.ChangingData(design, seed: 2) : new Dictionary<SignalBase, UInt128>() };
    }

    /// <summary>
    /// GHDL (mcode) on each variant's VHDL from <paramref name="folder"/>/&lt;core&gt;-&lt;variant&gt; and
    /// then on the VHDL generated now, one right after the other with the same testbench (so the
    /// machine's load drifts alike for both), <paramref name="repeat"/> times; writes variant, the
    /// median before, the median now and now / before.
    /// </summary>
    static int CompareVhdl(List<SimulatedDesign> selected, string folder, bool changing, long cycles, long nowCycles, int repeat, double minSeconds,
        string work, bool removeWork, string output, string[] args)
    {
        var rows = new List<(string Name, double? Before, double? Now, string? Note)>();
        foreach (var v in selected)
        {
            string name = $"{v.Core}-{v.Variant}";
            Console.Error.WriteLine($"bench: {name} ...");
            var design = v.Build();
            var netlist = design.Elaborate();
            var stimulus = Stimulus(design, v.CountedOutputs(design), changing);
            var befores = new List<double>();
            var nows = new List<double>();
            string? note = null;
            for (int run = 0; run < repeat; run++)
            {
                if (run == 0 || befores.Count > 0)
                    try { befores.Add(SimulatorSpeed.MeasureGhdl(netlist, stimulus, cycles, Path.Combine(work, name, "before"), "mcode", Path.Combine(folder, name), minSeconds).CyclesPerSecond); }
                    catch (ToolException e) { note = "before: " + FirstLine(e.Message); befores.Clear(); }
                try { nows.Add(SimulatorSpeed.MeasureGhdl(netlist, stimulus, nowCycles, Path.Combine(work, name, "now"), "mcode", minSeconds: minSeconds).CyclesPerSecond); }
                catch (ToolException e) { note = (note is null ? "" : note + "; ") + "now: " + FirstLine(e.Message); nows.Clear(); break; }
            }
            double? before = Median(befores), now = Median(nows);
            rows.Add((name, before, now, note));
            Console.Error.WriteLine($"bench: {name}: ghdl mcode before {Show(before)}, now {Show(now)} cycles/s");
        }
        if (removeWork && Directory.Exists(work)) Directory.Delete(work, recursive: true);
        Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(output))!);
        using (var w = new StreamWriter(output) { NewLine = "\n" })
        {
            w.WriteLine($"Made by `dotnet run -c Release --project bench -- simulators {string.Join(' ', args)}` on {Machine.Describe()}, " +
                $"{DateTime.UtcNow.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture)}: GHDL mcode on the VHDL in {folder} (before) and on the VHDL generated now, " +
                $"one right after the other, {(changing ? "the data inputs switching between two values at every clock" : "every input held")}; " +
                $"each rate the difference of {cycles:N0} cycles (before) or {nowCycles:N0} (now) and of a tenth of them" +
                (minSeconds > 0 ? $", more cycles where that difference lasted under {minSeconds.ToString(CultureInfo.InvariantCulture)} s" : "") +
                (repeat > 1 ? $", the median of {repeat} such pairs of runs." : "."));
            w.WriteLine();
            w.WriteLine("| variant | before | now | now / before |");
            w.WriteLine("|---|---:|---:|---:|");
            foreach (var r in rows.OrderBy(r => r.Name, StringComparer.Ordinal))
                w.WriteLine($"| {r.Name} | {(r.Before is { } b ? b.ToString("0", CultureInfo.InvariantCulture) : "-")} | {(r.Now is { } n ? n.ToString("0", CultureInfo.InvariantCulture) : "-")} | {Ratio(r.Now, r.Before)} |");
            foreach (var r in rows.Where(r => r.Note is not null))
                w.WriteLine($"\n{r.Name}: {r.Note}");
        }
        Console.Error.WriteLine($"bench simulators: wrote {output}");
        return rows.Any(r => r.Now is null) ? 1 : 0;
    }

    /// <summary>The median of the values (the mean of the middle two for an even count), or null for none.</summary>
    static double? Median(List<double> values)
    {
        if (values.Count == 0) return null;
        var sorted = values.Order().ToList();
        int mid = sorted.Count / 2;
        return sorted.Count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    static SimulatedDesign Find(string name)
    {
        var cbc = SimulatedDesign.Aes256CbcOneProcess;
        if (name == $"{cbc.Core}-{cbc.Variant}") return cbc;
        var build = CoreRegistry.All.FirstOrDefault(v => v.Name == name)
            ?? throw new ArgumentException($"'{name}': name a build as <core>-<variant> (as in vhdl-out), e.g. aes-proc11, aes128-proc11 or {cbc.Core}-{cbc.Variant}");
        return SimulatedDesign.Of(build);
    }

    static string? Option(string[] args, string name)
    {
        int i = Array.IndexOf(args, name);
        return i >= 0 && i + 1 < args.Length ? args[i + 1] : null;
    }

    static string FirstLine(string s) => s.Split('\n')[0];
}
