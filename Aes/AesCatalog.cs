using Crypto.Streams;
using Hdl;

namespace Crypto.Aes;

/// <summary>One block for an AES core: key, plaintext and the sideband that travels with it.</summary>
public readonly record struct AesBlockJob(UInt128 Key, UInt128 Block, byte Tag, bool Last);

/// <summary>One block out of an AES core.</summary>
public readonly record struct AesBlockResult(UInt128 Block, byte Tag, bool Last)
{
    public override string ToString() => $"{AesModel.ToHex(Block)} tag {Tag}{(Last ? " last" : "")}";
}

/// <summary>A freshly built AES core design and its top-level buses.</summary>
public sealed record AesCoreDesign(Design Design, IAesBlockIn Input, IReady InputReady, IAesBlockOut Output, IReady OutputReady);

/// <summary>What a run of blocks through an AES core produced.</summary>
public sealed record AesCoreRun(AesCoreDesign Core, Simulation Simulation, StreamRun<AesBlockResult> Stream, TraceRecorder? Trace);

/// <summary>A named AES-128 encryption variant: how to build its design, and how to run blocks through it.</summary>
public sealed class AesVariant(string variant, string description, Func<AesCoreDesign> build) : ICoreVariant
{
    public string Core => "aes";
    public string Variant { get; } = variant;
    public string Description { get; } = description;

    /// <summary>A fresh design with its top-level buses (a design is simulated once).</summary>
    public AesCoreDesign Build() => build();

    public Design BuildDesign() => Build().Design;

    /// <summary>Runs <paramref name="jobs"/> through a fresh instance of the core, in order, under <paramref name="options"/>.</summary>
    public AesCoreRun Run(IReadOnlyList<AesBlockJob> jobs, StreamOptions options, bool trace = false)
    {
        var core = Build();
        var sim = new Simulation(core.Design);
        var recorder = trace ? sim.EnableTrace() : null;
        var bench = new StreamTestbench<IAesBlockIn, IAesBlockOut>(sim, core.Input, core.InputReady, core.Output, core.OutputReady);
        var stream = bench.Run(jobs, static (bus, job) =>
        {
            bus.Block = job.Block;
            bus.Key = job.Key;
            bus.Tag = job.Tag;
            bus.Last = job.Last;
        }, static bus => new AesBlockResult(bus.Block, bus.Tag, bus.Last), jobs.Count, options);
        return new AesCoreRun(core, sim, stream, recorder);
    }

    public Measurement Measure(int blocks = 64)
    {
        var jobs = AesCatalog.RandomJobs(blocks, seed: 1, keyChangeProbability: 0.5);
        var run = Run(jobs, StreamOptions.FullSpeed);
        var mismatches = StreamTestbench<IAesBlockIn, IAesBlockOut>.Compare(AesCatalog.Expected(jobs), run.Stream.Outputs);
        if (mismatches.Count > 0 || run.Stream.ProtocolErrors.Count > 0)
            throw new HardwareException($"aes {Variant}: measurement run is wrong: " +
                string.Join("; ", mismatches.Take(3).Select(m => m.ToString()).Concat(run.Stream.ProtocolErrors.Take(3))));
        return new Measurement(run.Stream.ClocksPerBlock, run.Stream.Latency, run.Stream.Cycles, blocks);
    }

    public TracedRun RunTraced(int blocks, StreamOptions options)
    {
        var jobs = AesCatalog.RandomJobs(blocks, options.Seed, keyChangeProbability: 0.5);
        var run = Run(jobs, options, trace: true);
        var mismatches = StreamTestbench<IAesBlockIn, IAesBlockOut>.Compare(AesCatalog.Expected(jobs), run.Stream.Outputs);
        return new TracedRun(run.Simulation, run.Trace!, mismatches, run.Stream.ProtocolErrors, blocks);
    }

    public override string ToString() => $"{Core} {Variant}";
}

/// <summary>The AES-128 encryption variants, and ECB encryption through any of them.</summary>
public static class AesCatalog
{
    /// <summary>Every AES variant, by name.</summary>
    public static IReadOnlyList<AesVariant> Variants { get; } =
    [
        new("iterative", "AES-128 encryption, one round per clock in one round datapath (10 clocks per block, latency 11)", BuildIterative),
        new("proc11", "AES-128 encryption, pipeline of 11 stages (initial AddRoundKey + one stage per round), 1 block per clock", BuildPipelined),
    ];

    /// <summary>The variant called <paramref name="name"/> (case-insensitive).</summary>
    public static AesVariant Find(string name) =>
        Variants.FirstOrDefault(v => string.Equals(v.Variant, name, StringComparison.OrdinalIgnoreCase))
        ?? throw new ArgumentException(
            $"unknown aes variant '{name}'; known variants: {string.Join(", ", Variants.Select(v => v.Variant))}", nameof(name));

