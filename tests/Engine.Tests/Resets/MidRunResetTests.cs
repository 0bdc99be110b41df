using Crypto.Streams;
using Hdl;
using Hdl.Vhdl;
using Xunit;

namespace Engine.Tests.Resets;

/// <summary>
/// <see cref="Simulation.Reset"/>: a synchronous reset between two cycles that resets what the VHDL
/// resets, and the check built on it (<see cref="ICoreVariant.RunAcrossReset"/>, run for every core
/// variant in Cores.Tests) failing on a design whose data register's reset value is observed.
/// </summary>
public class MidRunResetTests
{
    [Fact]
    public void ResetRestoresTheRegistersWithResetAndLeavesOrScramblesTheOthers()
    {
        var d = new Design("reset_kernel");
        var input = d.Input(Bus.Create<IResetCode>(), "in");
        var stage = d.Add(new CountingStage { Input = input });
        d.Output(stage.Output, "out");
        var sim = new Simulation(d);
        for (int i = 0; i < 12; i++)
        {
            input.Code = (byte)(i + 1);
            input.Valid = true;
            sim.Step();
        }
        var plan = VhdlGenerator.ResetPlan(sim.Netlist);
        Assert.Equal(["last"], plan.UnresetFields.Select(f => f.Field.Name));
        Assert.Equal(["Value"], plan.UnresetSignals.Select(s => s.Name));
        var valueBefore = stage.Output.Value;

        sim.Reset(plan);
        Assert.False(stage.Output.Flag); // [InitialValue(false)] again
        Assert.Equal(valueBefore, stage.Output.Value); // no reset: stale
        Assert.Equal((byte)0, Field<byte>(stage, "count"));
        Assert.Equal(ResetPhase.Idle, Field<ResetPhase>(stage, "phase"));
        Assert.Equal(0u, Field<uint>(stage, "total")); // [KeepReset]
        Assert.Equal(12u, Field<uint>(stage, "last")); // no reset: stale
        Assert.Equal([1, 2, 3, 4], Field<byte[]>(stage, "marks")); // a register file back to its start

        // Scrambled: random bits, different from the stale values for this seed.
        const int seed = 41;
        sim.Reset(plan, new Random(seed));
        Assert.True(Field<uint>(stage, "last") != 12u || stage.Output.Value != valueBefore, $"seed {seed}: nothing was scrambled");
        Assert.Equal((byte)0, Field<byte>(stage, "count"));
        // The simulation goes on from the reset state.
        input.Code = 5;
        sim.Step();
        Assert.Equal(5u, Field<uint>(stage, "total"));
        Assert.Equal((byte)1, Field<byte>(stage, "count"));
    }

    [Fact]
    public void ResetRefusesATracedSimulation()
    {
        var d = new Design("reset_traced");
        var input = d.Input(Bus.Create<IResetCode>(), "in");
        var stage = d.Add(new CountingStage { Input = input });
        d.Output(stage.Output, "out");
        var sim = new Simulation(d);
        sim.EnableTrace();
        input.Code = 1;
        input.Valid = true;
        sim.Step();
        Assert.Throws<InvalidOperationException>(() => sim.Reset(ResetPlan.ResetAll));
    }

    static T Field<T>(Process p, string name) =>
        (T)p.GetType().GetField(name, System.Reflection.BindingFlags.Instance | System.Reflection.BindingFlags.NonPublic)!.GetValue(p)!;

    /// <summary>
    /// The mutant: the running sum's reset value (0) is observed by every output after the reset, but
    /// the analysis calls it data. The check must see it: the outputs after a scrambling reset differ
    /// from the oracle; with every register reset (or the sum kept) they equal it.
    /// </summary>
    [Fact]
    public void TheCheckFailsOnADataRegisterWhoseResetValueIsObserved()
    {
        var v = new RunningSumVariant();
        const int seed = 17;
        var options = new StreamOptions(seed, GapProbability: 0.2, StallProbability: 0.2);
        bool planned = false;
        var mutant = v.RunAcrossReset(20, options, cutAfterCycles: 9, sim =>
        {
            var plan = VhdlGenerator.ResetPlan(sim.Netlist);
            planned = plan.UnresetFields.Any(f => f.Field.Name == "sum");
            sim.Reset(plan, new Random(seed));
        });
        Assert.True(planned, "the analysis should call the running sum data");
        Assert.True(mutant.OutputsBeforeReset > 0, $"seed {seed}: the stream was cut before any output");
        Assert.True(mutant.Mismatches.Count == 20, $"seed {seed}: every output after the reset shows the stale sum, got {mutant.Mismatches.Count} mismatches");

        var stale = v.RunAcrossReset(20, options, cutAfterCycles: 9, sim => sim.Reset(VhdlGenerator.ResetPlan(sim.Netlist)));
        Assert.True(stale.Mismatches.Count == 20, $"seed {seed}: a stale sum shows too, got {stale.Mismatches.Count} mismatches");

        var reset = v.RunAcrossReset(20, options, cutAfterCycles: 9, sim => sim.Reset(ResetPlan.ResetAll, new Random(seed)));
        Assert.True(reset.Mismatches.Count == 0, $"seed {seed}: {string.Join("; ", reset.Mismatches.Take(3))}");
        Assert.Empty(reset.ProtocolErrors);
    }
}

/// <summary>The mutant design as a core variant: words in, running sums out, the oracle summing from 0.</summary>
public sealed class RunningSumVariant : StreamCoreVariant<RunningSumVariant.Parts, IResetWord, IResetWord, uint, uint>, ICoreVariant
{
    public override string Core => "sum";
    public override string Variant => "running";
    public override string Description => "a running sum that only the reset starts";

    public int BlockBytes => 4;

    public KnownAnswerResult KnownAnswer() => throw new NotSupportedException();

    public sealed record Parts(Design Design, IResetWord Input, IReady InputReady, IResetWord Output, IReady OutputReady)
        : IStreamCoreDesign<IResetWord, IResetWord>;

    public override Parts Build()
    {
        var d = new Design("running_sum");
        var input = d.Input(Bus.Create<IResetWord>(), "in");
        var ready = d.Input(Bus.Create<IReady>(), "out_ready");
        var control = d.Add(new PipelineControl { OutputReady = ready });
        var stage = d.Add(new RunningSumStage { Input = input, Advance = control.Advance });
        control.Output = stage.Output;
        d.Output(stage.Output, "out");
        d.Output(control.Advance, "in_ready");
        return new Parts(d, input, control.Advance, stage.Output, ready);
    }

    protected override IReadOnlyList<uint> RandomJobs(int count, int seed)
    {
        var rng = new Random(seed);
        return [.. Enumerable.Range(0, count).Select(_ => (uint)rng.Next())];
    }

    protected override IReadOnlyList<uint> Oracle(IReadOnlyList<uint> words)
    {
        uint sum = 0;
        return [.. words.Select(w => sum += w)];
    }

    public override StreamRun<uint> Stream(Parts p, Simulation sim, IReadOnlyList<uint> words, StreamOptions options) =>
        Testbench(p, sim).Run(words, static (b, w) => { b.Word = w; b.Last = false; }, static o => o.Word, words.Count, options);

    public Measurement Measure(int blocks = 64) => throw new NotSupportedException();
}
