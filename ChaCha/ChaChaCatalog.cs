using System.Buffers.Binary;
using Crypto.Streams;
using Hdl;

namespace Crypto.ChaCha;

/// <summary>
/// One data word for a ChaCha20 core, with the key, nonce and initial counter of its message (read by
/// the core on a message's first word only).
/// </summary>
public readonly record struct ChaChaWord(UInt128 Data0, UInt128 Data1, UInt128 Data2, UInt128 Data3, byte ByteCount, bool Last,
    UInt128 Key0, UInt128 Key1, UInt128 Nonce, uint Counter);

/// <summary>One word out of a ChaCha20 core.</summary>
public readonly record struct ChaChaWordResult(UInt128 Data0, UInt128 Data1, UInt128 Data2, UInt128 Data3, byte ByteCount, bool Last, bool Error)
{
    public override string ToString() =>
        $"{Data0:x32} {Data1:x32} {Data2:x32} {Data3:x32} bytes {ByteCount}{(Last ? " last" : "")}{(Error ? " ERROR" : "")}";
}

/// <summary>A freshly built ChaCha20 core design and its top-level buses.</summary>
public sealed record ChaChaCoreDesign(Design Design, IChaChaDataIn Input, IReady InputReady, IChaChaDataOut Output, IReady OutputReady)
    : IStreamCoreDesign<IChaChaDataIn, IChaChaDataOut>;

/// <summary>What <see cref="ChaChaCatalog.Encrypt"/> produced through the simulation.</summary>
public sealed record ChaChaEncryption(byte[] Output, long Cycles, int Blocks, bool CounterExhausted);

/// <summary>
/// A ChaCha20 datapath added into a design: its input ready (the input bus is the caller's) and its
/// output stream (whose consumer ready is the caller's).
/// </summary>
public sealed record ChaChaDatapath(IReady InputReady, IChaChaDataOut Output);

/// <summary>
/// Adds the processes of a ChaCha20 variant into <paramref name="design"/>, reading words from
/// <paramref name="input"/> and giving them to a consumer whose ready is <paramref name="outputReady"/>.
/// </summary>
public delegate ChaChaDatapath ChaChaDatapathBuilder(Design design, IChaChaDataIn input, IReady outputReady);