    /// <summary>
    /// AES-128 ECB encryption of <paramref name="data"/> (a whole number of 16-byte blocks, no padding)
    /// through the cycle-accurate simulation of <paramref name="variant"/>, at full speed (no input gaps,
    /// consumer always ready). Returns the ciphertext, the simulated clock cycles and the block count.
    /// </summary>
    public static (byte[] Output, long Cycles, int Blocks) EncryptEcb(string variant, byte[] key16, byte[] data)
    {
        var core = Find(variant);
        var key = AesModel.CheckKey(key16);
        var blocks = AesModel.ToBlocks(data);
        var jobs = new AesBlockJob[blocks.Length];
        for (int i = 0; i < blocks.Length; i++)
            jobs[i] = new AesBlockJob(key, blocks[i], (byte)i, i == blocks.Length - 1);
        var run = core.Run(jobs, StreamOptions.FullSpeed with { MaxCycles = 64L * blocks.Length + 1000 });
        var outputs = run.Stream.Outputs;
        if (run.Stream.ProtocolErrors.Count > 0)
            throw new HardwareException($"aes {variant}: the core broke the stream contract: {run.Stream.ProtocolErrors[0]}");
        var cipher = new UInt128[outputs.Count];
        for (int i = 0; i < outputs.Count; i++)
        {
            if (outputs[i].Tag != (byte)i)
                throw new HardwareException($"aes {variant}: output {i} carries tag {outputs[i].Tag}, expected {(byte)i}: blocks were reordered, lost or duplicated");
            cipher[i] = outputs[i].Block;
        }
        return (AesModel.FromBlocks(cipher), run.Stream.Cycles, blocks.Length);
    }

    /// <summary>
    /// Seeded random blocks. The key changes before a block with probability
    /// <paramref name="keyChangeProbability"/>; Last marks the final block under each key; Tag counts blocks.
    /// </summary>
    public static AesBlockJob[] RandomJobs(int count, int seed, double keyChangeProbability)
    {
        var rng = new Random(seed);
        var jobs = new AesBlockJob[count];
        UInt128 key = RandomBlock(rng);
        for (int i = 0; i < count; i++)
        {
            if (i > 0 && rng.NextDouble() < keyChangeProbability)
            {
                key = RandomBlock(rng);
                jobs[i - 1] = jobs[i - 1] with { Last = true };
            }
            jobs[i] = new AesBlockJob(key, RandomBlock(rng), (byte)i, i == count - 1);
        }
        return jobs;
    }

    /// <summary>What the core must produce for <paramref name="jobs"/>, from the software model.</summary>
    public static AesBlockResult[] Expected(IReadOnlyList<AesBlockJob> jobs)
    {
        var expected = new AesBlockResult[jobs.Count];
        for (int i = 0; i < jobs.Count; i++)
            expected[i] = new AesBlockResult(AesModel.EncryptBlock(jobs[i].Key, jobs[i].Block), jobs[i].Tag, jobs[i].Last);
        return expected;
    }

    static UInt128 RandomBlock(Random rng)
    {
        Span<byte> bytes = stackalloc byte[AesModel.BlockBytes];
        rng.NextBytes(bytes);
        return AesModel.ToBlock(bytes);
    }

    static AesCoreDesign BuildIterative()
    {
        var design = new Design("aes_iterative");
        var input = design.Input(Bus.Create<IAesBlockIn>(), "in");
        var outputReady = design.Input(Bus.Create<IReady>(), "out_ready");
        var core = design.Add(new AesIterativeCore { Name = "core", Input = input, OutputReady = outputReady });
        design.Output(core.InputReady, "in_ready");
        design.Output(core.Output, "out");
        return new AesCoreDesign(design, input, core.InputReady, core.Output, outputReady);
    }

    static AesCoreDesign BuildPipelined()
    {
        var design = new Design("aes_proc11");
        var input = design.Input(Bus.Create<IAesBlockIn>(), "in");
        var outputReady = design.Input(Bus.Create<IReady>(), "out_ready");
        var control = new PipelineControl { Name = "control", OutputReady = outputReady };
        var initial = design.Add(new AesInitialStage { Name = "initial", Input = input, Advance = control.Advance });
        IAesBlockOut state = initial.Output;
        IAesRoundKey roundKey = initial.OutputKey;
        for (int round = 1; round <= AesMath.Rounds128; round++)
        {
            var stage = design.Add(new AesRoundStage(round, isLastRound: round == AesMath.Rounds128)
            {
                Name = $"round{round}", Input = state, InputKey = roundKey, Advance = control.Advance,
            });
            state = stage.Output;
            roundKey = stage.OutputKey;
        }
        control.Output = state;
        design.Add(control);
        design.Output(control.Advance, "in_ready");
        design.Output(state, "out");
        return new AesCoreDesign(design, input, control.Advance, state, outputReady);
    }
}
