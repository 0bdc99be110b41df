using Crypto.Streams;
using Hdl;

namespace Crypto.Aes;

/// <summary>The AES variants (the table of what each is built from), finding one, and running data through one: ECB, the modes, random test data.</summary>
public static partial class AesCatalog
{
    static IEnumerable<AesVariant> BothDirections(string family, string what, Func<AesBuild, BlockCoreBuilder> build, bool twoClockKeySteps = false) =>
        [
            new(family, decrypt: false, keyPerBlock: false, $"encryption, {what}", build, twoClockKeySteps: twoClockKeySteps),
            new(family, decrypt: true, keyPerBlock: false, $"decryption (equivalent inverse cipher), {what}", build, twoClockKeySteps: twoClockKeySteps),
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
        new("proc11-otf", decrypt: false, keyPerBlock: true,
            "encryption, pipeline of one stage per round (15 stages; AES-128 build 11), T-table rounds computed from the S-box, 1 block per clock; the key travels with every block and is expanded on the fly, so any block may change the key",
            b => (design, input, outputReady) => BuildKeyedPipeline(design, input, outputReady, b)),
        new("proc11-otf", decrypt: true, keyPerBlock: true,
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
}
