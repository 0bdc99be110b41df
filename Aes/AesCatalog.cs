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

/// <summary>The AES variants, and ECB through any of them.</summary>
public static class AesCatalog
{
    /// <summary>Builds a block cipher core into <paramref name="design"/> between the given input and output ready; returns its input ready and output.</summary>
    public delegate (IReady InputReady, IAesBlockOut Output) BlockCoreBuilder(Design design, IAesBlockIn input, IReady outputReady);

    /// <summary>A design: the block cipher core, with the mode's processes around it unless the mode is ECB.</summary>
    public static AesCoreDesign BuildCore(string name, bool decrypt, AesMode mode, BlockCoreBuilder build)
    {
        var design = new Design(name);
        var input = design.Input(Bus.Create<IAesBlockIn>(), "in");
        var outputReady = design.Input(Bus.Create<IReady>(), "out_ready");
        if (mode == AesMode.Ecb)
        {
            var (ready, output) = build(design, input, outputReady);
            design.Output(ready, "in_ready");
            design.Output(output, "out");
            return new AesCoreDesign(design, input, ready, output, outputReady);
        }
        int code = AesModeCodes.Of(mode);
        var register = new AesModeRegister(code, decrypt) { Name = "mode_register", Input = input, OutputReady = outputReady };
        var front = design.Add(new AesModeFront(code, decrypt) { Name = "mode_front", Input = input, State = register.State });
        var (coreReady, coreOutput) = build(design, front.Output, outputReady);
        var back = design.Add(new AesModeBack(code, decrypt) { Name = "mode_back", Input = coreOutput });
        var inputReady = design.Add(new AesModeInputReady(code, decrypt) { Name = "mode_ready", State = register.State, CoreReady = coreReady });
        register.CoreInput = front.Output;
        register.CoreReady = coreReady;
        register.CoreOutput = coreOutput;
        design.Add(register);
        design.Output(inputReady.InputReady, "in_ready");
        design.Output(back.Output, "out");
        return new AesCoreDesign(design, input, inputReady.InputReady, back.Output, outputReady);
    }

    /// <summary>What a held-key pipeline stage does: steps first..last, which part of a round.</summary>
    public readonly record struct StageSteps(int First, int Last, int Part);

    static StageSteps[] OneStage(int lastStep) => [new(0, lastStep, AesMath.WholeRound)];
    /// <summary>Steps 0..lastStep in four stages, the first ones one step longer where they do not divide evenly (4, 4, 4, 3 steps for all key sizes; 3, 3, 3, 2 for AES-128).</summary>
    static StageSteps[] FourStages(int lastStep)
    {
        int steps = lastStep + 1;
        var stages = new StageSteps[4];
        for (int i = 0, first = 0; i < stages.Length; i++)
        {
            int size = steps / stages.Length + (i < steps % stages.Length ? 1 : 0);
            stages[i] = new StageSteps(first, first + size - 1, AesMath.WholeRound);
            first += size;
        }
        return stages;
    }
    static StageSteps[] StagePerRound(int lastStep) => [.. Enumerable.Range(0, lastStep + 1).Select(r => new StageSteps(r, r, AesMath.WholeRound))];
    static StageSteps[] TwoStagesPerRound(int lastStep) =>
    [
        new(0, 0, AesMath.WholeRound),
        .. Enumerable.Range(1, lastStep).SelectMany(r => new[]
            { new StageSteps(r, r, AesMath.SubShiftHalf), new StageSteps(r, r, AesMath.MixAddHalf) }),
    ];

    static IEnumerable<AesVariant> BothDirections(string family, string what, Func<AesBuild, BlockCoreBuilder> build, bool twoClockKeySteps = false) =>
        [
            new(family, false, false, $"encryption, {what}", build, twoClockKeySteps: twoClockKeySteps),
            new(family, true, false, $"decryption (equivalent inverse cipher), {what}", build, twoClockKeySteps: twoClockKeySteps),
        ];

