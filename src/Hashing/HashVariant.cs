using Crypto.Streams;
using Hdl;

namespace Crypto.Hashing;

/// <summary>A hash's published known answer (RFC 1321, FIPS 180-4): a message and its digest in hex.</summary>
public sealed record HashKnownAnswer(string Name, byte[] Message, string Digest);

/// <summary>
/// A named variant of a hash core (MD5, SHA-2): how to build its design, how to put chunks on its
/// input and take digests off its output, and the software oracle it is checked against. Every hash
/// core has the same front end (<see cref="HashSlotScheduler"/>), so this one class runs them all.
/// </summary>
public sealed class HashVariant<TIn, TOut>(
    string core, string variant, string description, int blockBytes, int lengthBytes,
    Func<HashCoreDesign<TIn, TOut>> build,
    Action<TIn, ReadOnlySpan<byte>, byte, bool> write,
    Func<TOut, (byte Id, byte[] Digest)> read,
    Func<byte[], byte[]> reference, HashKnownAnswer knownAnswer) : IHashVariant
    where TIn : class, IHashChunkControl where TOut : class, IStreamControl
{
    public string Core { get; } = core;
    public string Variant { get; } = variant;
    public string Description { get; } = description;
    public int BlockBytes { get; } = blockBytes;
    public int LengthBytes { get; } = lengthBytes;

    /// <summary>Message slots of the core (messages in flight at once).</summary>
    public int Slots => Build().Slots;

    public HashCoreDesign<TIn, TOut> Build() => build();

    public Design BuildDesign() => Build().Design;

    /// <summary>Hashes the published message through the core and compares with the published digest.</summary>
    public KnownAnswerResult KnownAnswer()
    {
        var run = Hash([knownAnswer.Message]);
        string got = run.Digests[0] is { } d ? Convert.ToHexStringLower(d) : "nothing";
        return new KnownAnswerResult(knownAnswer.Name, got == knownAnswer.Digest, knownAnswer.Digest, got, run.Cycles);
    }

    /// <summary>The digest the core must produce for <paramref name="message"/> (the software oracle).</summary>
    public byte[] Reference(byte[] message) => reference(message);

    /// <summary>Runs messages through a fresh instance of the core.</summary>
    public (HashRun Run, Simulation Simulation, TraceRecorder? Trace) Run(IReadOnlyList<byte[]> messages, StreamOptions options,
        bool trace = false, int? maxActive = null)
    {
        var design = Build();
        var sim = new Simulation(design.Design);
        var recorder = trace ? sim.EnableTrace() : null;
        var run = HashMessageDriver.Run(design, sim, messages, BlockBytes, LengthBytes, write, read, options, maxActive);
        return (run, sim, recorder);
    }

    public HashRun Hash(IReadOnlyList<byte[]> messages, StreamOptions? options = null)
    {
        long blocks = messages.Sum(m => (long)HashMessageDriver.BlockCount(m.Length, BlockBytes, LengthBytes));
        var (run, _, _) = Run(messages, options ?? StreamOptions.FullSpeed with { MaxCycles = 200 * blocks + 10_000 });
        if (run.ProtocolErrors.Count > 0)
            throw new HardwareException($"{Core} {Variant}: the core broke the stream contract: {run.ProtocolErrors[0]}");
        return run;
    }

    /// <summary>Every digest of <paramref name="run"/> that differs from the oracle's.</summary>
    public IReadOnlyList<Mismatch> Check(IReadOnlyList<byte[]> messages, HashRun run)
    {
        var list = new List<Mismatch>();
        for (int i = 0; i < messages.Count; i++)
        {
            var expected = reference(messages[i]);
            var got = run.Digests[i];
            if (got is null || !got.AsSpan().SequenceEqual(expected))
                list.Add(new Mismatch(i, $"{Convert.ToHexStringLower(expected)} ({messages[i].Length} bytes)",
                    got is null ? "nothing" : Convert.ToHexStringLower(got)));
        }
        return list;
    }

    /// <summary>
    /// Clocks per block with many messages interleaved (eight per slot, each of four blocks, so that
    /// filling and draining the pipeline costs little), from the first chunk taken to the last
    /// digest out; and latency from a one-block message's chunk to its digest.
    /// </summary>
    public Measurement Measure(int blocks = 64)
    {
        int slots = Slots;
        int perMessage = 4;
        int count = Math.Max((blocks + perMessage - 1) / perMessage, 8 * slots);
        var messages = EqualMessages(count, perMessage, seed: 1);
        var run = CheckedRun(messages, "measurement");
        var single = CheckedRun([EqualMessages(1, 1, seed: 2)[0]], "latency measurement");
        long latency = single.OutputCycles[0] - single.InputCycles[0];
        return new Measurement(run.ClocksPerBlock, latency, run.Cycles, run.Blocks);
    }

    /// <summary>Clocks per block for one long message alone (each block waits for the previous one's chaining value).</summary>
    public double MeasureSingleMessage(int blocks = 16) => CheckedRun(EqualMessages(1, blocks, seed: 3), "single-message measurement").ClocksPerBlock;

    HashRun CheckedRun(IReadOnlyList<byte[]> messages, string what)
    {
        var run = Hash(messages);
        var wrong = Check(messages, run);
        if (wrong.Count > 0)
            throw new HardwareException($"{Core} {Variant}: {what} run is wrong: {string.Join("; ", wrong.Take(3))}");
        return run;
    }

    /// <summary>Messages that pad to exactly <paramref name="blocksEach"/> blocks (the longest such length).</summary>
    public byte[][] EqualMessages(int count, int blocksEach, int seed)
    {
        var rng = new Random(seed);
        var messages = new byte[count][];
        for (int i = 0; i < count; i++)
        {
            messages[i] = new byte[blocksEach * BlockBytes - LengthBytes - 1];
            rng.NextBytes(messages[i]);
        }
        return messages;
    }

    /// <summary>
    /// Seeded random messages of about <paramref name="blocks"/> blocks in all: lengths at the padding
    /// boundaries (0, 1, block-9, block-8, ...) or uniform up to three blocks.
    /// </summary>
    public byte[][] RandomMessages(int blocks, int seed)
    {
        int b = BlockBytes, l = LengthBytes;
        int[] boundaries = [0, 1, b - l - 1, b - l, b - l + 1, b - 1, b, b + 1, 2 * b - l - 1, 2 * b - l, 2 * b];
        var rng = new Random(seed);
        var messages = new List<byte[]>();
        int total = 0;
        while (total < blocks)
        {
            int length = rng.NextDouble() < 0.4 ? boundaries[rng.Next(boundaries.Length)] : rng.Next(3 * b + 1);
            var m = new byte[length];
            rng.NextBytes(m);
            messages.Add(m);
            total += HashMessageDriver.BlockCount(length, b, l);
        }
        return [.. messages];
    }

    public ResetRun RunAcrossReset(int blocks, StreamOptions options, long cutAfterCycles, Action<Simulation> reset)
    {
        var design = Build();
        var sim = new Simulation(design.Design);
        var before = HashMessageDriver.Run(design, sim, RandomMessages(blocks, options.Seed), BlockBytes, LengthBytes, write, read,
            options with { StopAfterCycles = cutAfterCycles });
        reset(sim);
        var messages = RandomMessages(blocks, options.Seed + 1);
        var after = HashMessageDriver.Run(design, sim, messages, BlockBytes, LengthBytes, write, read, options);
        return new ResetRun(sim, before.OutputCycles.Count, Check(messages, after), after.ProtocolErrors);
    }

    public TracedRun RunTraced(int blocks, StreamOptions options)
    {
        var messages = RandomMessages(blocks, options.Seed);
        var (run, sim, trace) = Run(messages, options, trace: true);
        return new TracedRun(sim, trace!, Check(messages, run), run.ProtocolErrors, run.Blocks);
    }

    public override string ToString() => $"{Core} {Variant}";
}

/// <summary>What the CLI and the tests use of any hash variant, whatever its buses.</summary>
public interface IHashVariant : ICoreVariant
{
    int LengthBytes { get; }
    int Slots { get; }
    byte[] Reference(byte[] message);
    HashRun Hash(IReadOnlyList<byte[]> messages, StreamOptions? options = null);
    (HashRun Run, Simulation Simulation, TraceRecorder? Trace) Run(IReadOnlyList<byte[]> messages, StreamOptions options, bool trace = false, int? maxActive = null);
    IReadOnlyList<Mismatch> Check(IReadOnlyList<byte[]> messages, HashRun run);
    double MeasureSingleMessage(int blocks = 16);
    byte[][] RandomMessages(int blocks, int seed);
}
