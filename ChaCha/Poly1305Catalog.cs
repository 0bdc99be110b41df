using System.Buffers.Binary;
using Crypto.Streams;
using Hdl;

namespace Crypto.ChaCha;

/// <summary>One 16-byte word for a Poly1305 core, with its message's key (read on the message's first word only).</summary>
public readonly record struct Poly1305Word(UInt128 Block, byte ByteCount, bool Last, UInt128 KeyR, UInt128 KeyS);

/// <summary>One tag out of a Poly1305 core.</summary>
public readonly record struct Poly1305TagResult(UInt128 Tag, bool Last)
{
    public override string ToString() => $"{Tag:x32}{(Last ? " last" : "")}";
}

/// <summary>A freshly built Poly1305 core design and its top-level buses.</summary>
public sealed record Poly1305CoreDesign(Design Design, IPoly1305In Input, IReady InputReady, IPoly1305Out Output, IReady OutputReady)
    : IStreamCoreDesign<IPoly1305In, IPoly1305Out>;

/// <summary>A named Poly1305 variant.</summary>
public sealed class Poly1305Variant(string variant, string description, Func<Poly1305CoreDesign> build)
    : StreamCoreVariant<Poly1305CoreDesign, IPoly1305In, IPoly1305Out, Poly1305Word, Poly1305TagResult>, ICoreVariant
{
    public override string Core => "poly1305";
    public override string Variant { get; } = variant;
    public override string Description { get; } = description;

    public override Poly1305CoreDesign Build() => build();

    /// <summary>Runs <paramref name="words"/> through a fresh instance of the core; one tag comes out per message.</summary>
    public StreamCoreRun<Poly1305CoreDesign, Poly1305TagResult> Run(IReadOnlyList<Poly1305Word> words, StreamOptions options, bool trace = false) =>
        RunFresh(words, options, trace);

    public override StreamRun<Poly1305TagResult> Stream(Poly1305CoreDesign core, Simulation sim, IReadOnlyList<Poly1305Word> words, StreamOptions options) =>
        Testbench(core, sim).Run(words, Poly1305Catalog.Write, static bus => new Poly1305TagResult(bus.Tag, bus.Last), words.Count(w => w.Last), options);

    protected override IReadOnlyList<Poly1305TagResult> Oracle(IReadOnlyList<Poly1305Word> words) => Poly1305Catalog.Expected(words);

    public int BlockBytes => Poly1305Math.BlockBytes;

    public KnownAnswerResult KnownAnswer() => ChaChaKnownAnswers.Rfc8439Section252(this);

    protected override IReadOnlyList<Poly1305Word> RandomJobs(int blocks, int seed) => Poly1305Catalog.RandomWords(blocks, seed);

    /// <summary>Measured with one-block messages, so that every block gives an output transfer.</summary>
    public Measurement Measure(int blocks = 64) => MeasureRun(Poly1305Catalog.RandomWords(blocks, seed: 1, maxWordsPerMessage: 1), blocks);
}

/// <summary>
/// The Poly1305 variant, the MAC of a byte string through it, and AEAD_CHACHA20_POLY1305 (RFC 8439
/// §2.8) through the simulations of a ChaCha20 core and a Poly1305 core.
/// </summary>
public static class Poly1305Catalog
{
    public static IReadOnlyList<Poly1305Variant> Variants { get; } =
    [
        new("naive", "Poly1305, one 16-byte block per clock (add, multiply by r and reduce in one clock; the final reduction with the last block)",
            BuildNaive),
    ];

    public static Poly1305Variant Find(string name) =>
        Variants.FirstOrDefault(v => string.Equals(v.Variant, name, StringComparison.OrdinalIgnoreCase))
        ?? throw new ArgumentException(
            $"unknown poly1305 variant '{name}'; known variants: {string.Join(", ", Variants.Select(v => v.Variant))}", nameof(name));