    /// <summary>Every AES variant, by name.</summary>
    public static IReadOnlyList<AesVariant> Variants { get; } =
    [
        .. BothDirections("naive", "the whole cipher in one clock, S-box form; round keys held", b => BuildHeldPipeline(b, OneStage(b.LastStep))),
        .. BothDirections("tbox", "the whole cipher in one clock, T-table rounds computed from the S-box (in LUTs the same circuit as naive, docs/aes.md); round keys held", b => BuildHeldPipeline(b, OneStage(b.LastStep))),
        .. BothDirections("iterative", "one round per clock in one S-box round datapath (Nr clocks per block); round keys held", b => (design, input, outputReady) => BuildIterative(design, input, outputReady, b)),
        .. BothDirections("proc4", "pipeline of 4 stages (steps 0-3, 4-7, 8-11, 12-14; AES-128 build 0-2, 3-5, 6-8, 9-10), T-table rounds computed from the S-box, 1 block per clock; round keys held",
            b => BuildHeldPipeline(b, FourStages(b.LastStep))),
        .. BothDirections("proc11", "pipeline of one stage per round (15 stages: initial AddRoundKey + rounds 1..14; AES-128 build 11), T-table rounds computed from the S-box, 1 block per clock; round keys held",
            b => BuildHeldPipeline(b, StagePerRound(b.LastStep))),
        .. BothDirections("proc22", "pipeline of two stages per round (29 stages: SubBytes+ShiftRows, then MixColumns+AddRoundKey; AES-128 build 21), S-box form, 1 block per clock; round keys held",
            b => BuildHeldPipeline(b, TwoStagesPerRound(b.LastStep))),
        .. BothDirections("bram11", "pipeline of one register level per round (15; AES-128 build 11), the T-tables in block RAM: 16 reads of a 256 x 32-bit ROM per round (T0 or Td0, which also give the final round's S-box bytes), the registered read is the round's pipeline register, 1 block per clock; round keys held, each made in two clocks (a one-clock key step is deeper than the round)",
            b => (design, input, outputReady) => BuildBramPipeline(design, input, outputReady, b), twoClockKeySteps: true),
        new("proc11-otf", false, true,
            "encryption, pipeline of one stage per round (15 stages; AES-128 build 11), T-table rounds computed from the S-box, 1 block per clock; the key travels with every block and is expanded on the fly, so any block may change the key",
            b => (design, input, outputReady) => BuildKeyedPipeline(design, input, outputReady, b)),
        new("proc11-otf", true, true,
            "decryption, on the fly like proc11-otf: Nr stages walk the key schedule forward to round Nr while the block waits, then Nr + 1 steps of the inverse cipher walk it back, each adding its round key before InvMixColumns so the key needs no InvMixColumns of its own (30 stages; AES-128 build 22), 1 block per clock",
            b => (design, input, outputReady) => BuildKeyedPipeline(design, input, outputReady, b)),
    ];

    /// <summary>The modes in hardware, each around one core in the catalog (any variant takes any mode through <see cref="AesVariant.WithMode"/>).</summary>
    public static IReadOnlyList<AesVariant> ModeVariants { get; } =
    [
        Variants.First(v => v.Variant == "proc11").WithMode(AesMode.Ctr),
        Variants.First(v => v.Variant == "iterative").WithMode(AesMode.Cbc),
        Variants.First(v => v.Variant == "proc11-dec").WithMode(AesMode.Cbc),
    ];

    /// <summary>Every AES design of the catalog: block cipher cores, then the mode cores (built for all key sizes).</summary>
    public static IReadOnlyList<AesVariant> All { get; } = [.. Variants, .. ModeVariants];

    /// <summary>The AES-128 build of every design in <see cref="All"/>.</summary>
    public static IReadOnlyList<AesVariant> Aes128Builds { get; } = [.. All.Select(v => v.WithKeyBits(128))];

    /// <summary>The variant called <paramref name="name"/> (case-insensitive).</summary>
    public static AesVariant Find(string name) =>
        All.FirstOrDefault(v => string.Equals(v.Variant, name, StringComparison.OrdinalIgnoreCase))
        ?? throw new ArgumentException(
            $"unknown aes variant '{name}'; known variants: {string.Join(", ", All.Select(v => v.Variant))}", nameof(name));

    /// <summary>
    /// ECB (no padding) of <paramref name="data"/>, a whole number of 16-byte blocks, through the
    /// cycle-accurate simulation of <paramref name="variant"/> (encryption or decryption as the variant
    /// does), at full speed (no input gaps, consumer always ready). Returns the output, the simulated
    /// clock cycles and the block count.
    /// </summary>
    public static (byte[] Output, long Cycles, int Blocks) Ecb(string variant, byte[] key, byte[] data)
    {
        var core = Find(variant);
        var k = AesKey.FromBytes(key);
        var blocks = AesModel.ToBlocks(data);
        var jobs = new AesBlockJob[blocks.Length];
        for (int i = 0; i < blocks.Length; i++)
            jobs[i] = new AesBlockJob(k, blocks[i], (byte)i, i == blocks.Length - 1);
        var results = RunInOrder(core, jobs);
        return (AesModel.FromBlocks([.. results.Outputs.Select(o => o.Block)]), results.Cycles, blocks.Length);
    }

