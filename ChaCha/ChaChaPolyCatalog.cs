using System.Buffers.Binary;
using Crypto.Streams;
using Hdl;

namespace Crypto.ChaCha;

/// <summary>One word for a ChaCha20-Poly1305 core (see <see cref="IChaChaPolyIn"/>); Last goes with End.</summary>
public readonly record struct ChaChaPolyWord(ChaChaPolyKind Kind, UInt128 Data0, UInt128 Data1, UInt128 Data2, UInt128 Data3, byte ByteCount,
    UInt128 Key0, UInt128 Key1, UInt128 Nonce, bool Decrypt, UInt128 Tag);

/// <summary>One word out of a ChaCha20-Poly1305 core.</summary>
public readonly record struct ChaChaPolyResult(ChaChaPolyKind Kind, UInt128 Data0, UInt128 Data1, UInt128 Data2, UInt128 Data3, byte ByteCount,
    UInt128 Tag, bool TagMismatch, bool Last)
{
    public override string ToString() => Kind == ChaChaPolyKind.End
        ? $"end tag {Tag:x32}{(TagMismatch ? " MISMATCH" : "")}{(Last ? " last" : "")}"
        : $"{Kind} {Data0:x32} {Data1:x32} {Data2:x32} {Data3:x32} bytes {ByteCount}{(Last ? " last" : "")}";
}

/// <summary>A freshly built ChaCha20-Poly1305 core design and its top-level buses.</summary>
public sealed record ChaChaPolyCoreDesign(Design Design, IChaChaPolyIn Input, IReady InputReady, IChaChaPolyOut Output, IReady OutputReady)
    : IStreamCoreDesign<IChaChaPolyIn, IChaChaPolyOut>;

/// <summary>
/// One AEAD operation through the simulation: the output bytes (ciphertext or plaintext; on decryption
/// computed even when the tag is wrong, for the caller to withhold), the tag, whether a decryption's
/// received tag differs, and the cycles the run took.
/// </summary>
public sealed record ChaChaPolyOperation(byte[] Output, byte[] Tag, bool TagMismatch, long Cycles, int DataWords);

