using System.Globalization;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace Crypto.Bench;

/// <summary>
/// A rate column: units per operation (from the benchmark case) divided by the mean time of one
/// operation, scaled; "-" where there is no mean or no units.
/// </summary>
public sealed class RateColumn(string name, string legend, Func<BenchmarkCase, double?> unitsPerOperation, double scale, string format) : IColumn
{
    /// <summary>Simulated cycles per second: one operation is one cycle.</summary>
    public static RateColumn CyclesPerSecond { get; } =
        new("Cycles/s", "Simulated clock cycles per second (1 / mean time per cycle)", _ => 1, 1, "N0");

    /// <summary>MB/s (10^6 bytes per second) of a benchmark with a <c>Bytes</c> parameter.</summary>
    public static RateColumn MegabytesPerSecond { get; } =
        new("MB/s", "Bytes processed per second / 10^6",
            c => c.Parameters.Items.FirstOrDefault(p => p.Name == "Bytes")?.Value is int b ? b : null, 1e-6, "N1");

    public string Id => "Rate:" + name;
    public string ColumnName => name;
    public bool AlwaysShow => true;
    public ColumnCategory Category => ColumnCategory.Custom;
    public int PriorityInCategory => 0;
    public bool IsNumeric => true;
    public UnitType UnitType => UnitType.Dimensionless;
    public string Legend => legend;
    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;
    public bool IsAvailable(Summary summary) => true;
    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, SummaryStyle.Default);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        var stats = summary[benchmarkCase]?.ResultStatistics;
        return stats is null || stats.Mean <= 0 || unitsPerOperation(benchmarkCase) is not { } units ? "-"
            : (units / stats.Mean * 1e9 * scale).ToString(format, CultureInfo.InvariantCulture);
    }
}
