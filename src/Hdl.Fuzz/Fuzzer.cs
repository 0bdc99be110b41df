using System.Diagnostics;
using System.Globalization;

namespace Hdl.Fuzz;

public sealed record FuzzOptions(
    int Count, int Seed, string OutDir, ConstructSet Constructs,
    int BatchSize = 50, int Cycles = DesignRunner.DefaultCycles, bool Shrink = true,
    int ShrinkAttempts = 300, TimeSpan? ShrinkBudget = null, int FirstIndex = 0, int MaxFailures = int.MaxValue, bool Netlist = false);

/// <summary>A failing design: where it came from, what failed, and the shrunk source written out.</summary>
public sealed record FuzzFailure(int Seed, int Index, FailureKind Kind, string Detail, string OriginalSource, string ShrunkSource, string? SourcePath)
{
    public string Line => $"FAIL seed {Seed} design {Index}: {Kind}: {FirstLine(Detail)}{(SourcePath is null ? "" : $" (shrunk: {SourcePath})")}";
    /// <summary>The most telling line of a tool's message: the first that names a file position or a GHDL bug, else the first.</summary>
    public static string FirstLine(string s)
    {
        var lines = s.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        var line = lines.FirstOrDefault(l => l.Contains("GHDL Bug") || System.Text.RegularExpressions.Regex.IsMatch(l, @"\.vhd:\d+:\d+:(?!note)"))
            ?? lines.FirstOrDefault() ?? "";
        return line.Length > 200 ? line[..200] : line;
    }
}

/// <param name="ConstructCounts">How many of the designs used each construct (<see cref="UnitModel.Used"/>).</param>
public sealed record FuzzReport(int Designs, int Seed, IReadOnlyList<FuzzFailure> Failures, TimeSpan Duration, int PipelineRuns,
    IReadOnlyDictionary<Construct, int> ConstructCounts)
{
    public string Summary => $"fuzz: {Designs} designs, seed {Seed}, {Failures.Count} failures";
    /// <summary>"Arithmetic 180, BusArray 61, ...": the designs that used each construct, in the order of <see cref="Construct"/>.</summary>
    public string ConstructSummary => string.Join(", ", ConstructCounts.OrderBy(c => c.Key).Select(c => $"{c.Key} {c.Value}"));
    public double DesignsPerSecond => Designs / Math.Max(0.001, Duration.TotalSeconds);
}

/// <summary>
/// The differential fuzzer: generates designs (seed, index), runs them in batches through
/// <see cref="DesignRunner"/> (one compilation and one GHDL run for many designs), splits a failing
/// batch down to the failing designs, shrinks each and writes its C# source to the output folder.
/// </summary>
public sealed class Fuzzer(FuzzOptions options, Action<string>? log = null)
{
    readonly Generator generator = new(options.Constructs);
    int runs;
    string workRoot = "";

    public FuzzReport Run(Action<FuzzFailure>? onFailure = null)
    {
        var sw = Stopwatch.StartNew();
        Directory.CreateDirectory(options.OutDir);
        workRoot = Directory.CreateTempSubdirectory("hdl-fuzz-work-").FullName;
        var failures = new List<FuzzFailure>();
        var counts = new SortedDictionary<Construct, int>();
        int designs = 0;
        try
        {
            for (int start = 0; start < options.Count; start += options.BatchSize)
            {
                var units = Enumerable.Range(options.FirstIndex + start, Math.Min(options.BatchSize, options.Count - start))
                    .Select(i => generator.Generate(options.Seed, i)).ToList();
                foreach (var c in units.SelectMany(u => u.Used)) counts[c] = counts.GetValueOrDefault(c) + 1;
                foreach (var (unit, outcome) in Check(units))
                {
                    var f = Report(unit, outcome);
                    failures.Add(f);
                    onFailure?.Invoke(f);
                    if (failures.Count >= options.MaxFailures) break;
                }
                designs = Math.Min(start + options.BatchSize, options.Count);
                log?.Invoke($"fuzz: {designs}/{options.Count} designs, {failures.Count} failures, {sw.Elapsed.TotalSeconds:0} s");
                if (failures.Count >= options.MaxFailures) break;
            }
        }
        finally
        {
            try { Directory.Delete(workRoot, recursive: true); } catch (IOException) { }
        }
        return new FuzzReport(designs, options.Seed, failures, sw.Elapsed, runs, counts);
    }

