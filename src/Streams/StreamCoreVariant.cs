using Hdl;

namespace Crypto.Streams;

/// <summary>A freshly built stream core: its design and the top-level buses a testbench drives.</summary>
public interface IStreamCoreDesign<TIn, TOut> where TIn : class, IStreamControl where TOut : class, IStreamControl
{
    Design Design { get; }
    TIn Input { get; }
    IReady InputReady { get; }
    TOut Output { get; }
    IReady OutputReady { get; }
}

/// <summary>What a run of jobs through a fresh stream core produced, and its trace when one was asked for.</summary>
public sealed record StreamCoreRun<TCore, TResult>(TCore Core, Simulation Simulation, StreamRun<TResult> Stream, TraceRecorder? Trace);

/// <summary>
/// The runner every stream core variant shares (AES, AES-GCM, ChaCha20, Poly1305, ChaCha20-Poly1305):
/// a fresh core per run, jobs through the <see cref="StreamTestbench{TIn, TOut}"/>, outputs checked
/// against the software oracle, traced runs, a reset in the middle of a stream, and the checked
/// full-speed runs a measurement is made of. A variant says how to build its core, how its jobs go on
/// the stream (<see cref="Stream"/>), what the oracle expects and what random jobs look like; with
/// its measurement it is then an <see cref="ICoreVariant"/>.
/// </summary>
/// <typeparam name="TJob">What a run is given: a block, a word, or a whole message that the variant cuts into stream items.</typeparam>
public abstract class StreamCoreVariant<TCore, TIn, TOut, TJob, TResult>
    where TCore : IStreamCoreDesign<TIn, TOut> where TIn : class, IStreamControl where TOut : class, IStreamControl
{
    public abstract string Core { get; }
    public abstract string Variant { get; }
    public abstract string Description { get; }

    /// <summary>A fresh design with its top-level buses (a design is simulated once).</summary>
    public abstract TCore Build();

    public Design BuildDesign() => Build().Design;

    /// <summary>Runs <paramref name="jobs"/> through <paramref name="core"/>, which may have run before, under <paramref name="options"/>.</summary>
    public abstract StreamRun<TResult> Stream(TCore core, Simulation sim, IReadOnlyList<TJob> jobs, StreamOptions options);

    /// <summary>What the core must give for <paramref name="jobs"/>, from the software model.</summary>
    protected abstract IReadOnlyList<TResult> Oracle(IReadOnlyList<TJob> jobs);

    /// <summary>Seeded random jobs of about <paramref name="blocks"/> blocks, for traced runs and resets.</summary>
    protected abstract IReadOnlyList<TJob> RandomJobs(int blocks, int seed);

    /// <summary>A testbench on the core's top-level buses.</summary>
    protected static StreamTestbench<TIn, TOut> Testbench(TCore core, Simulation sim) =>
        new(sim, core.Input, core.InputReady, core.Output, core.OutputReady);

    /// <summary>Runs <paramref name="jobs"/> through a fresh instance of the core, in order, under <paramref name="options"/>.</summary>
    protected StreamCoreRun<TCore, TResult> RunFresh(IReadOnlyList<TJob> jobs, StreamOptions options, bool trace)
    {
        var core = Build();
        var sim = new Simulation(core.Design);
        var recorder = trace ? sim.EnableTrace() : null;
        return new StreamCoreRun<TCore, TResult>(core, sim, Stream(core, sim, jobs, options), recorder);
    }

    /// <summary>
    /// Runs <paramref name="jobs"/> at full speed through <paramref name="core"/> and returns the run,
    /// or throws when an output differs from the oracle's or the stream contract is broken: a
    /// measurement is only made of a right run.
    /// </summary>
    protected StreamRun<TResult> CheckedFullSpeed(TCore core, Simulation sim, IReadOnlyList<TJob> jobs)
    {
        var run = Stream(core, sim, jobs, StreamOptions.FullSpeed);
        var mismatches = StreamTestbench<TIn, TOut>.Compare(Oracle(jobs), run.Outputs);
        if (mismatches.Count > 0 || run.ProtocolErrors.Count > 0)
            throw new HardwareException($"{Core} {Variant}: measurement run is wrong: " +
                string.Join("; ", mismatches.Take(3).Select(m => m.ToString()).Concat(run.ProtocolErrors.Take(3))));
        return run;
    }

    /// <summary>The same on a fresh core.</summary>
    protected StreamRun<TResult> CheckedFullSpeed(IReadOnlyList<TJob> jobs)
    {
        var core = Build();
        return CheckedFullSpeed(core, new Simulation(core.Design), jobs);
    }

    /// <summary>A measurement from one checked full-speed run of <paramref name="jobs"/>: clocks between outputs, first output's latency.</summary>
    protected Measurement MeasureRun(IReadOnlyList<TJob> jobs, int blocks)
    {
        var run = CheckedFullSpeed(jobs);
        return new Measurement(run.ClocksPerBlock, run.Latency, run.Cycles, blocks);
    }

    public virtual TracedRun RunTraced(int blocks, StreamOptions options)
    {
        var jobs = RandomJobs(blocks, options.Seed);
        var run = RunFresh(jobs, options, trace: true);
        var mismatches = StreamTestbench<TIn, TOut>.Compare(Oracle(jobs), run.Stream.Outputs);
        return new TracedRun(run.Simulation, run.Trace!, mismatches, run.Stream.ProtocolErrors, blocks);
    }

    public ResetRun RunAcrossReset(int blocks, StreamOptions options, long cutAfterCycles, Action<Simulation> reset)
    {
        var core = Build();
        var sim = new Simulation(core.Design);
        var before = Stream(core, sim, RandomJobs(blocks, options.Seed), options with { StopAfterCycles = cutAfterCycles });
        reset(sim);
        var jobs = RandomJobs(blocks, options.Seed + 1);
        var after = Stream(core, sim, jobs, options);
        return new ResetRun(sim, before.Outputs.Count, StreamTestbench<TIn, TOut>.Compare(Oracle(jobs), after.Outputs), after.ProtocolErrors);
    }

    public override string ToString() => $"{Core} {Variant}";
}