    /// <summary>The words of one message under a 32-byte one-time key (an empty message is one word of 0 bytes).</summary>
    public static Poly1305Word[] Words(byte[] key, byte[] message)
    {
        if (key.Length != Poly1305Model.KeyBytes) throw new ArgumentException($"a Poly1305 key is {Poly1305Model.KeyBytes} bytes, got {key.Length}", nameof(key));
        UInt128 keyR = BinaryPrimitives.ReadUInt128LittleEndian(key), keyS = BinaryPrimitives.ReadUInt128LittleEndian(key.AsSpan(16));
        int count = Math.Max(1, (message.Length + 15) / 16);
        var words = new Poly1305Word[count];
        var chunk = new byte[16];
        for (int i = 0; i < count; i++)
        {
            int start = 16 * i, length = Math.Min(16, message.Length - start);
            Array.Clear(chunk);
            message.AsSpan(start, length).CopyTo(chunk);
            words[i] = new Poly1305Word(BinaryPrimitives.ReadUInt128LittleEndian(chunk), (byte)length, i == count - 1, keyR, keyS);
        }
        return words;
    }

    /// <summary>The tag of <paramref name="message"/> through the simulation of <paramref name="variant"/> at full speed.</summary>
    public static (byte[] Tag, long Cycles) Mac(string variant, byte[] key, byte[] message)
    {
        var words = Words(key, message);
        var run = Find(variant).Run(words, StreamOptions.FullSpeed with { MaxCycles = 4L * words.Length + 1000 });
        if (run.Stream.ProtocolErrors.Count > 0 || run.Stream.Outputs.Count != 1)
            throw new HardwareException($"poly1305 {variant}: {run.Stream.Outputs.Count} tags for one message{string.Concat(run.Stream.ProtocolErrors.Take(1).Select(e => ": " + e))}");
        var tag = new byte[16];
        BinaryPrimitives.WriteUInt128LittleEndian(tag, run.Stream.Outputs[0].Tag);
        return (tag, run.Stream.Cycles);
    }

    /// <summary>
    /// AEAD_CHACHA20_POLY1305 encryption through the simulated cores: the one-time key is ChaCha20
    /// block 0 from <paramref name="chachaVariant"/>, the ciphertext ChaCha20 from counter 1, the tag
    /// Poly1305 from <paramref name="polyVariant"/> over AAD, ciphertext and lengths.
    /// </summary>
    public static (byte[] Ciphertext, byte[] Tag) Seal(string chachaVariant, string polyVariant, byte[] key, byte[] nonce, byte[] plaintext, byte[] aad)
    {
        var oneTimeKey = ChaChaCatalog.Encrypt(chachaVariant, key, nonce, 0, new byte[Poly1305Model.KeyBytes]).Output;
        var ciphertext = ChaChaCatalog.Encrypt(chachaVariant, key, nonce, 1, plaintext).Output;
        var (tag, _) = Mac(polyVariant, oneTimeKey, Poly1305Model.AeadMacData(aad, ciphertext));
        return (ciphertext, tag);
    }

    /// <summary>
    /// AEAD_CHACHA20_POLY1305 decryption through the simulated cores: the tag is recomputed over AAD
    /// and ciphertext first; the plaintext, or null when the tag does not match (nothing is decrypted then).
    /// </summary>
    public static byte[]? Open(string chachaVariant, string polyVariant, byte[] key, byte[] nonce, byte[] ciphertext, byte[] aad, byte[] tag)
    {
        var oneTimeKey = ChaChaCatalog.Encrypt(chachaVariant, key, nonce, 0, new byte[Poly1305Model.KeyBytes]).Output;
        var (expected, _) = Mac(polyVariant, oneTimeKey, Poly1305Model.AeadMacData(aad, ciphertext));
        if (tag.Length != Poly1305Model.TagBytes || !System.Security.Cryptography.CryptographicOperations.FixedTimeEquals(expected, tag)) return null;
        return ChaChaCatalog.Encrypt(chachaVariant, key, nonce, 1, ciphertext).Output;
    }

