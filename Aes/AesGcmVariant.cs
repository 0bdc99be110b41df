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

/// <summary>Full-speed timing of a GCM core (<see cref="AesGcmVariant.Measure"/>).</summary>
public sealed record AesGcmMeasurement(double AadClocksPerBlock, double DataClocksPerBlock, long DataLatency, long TagLatency, long MessageOverhead, int Blocks);

/// <summary>A run of messages through a GCM core: the outcomes in order, the stream's timing, and the trace if asked for.</summary>
public sealed record AesGcmRun(AesGcmDesign Core, Simulation Simulation, StreamRun<AesGcmResult> Stream, IReadOnlyList<AesGcmOutcome> Outcomes, TraceRecorder? Trace);

/// <summary>
/// The AES-GCM core on one AES encryption variant of the catalog (the variant, with its key-size
/// build, is configuration: <see cref="AesGcmCore.Build"/>), and how a host drives it.
/// </summary>
public sealed class AesGcmVariant(AesVariant blockCipher, int ghashDepth = 4)
{
    /// <summary>The AES encryption core under the GCM processes.</summary>
    public AesVariant BlockCipher { get; } = blockCipher;
    public int GhashDepth { get; } = ghashDepth;
    /// <summary>The AES variant's name with "-gcm": proc11-gcm.</summary>
    public string Variant => BlockCipher.Variant + "-gcm";
    /// <summary>aes-proc11-gcm, aes128-proc11-gcm.</summary>
    public string Name => BlockCipher.Name + "-gcm";

    /// <summary>The GCM core on <paramref name="variant"/>'s encryption core (a block cipher variant, either direction's name), built for <paramref name="keyBits"/>.</summary>
    public static AesGcmVariant On(string variant, int keyBits = AesKeyBits.All)
    {
        var named = AesCatalog.Find(variant);
        if (named.Mode != AesMode.Ecb)
            throw new ArgumentException($"aes variant '{variant}' has a mode built in; GCM needs a block cipher variant ({string.Join(", ", AesCatalog.Variants.Where(v => !v.Decrypt).Select(v => v.Variant))})");
        var core = AesCatalog.Variants.FirstOrDefault(v => v.Family == named.Family && !v.Decrypt)
            ?? throw new ArgumentException($"aes variant '{variant}' has no encryption core");
        return new AesGcmVariant(core.WithKeyBits(keyBits));
    }

    public AesGcmDesign Build() => AesGcmCore.Build(Name.Replace('-', '_'), BlockCipher, GhashDepth);

    /// <summary>
    /// The items of <paramref name="message"/>: the IV, AAD and data cut into blocks (the last of each
    /// zero-filled, with its byte count), then End with the expected tag when opening. A clear error for
    /// an empty IV, a key the build does not take, or (opening) a tag that is not 12 to 16 bytes.
    /// </summary>
    public List<AesGcmItem> Items(AesGcmMessage message)
    {
        var key = AesKey.FromBytes(message.Key);
        if (!BlockCipher.KeySizes.Contains(key.Size))
            throw new ArgumentException($"aes {Variant} built for AES-{BlockCipher.KeyBits} takes {BlockCipher.KeyBits}-bit keys only, not a {message.Key.Length * 8}-bit key");
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
        var core = Build();
        var sim = new Simulation(core.Design);
        var recorder = trace ? sim.EnableTrace() : null;
        var stream = Stream(core, sim, messages, options);
        return new AesGcmRun(core, sim, stream, Outcomes(stream.Outputs), recorder);
    }

    /// <summary>Runs <paramref name="messages"/> through a core that may have run before.</summary>
    public StreamRun<AesGcmResult> Stream(AesGcmDesign core, Simulation sim, IReadOnlyList<AesGcmMessage> messages, StreamOptions options)
    {
        var items = messages.SelectMany(Items).ToList();
        var bench = new StreamTestbench<IAesGcmIn, IAesGcmOut>(sim, core.Input, core.InputReady, core.Output, core.OutputReady);
        return bench.Run(items, static (bus, item) =>
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
            throw new HardwareException($"aes {Variant}: the core broke the stream contract: {run.Stream.ProtocolErrors[0]}");
        return (run.Outcomes[0], run.Stream.Cycles, items.Count);
    }

    /// <summary>
    /// Full-speed timing under one 128-bit (or the build's) key already loaded, from 96-bit-IV messages of
    /// <paramref name="blocks"/> and 2 · <paramref name="blocks"/> blocks of AAD only and of data only:
    /// clocks per AAD and per data block (the difference of the two lengths over <paramref name="blocks"/>),
    /// the clocks from the IV's transfer to the first data block out, from the End item's transfer to the
    /// tag out (at one item per clock the End item goes in blocks + 1 clocks after the IV), and the clocks
    /// a message of data takes beyond one per block, from its first item offered to its tag taken.
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
        return new AesGcmMeasurement((double)(aad2.Cycles - aad.Cycles) / blocks, (double)(data2.Cycles - data.Cycles) / blocks,
            data.Latency, data.LastOutputCycle - (data.FirstInputCycle + blocks + 1), data.Cycles - blocks, blocks);

        StreamRun<AesGcmResult> Timed(AesGcmMessage message)
        {
            var run = Stream(core, sim, [message], StreamOptions.FullSpeed);
            if (run.ProtocolErrors.Count > 0) throw new HardwareException($"aes {Variant}: measurement run broke the stream contract: {run.ProtocolErrors[0]}");
            var (text, tag) = AesGcmModel.Seal(message.Key, message.Iv, message.Text, message.Aad);
            var got = Outcomes(run.Outputs).Single();
            if (!got.Text.AsSpan().SequenceEqual(text) || !got.Tag.AsSpan().SequenceEqual(tag))
                throw new HardwareException($"aes {Variant}: measurement run is wrong");
            return run;
        }
    }

    public override string ToString() => BlockCipher.KeyBits == AesKeyBits.All ? $"aes {Variant}" : $"aes {Variant} (AES-{BlockCipher.KeyBits})";
}
