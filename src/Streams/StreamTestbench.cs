using Hdl;

namespace Crypto.Streams;

/// <summary>
/// Stimulus options of a stream run. Probabilities are per cycle. A run longer than
/// <see cref="MaxCycles"/> is an error; one cut at <see cref="StopAfterCycles"/> just ends there,
/// with blocks in flight (to reset a core mid-stream).
/// </summary>
public sealed record StreamOptions(int Seed = 1, double GapProbability = 0, double StallProbability = 0, long MaxCycles = 10_000_000,
    long StopAfterCycles = long.MaxValue)
{
    /// <summary>No input gaps, consumer always ready: the steady-state rate.</summary>
    public static StreamOptions FullSpeed { get; } = new();
}

/// <summary>What a stream run produced and when.</summary>
public sealed record StreamRun<TResult>(
    IReadOnlyList<TResult> Outputs, long Cycles, long FirstInputCycle, long FirstOutputCycle, long LastOutputCycle,
    IReadOnlyList<string> ProtocolErrors, long LastInputCycle = -1)
{
    /// <summary>Cycles from the first input transfer to the first output transfer.</summary>
    public long Latency => FirstOutputCycle - FirstInputCycle;

    /// <summary>Average clocks between output transfers (steady-state rate when the input never starves).</summary>
    public double ClocksPerBlock => Outputs.Count > 1 ? (double)(LastOutputCycle - FirstOutputCycle) / (Outputs.Count - 1) : double.NaN;
}

/// <summary>One difference between the expected and the received outputs.</summary>
public sealed record Mismatch(int Index, string Expected, string Got)
{
    public override string ToString() => $"output {Index}: expected {Expected}, got {Got}";
}

/// <summary>
/// Drives a core's input stream and takes its output stream cycle by cycle, with seeded random
/// input gaps and output back-pressure, following the stream contract, and checks that the core
/// keeps it too (output Valid and payload hold while not taken).
/// </summary>
public sealed class StreamTestbench<TIn, TOut>(Simulation sim, TIn input, IReady inputReady, TOut output, IReady outputReady)
    where TIn : class, IStreamControl where TOut : class, IStreamControl
{
    public Simulation Simulation => sim;

    /// <summary>
    /// Feeds every item (writing its payload with <paramref name="write"/>) and collects outputs
    /// (reading them with <paramref name="read"/>) until <paramref name="expectedOutputs"/> arrived.
    /// When <paramref name="isFinal"/> is given, an output for which it is true ends the run when it is
    /// taken (a core that stops on an error takes no more input after it).
    /// </summary>
    public StreamRun<TResult> Run<TItem, TResult>(IReadOnlyList<TItem> items, Action<TIn, TItem> write,
        Func<TOut, TResult> read, int expectedOutputs, StreamOptions options, Func<TResult, bool>? isFinal = null)
    {
        bool ended = false;
        var rng = new Random(options.Seed);
        var outputs = new List<TResult>(expectedOutputs);
        var errors = new List<string>();
        int next = 0;
        bool offering = false;
        long firstIn = -1, lastIn = -1, firstOut = -1, lastOut = -1;
        bool heldValid = false;
        TResult? held = default;
        long start = sim.Cycle;

        while (!ended && (outputs.Count < expectedOutputs || next < items.Count) && sim.Cycle - start < options.StopAfterCycles)
        {
            if (sim.Cycle - start >= options.MaxCycles)
                throw new HardwareException(
                    $"stream run stopped after {options.MaxCycles} cycles: {next} of {items.Count} inputs taken, {outputs.Count} of {expectedOutputs} outputs received (seed {options.Seed})");
            // Drive: an offered item stays offered, unchanged, until it is taken.
            if (!offering && next < items.Count && rng.NextDouble() >= options.GapProbability)
            {
                write(input, items[next]);
                offering = true;
            }
            input.Valid = offering;
            outputReady.Ready = rng.NextDouble() >= options.StallProbability;

            sim.Settle();

            bool outValid = output.Valid;
            if (heldValid)
            {
                if (!outValid) errors.Add($"cycle {sim.Cycle}: output Valid dropped before the transfer was taken");
                else if (!EqualityComparer<TResult>.Default.Equals(read(output), held!))
                    errors.Add($"cycle {sim.Cycle}: output payload changed while Valid was high and Ready low");
            }
            if (offering && inputReady.Ready)
            {
                if (firstIn < 0) firstIn = sim.Cycle;
                lastIn = sim.Cycle;
                offering = false;
                next++;
            }
            heldValid = false;
            if (outValid)
            {
                var value = read(output);
                if (outputReady.Ready)
                {
                    if (firstOut < 0) firstOut = sim.Cycle;
                    lastOut = sim.Cycle;
                    outputs.Add(value);
                    if (isFinal is not null && isFinal(value)) ended = true;
                    if (outputs.Count > expectedOutputs)
                        errors.Add($"cycle {sim.Cycle}: more outputs than the {expectedOutputs} expected");
                }
                else { heldValid = true; held = value; }
            }
            sim.Clock();
            if (errors.Count > 20) break;
        }
        return new StreamRun<TResult>(outputs, sim.Cycle - start, firstIn, firstOut, lastOut, errors, lastIn);
    }

    /// <summary>Every difference between <paramref name="expected"/> and <paramref name="got"/>, by index.</summary>
    public static IReadOnlyList<Mismatch> Compare<T>(IReadOnlyList<T> expected, IReadOnlyList<T> got, Func<T, string>? show = null)
    {
        show ??= x => x?.ToString() ?? "null";
        var list = new List<Mismatch>();
        for (int i = 0; i < Math.Max(expected.Count, got.Count); i++)
        {
            if (i >= got.Count) list.Add(new Mismatch(i, show(expected[i]), "nothing"));
            else if (i >= expected.Count) list.Add(new Mismatch(i, "nothing", show(got[i])));
            else if (!EqualityComparer<T>.Default.Equals(expected[i], got[i])) list.Add(new Mismatch(i, show(expected[i]), show(got[i])));
        }
        return list;
    }
}
