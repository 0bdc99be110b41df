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
            AddColumn(RateColumn.CyclesPerSecond);
            SummaryStyle = BenchmarkDotNet.Reports.SummaryStyle.Default.WithMaxParameterColumnWidth(30);
        }
    }

    /// <summary>
    /// Every build a held full-speed stream drives, by its name (as in vhdl-out: aes-proc11,
    /// aes128-proc11, md5-proc4, ...). The AEAD builds (aes-gcm, chacha20-poly1305) are left out: they
    /// take a message as a sequence of items of different kinds (IV, AAD, data, end), which inputs
    /// held at one value cannot make, so they put nothing out.
    /// </summary>
    public static IEnumerable<string> Variants() => CoreRegistry.All.Where(v => OutputTransfers(v.BuildDesign(), ProbeCycles) > 0).Select(v => v.Name);

    const int ProbeCycles = 2_000;

    /// <summary>Output transfers of <paramref name="design"/> in <paramref name="cycles"/> cycles of the held full-speed stream.</summary>
    static int OutputTransfers(Design design, int cycles)
    {
        var probe = new Simulation(design);
        FullSpeedStream.Drive(design, seed: 1);
        return FullSpeedStream.CountOutputTransfers(probe, design, cycles);
    }

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
        // A hash core's held stream is one one-block message per pass of its pipeline (FullSpeedStream),
        // so a deep pipeline puts out a digest only every few dozen cycles.
        int outputs = OutputTransfers(Build(), ProbeCycles);
        if (outputs == 0)
            throw new InvalidOperationException($"{Variant}: no output transfer in {ProbeCycles:N0} full-speed cycles; the stream does not flow");
    }

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