/// <summary>A named ChaCha20 variant: how to build its design, and how to run words through it.</summary>
public sealed class ChaChaVariant(string variant, string description, ChaChaDatapathBuilder addDatapath)
    : StreamCoreVariant<ChaChaCoreDesign, IChaChaDataIn, IChaChaDataOut, ChaChaWord, ChaChaWordResult>, ICoreVariant
{
    public override string Core => "chacha20";
    public override string Variant { get; } = variant;
    public override string Description { get; } = description;

    /// <summary>Adds this variant's processes into a larger design (see <see cref="ChaChaDatapathBuilder"/>).</summary>
    public ChaChaDatapath AddDatapath(Design design, IChaChaDataIn input, IReady outputReady) => addDatapath(design, input, outputReady);

    public override ChaChaCoreDesign Build()
    {
        var design = new Design($"chacha20_{Variant}");
        var input = design.Input(Bus.Create<IChaChaDataIn>(), "in");
        var outputReady = design.Input(Bus.Create<IReady>(), "out_ready");
        var datapath = addDatapath(design, input, outputReady);
        design.Output(datapath.InputReady, "in_ready");
        design.Output(datapath.Output, "out");
        return new ChaChaCoreDesign(design, input, datapath.InputReady, datapath.Output, outputReady);
    }

    /// <summary>
    /// Runs <paramref name="words"/> through a fresh instance of the core, in order, under
    /// <paramref name="options"/>; the run ends early when an output word reports counter exhaustion.
    /// </summary>
    public StreamCoreRun<ChaChaCoreDesign, ChaChaWordResult> Run(IReadOnlyList<ChaChaWord> words, StreamOptions options, bool trace = false) =>
        RunFresh(words, options, trace);

    public override StreamRun<ChaChaWordResult> Stream(ChaChaCoreDesign core, Simulation sim, IReadOnlyList<ChaChaWord> words, StreamOptions options) =>
        Testbench(core, sim).Run(words, ChaChaCatalog.Write, ChaChaCatalog.Read, words.Count, options, isFinal: static r => r.Error);

    protected override IReadOnlyList<ChaChaWordResult> Oracle(IReadOnlyList<ChaChaWord> words) => ChaChaCatalog.Expected(words);

    public int BlockBytes => ChaChaMath.BlockBytes;

    public KnownAnswerResult KnownAnswer() => ChaChaKnownAnswers.Rfc8439Section242(this);

    protected override IReadOnlyList<ChaChaWord> RandomJobs(int blocks, int seed) => ChaChaCatalog.RandomWords(blocks, seed);

    public Measurement Measure(int blocks = 64) => MeasureRun(ChaChaCatalog.RandomWords(blocks, seed: 1), blocks);

    /// <summary>
    /// Seeded random messages (<see cref="ChaChaCatalog.RandomWords"/>), the last of which runs into
    /// counter exhaustion, so that the trace covers the core's stop too.
    /// </summary>
    /// <remarks>After the error word the run goes on for <see cref="StoppedCycles"/> cycles offering the
    /// message's next word with the consumer ready: the core must neither take it nor output anything
    /// (and the GHDL replay checks the same cycles).</remarks>
    public override TracedRun RunTraced(int blocks, StreamOptions options)
    {
        var words = ChaChaCatalog.RandomWords(blocks, options.Seed, endWithExhaustion: blocks >= 3);
        var run = Run(words, options, trace: true);
        var errors = run.Stream.ProtocolErrors.ToList();
        var outputs = run.Stream.Outputs;
        if (outputs.Count > 0 && outputs[^1].Error)
        {
            var (core, sim) = (run.Core, run.Simulation);
            ChaChaCatalog.Write(core.Input, words[outputs.Count]);
            core.Input.Valid = true;
            core.OutputReady.Ready = true;
            for (int i = 0; i < StoppedCycles; i++)
            {
                sim.Settle();
                if (core.InputReady.Ready) errors.Add($"cycle {sim.Cycle}: input ready after counter exhaustion");
                if (core.Output.Valid) errors.Add($"cycle {sim.Cycle}: output valid after counter exhaustion");
                sim.Clock();
            }
        }
        var mismatches = StreamTestbench<IChaChaDataIn, IChaChaDataOut>.Compare(ChaChaCatalog.Expected(words), outputs);
        return new TracedRun(run.Simulation, run.Trace!, mismatches, errors, blocks);
    }

    /// <summary>Cycles a traced run goes on after counter exhaustion.</summary>
    public const int StoppedCycles = 8;
}

/// <summary>
/// The ChaCha20 variants, all from one set of processes: <see cref="ChaChaBlockSetup"/> (counter and
/// initial state), <see cref="ChaChaRounds"/> (the round logic) in <see cref="ChaChaRoundStage"/>s
/// or behind <see cref="ChaChaIterativeRounds"/>, and <see cref="ChaChaFinalStage"/> (feed-forward and
/// XOR); and ChaCha20 encryption of a byte string through any of them.
/// </summary>
public static class ChaChaCatalog
{
    public static IReadOnlyList<ChaChaVariant> Variants { get; } =
    [
        new("naive", "ChaCha20, all 20 rounds in one clock between the counter stage and the output stage (1 block per clock, latency 3)",
            (design, input, outputReady) => AddPipeline(design, input, outputReady, stages: 1)),
        new("iterative", "ChaCha20, one double round per clock in one double-round datapath (10 clocks per block)", AddIterative),
        new("proc10", "ChaCha20, pipeline of 10 double-round stages (1 block per clock, latency 12)",
            (design, input, outputReady) => AddPipeline(design, input, outputReady, stages: 10)),
        new("proc20", "ChaCha20, pipeline of 20 stages, one column or diagonal round each (1 block per clock, latency 22)",
            (design, input, outputReady) => AddPipeline(design, input, outputReady, stages: 20)),
    ];