/// <summary>A ChaCha20-Poly1305 variant: the core built around the datapath of a ChaCha20 variant.</summary>
public sealed class ChaChaPolyVariant(ChaChaVariant chacha, int queueDepth, string description)
    : StreamCoreVariant<ChaChaPolyCoreDesign, IChaChaPolyIn, IChaChaPolyOut, ChaChaPolyWord, ChaChaPolyResult>, ICoreVariant
{
    public override string Core => "chacha20-poly1305";
    public override string Variant => chacha.Variant;
    public override string Description { get; } = description;
    /// <summary>Words the core's queue holds while their keystream is made.</summary>
    public int QueueDepth { get; } = queueDepth;

    /// <summary>
    /// Front (<see cref="ChaChaPolyFront"/>, <see cref="ChaChaPolyInputGate"/>) → the ChaCha20 variant's
    /// datapath, as a keystream generator → <see cref="ChaChaPolyCombiner"/> (queue, XOR, MAC feed, tag)
    /// with the MAC (<see cref="Poly1305BlockStage"/>).
    /// </summary>
    public override ChaChaPolyCoreDesign Build()
    {
        var design = new Design($"chacha20_poly1305_{Variant}");
        var input = design.Input(Bus.Create<IChaChaPolyIn>(), "in");
        var outputReady = design.Input(Bus.Create<IReady>(), "out_ready");
        var front = new ChaChaPolyFront { Name = "front", Input = input };
        var combiner = new ChaChaPolyCombiner(QueueDepth) { Name = "combiner", Input = input, Message = front.Message, OutputReady = outputReady };
        var keystream = chacha.AddDatapath(design, front.Request, combiner.KeystreamReady);
        var gate = design.Add(new ChaChaPolyInputGate
        {
            Name = "gate", Input = input, Message = front.Message, Request = front.Request,
            KeystreamReady = keystream.InputReady, QueueReady = combiner.QueueReady,
        });
        front.InputReady = gate.InputReady;
        front.KeystreamReady = keystream.InputReady;
        design.Add(front);
        var mac = design.Add(new Poly1305BlockStage { Name = "mac", Input = combiner.Mac, Advance = combiner.MacAdvance });
        combiner.InputReady = gate.InputReady;
        combiner.Keystream = keystream.Output;
        combiner.Tag = mac.Output;
        design.Add(combiner);
        design.Output(gate.InputReady, "in_ready");
        design.Output(combiner.Output, "out");
        return new ChaChaPolyCoreDesign(design, input, gate.InputReady, combiner.Output, outputReady);
    }

    /// <summary>Runs <paramref name="words"/> through a fresh instance of the core under <paramref name="options"/>.</summary>
    public StreamCoreRun<ChaChaPolyCoreDesign, ChaChaPolyResult> Run(IReadOnlyList<ChaChaPolyWord> words, StreamOptions options, bool trace = false) =>
        RunFresh(words, options, trace);

    public override StreamRun<ChaChaPolyResult> Stream(ChaChaPolyCoreDesign core, Simulation sim, IReadOnlyList<ChaChaPolyWord> words, StreamOptions options) =>
        Testbench(core, sim).Run(words, ChaChaPolyCatalog.Write, ChaChaPolyCatalog.Read, ChaChaPolyCatalog.Expected(words).Length, options);

    protected override IReadOnlyList<ChaChaPolyResult> Oracle(IReadOnlyList<ChaChaPolyWord> words) => ChaChaPolyCatalog.Expected(words);

    public int BlockBytes => ChaChaMath.BlockBytes;

    public KnownAnswerResult KnownAnswer() => ChaChaKnownAnswers.Rfc8439Section282(this);

    protected override IReadOnlyList<ChaChaPolyWord> RandomJobs(int blocks, int seed) => ChaChaPolyCatalog.RandomWords(blocks, seed);

    /// <summary>
    /// Messages of 64-byte data words and no AAD at full speed: the clocks per data word are the
    /// difference between the last output of a message of 2·<paramref name="blocks"/> words and of one
    /// of <paramref name="blocks"/> words, over <paramref name="blocks"/> (so the one-time key block and
    /// the tag, paid once per message, drop out); the latency is from the first word taken to the first
    /// data word out (the one-time key block included).
    /// </summary>
    public Measurement Measure(int blocks = 64)
    {
        var shorter = MeasuredRun(blocks);
        var longer = MeasuredRun(2 * blocks);
        double clocksPerBlock = (double)(longer.LastOutputCycle - shorter.LastOutputCycle) / blocks;
        return new Measurement(clocksPerBlock, shorter.Latency, shorter.Cycles, blocks);
    }

    StreamRun<ChaChaPolyResult> MeasuredRun(int blocks)
    {
        var rng = new Random(1);
        var words = ChaChaPolyCatalog.Words(ChaChaPolyCatalog.RandomBytes(rng, 32), ChaChaPolyCatalog.RandomBytes(rng, 12), [],
            ChaChaPolyCatalog.RandomBytes(rng, 64 * blocks), decrypt: false, tag: null);
        return CheckedFullSpeed(words);
    }
}

/// <summary>
/// The ChaCha20-Poly1305 variants (AEAD_CHACHA20_POLY1305, RFC 8439 §2.8), each one design around a
/// ChaCha20 variant's datapath; and sealing and opening a message through their simulation.
/// </summary>
public static class ChaChaPolyCatalog
{
    public static IReadOnlyList<ChaChaPolyVariant> Variants { get; } =
    [
        new(ChaChaCatalog.Find("iterative"), queueDepth: 4,
            "ChaCha20-Poly1305 on the iterative ChaCha20 (10 clocks per 64-byte data word; Poly1305 one 16-byte block per clock)"),
        new(ChaChaCatalog.Find("proc10"), queueDepth: 8,
            "ChaCha20-Poly1305 on the 10-stage ChaCha20 pipeline (4 clocks per 64-byte data word: Poly1305's one 16-byte block per clock)"),
    ];