    /// <summary>
    /// The block cipher core for a mode and direction: CTR always encrypts (the encryption variant of
    /// the family), CBC and ECB use the variant of the requested direction. A clear error when the
    /// family has no such variant.
    /// </summary>
    public static AesVariant ForMode(string variant, AesMode mode, bool decrypt, int keyBits = AesKeyBits.All)
    {
        var named = Find(variant);
        if (named.Mode != AesMode.Ecb) throw new ArgumentException($"aes variant '{variant}' has a mode built in; name a block cipher variant ({string.Join(", ", Variants.Select(v => v.Variant))})");
        bool coreDecrypts = mode != AesMode.Ctr && decrypt;
        var core = Variants.FirstOrDefault(v => v.Family == named.Family && v.Decrypt == coreDecrypts)
            ?? throw new ArgumentException($"aes variant '{variant}' has no {(coreDecrypts ? "decryption" : "encryption")} core");
        return core.WithMode(mode).WithKeyBits(keyBits);
    }

    /// <summary>
    /// One message through <paramref name="mode"/> in hardware around the core of <paramref name="variant"/>
    /// (see <see cref="ForMode"/>), at full speed: the same bytes as <see cref="AesModel.Process"/>
    /// (openssl enc -nopad). ECB and CBC need whole blocks; CTR takes any length (the last block is
    /// filled with zeros on the way in and its output cut to the data's length).
    /// </summary>
    public static (byte[] Output, long Cycles, int Blocks) Process(string variant, AesMode mode, bool decrypt, byte[] key, byte[] iv, byte[] data,
        int keyBits = AesKeyBits.All)
    {
        var k = AesKey.FromBytes(key);
        if (mode != AesMode.Ecb && iv.Length != AesModel.BlockBytes)
            throw new ArgumentException($"the {mode} IV is {AesModel.BlockBytes} bytes (32 hex digits), got {iv.Length} bytes", nameof(iv));
        var blocks = mode == AesMode.Ctr ? AesModel.ToBlocksPadded(data) : AesModel.ToBlocks(data);
        var core = ForMode(variant, mode, decrypt, keyBits);
        UInt128 side = mode == AesMode.Ecb ? 0 : AesModel.ToBlock(iv);
        var jobs = new AesBlockJob[blocks.Length];
        for (int i = 0; i < blocks.Length; i++)
            jobs[i] = new AesBlockJob(k, blocks[i], (byte)i, i == blocks.Length - 1, side);
        var results = RunInOrder(core, jobs);
        var output = AesModel.FromBlocks([.. results.Outputs.Select(o => o.Block)]);
        return (output[..data.Length], results.Cycles, blocks.Length);
    }

    /// <summary>AES-128 ECB encryption through an encryption variant (the form the known-answer tests use).</summary>
    public static (byte[] Output, long Cycles, int Blocks) EncryptEcb(string variant, byte[] key16, byte[] data)
    {
        AesModel.CheckKey(key16);
        if (Find(variant).Decrypt) throw new ArgumentException($"aes {variant} decrypts");
        return Ecb(variant, key16, data);
    }

    /// <summary>Runs jobs at full speed and checks that every block came out once, in order (by Tag).</summary>
    public static StreamRun<AesBlockResult> RunInOrder(AesVariant core, IReadOnlyList<AesBlockJob> jobs)
    {
        var run = core.Run(jobs, StreamOptions.FullSpeed with { MaxCycles = 64L * jobs.Count + 1000 });
        var outputs = run.Stream.Outputs;
        if (run.Stream.ProtocolErrors.Count > 0)
            throw new HardwareException($"aes {core.Variant}: the core broke the stream contract: {run.Stream.ProtocolErrors[0]}");
        for (int i = 0; i < outputs.Count; i++)
            if (outputs[i].Tag != jobs[i].Tag)
                throw new HardwareException($"aes {core.Variant}: output {i} carries tag {outputs[i].Tag}, expected {jobs[i].Tag}: blocks were reordered, lost or duplicated");
        return run.Stream;
    }

