using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using Crypto.Catalog;
using Crypto.Streams;
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
            AddColumn(RateColumn.CyclesPerSecond);
            SummaryStyle = BenchmarkDotNet.Reports.SummaryStyle.Default.WithMaxParameterColumnWidth(30);
        }
    }

    /// <summary>
    /// Every build a held full-speed stream drives, by its name (as in vhdl-out: aes-proc11,
    /// aes128-proc11, md5-proc4, ...): those that put out at least one transfer in a probe of
    /// <see cref="ProbeCycles"/> cycles, so no case times an idle design. A hash core's held stream is
    /// one one-block message per pass of its pipeline (<see cref="FullSpeedStream"/>), so a deep
    /// pipeline puts out a digest only every few dozen cycles. The AEAD builds (aes-gcm,
    /// chacha20-poly1305) put out nothing and are left out: they take a message as a sequence of items
    /// of different kinds (IV, AAD, data, end), which inputs held at one value cannot make.
    /// </summary>
    public static IEnumerable<string> Variants() => CoreRegistry.All.Where(Flows).Select(v => v.Name);

    const int ProbeCycles = 2_000;

    static bool Flows(ICoreVariant variant)
    {
        var design = variant.BuildDesign();
        var probe = new Simulation(design);
        FullSpeedStream.Drive(design, seed: 1);
        return FullSpeedStream.CountOutputTransfers(probe, design, ProbeCycles) > 0;
    }

    [ParamsSource(nameof(Variants))]
    public string Variant { get; set; } = "";

    [Params(false, true)]
    public bool Traced { get; set; }

    Simulation sim = null!;

    [IterationSetup]
    public void FreshSimulation()
    {
        var design = Build();
        sim = new Simulation(design);
        if (Traced) sim.EnableTrace();
        FullSpeedStream.Drive(design, seed: 1);
    }

    Design Build() => CoreRegistry.FindByName(Variant).BuildDesign();

    [Benchmark(OperationsPerInvoke = CyclesPerInvoke)]
    public long FullSpeedCycles()
    {
        sim.Run(CyclesPerInvoke);
        return sim.Cycle;
    }
}
