using Crypto.Streams;
using Hdl;

namespace Crypto.Aes;

/// <summary>One item of the GCM core's input stream.</summary>
public readonly record struct AesGcmItem(AesGcmKind Kind, UInt128 Block, byte Bytes, AesKey Key, bool Decrypt, bool Last);

/// <summary>One item of the GCM core's output stream.</summary>
public readonly record struct AesGcmResult(AesGcmKind Kind, UInt128 Block, byte Bytes, bool TagMismatch, bool Last)
{
    public override string ToString() => $"{Kind} {AesModel.ToHex(Block)} ({Bytes} bytes){(TagMismatch ? " tag mismatch" : "")}{(Last ? " last" : "")}";
}

/// <summary>A message for the GCM core: sealed when <see cref="Decrypt"/> is false (Tag unused), else opened against Tag.</summary>
public sealed record AesGcmMessage(byte[] Key, byte[] Iv, byte[] Aad, byte[] Text, bool Decrypt = false, byte[]? Tag = null);

/// <summary>What the core gave for a message: its output data, the 16-byte tag, and (opening) whether the tag was wrong.</summary>
public sealed record AesGcmOutcome(byte[] Text, byte[] Tag, bool TagMismatch);

/// <summary>Full-speed timing of a GCM core (<see cref="AesGcmVariant.Measure(int)"/>).</summary>
public sealed record AesGcmMeasurement(double AadClocksPerBlock, double DataClocksPerBlock, long DataLatency, long TagLatency, long MessageOverhead, int Blocks);

/// <summary>A run of messages through a GCM core: the outcomes in order, the stream's timing, and the trace if asked for.</summary>
public sealed record AesGcmRun(AesGcmDesign Core, Simulation Simulation, StreamRun<AesGcmResult> Stream, IReadOnlyList<AesGcmOutcome> Outcomes, TraceRecorder? Trace);

