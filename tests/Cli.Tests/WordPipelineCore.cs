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
public sealed class WordPipelineVariant(string variant, int stages, int? oracleOffset = null)
    : StreamCoreVariant<WordPipelineVariant.Parts, IWordStream, IWordStream, uint, uint>, ICoreVariant
{
    public override string Core => "word";
    public override string Variant => variant;
    public override string Description => $"test pipeline of {stages} increment stages";

    /// <summary>One 32-bit word per block.</summary>
    public int BlockBytes => 4;

    public KnownAnswerResult KnownAnswer() => throw new NotSupportedException("the test core has no published known answer");

    public sealed record Parts(Design Design, IWordStream Input, IReady InputReady, IWordStream Output, IReady OutputReady)
        : IStreamCoreDesign<IWordStream, IWordStream>;

    public override Parts Build()
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

    public override StreamRun<uint> Stream(Parts p, Simulation sim, IReadOnlyList<uint> items, StreamOptions options) =>
        Testbench(p, sim).Run(items, (b, x) => { b.Word = x; b.Last = false; }, o => o.Word, items.Count, options);

    protected override IReadOnlyList<uint> Oracle(IReadOnlyList<uint> items) => [.. items.Select(x => x + (uint)(oracleOffset ?? stages))];

    protected override IReadOnlyList<uint> RandomJobs(int blocks, int seed) => [.. Enumerable.Range(0, blocks).Select(i => (uint)new Random(seed + i).Next())];

    /// <summary>Unchecked: a variant whose model disagrees (for failure paths) still measures.</summary>
    public Measurement Measure(int blocks = 64)
    {
        var run = RunFresh(RandomJobs(blocks, 1), StreamOptions.FullSpeed, trace: false).Stream;
        return new Measurement(run.ClocksPerBlock, run.Latency, run.Cycles, blocks);
    }

    /// <summary>A cores holding this test core in two sizes.</summary>
    public static CoreFamilies Families(params WordPipelineVariant[] extra) => new(
    [
        new CoreFamily("word", [new WordPipelineVariant("one", 1), new WordPipelineVariant("three", 3), .. extra], v => v.KnownAnswer()),
    ]);
}