    /// <summary>The variant called <paramref name="name"/> (case-insensitive).</summary>
    public static ChaChaVariant Find(string name) =>
        Variants.FirstOrDefault(v => string.Equals(v.Variant, name, StringComparison.OrdinalIgnoreCase))
        ?? throw new ArgumentException(
            $"unknown chacha20 variant '{name}'; known variants: {string.Join(", ", Variants.Select(v => v.Variant))}", nameof(name));

    /// <summary>
    /// ChaCha20 encryption (or decryption) of <paramref name="data"/> (any length) through the
    /// cycle-accurate simulation of <paramref name="variant"/> at full speed, as one message starting at
    /// block <paramref name="counter"/>. When the core reports counter exhaustion, the output holds the
    /// words it produced up to and including the one that used counter 2^32-1.
    /// </summary>
    public static ChaChaEncryption Encrypt(string variant, byte[] key, byte[] nonce, uint counter, byte[] data)
    {
        var core = Find(variant);
        var words = Words(key, nonce, counter, data);
        if (words.Length == 0) return new ChaChaEncryption([], 0, 0, false);
        var run = core.Run(words, StreamOptions.FullSpeed with { MaxCycles = 64L * words.Length + 1000 });
        if (run.Stream.ProtocolErrors.Count > 0)
            throw new HardwareException($"chacha20 {variant}: the core broke the stream contract: {run.Stream.ProtocolErrors[0]}");
        var outputs = run.Stream.Outputs;
        bool exhausted = outputs.Count > 0 && outputs[^1].Error;
        var output = new byte[exhausted ? outputs.Count * ChaChaMath.BlockBytes : data.Length];
        for (int i = 0; i < outputs.Count; i++)
        {
            var o = outputs[i];
            if (o.ByteCount != words[i].ByteCount || o.Last != words[i].Last)
                throw new HardwareException($"chacha20 {variant}: output word {i} has {o.ByteCount} bytes{(o.Last ? ", last" : "")}; its input had {words[i].ByteCount}{(words[i].Last ? ", last" : "")}");
            var bytes = Bytes(o);
            bytes.AsSpan(0, o.ByteCount).CopyTo(output.AsSpan(i * ChaChaMath.BlockBytes));
        }
        if (exhausted) output = output[..Math.Min(output.Length, data.Length)];
        return new ChaChaEncryption(output, run.Stream.Cycles, outputs.Count, exhausted);
    }

    /// <summary>The words of one message: 64 bytes each, the last one partial (zero-padded, with its byte count).</summary>
    public static ChaChaWord[] Words(byte[] key, byte[] nonce, uint counter, byte[] data)
    {
        if (key.Length != ChaChaModel.KeyBytes) throw new ArgumentException($"a ChaCha20 key is {ChaChaModel.KeyBytes} bytes, got {key.Length}", nameof(key));
        if (nonce.Length != ChaChaModel.NonceBytes) throw new ArgumentException($"a ChaCha20 nonce (RFC 8439) is {ChaChaModel.NonceBytes} bytes, got {nonce.Length}", nameof(nonce));
        int count = (data.Length + ChaChaMath.BlockBytes - 1) / ChaChaMath.BlockBytes;
        var words = new ChaChaWord[count];
        UInt128 key0 = ChaChaModel.Word(key.AsSpan(0, 16)), key1 = ChaChaModel.Word(key.AsSpan(16, 16)), n = ChaChaModel.Nonce(nonce);
        var block = new byte[ChaChaMath.BlockBytes];
        for (int i = 0; i < count; i++)
        {
            int start = i * ChaChaMath.BlockBytes, length = Math.Min(ChaChaMath.BlockBytes, data.Length - start);
            Array.Clear(block);
            data.AsSpan(start, length).CopyTo(block);
            words[i] = new ChaChaWord(ChaChaModel.Word(block.AsSpan(0, 16)), ChaChaModel.Word(block.AsSpan(16, 16)),
                ChaChaModel.Word(block.AsSpan(32, 16)), ChaChaModel.Word(block.AsSpan(48, 16)), (byte)length, i == count - 1, key0, key1, n, counter);
        }
        return words;
    }