    public static ChaChaPolyVariant Find(string name) =>
        Variants.FirstOrDefault(v => string.Equals(v.Variant, name, StringComparison.OrdinalIgnoreCase))
        ?? throw new ArgumentException(
            $"unknown chacha20-poly1305 variant '{name}'; known variants: {string.Join(", ", Variants.Select(v => v.Variant))}");

    /// <summary>
    /// The words of one message: AAD words, data words (64 bytes each, the last of each kind partial),
    /// the End word with <paramref name="tag"/> (decryption). Key, nonce and direction go on every word.
    /// </summary>
    public static ChaChaPolyWord[] Words(byte[] key, byte[] nonce, byte[] aad, byte[] data, bool decrypt, byte[]? tag)
    {
        if (key.Length != ChaChaModel.KeyBytes) throw new ArgumentException($"a ChaCha20-Poly1305 key is {ChaChaModel.KeyBytes} bytes, got {key.Length}", nameof(key));
        if (nonce.Length != ChaChaModel.NonceBytes) throw new ArgumentException($"a ChaCha20-Poly1305 nonce (RFC 8439) is {ChaChaModel.NonceBytes} bytes, got {nonce.Length}", nameof(nonce));
        if (tag is not null && tag.Length != Poly1305Model.TagBytes) throw new ArgumentException($"a ChaCha20-Poly1305 tag is {Poly1305Model.TagBytes} bytes, got {tag.Length}", nameof(tag));
        UInt128 key0 = ChaChaModel.Word(key.AsSpan(0, 16)), key1 = ChaChaModel.Word(key.AsSpan(16, 16)), n = ChaChaModel.Nonce(nonce);
        var words = new List<ChaChaPolyWord>();
        var block = new byte[ChaChaMath.BlockBytes];
        void Add(ChaChaPolyKind kind, byte[] bytes)
        {
            for (int start = 0; start < bytes.Length; start += ChaChaMath.BlockBytes)
            {
                int length = Math.Min(ChaChaMath.BlockBytes, bytes.Length - start);
                Array.Clear(block);
                bytes.AsSpan(start, length).CopyTo(block);
                words.Add(new ChaChaPolyWord(kind, ChaChaModel.Word(block.AsSpan(0, 16)), ChaChaModel.Word(block.AsSpan(16, 16)),
                    ChaChaModel.Word(block.AsSpan(32, 16)), ChaChaModel.Word(block.AsSpan(48, 16)), (byte)length, key0, key1, n, decrypt, 0));
            }
        }
        Add(ChaChaPolyKind.Aad, aad);
        Add(ChaChaPolyKind.Data, data);
        words.Add(new ChaChaPolyWord(ChaChaPolyKind.End, 0, 0, 0, 0, 0, key0, key1, n, decrypt,
            tag is null ? 0 : BinaryPrimitives.ReadUInt128LittleEndian(tag)));
        return [.. words];
    }