/// <summary>
/// The AES-GCM core on one AES encryption variant of the catalog (the variant, with its key-size
/// build, is configuration: <see cref="AesGcmCore.Build"/>), and how a host drives it. In the catalog
/// (<see cref="AesGcmCatalog"/>) as core <c>aes-gcm</c>, variant the AES variant's name.
/// </summary>
public sealed class AesGcmVariant(AesVariant blockCipher, int ghashDepth = 4, string? description = null)
    : StreamCoreVariant<AesGcmDesign, IAesGcmIn, IAesGcmOut, AesGcmMessage, AesGcmResult>, IAesKeySizeBuild
{
    /// <summary>The AES encryption core under the GCM processes.</summary>
    public AesVariant BlockCipher { get; } = blockCipher;
    public int GhashDepth { get; } = ghashDepth;
    public override string Core => "aes-gcm";
    /// <summary>The AES variant's name: proc11.</summary>
    public override string Variant => BlockCipher.Variant;
    /// <summary>aes-proc11-gcm, aes128-proc11-gcm.</summary>
    public string Name => BlockCipher.Name + "-gcm";
    string ICoreVariant.KeyBits => AesKeyBits.Name(BlockCipher.KeyBits);
    public override string Description { get; } =
        (description ?? $"AES-GCM on aes {blockCipher.Variant} and the GHASH core ({ghashDepth} multiply stages)") +
        (blockCipher.KeyBits == AesKeyBits.All ? "" : $"; built for AES-{blockCipher.KeyBits} only");

    /// <summary>The GCM core on <paramref name="variant"/>'s encryption core (a block cipher variant, either direction's name), built for <paramref name="keyBits"/>.</summary>
    public static AesGcmVariant On(string variant, int keyBits = AesKeyBits.All)
    {
        var named = AesCatalog.Find(variant);
        if (named.Mode != AesMode.Ecb)
            throw new ArgumentException($"aes variant '{variant}' has a mode built in; GCM needs a block cipher variant ({string.Join(", ", AesCatalog.Variants.Where(v => !v.Decrypt).Select(v => v.Variant))})");
        var core = AesCatalog.Variants.FirstOrDefault(v => v.Family == named.Family && !v.Decrypt)
            ?? throw new ArgumentException($"aes variant '{variant}' has no encryption core");
        return AesGcmCatalog.Variants.FirstOrDefault(v => v.BlockCipher == core)?.WithKeyBits(keyBits) ?? new AesGcmVariant(core.WithKeyBits(keyBits));
    }

    /// <summary>The same GCM core on the AES core built for <paramref name="keyBits"/>.</summary>
    public AesGcmVariant WithKeyBits(int keyBits) =>
        keyBits == BlockCipher.KeyBits ? this : new AesGcmVariant(BlockCipher.WithKeyBits(keyBits), GhashDepth, description);

    IAesKeySizeBuild IAesKeySizeBuild.ForKeyBits(int keyBits) => WithKeyBits(keyBits);

    public override AesGcmDesign Build() => AesGcmCore.Build(Name.Replace('-', '_'), BlockCipher, GhashDepth);

    /// <summary>
    /// The items of <paramref name="message"/>: the IV, AAD and data cut into blocks (the last of each
    /// zero-filled, with its byte count), then End with the expected tag when opening. A clear error for
    /// an empty IV, a key the build does not take, or (opening) a tag that is not 12 to 16 bytes.
    /// </summary>
    public List<AesGcmItem> Items(AesGcmMessage message)
    {
        var key = AesKey.FromBytes(message.Key);
        if (!BlockCipher.KeySizes.Contains(key.Size))
            throw new ArgumentException($"aes-gcm {Variant} built for AES-{BlockCipher.KeyBits} takes {BlockCipher.KeyBits}-bit keys only, not a {message.Key.Length * 8}-bit key");
        if (message.Iv.Length == 0) throw new ArgumentException("a GCM IV is at least one byte, got none");
        var tag = message.Tag ?? [];
        if (message.Decrypt && tag.Length is < AesGcmModel.MinTagBytes or > AesGcmModel.TagBytes)
            throw new ArgumentException($"a GCM tag is {AesGcmModel.MinTagBytes} to {AesGcmModel.TagBytes} bytes, got {tag.Length}");
        var items = new List<AesGcmItem>();
        Add(AesGcmKind.Iv, message.Iv);
        Add(AesGcmKind.Aad, message.Aad);
        Add(AesGcmKind.Data, message.Text);
        var expected = new byte[AesModel.BlockBytes];
        tag.CopyTo(expected, 0);
        items.Add(new AesGcmItem(AesGcmKind.End, AesModel.ToBlock(expected), (byte)(message.Decrypt ? tag.Length : AesGcmModel.TagBytes), key, message.Decrypt, true));
        return items;

        void Add(AesGcmKind kind, byte[] bytes)
        {
            var blocks = AesModel.ToBlocksPadded(bytes);
            for (int i = 0; i < blocks.Length; i++)
                items.Add(new AesGcmItem(kind, blocks[i], (byte)Math.Min(AesModel.BlockBytes, bytes.Length - AesModel.BlockBytes * i), key, message.Decrypt, false));
        }
    }

    /// <summary>The outputs the core gives for <paramref name="messages"/>: their data blocks and one End item each.</summary>
    public static int OutputCount(IEnumerable<AesGcmMessage> messages) =>
        messages.Sum(m => (m.Text.Length + AesModel.BlockBytes - 1) / AesModel.BlockBytes + 1);

    /// <summary>Runs <paramref name="messages"/> through a fresh core, in order, under <paramref name="options"/>.</summary>
    public AesGcmRun Run(IReadOnlyList<AesGcmMessage> messages, StreamOptions options, bool trace = false)
    {
        var run = RunFresh(messages, options, trace);
        return new AesGcmRun(run.Core, run.Simulation, run.Stream, Outcomes(run.Stream.Outputs), run.Trace);
    }

    /// <summary>Runs <paramref name="messages"/> through a core that may have run before.</summary>
    public override StreamRun<AesGcmResult> Stream(AesGcmDesign core, Simulation sim, IReadOnlyList<AesGcmMessage> messages, StreamOptions options)
    {
        var items = messages.SelectMany(Items).ToList();
        return Testbench(core, sim).Run(items, static (bus, item) =>
        {
            bus.Kind = item.Kind;
            bus.Block = item.Block;
            bus.Bytes = item.Bytes;
            bus.KeyHigh = item.Key.High;
            bus.KeyLow = item.Key.Low;
            bus.KeySize = item.Key.Size;
            bus.Decrypt = item.Decrypt;
            bus.Last = item.Last;
        }, static bus => new AesGcmResult(bus.Kind, bus.Block, bus.Bytes, bus.TagMismatch, bus.Last), OutputCount(messages), options);
    }

    /// <summary>Groups the output items into messages: data bytes up to each End item, its tag and mismatch flag.</summary>
    public static List<AesGcmOutcome> Outcomes(IReadOnlyList<AesGcmResult> outputs)
    {
        var outcomes = new List<AesGcmOutcome>();
        var text = new List<byte>();
        foreach (var o in outputs)
        {
            if (o.Kind == AesGcmKind.End)
            {
                outcomes.Add(new AesGcmOutcome([.. text], AesModel.ToBytes(o.Block), o.TagMismatch));
                text.Clear();
            }
            else
                text.AddRange(AesModel.ToBytes(o.Block).AsSpan(0, Math.Min((int)o.Bytes, AesModel.BlockBytes)));
        }
        return outcomes;
    }

    /// <summary>
    /// One message through the core at full speed: the outcome and the simulated clocks. The caller
    /// releases the data of an opened message only when TagMismatch is false.
    /// </summary>
    public (AesGcmOutcome Outcome, long Cycles, int Blocks) Process(AesGcmMessage message)
    {
        var items = Items(message);
        var run = Run([message], StreamOptions.FullSpeed with { MaxCycles = 64L * items.Count + 2000 });
        if (run.Stream.ProtocolErrors.Count > 0)
            throw new HardwareException($"{Name}: the core broke the stream contract: {run.Stream.ProtocolErrors[0]}");
        return (run.Outcomes[0], run.Stream.Cycles, items.Count);
    }

    /// <summary>
    /// Full-speed timing under one 128-bit (or the build's) key already loaded, from 96-bit-IV messages of
    /// <paramref name="blocks"/> and 2 · <paramref name="blocks"/> blocks of AAD only and of data only:
    /// clocks per AAD and per data block (the difference of the two lengths over <paramref name="blocks"/>),
    /// the clocks from the IV's transfer to the first data block out, from the End item's transfer to the
    /// tag out, and the clocks a message of data takes beyond its blocks' (blocks · clocks per data block),
    /// from its first item offered to its tag taken.
    /// </summary>
    public AesGcmMeasurement Measure(int blocks = 64)
    {
        var rng = new Random(1);
        var key = new byte[16 + 8 * BlockCipher.KeySizes[0]];
        rng.NextBytes(key);
        var iv = new byte[AesGcmModel.StandardIvBytes];
        rng.NextBytes(iv);
        var core = Build();
        var sim = new Simulation(core.Design);
        Timed(new AesGcmMessage(key, iv, [], new byte[1]));
        var aad = Timed(new AesGcmMessage(key, iv, new byte[16 * blocks], []));
        var aad2 = Timed(new AesGcmMessage(key, iv, new byte[32 * blocks], []));
        var data = Timed(new AesGcmMessage(key, iv, [], new byte[16 * blocks]));
        var data2 = Timed(new AesGcmMessage(key, iv, [], new byte[32 * blocks]));
        double dataClocks = (double)(data2.Cycles - data.Cycles) / blocks;
        return new AesGcmMeasurement((double)(aad2.Cycles - aad.Cycles) / blocks, dataClocks,
            data.Latency, data.LastOutputCycle - data.LastInputCycle, data.Cycles - (long)Math.Round(blocks * dataClocks), blocks);

        StreamRun<AesGcmResult> Timed(AesGcmMessage message)
        {
            var run = Stream(core, sim, [message], StreamOptions.FullSpeed);
            if (run.ProtocolErrors.Count > 0) throw new HardwareException($"{Name}: measurement run broke the stream contract: {run.ProtocolErrors[0]}");
            var (text, tag) = AesGcmModel.Seal(message.Key, message.Iv, message.Text, message.Aad);
            var got = Outcomes(run.Outputs).Single();
            if (!got.Text.AsSpan().SequenceEqual(text) || !got.Tag.AsSpan().SequenceEqual(tag))
                throw new HardwareException($"{Name}: measurement run is wrong");
            return run;
        }
    }

    /// <summary>
    /// The catalog's figures (<see cref="Measure(int)"/>): clocks per block, the slower of an AAD and a data
    /// block (the same in every build: each item is one job for the AES core); latency from the IV's transfer
    /// to the first data block out; the cycles of a message of <paramref name="blocks"/> data blocks.
    /// </summary>
    Measurement ICoreVariant.Measure(int blocks)
    {
        var m = Measure(blocks);
        return new Measurement(Math.Max(m.AadClocksPerBlock, m.DataClocksPerBlock), m.DataLatency,
            m.MessageOverhead + (long)Math.Round(blocks * m.DataClocksPerBlock), blocks);
    }

    /// <summary>
    /// What the software model says the core gives for <paramref name="messages"/>: per message its data blocks (sealing
    /// the ciphertext, opening the CTR output, which the core gives before the check) and the End item with the tag of
    /// the ciphertext and, opening, whether the offered tag differs.
    /// </summary>
    public static AesGcmResult[] Expected(IEnumerable<AesGcmMessage> messages)
    {
        var expected = new List<AesGcmResult>();
        foreach (var m in messages)
        {
            var text = AesGcmModel.Seal(m.Key, m.Iv, m.Text, m.Aad).Ciphertext;
            var tag = AesGcmModel.Seal(m.Key, m.Iv, m.Decrypt ? text : m.Text, m.Aad).Tag;
            var blocks = AesModel.ToBlocksPadded(text);
            for (int i = 0; i < blocks.Length; i++)
                expected.Add(new AesGcmResult(AesGcmKind.Data, blocks[i], (byte)Math.Min(AesModel.BlockBytes, text.Length - AesModel.BlockBytes * i), TagMismatch: false, Last: false));
            bool mismatch = m.Decrypt && !tag.AsSpan(0, m.Tag!.Length).SequenceEqual(m.Tag);
            expected.Add(new AesGcmResult(AesGcmKind.End, AesModel.ToBlock(tag), AesGcmModel.TagBytes, mismatch, true));
        }
        return [.. expected];
    }

    /// <summary>
    /// Seeded random messages until they make at least <paramref name="items"/> items: keys of the sizes the build takes
    /// (a new one for about every third message), 96-bit IVs three times in four and otherwise IVs of 1 to 40 bytes,
    /// AAD of 0 to 3 blocks and data of 0 to 5 (the last of each often partial), sealed or opened with a 12- to 16-byte
    /// tag that is right or (a third of the openings) has one bit flipped.
    /// </summary>
    public List<AesGcmMessage> RandomMessages(int items, int seed)
    {
        var rng = new Random(seed);
        var messages = new List<AesGcmMessage>();
        byte[] key = [];
        for (int count = 0; count < items;)
        {
            if (messages.Count == 0 || rng.Next(3) == 0) key = Bytes(16 + 8 * BlockCipher.KeySizes[rng.Next(BlockCipher.KeySizes.Count)]);
            byte[] iv = Bytes(rng.Next(4) > 0 ? AesGcmModel.StandardIvBytes : rng.Next(1, 41)), aad = Bytes(Length(3)), text = Bytes(Length(5));
            var message = new AesGcmMessage(key, iv, aad, text);
            if (rng.Next(2) == 0)
            {
                var tag = AesGcmModel.Seal(key, iv, AesGcmModel.Seal(key, iv, text, aad).Ciphertext, aad).Tag[..rng.Next(AesGcmModel.MinTagBytes, AesGcmModel.TagBytes + 1)];
                if (rng.Next(3) == 0) tag[rng.Next(tag.Length)] ^= (byte)(1 << rng.Next(8));
                message = message with { Decrypt = true, Tag = tag };
            }
            messages.Add(message);
            count += Items(message).Count;
        }
        return messages;

        int Length(int maxBlocks) => rng.Next(maxBlocks + 1) is var n && n == 0 ? 0 : 16 * (n - 1) + (rng.Next(3) == 0 ? 16 : rng.Next(1, 17));
        byte[] Bytes(int n)
        {
            var b = new byte[n];
            rng.NextBytes(b);
            return b;
        }
    }

    protected override IReadOnlyList<AesGcmResult> Oracle(IReadOnlyList<AesGcmMessage> messages) => Expected(messages);

    public int BlockBytes => AesModel.BlockBytes;

    /// <summary>Test case 4 of the GCM specification through this build (<see cref="AesKnownAnswers.GcmTestCase4"/>).</summary>
    public KnownAnswerResult KnownAnswer() => AesKnownAnswers.GcmTestCase4(this);

    /// <summary>Seeded random messages of about <paramref name="blocks"/> items (<see cref="RandomMessages"/>).</summary>
    protected override IReadOnlyList<AesGcmMessage> RandomJobs(int blocks, int seed) => RandomMessages(blocks, seed);

    public override string ToString() => BlockCipher.KeyBits == AesKeyBits.All ? $"{Core} {Variant}" : $"{Core} {Variant} (AES-{BlockCipher.KeyBits})";
}