    /// <summary>The 64 bytes of an output word (bytes past its count are zero).</summary>
    public static byte[] Bytes(ChaChaWordResult word) => ChaChaModel.Bytes(word.Data0, word.Data1, word.Data2, word.Data3);

    /// <summary>Writes a word onto the core's input bus.</summary>
    public static void Write(IChaChaDataIn bus, ChaChaWord w)
    {
        bus.Data[0] = w.Data0;
        bus.Data[1] = w.Data1;
        bus.Data[2] = w.Data2;
        bus.Data[3] = w.Data3;
        bus.ByteCount = w.ByteCount;
        bus.Last = w.Last;
        bus.Key[0] = w.Key0;
        bus.Key[1] = w.Key1;
        bus.Nonce = w.Nonce;
        bus.Counter = w.Counter;
    }

    /// <summary>Reads a word off the core's output bus.</summary>
    public static ChaChaWordResult Read(IChaChaDataOut bus) =>
        new(bus.Data[0], bus.Data[1], bus.Data[2], bus.Data[3], bus.ByteCount, bus.Last, bus.Error);

    /// <summary>
    /// What the core must produce for <paramref name="words"/>, from the software model: each message's
    /// blocks numbered from its first word's counter; on counter exhaustion, the words up to the one
    /// that used counter 2^32-1, that one marked with Error (the core takes nothing after it).
    /// </summary>
    public static ChaChaWordResult[] Expected(IReadOnlyList<ChaChaWord> words)
    {
        var expected = new List<ChaChaWordResult>(words.Count);
        bool inMessage = false;
        uint counter = 0;
        byte[] key = [], nonce = [];
        foreach (var w in words)
        {
            if (!inMessage)
            {
                key = [.. LittleEndian(w.Key0), .. LittleEndian(w.Key1)];
                nonce = LittleEndian(w.Nonce)[..ChaChaModel.NonceBytes];
                counter = w.Counter;
            }
            var keystream = ChaChaModel.Block(key, counter, nonce);
            var data = new byte[ChaChaMath.BlockBytes];
            LittleEndian(w.Data0).CopyTo(data, 0);
            LittleEndian(w.Data1).CopyTo(data, 16);
            LittleEndian(w.Data2).CopyTo(data, 32);
            LittleEndian(w.Data3).CopyTo(data, 48);
            for (int i = 0; i < data.Length; i++) data[i] = i < w.ByteCount ? (byte)(data[i] ^ keystream[i]) : (byte)0;
            bool error = counter == uint.MaxValue && !w.Last;
            expected.Add(new ChaChaWordResult(ChaChaModel.Word(data.AsSpan(0, 16)), ChaChaModel.Word(data.AsSpan(16, 16)),
                ChaChaModel.Word(data.AsSpan(32, 16)), ChaChaModel.Word(data.AsSpan(48, 16)), w.ByteCount, w.Last, error));
            if (error) break;
            counter++;
            inMessage = !w.Last;
        }
        return [.. expected];
    }

    /// <summary>
    /// Seeded random messages of 1..8 words, each with its own random key, nonce and initial counter
    /// (a quarter of them ending on block 2^32-1 or the one before it, never running past it), the final word of a message
    /// holding 1..64 bytes. Key, nonce and counter fields of the words after a message's first hold
    /// other random values, which the core must ignore. With <paramref name="endWithExhaustion"/> the
    /// last message is 3 words from counter 2^32-2: its second word exhausts the counter and its third
    /// is never taken.
    /// </summary>
    public static ChaChaWord[] RandomWords(int count, int seed, bool endWithExhaustion = false)
    {
        var rng = new Random(seed);
        var words = new ChaChaWord[count];
        int i = 0;
        while (i < count)
        {
            bool exhausting = endWithExhaustion && count - i <= 3;
            int length = exhausting ? count - i : Math.Min(count - i - (endWithExhaustion ? 3 : 0), rng.Next(1, 9));
            UInt128 key0 = Random128(rng), key1 = Random128(rng), nonce = Random128(rng) >> 32;
            uint counter = rng.Next(4) == 0 ? uint.MaxValue - (uint)rng.Next(length - 1, length + 1) : (uint)rng.NextInt64(0, 1L << 32);
            if (counter > uint.MaxValue - (uint)(length - 1)) counter = uint.MaxValue - (uint)(length - 1);
            if (exhausting) counter = uint.MaxValue - 1;
            for (int j = 0; j < length; j++, i++)
            {
                bool last = j == length - 1;
                byte byteCount = last ? (byte)rng.Next(1, ChaChaMath.BlockBytes + 1) : (byte)ChaChaMath.BlockBytes;
                var w = new ChaChaWord(Random128(rng), Random128(rng), Random128(rng), Random128(rng), byteCount, last,
                    key0, key1, nonce, counter);
                if (j > 0) w = w with { Key0 = Random128(rng), Key1 = Random128(rng), Nonce = Random128(rng) >> 32, Counter = (uint)rng.NextInt64(0, 1L << 32) };
                words[i] = w;
            }
        }
        return words;
    }

