using Crypto.Streams;
using Hdl;

namespace Crypto.Aes;

/// <summary>One block for an AES core: key, block, and the sideband that travels with it.</summary>
public readonly record struct AesBlockJob(AesKey Key, UInt128 Block, byte Tag, bool Last, UInt128 Side = default);

/// <summary>One block out of an AES core.</summary>
public readonly record struct AesBlockResult(UInt128 Block, byte Tag, bool Last, UInt128 Side = default)
{
    public override string ToString() => $"{AesModel.ToHex(Block)} tag {Tag}{(Last ? " last" : "")}{(Side != 0 ? $" side {AesModel.ToHex(Side)}" : "")}";
}

/// <summary>A freshly built AES core design and its top-level buses.</summary>
public sealed record AesCoreDesign(Design Design, IAesBlockIn Input, IReady InputReady, IAesBlockOut Output, IReady OutputReady)
    : IStreamCoreDesign<IAesBlockIn, IAesBlockOut>;

/// <summary>What an AES core is built for: its direction and the key sizes it takes.</summary>
/// <param name="Decrypt">The equivalent inverse cipher.</param>
/// <param name="KeyBits">128, 192 or 256: the one key size the build takes; <see cref="AesKeyBits.All"/>: all three, each block's KeySize deciding.</param>
/// <param name="TwoClockKeySteps">
/// The key scheduler spends two clocks on every round key even in a build for one key size, so that
/// its step is not deeper than the variant's round (<see cref="AesKeyScheduler.ClocksPerRoundKey"/>).
/// </param>
public readonly record struct AesBuild(bool Decrypt, int KeyBits, bool TwoClockKeySteps = false)
{
    /// <summary>The key-size generic of the processes: a key size code, or <see cref="AesMath.AnyKeySize"/>.</summary>
    public int KeySizeSetting => KeyBits == AesKeyBits.All ? AesMath.AnyKeySize : AesKeyBits.KeySizeOf(KeyBits);
    /// <summary>The last step of the build's pipelines (Nr of its key size; 14 when it takes all three).</summary>
    public int LastStep => AesMath.LastStepOf(KeySizeSetting);
}

/// <summary>The key sizes an AES build takes (the <c>--key-bits</c> option).</summary>
public static class AesKeyBits
{
    /// <summary>All three key sizes, chosen per block at run time (the default build).</summary>
    public const int All = 0;

    /// <summary>The option's text: "all", "128", "192" or "256".</summary>
    public static string Name(int keyBits) => keyBits == All ? "all" : keyBits.ToString(System.Globalization.CultureInfo.InvariantCulture);

    /// <summary>The key bits of an option value; a one-line error for anything else.</summary>
    public static int Parse(string text) => text switch
    {
        "all" => All,
        "128" => 128,
        "192" => 192,
        "256" => 256,
        _ => throw new ArgumentException($"--key-bits is 128, 192, 256 or all, not '{text}'"),
    };

    /// <summary>The key size code (0, 1, 2) of 128, 192 or 256 key bits.</summary>
    public static byte KeySizeOf(int keyBits) => keyBits switch
    {
        128 => AesMath.KeySize128,
        192 => AesMath.KeySize192,
        256 => AesMath.KeySize256,
        _ => throw new ArgumentOutOfRangeException(nameof(keyBits), keyBits, "AES keys are 128, 192 or 256 bits"),
    };

    /// <summary>The key size codes (0, 1, 2) a build takes.</summary>
    public static IReadOnlyList<byte> KeySizes(int keyBits) => keyBits == All
        ? [AesMath.KeySize128, AesMath.KeySize192, AesMath.KeySize256]
        : [KeySizeOf(keyBits)];

    /// <summary>
    /// The key bits of an option value given for <paramref name="core"/>: a one-line error for a value
    /// other than "all" on a core that has no builds for one key size.
    /// </summary>
    /// <param name="sizedCores">The cores built for one key size where the option is read (aes when not given).</param>
    public static int ParseFor(string core, string text, IReadOnlyList<string>? sizedCores = null)
    {
        sizedCores ??= ["aes"];
        int bits = Parse(text);
        if (bits != All && !sizedCores.Contains(core, StringComparer.OrdinalIgnoreCase))
            throw new ArgumentException($"--key-bits {text}: only {string.Join(" and ", sizedCores)} {(sizedCores.Count == 1 ? "is" : "are")} built for one key size; {core} takes --key-bits all");
        return bits;
    }
}

/// <summary>
/// A core on the AES processes, built for all three key sizes or for one (the <c>--key-bits</c> option):
/// AES itself and AES-GCM.
/// </summary>
public interface IAesKeySizeBuild : ICoreVariant
{
    /// <summary>The same core built for <paramref name="keyBits"/> (128, 192, 256, or <see cref="AesKeyBits.All"/>).</summary>
    IAesKeySizeBuild ForKeyBits(int keyBits);
}

