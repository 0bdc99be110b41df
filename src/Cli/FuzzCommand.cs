using System.Globalization;
using Hdl.Fuzz;

namespace Crypto.Cli;

/// <summary>
/// <c>fuzz</c>: the back end's differential fuzzer (docs/fuzzing.md). Prints one line per failing
/// design and the summary line; shrunk failing designs go to the output folder. Exit 1 on any failure.
/// </summary>
public static class FuzzCommand
{
    public const int DefaultCount = 200;
    public const int DefaultSeed = 1;

    public static int Execute(CliEnvironment env, int count, int seed, int from, string? outDir, string constructs, int batch, bool shrink, int maxFailures, int shrinkSeconds, bool netlist = false)
    {
        if (count < 1) throw new UsageException($"fuzz: --count must be at least 1, got {count}");
        if (from < 0) throw new UsageException($"fuzz: --from must not be negative, got {from}");
        if (maxFailures < 1) throw new UsageException($"fuzz: --max-failures must be at least 1, got {maxFailures}");
        if (shrinkSeconds < 1) throw new UsageException($"fuzz: --shrink-seconds must be at least 1, got {shrinkSeconds}");
        if (batch < 1) throw new UsageException($"fuzz: --batch must be at least 1, got {batch}");
        ConstructSet set;
        try { set = ConstructSet.Parse(constructs); }
        catch (ArgumentException e) { throw new UsageException("fuzz: --constructs: " + e.Message); }
        var dir = outDir is null ? Fuzzer.DefaultOutDir(seed) : Path.GetFullPath(outDir, env.WorkingDirectory);
        var fuzzer = new Fuzzer(new FuzzOptions(count, seed, dir, set, BatchSize: batch, Shrink: shrink, FirstIndex: from,
            MaxFailures: maxFailures, ShrinkBudget: TimeSpan.FromSeconds(shrinkSeconds), Netlist: netlist), line => env.Error.WriteLine(line));
        var report = fuzzer.Run(f => { env.Out.Write(f.Line + "\n"); env.Out.Flush(); });
        env.Out.Write(report.Summary + "\n");
        env.Error.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"fuzz: {report.Duration.TotalSeconds:0.0} s, {report.DesignsPerSecond:0.00} designs/s, {report.PipelineRuns} pipeline runs; failing designs in {dir}"));
        env.Error.WriteLine($"fuzz: designs per construct: {report.ConstructSummary}");
        return report.Failures.Count == 0 ? ExitCodes.Success : ExitCodes.Failure;
    }
}
