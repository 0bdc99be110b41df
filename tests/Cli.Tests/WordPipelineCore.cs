using Crypto.Streams;
using Hdl;

namespace Crypto.Cli.Tests;

public interface IWordStream : IStreamControl
{
    uint Word { get; set; }
}

/// <summary>A registered pipeline stage that adds one to a word (a tiny core for testing the CLI's plumbing).</summary>
public sealed class WordIncrementStage : ClockedProcess
{
    [InputBus] public IWordStream Input = null!;
    [InputBus] public IReady Advance = null!;
    [OutputBus] public IWordStream Output = Bus.Create<IWordStream>();

    protected override void OnTick()
    {
        if (Advance.Ready)
        {
            Output.Valid = Input.Valid;
            if (Input.Valid)
            {
                Output.Word = Input.Word + 1;
                Output.Last = Input.Last;
            }
        }
    }
}

/// <summary>
/// A test core of <paramref name="stages"/> increment stages under one <see cref="PipelineControl"/>:
/// a real simulated design, so the CLI's list output carries measured figures.
/// </summary>
/// <remarks>
/// <paramref name="oracleOffset"/> is what the software model adds; a value other than the stage
/// count makes a variant whose simulation disagrees with its model (for failure paths).
/// </remarks>
public sealed class WordPipelineVariant(string variant, int stages, int? oracleOffset = null) : ICoreVariant
{
    public string Core => "word";
    public string Variant => variant;
    public string Description => $"test pipeline of {stages} increment stages";

    sealed record Parts(Design Design, IWordStream Input, IReady InputReady, IWordStream Output, IReady OutputReady);

    Parts Build()
    {
        var d = new Design($"word_{variant}");
        var input = d.Input(Bus.Create<IWordStream>(), "in");
        var outputReady = d.Input(Bus.Create<IReady>(), "out_ready");
        var control = d.Add(new PipelineControl());
        IWordStream previous = input;
        WordIncrementStage? last = null;
        for (int i = 0; i < stages; i++)
        {
            last = d.Add(new WordIncrementStage { Input = previous, Advance = control.Advance });
            previous = last.Output;
        }
        control.Output = last!.Output;
        control.OutputReady = outputReady;
        d.Output(last.Output, "out");
        d.Output(control.Advance, "in_ready");
        return new Parts(d, input, control.Advance, last.Output, outputReady);
    }

    public Design BuildDesign() => Build().Design;

    (Simulation Sim, StreamRun<uint> Run, uint[] Items) Stream(int blocks, StreamOptions options, bool trace)
    {
        var p = Build();
        var sim = new Simulation(p.Design);
        if (trace) sim.EnableTrace();
        var items = Items(blocks, options.Seed);
        return (sim, Stream(p, sim, items, options), items);
    }

    static uint[] Items(int blocks, int seed) => [.. Enumerable.Range(0, blocks).Select(i => (uint)new Random(seed + i).Next())];

    static StreamRun<uint> Stream(Parts p, Simulation sim, uint[] items, StreamOptions options) =>
        new StreamTestbench<IWordStream, IWordStream>(sim, p.Input, p.InputReady, p.Output, p.OutputReady)
            .Run(items, (b, x) => { b.Word = x; b.Last = false; }, o => o.Word, items.Length, options);

    public ResetRun RunAcrossReset(int blocks, StreamOptions options, long cutAfterCycles, Action<Simulation> reset)
    {
        var p = Build();
        var sim = new Simulation(p.Design);
        var before = Stream(p, sim, Items(blocks, options.Seed), options with { StopAfterCycles = cutAfterCycles });
        reset(sim);
        var items = Items(blocks, options.Seed + 1);
        var after = Stream(p, sim, items, options);
        var expected = items.Select(x => x + (uint)(oracleOffset ?? stages)).ToList();
        return new ResetRun(sim, before.Outputs.Count, StreamTestbench<IWordStream, IWordStream>.Compare(expected, after.Outputs), after.ProtocolErrors);
    }

    public Measurement Measure(int blocks = 64)
    {
        var (_, run, _) = Stream(blocks, StreamOptions.FullSpeed, trace: false);
        return new Measurement(run.ClocksPerBlock, run.Latency, run.Cycles, blocks);
    }

    public TracedRun RunTraced(int blocks, StreamOptions options)
    {
        var (sim, run, items) = Stream(blocks, options, trace: true);
        var expected = items.Select(x => x + (uint)(oracleOffset ?? stages)).ToList();
        return new TracedRun(sim, sim.Trace!, StreamTestbench<IWordStream, IWordStream>.Compare(expected, run.Outputs),
            run.ProtocolErrors, blocks);
    }

    /// <summary>A cores holding this test core in two sizes.</summary>
    public static CoreFamilies Families(params WordPipelineVariant[] extra) => new(
    [
        new CoreFamily("word", [new WordPipelineVariant("one", 1), new WordPipelineVariant("three", 3), .. extra],
            _ => throw new NotSupportedException("the test core has no published known answer")),
    ]);
}