    /// <summary>
    /// Seals (<paramref name="decrypt"/> false: <paramref name="data"/> is plaintext) or opens (data is
    /// ciphertext, checked against <paramref name="tag"/>) one message through the simulation of
    /// <paramref name="variant"/> at full speed.
    /// </summary>
    public static ChaChaPolyOperation Run(string variant, byte[] key, byte[] nonce, byte[] aad, byte[] data, bool decrypt, byte[]? tag = null)
    {
        var words = Words(key, nonce, aad, data, decrypt, tag);
        int dataWords = words.Count(w => w.Kind == ChaChaPolyKind.Data);
        var run = Find(variant).Run(words, StreamOptions.FullSpeed with { MaxCycles = 32L * words.Length + 1000 });
        if (run.Stream.ProtocolErrors.Count > 0)
            throw new HardwareException($"chacha20-poly1305 {variant}: the core broke the stream contract: {run.Stream.ProtocolErrors[0]}");
        var outputs = run.Stream.Outputs;
        if (outputs.Count != dataWords + 1 || outputs[^1].Kind != ChaChaPolyKind.End || !outputs[^1].Last)
            throw new HardwareException($"chacha20-poly1305 {variant}: {outputs.Count} output words for {dataWords} data words; expected the data words and one End word");
        var output = new byte[data.Length];
        for (int i = 0; i < dataWords; i++)
        {
            var o = outputs[i];
            int expectedBytes = Math.Min(ChaChaMath.BlockBytes, data.Length - i * ChaChaMath.BlockBytes);
            if (o.Kind != ChaChaPolyKind.Data || o.ByteCount != expectedBytes)
                throw new HardwareException($"chacha20-poly1305 {variant}: output word {i} is {o}; expected a data word of {expectedBytes} bytes");
            Bytes(o).AsSpan(0, expectedBytes).CopyTo(output.AsSpan(i * ChaChaMath.BlockBytes));
        }
        var tagBytes = new byte[Poly1305Model.TagBytes];
        BinaryPrimitives.WriteUInt128LittleEndian(tagBytes, outputs[^1].Tag);
        return new ChaChaPolyOperation(output, tagBytes, outputs[^1].TagMismatch, run.Stream.Cycles, dataWords);
    }

    /// <summary>The 64 bytes of an output word.</summary>
    public static byte[] Bytes(ChaChaPolyResult word) => ChaChaModel.Bytes(word.Data0, word.Data1, word.Data2, word.Data3);

    public static void Write(IChaChaPolyIn bus, ChaChaPolyWord w)
    {
        bus.Kind = w.Kind;
        bus.Data[0] = w.Data0;
        bus.Data[1] = w.Data1;
        bus.Data[2] = w.Data2;
        bus.Data[3] = w.Data3;
        bus.ByteCount = w.ByteCount;
        bus.Last = w.Kind == ChaChaPolyKind.End;
        bus.Key[0] = w.Key0;
        bus.Key[1] = w.Key1;
        bus.Nonce = w.Nonce;
        bus.Decrypt = w.Decrypt;
        bus.Tag = w.Tag;
    }

    public static ChaChaPolyResult Read(IChaChaPolyOut bus) =>
        new(bus.Kind, bus.Data[0], bus.Data[1], bus.Data[2], bus.Data[3], bus.ByteCount, bus.Tag, bus.TagMismatch, bus.Last);

