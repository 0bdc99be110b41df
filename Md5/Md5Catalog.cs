using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Md5;

/// <summary>
/// The MD5 variants, all from one set of processes: the shared message front end
/// (<see cref="HashSlotScheduler"/>, <see cref="HashInputGate"/>, <see cref="HashBlockPadder{W}"/>),
/// <see cref="Md5ChainStage"/>, the compression (<see cref="Md5StepStage"/> × N, or
/// <see cref="Md5IterativeCompression"/>) and <see cref="Md5BackEnd"/>.
/// </summary>
public static class Md5Catalog
{
    /// <summary>Clocks from a block's issue to its slot's next issue, besides the compression stages.</summary>
    public const int FrontAndBackStages = 4;
    /// <summary>
    /// Slots beyond one per clock of the pass: a finished message's slot waits for its digest to come
    /// out before the producer starts a new message on it, so a few spare slots keep the pipeline full.
    /// </summary>
    public const int SpareSlots = 4;

    public static IReadOnlyList<HashVariant<IHashChunkIn<uint>, IMd5DigestOut>> Variants { get; } =
    [
        Variant("iterative", "MD5, one step per clock in one step datapath (64 clocks per block with 2 messages interleaved)",
            () => BuildIterative("md5_iterative", slots: 2)),
        Variant("naive", "MD5, all 64 steps in one clock (1 block per clock over a long logic path)",
            () => BuildPipeline("md5_naive", stages: 1)),
        .. new[] { 4, 8, 16, 32, 64 }.Select(n => Variant($"proc{n}",
            $"MD5, pipeline of {n} stages of {64 / n} steps, up to {n + FrontAndBackStages + SpareSlots} messages interleaved (1 block per clock)",
            () => BuildPipeline($"md5_proc{n}", stages: n))),
    ];

    static HashVariant<IHashChunkIn<uint>, IMd5DigestOut> Variant(string name, string description, Func<HashCoreDesign<IHashChunkIn<uint>, IMd5DigestOut>> build) =>
        new("md5", name, description, Md5Math.BlockBytes, Md5Math.LengthBytes, build, HashMessageDriver.WriteChunk,
            static bus => (bus.MessageId, HashMessageDriver.Bytes(bus.Digest)),
            static message => Md5Model.Hash(message),
            new HashKnownAnswer("RFC 1321 A.5 \"message digest\"", "message digest"u8.ToArray(), "f96b697d7cb7938d525a2f31aaf161d0"));

    public static HashVariant<IHashChunkIn<uint>, IMd5DigestOut> Find(string name) =>
        Variants.FirstOrDefault(v => string.Equals(v.Variant, name, StringComparison.OrdinalIgnoreCase))
        ?? throw new ArgumentException($"unknown md5 variant '{name}'; known variants: {string.Join(", ", Variants.Select(v => v.Variant))}", nameof(name));

    /// <summary>The front end, chain stage and back end around a compression (built by <paramref name="compression"/>).</summary>
    static HashCoreDesign<IHashChunkIn<uint>, IMd5DigestOut> Build(string name, int slots,
        Func<Design, IMd5Block, IReady, (IMd5Block Output, IReady FrontAdvance)> compression)
    {
        var design = new Design(name);
        var input = design.Input(Bus.Create<IHashChunkIn<uint>>(), "in");
        var outputReady = design.Input(Bus.Create<IReady>(), "out_ready");
        var control = new PipelineControl { Name = "control", OutputReady = outputReady };
        var backEnd = new Md5BackEnd(slots) { Name = "back_end", Advance = control.Advance };
        control.Output = backEnd.Output;
        var scheduler = new HashSlotScheduler(slots, Md5Math.BlockBytes, Md5Math.LengthBytes) { Name = "scheduler", Input = input, Feedback = backEnd.Feedback };
        var gate = new HashInputGate(slots) { Name = "input_gate", Input = input, SlotBusy = scheduler.SlotBusy };
        scheduler.InputReady = gate.InputReady;
        var padder = new HashBlockPadder<uint>(slots, littleEndianLength: true) { Name = "padder", Input = input, InputReady = gate.InputReady, Issue = scheduler.Issue };
        var chain = new Md5ChainStage(slots) { Name = "chain", Input = padder.Output, Feedback = backEnd.Feedback };
        var (last, frontAdvance) = compression(design, chain.Output, control.Advance);
        scheduler.Advance = frontAdvance;
        padder.Advance = frontAdvance;
        chain.Advance = frontAdvance;
        backEnd.Input = last;
        design.Add(scheduler);
        design.Add(gate);
        design.Add(padder);
        design.Add(chain);
        design.Add(backEnd);
        design.Add(control);
        design.Output(gate.InputReady, "in_ready");
        design.Output(backEnd.Output, "out");
        return new HashCoreDesign<IHashChunkIn<uint>, IMd5DigestOut>(design, input, gate.InputReady, backEnd.Output, outputReady, slots);
    }

    /// <summary>N stages of 64/N steps; N + 4 slots keep every stage busy, and spare ones cover the turnover of messages.</summary>
    static HashCoreDesign<IHashChunkIn<uint>, IMd5DigestOut> BuildPipeline(string name, int stages) =>
        Build(name, stages + FrontAndBackStages + SpareSlots, (design, first, advance) =>
        {
            IMd5Block block = first;
            int per = Md5Math.Steps / stages;
            for (int s = 0; s < stages; s++)
            {
                var stage = design.Add(new Md5StepStage(s * per, per) { Name = $"steps{s}", Input = block, Advance = advance });
                block = stage.Output;
            }
            return (block, advance);
        });

    static HashCoreDesign<IHashChunkIn<uint>, IMd5DigestOut> BuildIterative(string name, int slots) =>
        Build(name, slots, (design, first, advance) =>
        {
            var unit = design.Add(new Md5IterativeCompression { Name = "compression", Input = first, Advance = advance });
            // The front end moves whenever the chain stage's register is empty or the datapath takes
            // its block, so the other message's next block waits there and goes in without a gap.
            var front = design.Add(new PipelineControl { Name = "front_control", Output = first, OutputReady = unit.InputReady });
            return (unit.Output, front.Advance);
        });
}