    /// <summary>
    /// Seeded random blocks with keys of the sizes in <paramref name="keySizes"/> (all three by
    /// default, taken in turn from a random start). The key changes before a block with probability
    /// <paramref name="keyChangeProbability"/>; Last marks the final block under each key; Tag counts
    /// blocks; Side is random.
    /// </summary>
    public static AesBlockJob[] RandomJobs(int count, int seed, double keyChangeProbability, IReadOnlyList<byte>? keySizes = null, double messageEndProbability = 0)
    {
        keySizes ??= AesKeyBits.KeySizes(AesKeyBits.All);
        var rng = new Random(seed);
        var jobs = new AesBlockJob[count];
        int size = rng.Next(keySizes.Count);
        AesKey key = RandomKey(rng, keySizes[size]);
        for (int i = 0; i < count; i++)
        {
            if (i > 0 && rng.NextDouble() < keyChangeProbability)
            {
                size = (size + 1) % keySizes.Count;
                key = RandomKey(rng, keySizes[size]);
                jobs[i - 1] = jobs[i - 1] with { Last = true };
            }
            jobs[i] = new AesBlockJob(key, RandomBlock(rng), (byte)i, i == count - 1, RandomBlock(rng));
            if (i > 0 && rng.NextDouble() < messageEndProbability) jobs[i - 1] = jobs[i - 1] with { Last = true };
        }
        return jobs;
    }

    /// <summary>A random key of size code <paramref name="keySize"/>.</summary>
    public static AesKey RandomKey(Random rng, byte keySize)
    {
        var bytes = new byte[16 + 8 * keySize];
        rng.NextBytes(bytes);
        return AesKey.FromBytes(bytes);
    }

    static UInt128 RandomBlock(Random rng)
    {
        Span<byte> bytes = stackalloc byte[AesModel.BlockBytes];
        rng.NextBytes(bytes);
        return AesModel.ToBlock(bytes);
    }

    /// <summary>
    /// The key handling of a held-key core: the input register, the key gate and the key scheduler;
    /// the caller sets the gate's <c>DatapathReady</c> and the scheduler's <c>Output</c>, and adds
    /// the scheduler and the gate to the design.
    /// </summary>
    static (AesKeyScheduler Scheduler, AesKeyGate Gate) AddKeyHandling(Design design, IAesBlockIn input, IReady outputReady, AesBuild build)
    {
        var scheduler = new AesKeyScheduler(build) { Name = "key_scheduler", OutputReady = outputReady };
        var register = design.Add(new AesInputRegister(build.KeySizeSetting) { Name = "input_register", Input = input, Status = scheduler.Status });
        var gate = new AesKeyGate(build.KeySizeSetting) { Name = "key_gate", Input = register.Output, Status = scheduler.Status };
        register.Ready = gate.RegisterReady;
        scheduler.Waiting = register.Output;
        scheduler.RegisterReady = gate.RegisterReady;
        return (scheduler, gate);
    }

    /// <summary>A held-key pipeline: key scheduler and gate, then one <see cref="AesRoundStage"/> per entry of <paramref name="stages"/>.</summary>
    public static BlockCoreBuilder BuildHeldPipeline(AesBuild build, IReadOnlyList<StageSteps> stages) => (design, input, outputReady) =>
    {
        var control = new PipelineControl { Name = "control", OutputReady = outputReady };
        var (scheduler, gate) = AddKeyHandling(design, input, outputReady, build);
        gate.DatapathReady = control.Advance;
        IAesBlockOut state = gate.Output;
        for (int i = 0; i < stages.Count; i++)
        {
            var s = stages[i];
            string stageName = stages.Count == 1 ? "rounds" :
                s.Part == AesMath.SubShiftHalf ? $"round{s.First}_subshift" :
                s.Part == AesMath.MixAddHalf ? $"round{s.First}_mixadd" :
                s.First == s.Last ? (s.First == 0 ? "initial" : $"round{s.First}") : $"rounds{s.First}_{s.Last}";
            var stage = design.Add(new AesRoundStage(s.First, s.Last, s.Part, build.Decrypt, build.KeySizeSetting)
            {
                Name = stageName, Input = state, KeyLoad = scheduler.KeyLoad, Advance = control.Advance,
            });
            state = stage.Output;
        }
        control.Output = state;
        scheduler.Output = state;
        design.Add(scheduler);
        design.Add(gate);
        design.Add(control);
        return (gate.RegisterReady, state);
    };

    static (IReady, IAesBlockOut) BuildIterative(Design design, IAesBlockIn input, IReady outputReady, AesBuild build)
    {
        var (scheduler, gate) = AddKeyHandling(design, input, outputReady, build);
        var core = design.Add(new AesIterativeCore(build.Decrypt, build.KeySizeSetting) { Name = "core", Input = gate.Output, KeyLoad = scheduler.KeyLoad, OutputReady = outputReady });
        gate.DatapathReady = core.InputReady;
        scheduler.Output = core.Output;
        design.Add(scheduler);
        design.Add(gate);
        return (gate.RegisterReady, core.Output);
    }