    public static void Write(IPoly1305In bus, Poly1305Word w)
    {
        bus.Block = w.Block;
        bus.ByteCount = w.ByteCount;
        bus.Last = w.Last;
        bus.KeyR = w.KeyR;
        bus.KeyS = w.KeyS;
    }

    /// <summary>The tag of each message of <paramref name="words"/>, from the software model.</summary>
    public static Poly1305TagResult[] Expected(IReadOnlyList<Poly1305Word> words)
    {
        var tags = new List<Poly1305TagResult>();
        var message = new List<byte>();
        byte[]? key = null;
        var bytes = new byte[16];
        foreach (var w in words)
        {
            if (key is null)
            {
                key = new byte[32];
                BinaryPrimitives.WriteUInt128LittleEndian(key, w.KeyR);
                BinaryPrimitives.WriteUInt128LittleEndian(key.AsSpan(16), w.KeyS);
            }
            BinaryPrimitives.WriteUInt128LittleEndian(bytes, w.Block);
            message.AddRange(bytes.AsSpan(0, w.ByteCount));
            if (w.Last)
            {
                tags.Add(new Poly1305TagResult(BinaryPrimitives.ReadUInt128LittleEndian(Poly1305Model.Mac(key, [.. message])), true));
                message.Clear();
                key = null;
            }
        }
        return [.. tags];
    }

    /// <summary>
    /// Seeded random messages of 1..<paramref name="maxWordsPerMessage"/> words with random keys (some
    /// with r and s all ones, the largest values); the final word of a message holds 0..16 bytes (0 only
    /// after a full word or as an empty message), the others 16; blocks of all ones now and then.
    /// Key fields of words after a message's first hold other random values, which the core must ignore.
    /// </summary>
    public static Poly1305Word[] RandomWords(int count, int seed, int maxWordsPerMessage = 6)
    {
        var rng = new Random(seed);
        var words = new Poly1305Word[count];
        int i = 0;
        while (i < count)
        {
            int length = Math.Min(count - i, rng.Next(1, maxWordsPerMessage + 1));
            bool extreme = rng.Next(8) == 0;
            UInt128 keyR = extreme ? UInt128.MaxValue : Random128(rng), keyS = extreme ? UInt128.MaxValue : Random128(rng);
            for (int j = 0; j < length; j++, i++)
            {
                bool last = j == length - 1;
                byte byteCount = last ? (byte)rng.Next(0, 17) : (byte)16;
                UInt128 block = rng.Next(6) == 0 ? UInt128.MaxValue : Random128(rng);
                var w = new Poly1305Word(block, byteCount, last, keyR, keyS);
                if (j > 0) w = w with { KeyR = Random128(rng), KeyS = Random128(rng) };
                words[i] = w;
            }
        }
        return words;
    }

    static UInt128 Random128(Random rng)
    {
        Span<byte> bytes = stackalloc byte[16];
        rng.NextBytes(bytes);
        return BinaryPrimitives.ReadUInt128LittleEndian(bytes);
    }

    static Poly1305CoreDesign BuildNaive()
    {
        var design = new Design("poly1305_naive");
        var input = design.Input(Bus.Create<IPoly1305In>(), "in");
        var outputReady = design.Input(Bus.Create<IReady>(), "out_ready");
        var control = new PipelineControl { Name = "control", OutputReady = outputReady };
        var stage = design.Add(new Poly1305BlockStage { Name = "block", Input = input, Advance = control.Advance });
        control.Output = stage.Output;
        design.Add(control);
        design.Output(control.Advance, "in_ready");
        design.Output(stage.Output, "out");
        return new Poly1305CoreDesign(design, input, control.Advance, stage.Output, outputReady);
    }
}