    static UInt128 Random128(Random rng)
    {
        Span<byte> bytes = stackalloc byte[16];
        rng.NextBytes(bytes);
        return ChaChaModel.Word(bytes);
    }

    static byte[] LittleEndian(UInt128 x)
    {
        var bytes = new byte[16];
        BinaryPrimitives.WriteUInt128LittleEndian(bytes, x);
        return bytes;
    }

    /// <summary>Counter stage, then <paramref name="stages"/> round stages of 20/stages rounds, then the output stage.</summary>
    static ChaChaDatapath AddPipeline(Design design, IChaChaDataIn input, IReady outputReady, int stages)
    {
        int roundsPerStage = ChaChaMath.Rounds / stages;
        var control = new PipelineControl { Name = "control", OutputReady = outputReady };
        var setup = design.Add(new ChaChaBlockSetup { Name = "setup", Input = input, Advance = control.Advance });
        var gate = design.Add(new ChaChaInputGate { Name = "input_gate", Advance = control.Advance, Status = setup.Status });
        IChaChaBlock block = setup.Output;
        for (int s = 0; s < stages; s++)
        {
            // Rounds are numbered from 0, column rounds even: a stage starts with a diagonal round when its first round is odd.
            var rounds = design.Add(new ChaChaRounds(roundsPerStage, diagonalFirst: (s * roundsPerStage) % 2 == 1) { Name = $"rounds{s}", Input = block });
            var stage = design.Add(new ChaChaRoundStage { Name = $"stage{s}", Input = block, Rounds = rounds.Output, Advance = control.Advance });
            block = stage.Output;
        }
        var final = design.Add(new ChaChaFinalStage { Name = "final", Input = block, Advance = control.Advance });
        control.Output = final.Output;
        design.Add(control);
        return new ChaChaDatapath(gate.InputReady, final.Output);
    }

    /// <summary>Counter stage, the iterative double round, output stage; each side with its own pipeline control.</summary>
    static ChaChaDatapath AddIterative(Design design, IChaChaDataIn input, IReady outputReady)
    {
        var frontControl = new PipelineControl { Name = "front_control" };
        var backControl = new PipelineControl { Name = "back_control", OutputReady = outputReady };
        var setup = design.Add(new ChaChaBlockSetup { Name = "setup", Input = input, Advance = frontControl.Advance });
        var gate = design.Add(new ChaChaInputGate { Name = "input_gate", Advance = frontControl.Advance, Status = setup.Status });
        var engine = new ChaChaIterativeRounds { Name = "engine", Input = setup.Output, Advance = backControl.Advance };
        var doubleRound = design.Add(new ChaChaRounds(2, diagonalFirst: false) { Name = "double_round", Input = engine.Working });
        engine.Rounds = doubleRound.Output;
        design.Add(engine);
        frontControl.Output = setup.Output;
        frontControl.OutputReady = engine.InputReady;
        var final = design.Add(new ChaChaFinalStage { Name = "final", Input = engine.Output, Advance = backControl.Advance });
        backControl.Output = final.Output;
        design.Add(frontControl);
        design.Add(backControl);
        return new ChaChaDatapath(gate.InputReady, final.Output);
    }
}
