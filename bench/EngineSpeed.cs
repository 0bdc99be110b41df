using System.Diagnostics;
using System.Globalization;
using System.Text;
using Crypto.Catalog;
using Crypto.Streams;
using Hdl.Vhdl;
using Hdl.Vhdl.Testbench;
using Hdl.Vhdl.Tools;

namespace Crypto.Bench;

/// <summary>
/// <c>dotnet run -c Release --project bench -- engines [--blocks N] [--out FILE]</c>: for every variant
/// of the core registry, simulated cycles per second of one full-speed run of N blocks: the C# engine
/// with its stream testbench (untraced and traced, checked against the software model), and GHDL
/// replaying the same trace on the generated VHDL (run time only; analysis and elaboration apart).
/// One timed run each, no BenchmarkDotNet: the GHDL side is an external process.
/// </summary>
public static class EngineSpeed
{
    /// <summary>Rows of the short GHDL run whose time is subtracted (start-up).</summary>
    const int ShortRows = 10;

    static string F(double x, string format) => x.ToString(format, CultureInfo.InvariantCulture);

    public static int Run(string[] args)
    {
        int blocks = 2000;
        string output = Path.Combine(CoreRegistry.FindRepositoryRoot(), "bench", "results", "engine-speed.md");
        for (int i = 0; i < args.Length; i++)
        {
            if (args[i] == "--blocks" && i + 1 < args.Length) blocks = int.Parse(args[++i], CultureInfo.InvariantCulture);
            else if (args[i] == "--out" && i + 1 < args.Length) output = Path.GetFullPath(args[++i]);
            else { Console.Error.WriteLine($"bench engines: unknown argument '{args[i]}' (use --blocks N, --out FILE)"); return 2; }
        }
        if (!Ghdl.IsAvailable) { Console.Error.WriteLine("bench engines: ghdl is not installed: run ./scripts/setup"); return 2; }
        var s = new StringBuilder();
        s.Append("# Simulation speed: the C# engine and GHDL on the same variant\n\n");
        s.Append($"Made by `dotnet run -c Release --project bench -- engines --blocks {blocks}` on {Machine.Describe()} " +
                 $"(load average {Machine.LoadAverage()} when it started); " +
                 $"GHDL back end: {Environment.GetEnvironmentVariable("GHDL_BACKEND") ?? "default (mcode when installed)"}. " +
                 "One full-speed run of the blocks per variant (no input gaps, consumer always ready). " +
                 "C# figures include the stream testbench and the check against the software model; GHDL replays the C# trace " +
                 "with the generated testbench (driving inputs and comparing every output each cycle); its start-up is taken out (time of the whole trace minus time of its first 10 rows).\n\n");
        s.Append("| core | variant | cycles | C# cycles/s | C# traced cycles/s | GHDL cycles/s | C# traced ÷ GHDL | GHDL analyse + elaborate s |\n");
        s.Append("|---|---|--:|--:|--:|--:|--:|--:|\n");
        foreach (var v in CoreRegistry.All)
        {
            Console.Error.WriteLine($"bench engines: {v.Name}");
            v.Measure(8); // JIT and first-use costs out of the timed runs
            v.RunTraced(8, StreamOptions.FullSpeed);
            var untraced = Stopwatch.StartNew();
            var m = v.Measure(blocks);
            untraced.Stop();
            var traced = Stopwatch.StartNew();
            var run = v.RunTraced(blocks, StreamOptions.FullSpeed);
            traced.Stop();
            if (run.Mismatches.Count > 0 || run.ProtocolErrors.Count > 0)
                throw new InvalidOperationException($"{v.Name}: the simulation disagrees with the model");
            long cycles = run.Simulation.Cycle;
            var dir = Directory.CreateTempSubdirectory($"bench-engines-{v.Name}-").FullName;
            try
            {
                var netlist = run.Simulation.Netlist;
                var files = VhdlGenerator.Generate(netlist).Append(TestbenchWriter.Write(netlist)).ToList();
                VhdlSource.WriteAll(dir, files);
                run.Trace.Save(Path.Combine(dir, "trace.txt"));
                var tb = $"{VhdlGenerator.TopName(netlist)}_tb";
                var prepare = Stopwatch.StartNew();
                Ghdl.Analyse(dir, files.Select(f => f.FileName));
                Ghdl.Elaborate(dir, tb);
                prepare.Stop();
                // GHDL's start-up (mcode compiles the design when it starts) is taken out: the rate is the
                // difference between the whole trace and its first rows only.
                File.WriteAllLines(Path.Combine(dir, "head.txt"), File.ReadLines(Path.Combine(dir, "trace.txt")).Take(1 + ShortRows));
                var ghdlShort = Ghdl.Simulate(dir, tb, ["-gtrace_path=head.txt"]);
                var ghdl = Ghdl.Simulate(dir, tb, ["-gtrace_path=trace.txt"]);
                if (ghdl.ExitCode != 0 || ghdlShort.ExitCode != 0)
                    throw new InvalidOperationException($"{v.Name}: GHDL replay failed:\n{Ghdl.Tail(ghdl.Output + ghdlShort.Output, 10)}");
                double cs = m.Cycles / untraced.Elapsed.TotalSeconds, ct = cycles / traced.Elapsed.TotalSeconds;
                double g = (cycles - ShortRows) / Math.Max(1e-3, (ghdl.Duration - ghdlShort.Duration).TotalSeconds);
                s.Append($"| {v.Core} | {v.Variant} | {cycles} | {F(cs, "N0")} | {F(ct, "N0")} | {F(g, "N0")} | {F(ct / g, "0.0")} | {F(prepare.Elapsed.TotalSeconds, "0.0")} |\n");
            }
            finally { Directory.Delete(dir, true); }
        }
        s.Append("\nVerilator (on the Verilog of `ghdl --synth --out=verilog`) and GHDL without trace reading are measured by `bench simulators`: bench/results/simulators.md.\n");
        Directory.CreateDirectory(Path.GetDirectoryName(output)!);
        File.WriteAllText(output, s.ToString());
        Console.Error.WriteLine($"bench engines: wrote {output}");
        return 0;
    }
}

/// <summary>The machine a measurement ran on.</summary>
public static class Machine
{
    public static string Describe()
    {
        string cpu = "unknown CPU";
        if (File.Exists("/proc/cpuinfo"))
            cpu = File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal))?.Split(':', 2)[1].Trim() ?? cpu;
        return $"{cpu}, {Environment.ProcessorCount} logical CPUs, {System.Runtime.InteropServices.RuntimeInformation.OSDescription}, .NET {Environment.Version}";
    }

    /// <summary>The 1-minute load average (other work on the machine slows every figure), or "unknown".</summary>
    public static string LoadAverage() =>
        File.Exists("/proc/loadavg") ? File.ReadAllText("/proc/loadavg").Split(' ')[0] : "unknown";
}
