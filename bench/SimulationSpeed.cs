using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using Crypto.Catalog;
using Hdl;

namespace Crypto.Bench;

/// <summary>
/// Simulated clock cycles per second of every core variant, untraced and traced: one operation is one
/// cycle of a full-speed stream (the benchmark runs <see cref="CyclesPerInvoke"/> of them on a fresh
/// simulation per iteration, so a trace never grows past one iteration's cycles).
/// </summary>
[Config(typeof(Config))]
public class SimulationSpeed
{
    public const int CyclesPerInvoke = 200_000;

    sealed class Config : ManualConfig
    {
        public Config()
        {
            // A fresh simulation per iteration (IterationSetup) needs one invocation per iteration;
            // ten iterations of 200,000 cycles keep a full run of every case within minutes.
            AddJob(Job.Default.WithWarmupCount(2).WithIterationCount(10).WithInvocationCount(1).WithUnrollFactor(1).AsDefault());
            AddColumn(new CyclesPerSecondColumn());
            SummaryStyle = BenchmarkDotNet.Reports.SummaryStyle.Default.WithMaxParameterColumnWidth(30);
        }
    }

    public static IEnumerable<string> Variants() =>
        CoreRegistry.All.Select(v => $"{v.Core}-{v.Variant}");

    [ParamsSource(nameof(Variants))]
    public string Variant { get; set; } = "";

    [Params(false, true)]
    public bool Traced { get; set; }

    Simulation sim = null!;

    /// <summary>
    /// Checks once per case that the driven inputs make a flowing stream: the core takes inputs and
    /// delivers outputs (otherwise the benchmark would time an idle design).
    /// </summary>
    [GlobalSetup]
    public void CheckTheStreamFlows()
    {
        var design = Build();
        var probe = new Simulation(design);
        FullSpeedStream.Drive(design, seed: 1);
        int outputs = FullSpeedStream.CountOutputTransfers(probe, design, cycles: 2_000);
        if (outputs < 100)
            throw new InvalidOperationException($"{Variant}: only {outputs} output transfers in 2,000 full-speed cycles; the stream does not flow");
    }

    [IterationSetup]
    public void FreshSimulation()
    {
        var design = Build();
        sim = new Simulation(design);
        if (Traced) sim.EnableTrace();
        FullSpeedStream.Drive(design, seed: 1);
    }

    Design Build()
    {
        int dash = Variant.IndexOf('-');
        return CoreRegistry.Find(Variant[..dash], Variant[(dash + 1)..]).BuildDesign();
    }

    [Benchmark(OperationsPerInvoke = CyclesPerInvoke)]
    public long FullSpeedCycles()
    {
        sim.Run(CyclesPerInvoke);
        return sim.Cycle;
    }
}

/// <summary>Simulated cycles per second: the inverse of the mean time of one operation (one cycle).</summary>
public sealed class CyclesPerSecondColumn : IColumn
{
    public string Id => nameof(CyclesPerSecondColumn);
    public string ColumnName => "Cycles/s";
    public bool AlwaysShow => true;
    public ColumnCategory Category => ColumnCategory.Custom;
    public int PriorityInCategory => 0;
    public bool IsNumeric => true;
    public UnitType UnitType => UnitType.Dimensionless;
    public string Legend => "Simulated clock cycles per second (1 / mean time per cycle)";
    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;
    public bool IsAvailable(Summary summary) => true;
    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, SummaryStyle.Default);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        var stats = summary[benchmarkCase]?.ResultStatistics;
        return stats is null || stats.Mean <= 0 ? "-" : (1e9 / stats.Mean).ToString("N0", System.Globalization.CultureInfo.InvariantCulture);
    }
}