    /// <summary>
    /// The failing units of a batch, each with its own (single-unit) outcome, found lazily: the
    /// caller may stop after the first few without splitting the rest of the batch.
    /// </summary>
    public IEnumerable<(UnitModel Unit, RunOutcome Outcome)> Check(IReadOnlyList<UnitModel> units)
    {
        var outcome = RunUnits(units, null);
        if (outcome.Passed) yield break;
        if (units.Count == 1) { yield return (units[0], outcome); yield break; }
        IEnumerable<IReadOnlyList<UnitModel>> parts;
        if (outcome.Kind == FailureKind.Mismatch && outcome.MismatchedUnits.Count > 0)
        {
            // the testbench names the ports: check the named units alone, the rest again as a batch
            var named = units.Where(u => outcome.MismatchedUnits.Contains(u.Index)).Select(u => (IReadOnlyList<UnitModel>)[u]);
            var rest = units.Where(u => !outcome.MismatchedUnits.Contains(u.Index)).ToList();
            parts = rest.Count > 0 ? named.Append(rest) : named;
        }
        else
        {
            int half = units.Count / 2;
            parts = [units.Take(half).ToList(), units.Skip(half).ToList()];
        }
        foreach (var part in parts)
            foreach (var failure in Check(part))
                yield return failure;
    }

    RunOutcome RunUnits(IReadOnlyList<UnitModel> units, FailureKind? stopAfter)
    {
        int n = Interlocked.Increment(ref runs);
        var dir = Path.Combine(workRoot, $"run{n}");
        var outcome = DesignRunner.Run(units, dir, options.Cycles, stopAfter, options.Netlist);
        if (outcome.Passed && units.Count > 1) log?.Invoke($"fuzz: {units.Count} designs passed ({outcome.Timing} s)");
        if (outcome.Passed)
            foreach (var d in new[] { dir, dir + "-synth", dir + "-netlist" })
                if (Directory.Exists(d)) Directory.Delete(d, recursive: true);
        return outcome;
    }

    FuzzFailure Report(UnitModel unit, RunOutcome outcome)
    {
        var shrunk = unit;
        var last = outcome;
        if (options.Shrink)
        {
            log?.Invoke($"fuzz: shrinking seed {unit.Seed} design {unit.Index} ({outcome.Kind})");
            var signature = Signature(outcome);
            shrunk = Shrinker.Shrink(unit, candidate =>
            {
                var o = RunUnits([candidate], outcome.Kind);
                if (Signature(o) != signature) return false;
                last = o;
                return true;
            }, options.ShrinkAttempts, options.ShrinkBudget);
        }
        var source = shrunk.Render();
        var path = Path.Combine(options.OutDir, $"fuzz-s{(uint)unit.Seed}-d{unit.Index}-{outcome.Kind.ToString().ToLowerInvariant()}.cs");
        var header = $"// FAIL seed {unit.Seed} design {unit.Index}: {outcome.Kind}\n// {string.Join("\n// ", last.Detail.Split('\n').Take(40))}\n";
        File.WriteAllText(path, header + source);
        File.WriteAllText(Path.ChangeExtension(path, ".original.cs"), unit.Render());
        return new FuzzFailure(unit.Seed, unit.Index, outcome.Kind, last.Detail, unit.Render(), source, path);
    }

    /// <summary>
    /// What a shrink must keep: the failure's kind and, for tool and transpiler errors, its message
    /// without file names, positions, numbers and names (so it does not slide to another defect).
    /// </summary>
    public static string Signature(RunOutcome o)
    {
        if (o.Kind is FailureKind.Mismatch or FailureKind.None || o is { Kind: FailureKind.NetlistMismatch, MismatchedUnits.Count: > 0 }) return o.Kind.ToString();
        var line = FuzzFailure.FirstLine(o.Detail);
        line = System.Text.RegularExpressions.Regex.Replace(line, @"\S*\.(vhdl?|cs)(:\d+)*:?|@\S+|\b\w*\d\w*\b|""[^""]*""|'[^']*'", "");
        return o.Kind + ": " + System.Text.RegularExpressions.Regex.Replace(line, @"\s+", " ").Trim();
    }

    public static string DefaultOutDir(int seed) =>
        Path.Combine(Path.GetTempPath(), "hdl-fuzz", $"seed-{(uint)seed}-{DateTime.UtcNow.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture)}");
}