/// <summary>
/// A named AES variant: a configuration of the AES processes (how many steps per stage, S-box or
/// T-table form, tables in logic or block RAM, keys held or carried with the block, direction), built
/// for all three key sizes (the key size travels with each block) or for one (<see cref="WithKeyBits"/>).
/// </summary>
/// <param name="twoClockKeySteps">A held-key variant whose round is shallower than a one-clock key-schedule step (<see cref="AesBuild.TwoClockKeySteps"/>).</param>
public sealed class AesVariant(string family, bool decrypt, bool keyPerBlock, string description, Func<AesBuild, AesCatalog.BlockCoreBuilder> build,
    AesMode mode = AesMode.Ecb, int keyBits = AesKeyBits.All, bool twoClockKeySteps = false)
    : StreamCoreVariant<AesCoreDesign, IAesBlockIn, IAesBlockOut, AesBlockJob, AesBlockResult>, IAesKeySizeBuild
{
    public override string Core => "aes";
    /// <summary>The variant's name: the family, then the mode when it is not ECB, then "-dec" for decryption.</summary>
    public override string Variant { get; } = family + (mode == AesMode.Ecb ? "" : "-" + mode.ToString().ToLowerInvariant()) + (decrypt ? "-dec" : "");
    /// <summary>The key sizes the build takes: 128, 192 or 256 only, or <see cref="AesKeyBits.All"/>.</summary>
    public int KeyBits { get; } = keyBits;
    /// <summary>aes-&lt;variant&gt; for the build that takes every key size, aes128-&lt;variant&gt; (192, 256) for a one-size build.</summary>
    public string Name => (KeyBits == AesKeyBits.All ? Core : Core + KeyBits) + "-" + Variant;
    string ICoreVariant.KeyBits => AesKeyBits.Name(KeyBits);
    /// <summary>The mode built around the block cipher (ECB: none).</summary>
    public AesMode Mode { get; } = mode;
    /// <summary>The structure (naive, tbox, iterative, proc4, ...) shared by its encryption and decryption variants.</summary>
    public string Family { get; } = family;
    /// <summary>The core decrypts (equivalent inverse cipher).</summary>
    public bool Decrypt { get; } = decrypt;
    /// <summary>
    /// The key is expanded on the fly with every block (any block may change the key at no cost);
    /// otherwise the core holds expanded round keys and a key change waits for the pipeline to empty.
    /// </summary>
    public bool KeyPerBlock { get; } = keyPerBlock;
    public override string Description { get; } = description + (keyBits == AesKeyBits.All ? "" : $"; built for AES-{keyBits} only");

    /// <summary>The key size codes the build takes.</summary>
    public IReadOnlyList<byte> KeySizes { get; } = AesKeyBits.KeySizes(keyBits);

    /// <summary>
    /// Clocks a held-key core spends loading a key of <paramref name="keySize"/> once its pipeline is empty:
    /// (Nr + 2) · <see cref="AesKeyScheduler.ClocksPerRoundKey"/> (Nr + 1 round keys, and the clock that ends the load; in
    /// a two-clock build also the initial window's clock).
    /// </summary>
    public int KeyLoadClocks(byte keySize) =>
        (AesMath.RoundsOf(keySize) + 2) * AesKeyScheduler.ClocksPerRoundKey(BuildSettings);

    /// <summary>What the processes are built for: direction, key sizes, key-step clocks.</summary>
    AesBuild BuildSettings => new(Decrypt, KeyBits, twoClockKeySteps);

    /// <summary>A fresh design with its top-level buses (a design is simulated once).</summary>
    public override AesCoreDesign Build() => AesCatalog.BuildCore(Name.Replace('-', '_'), Decrypt, Mode, build(BuildSettings));

    /// <summary>The block cipher core alone (no mode around it), to build into a larger design.</summary>
    public AesCatalog.BlockCoreBuilder BlockCore() => build(BuildSettings);

    /// <summary>The same block cipher core with <paramref name="otherMode"/> around it.</summary>
    public AesVariant WithMode(AesMode otherMode) =>
        otherMode == Mode ? this : new AesVariant(Family, Decrypt, KeyPerBlock, $"{description}; {otherMode.ToString().ToUpperInvariant()} mode around it", build, otherMode, KeyBits, twoClockKeySteps);

    /// <summary>The same variant built for <paramref name="keyBits"/> (128, 192, 256, or <see cref="AesKeyBits.All"/>).</summary>
    public AesVariant WithKeyBits(int keyBits) =>
        keyBits == KeyBits ? this : new AesVariant(Family, Decrypt, KeyPerBlock, description, build, Mode, keyBits, twoClockKeySteps);

    IAesKeySizeBuild IAesKeySizeBuild.ForKeyBits(int keyBits) => WithKeyBits(keyBits);

    /// <summary>Refuses a job whose key this build does not take (one line naming the sizes it does).</summary>
    void CheckKeySizes(IReadOnlyList<AesBlockJob> jobs)
    {
        foreach (var job in jobs)
            if (!KeySizes.Contains(job.Key.Size))
                throw new ArgumentException($"aes {Variant} built for AES-{KeyBits} takes {KeyBits}-bit keys only, not a {AesMath.KeyWords(job.Key.Size) * 32}-bit key");
    }

    /// <summary>
    /// What the core must produce for <paramref name="jobs"/>, from the software model. With a mode, a
    /// message is the blocks up to one with Last, and the Side of its first block is its IV.
    /// </summary>
    public AesBlockResult[] Expected(IReadOnlyList<AesBlockJob> jobs)
    {
        var expected = new AesBlockResult[jobs.Count];
        bool first = true;
        UInt128 chain = 0;
        for (int i = 0; i < jobs.Count; i++)
        {
            var job = jobs[i];
            if (first) chain = job.Side;
            UInt128 output;
            switch (Mode)
            {
                case AesMode.Ctr:
                    output = AesModel.EncryptBlock(job.Key, chain) ^ job.Block;
                    chain++;
                    break;
                case AesMode.Cbc when Decrypt:
                    output = AesModel.DecryptBlock(job.Key, job.Block) ^ chain;
                    chain = job.Block;
                    break;
                case AesMode.Cbc:
                    output = chain = AesModel.EncryptBlock(job.Key, job.Block ^ chain);
                    break;
                default:
                    output = AesModel.ProcessBlock(job.Key, job.Block, Decrypt);
                    break;
            }
            first = job.Last;
            expected[i] = new AesBlockResult(output, job.Tag, job.Last, Mode == AesMode.Ecb ? job.Side : 0);
        }
        return expected;
    }

    protected override IReadOnlyList<AesBlockResult> Oracle(IReadOnlyList<AesBlockJob> jobs) => Expected(jobs);

    public int BlockBytes => AesModel.BlockBytes;

    /// <summary>FIPS-197 Appendix C through this build (<see cref="AesKnownAnswers.Fips197AppendixC"/>).</summary>
    public KnownAnswerResult KnownAnswer() => AesKnownAnswers.Fips197AppendixC(this);

    /// <summary>Runs <paramref name="jobs"/> through a fresh instance of the core, in order, under <paramref name="options"/>.</summary>
    public StreamCoreRun<AesCoreDesign, AesBlockResult> Run(IReadOnlyList<AesBlockJob> jobs, StreamOptions options, bool trace = false)
    {
        CheckKeySizes(jobs);
        return RunFresh(jobs, options, trace);
    }

    public override StreamRun<AesBlockResult> Stream(AesCoreDesign core, Simulation sim, IReadOnlyList<AesBlockJob> jobs, StreamOptions options) =>
        Testbench(core, sim).Run(jobs, static (bus, job) =>
        {
            bus.Block = job.Block;
            bus.KeyHigh = job.Key.High;
            bus.KeyLow = job.Key.Low;
            bus.KeySize = job.Key.Size;
            bus.Side = job.Side;
            bus.Tag = job.Tag;
            bus.Last = job.Last;
        }, static bus => new AesBlockResult(bus.Block, bus.Tag, bus.Last, bus.Side), jobs.Count, options);

    /// <summary>Full-speed rate and latency with one key of the given size (key code 0, 1, 2) for every block.</summary>
    public Measurement Measure(int blocks, byte keySize)
    {
        var jobs = AesCatalog.RandomJobs(blocks, seed: 1, keyChangeProbability: 0, keySizes: [keySize]);
        CheckKeySizes(jobs);
        var core = Build();
        var sim = new Simulation(core.Design);
        // One block under the same key first, as a message of its own: a held-key core takes a block into its
        // input register before it loads the block's key, so the key load is done before the measured blocks.
        CheckedFullSpeed(core, sim, [jobs[0] with { Last = true }]);
        var measured = CheckedFullSpeed(core, sim, jobs);
        return new Measurement(measured.ClocksPerBlock, measured.Latency, measured.Cycles, blocks);
    }

    /// <summary>Full-speed rate and latency with the build's smallest key (AES-128 unless built for one other size; the key is loaded before the measured blocks).</summary>
    public Measurement Measure(int blocks = 64) => Measure(blocks, KeySizes[0]);

    /// <summary>Seeded random blocks with key changes (often with a key per block) and, with a mode, message ends.</summary>
    protected override IReadOnlyList<AesBlockJob> RandomJobs(int blocks, int seed) => AesCatalog.RandomJobs(blocks, seed, keyChangeProbability: KeyPerBlock ? 0.5 : 0.04,
        keySizes: KeySizes, messageEndProbability: Mode == AesMode.Ecb ? 0 : 0.2);

    public override string ToString() => KeyBits == AesKeyBits.All ? $"{Core} {Variant}" : $"{Core} {Variant} (AES-{KeyBits})";
}