/// <summary>
/// The AES-GCM builds of the catalog (core <c>aes-gcm</c>): the GCM core on each AES encryption pipeline for which GCM
/// makes sense, for all three key sizes and for AES-128 only. <c>naive</c> and <c>tbox</c> (the whole cipher in one
/// clock) are left out: the pipelines give the same block per clock at a far shorter logic path.
/// </summary>
public static class AesGcmCatalog
{
    const string OneBlockPerClock = "1 block per clock for AAD and data";

    /// <summary>The GHASH core's multiply stages in every catalog build (depth + 1 Horner lanes).</summary>
    public const int GhashDepth = 4;

    static AesGcmVariant On(string variant, string what, string rate) => new(AesCatalog.Find(variant), GhashDepth,
        $"AES-GCM: aes {variant} ({what}) and the GHASH core ({GhashDepth} multiply stages, {GhashDepth + 1} Horner lanes); {rate}");

    /// <summary>The builds for all three key sizes.</summary>
    public static IReadOnlyList<AesGcmVariant> Variants { get; } =
    [
        On("proc11", "one stage per round", OneBlockPerClock),
        On("proc22", "two stages per round", OneBlockPerClock),
        On("bram11", "one register level per round, T-tables in block RAM", OneBlockPerClock),
        On("proc4", "4 stages", OneBlockPerClock),
        On("proc11-otf", "keys expanded on the fly: no key load when the key changes", OneBlockPerClock),
        On("iterative", "one round per clock", "Nr clocks per block (10 with an AES-128 key) for AAD and data alike: every item is a job for the AES core"),
    ];

    /// <summary>The AES-128 build of each of <see cref="Variants"/>.</summary>
    public static IReadOnlyList<AesGcmVariant> Aes128Builds { get; } = [.. Variants.Select(v => v.WithKeyBits(128))];
}