    /// <summary>
    /// The block-RAM pipeline: an initial AddRoundKey stage, then per round the table addresses, 16
    /// ROMs, the carry register and the combinational combine (see <see cref="AesTableAddresses"/>).
    /// </summary>
    static (IReady, IAesBlockOut) BuildBramPipeline(Design design, IAesBlockIn input, IReady outputReady, AesBuild build)
    {
        bool decrypt = build.Decrypt;
        var control = new PipelineControl { Name = "control", OutputReady = outputReady };
        var (scheduler, gate) = AddKeyHandling(design, input, outputReady, build);
        gate.DatapathReady = control.Advance;
        var initial = design.Add(new AesRoundStage(0, 0, AesMath.WholeRound, decrypt, build.KeySizeSetting)
        {
            Name = "initial", Input = gate.Output, KeyLoad = scheduler.KeyLoad, Advance = control.Advance,
        });
        IAesBlockOut state = initial.Output;
        var contents = decrypt ? AesMath.Td0 : AesMath.T0;
        for (int round = 1; round <= build.LastStep; round++)
        {
            var addresses = design.Add(new AesTableAddresses(decrypt) { Name = $"round{round}_addresses", State = state, Advance = control.Advance });
            var carry = design.Add(new AesTableCarryStage(round) { Name = $"round{round}_carry", Input = state, KeyLoad = scheduler.KeyLoad, Advance = control.Advance });
            var reads = new[] { addresses.Read0, addresses.Read1, addresses.Read2, addresses.Read3, addresses.Read4, addresses.Read5, addresses.Read6, addresses.Read7,
                addresses.Read8, addresses.Read9, addresses.Read10, addresses.Read11, addresses.Read12, addresses.Read13, addresses.Read14, addresses.Read15 };
            var tables = reads.Select((read, i) => design.Add(new Rom<uint>(contents, MemoryStyle.Block) { Name = $"round{round}_table{i}", Read = read })).ToArray();
            var combine = design.Add(new AesTableRoundCombine(round, decrypt, build.KeySizeSetting)
            {
                Name = $"round{round}_combine", Carry = carry.Output, RoundKey = carry.RoundKey,
                Lookup0 = tables[0].Result, Lookup1 = tables[1].Result, Lookup2 = tables[2].Result, Lookup3 = tables[3].Result,
                Lookup4 = tables[4].Result, Lookup5 = tables[5].Result, Lookup6 = tables[6].Result, Lookup7 = tables[7].Result,
                Lookup8 = tables[8].Result, Lookup9 = tables[9].Result, Lookup10 = tables[10].Result, Lookup11 = tables[11].Result,
                Lookup12 = tables[12].Result, Lookup13 = tables[13].Result, Lookup14 = tables[14].Result, Lookup15 = tables[15].Result,
            });
            state = combine.Output;
        }
        control.Output = state;
        scheduler.Output = state;
        design.Add(scheduler);
        design.Add(gate);
        design.Add(control);
        return (gate.RegisterReady, state);
    }

    /// <summary>
    /// An on-the-fly pipeline. Encryption: the initial stage and rounds 1..Nr of the build (14 when it
    /// takes every key size). Decryption: the initial stage, Nr forward key stages, then steps 0..Nr of
    /// the equivalent inverse cipher.
    /// </summary>
    static (IReady, IAesBlockOut) BuildKeyedPipeline(Design design, IAesBlockIn input, IReady outputReady, AesBuild build)
    {
        bool decrypt = build.Decrypt;
        var control = new PipelineControl { Name = "control", OutputReady = outputReady };
        var initial = design.Add(new AesKeyedInitialStage(decrypt, build.KeySizeSetting) { Name = "initial", Input = input, Advance = control.Advance });
        IAesBlockOut state = initial.Output;
        IAesKeyWindow window = initial.OutputKey;
        var stages = decrypt
            ? [.. Enumerable.Range(1, build.LastStep).Select(r => (r, AesKeyedStageKind.KeyForward, $"key{r}")),
               .. Enumerable.Range(0, build.LastStep + 1).Select(r => (r, AesKeyedStageKind.DecryptStep, r == 0 ? "step0" : $"round{r}"))]
            : Enumerable.Range(1, build.LastStep).Select(r => (r, AesKeyedStageKind.EncryptRound, $"round{r}")).ToList();
        for (int i = 0; i < stages.Count; i++)
        {
            var (round, kind, stageName) = stages[i];
            var stage = design.Add(new AesKeyedRoundStage(round, kind, isLastStage: i == stages.Count - 1, build.KeySizeSetting)
            {
                Name = stageName, Input = state, InputKey = window, Advance = control.Advance,
            });
            state = stage.Output;
            window = stage.OutputKey;
        }
        control.Output = state;
        design.Add(control);
        return (control.Advance, state);
    }
}