    /// <summary>
    /// What the core must give for <paramref name="words"/>, from the software model
    /// (<see cref="ChaChaModel"/>, <see cref="Poly1305Model"/>): each data word XOR its keystream (block
    /// 1, 2, ... of its message), then the message's End word with its tag and, when decrypting,
    /// whether the received tag differs. Key, nonce and direction come from each message's first word.
    /// </summary>
    public static ChaChaPolyResult[] Expected(IReadOnlyList<ChaChaPolyWord> words)
    {
        var expected = new List<ChaChaPolyResult>();
        var aad = new List<byte>();
        var ciphertext = new List<byte>();
        ChaChaPolyWord? first = null;
        uint counter = 1;
        foreach (var w in words)
        {
            first ??= w;
            byte[] key = [.. LittleEndian(first.Value.Key0), .. LittleEndian(first.Value.Key1)];
            byte[] nonce = LittleEndian(first.Value.Nonce)[..ChaChaModel.NonceBytes];
            bool decrypt = first.Value.Decrypt;
            var input = new byte[ChaChaMath.BlockBytes];
            LittleEndian(w.Data0).CopyTo(input, 0);
            LittleEndian(w.Data1).CopyTo(input, 16);
            LittleEndian(w.Data2).CopyTo(input, 32);
            LittleEndian(w.Data3).CopyTo(input, 48);
            var bytes = input[..w.ByteCount];
            if (w.Kind == ChaChaPolyKind.Aad) aad.AddRange(bytes);
            else if (w.Kind == ChaChaPolyKind.Data)
            {
                var keystream = ChaChaModel.Block(key, counter++, nonce);
                var output = new byte[ChaChaMath.BlockBytes];
                for (int i = 0; i < w.ByteCount; i++) output[i] = (byte)(bytes[i] ^ keystream[i]);
                ciphertext.AddRange(decrypt ? bytes : output[..w.ByteCount]);
                expected.Add(new ChaChaPolyResult(ChaChaPolyKind.Data, ChaChaModel.Word(output.AsSpan(0, 16)), ChaChaModel.Word(output.AsSpan(16, 16)),
                    ChaChaModel.Word(output.AsSpan(32, 16)), ChaChaModel.Word(output.AsSpan(48, 16)), w.ByteCount, Tag: 0, TagMismatch: false, Last: false));
            }
            else
            {
                var tag = BinaryPrimitives.ReadUInt128LittleEndian(Poly1305Model.Mac(Poly1305Model.OneTimeKey(key, nonce), Poly1305Model.AeadMacData([.. aad], [.. ciphertext])));
                expected.Add(new ChaChaPolyResult(ChaChaPolyKind.End, 0, 0, 0, 0, 0, tag, decrypt && tag != w.Tag, true));
                aad.Clear();
                ciphertext.Clear();
                first = null;
                counter = 1;
            }
        }
        return [.. expected];
    }

    /// <summary>
    /// Seeded random messages until <paramref name="count"/> words: 0..3 AAD words and 0..4 data words
    /// each (the last of each kind holding 1..64 bytes, now and then exactly 64 or 16), half of them
    /// decrypted, with the right tag or (one in three) a wrong one; key, nonce and direction fields of
    /// the words after a message's first hold other values, which the core must ignore. Whole messages,
    /// until there are at least <paramref name="count"/> words.
    /// </summary>
    public static ChaChaPolyWord[] RandomWords(int count, int seed)
    {
        var rng = new Random(seed);
        var words = new List<ChaChaPolyWord>();
        while (words.Count < count)
        {
            byte[] key = RandomBytes(rng, 32), nonce = RandomBytes(rng, 12);
            byte[] aad = RandomBytes(rng, RandomLength(rng, rng.Next(4))), data = RandomBytes(rng, RandomLength(rng, rng.Next(5)));
            bool decrypt = rng.Next(2) == 0;
            byte[]? tag = null;
            if (decrypt)
            {
                // Open what the model sealed of the same bytes (the data are taken as ciphertext either way).
                tag = Poly1305Model.Mac(Poly1305Model.OneTimeKey(key, nonce), Poly1305Model.AeadMacData(aad, data));
                if (rng.Next(3) == 0) tag[rng.Next(16)] ^= (byte)(1 << rng.Next(8));
            }
            var message = Words(key, nonce, aad, data, decrypt, tag);
            for (int i = 1; i < message.Length; i++)
                message[i] = message[i] with { Key0 = Random128(rng), Key1 = Random128(rng), Nonce = Random128(rng) >> 32, Decrypt = rng.Next(2) == 0 };
            words.AddRange(message);
        }
        return [.. words];
    }

    /// <summary>The bytes of <paramref name="words"/> words of a kind: 0, or full words and a last one of 1..64 bytes.</summary>
    static int RandomLength(Random rng, int words)
    {
        if (words == 0) return 0;
        int last = rng.Next(4) switch { 0 => 64, 1 => 16, _ => rng.Next(1, 65) };
        return 64 * (words - 1) + last;
    }

    internal static byte[] RandomBytes(Random rng, int n)
    {
        var bytes = new byte[n];
        rng.NextBytes(bytes);
        return bytes;
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
}
