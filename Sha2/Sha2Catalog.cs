using System.Numerics;
using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Sha2;

/// <summary>
/// The SHA-2 variants, all from one set of processes generic over the word type (uint for SHA-224/256,
/// ulong for SHA-384/512): the shared message front end (<see cref="HashSlotScheduler"/>,
/// <see cref="HashInputGate"/>, <see cref="HashBlockPadder{W}"/>), the chain stage, the compression
/// (round stages × N, or the iterative round datapath) and the back end. SHA-224 and SHA-384 are SHA-256 and SHA-512 with another IV and
/// a shorter digest (a generic of the chain stage and back end).
/// </summary>
public static class Sha2Catalog
{
    /// <summary>Clocks from a block's issue to its slot's next issue, besides the compression stages.</summary>
    public const int FrontAndBackStages = 4;
    /// <summary>Slots beyond one per clock of the pass, to cover the turnover of messages (as in MD5).</summary>
    public const int SpareSlots = 4;

    /// <summary>Pipeline lengths of SHA-224/256 (dividing 64 rounds).</summary>
    public static readonly int[] Sha256PipelineStages = [4, 8, 16, 64];
    /// <summary>Pipeline lengths of SHA-384/512 (dividing 80 rounds; proc80 is one round per stage, as proc64 is for SHA-256).</summary>
    public static readonly int[] Sha512PipelineStages = [4, 8, 16, 80];

    public static IReadOnlyList<HashVariant<IHashChunkIn<uint>, ISha2DigestOut<uint>>> Sha224Variants { get; } =
        Family<uint>("sha224", "SHA-224", truncated: true, Sha256PipelineStages, naiveNote: " (1 block per clock over a long logic path)",
            knownAnswer: "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7");
    public static IReadOnlyList<HashVariant<IHashChunkIn<uint>, ISha2DigestOut<uint>>> Sha256Variants { get; } =
        Family<uint>("sha256", "SHA-256", truncated: false, Sha256PipelineStages, naiveNote: " (1 block per clock over a long logic path)",
            knownAnswer: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    public static IReadOnlyList<HashVariant<IHashChunkIn<ulong>, ISha2DigestOut<ulong>>> Sha384Variants { get; } =
        Family<ulong>("sha384", "SHA-384", truncated: true, Sha512PipelineStages, naiveNote: "",
            knownAnswer: "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7");
    public static IReadOnlyList<HashVariant<IHashChunkIn<ulong>, ISha2DigestOut<ulong>>> Sha512Variants { get; } =
        Family<ulong>("sha512", "SHA-512", truncated: false, Sha512PipelineStages, naiveNote: "",
            knownAnswer: "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");

    /// <summary>Every SHA-2 variant: sha224, sha256, sha384, sha512.</summary>
    public static IReadOnlyList<IHashVariant> Variants { get; } = [.. Sha224Variants, .. Sha256Variants, .. Sha384Variants, .. Sha512Variants];

    public static IHashVariant Find(string core, string variant) =>
        Variants.FirstOrDefault(v => v.Core == core && string.Equals(v.Variant, variant, StringComparison.OrdinalIgnoreCase))
        ?? throw new ArgumentException($"unknown {core} variant '{variant}'", nameof(variant));

    /// <summary>The variants of one SHA-2 algorithm (<paramref name="truncated"/>: SHA-224/384, their IV and digest length).</summary>
    static IReadOnlyList<HashVariant<IHashChunkIn<W>, ISha2DigestOut<W>>> Family<W>(string core, string title, bool truncated, int[] pipelineStages,
        string naiveNote, string knownAnswer)
        where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
    {
        int rounds = Sha2Math<W>.RoundConstants.Length;
        HashVariant<IHashChunkIn<W>, ISha2DigestOut<W>> Variant(string name, string description, int slots, Func<Design, ISha2Block<W>, IReady, (ISha2Block<W>, IReady)> compression) =>
            new(core, name, description, Sha2Math<W>.BlockBytes, Sha2Math<W>.LengthBytes,
                () => Build($"{core}_{name}", slots, truncated, compression), HashMessageDriver.WriteChunk,
                bus => (bus.MessageId, Sha2Model.DigestBytes(i => bus.Digest[i], truncated)),
                message => Sha2Model.Hash<W>(message, truncated),
                new HashKnownAnswer($"FIPS 180-4 {title} \"abc\"", "abc"u8.ToArray(), knownAnswer));
        return
        [
            Variant("iterative", $"{title}, one round per clock in one round datapath ({rounds} clocks per block with 2 messages interleaved, {rounds + 5} for one message)",
                slots: 2, Iterative<W>),
            Variant("naive", $"{title}, all {rounds} rounds in one clock{naiveNote}", PipelineSlots(1), Pipeline<W>(1)),
            .. pipelineStages.Select(n => Variant($"proc{n}",
                $"{title}, pipeline of {n} stages of {rounds / n} rounds, up to {PipelineSlots(n)} messages interleaved (1 block per clock)",
                PipelineSlots(n), Pipeline<W>(n))),
        ];
    }

    /// <summary>N compression stages: N + 4 slots keep every stage busy, and spare ones cover the turnover of messages.</summary>
    public static int PipelineSlots(int stages) => stages + FrontAndBackStages + SpareSlots;

    /// <summary>The front end, chain stage and back end around a SHA-2 compression.</summary>
    static HashCoreDesign<IHashChunkIn<W>, ISha2DigestOut<W>> Build<W>(string name, int slots, bool truncated,
        Func<Design, ISha2Block<W>, IReady, (ISha2Block<W> Output, IReady FrontAdvance)> compression)
        where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
    {
        var design = new Design(name);
        var input = design.Input(Bus.Create<IHashChunkIn<W>>(), "in");
        var outputReady = design.Input(Bus.Create<IReady>(), "out_ready");
        var control = new PipelineControl { Name = "control", OutputReady = outputReady };
        var backEnd = new Sha2BackEnd<W>(slots, truncated) { Name = "back_end", Advance = control.Advance };
        control.Output = backEnd.Output;
        var (scheduler, gate) = FrontEnd(design, input, slots, Sha2Math<W>.BlockBytes, Sha2Math<W>.LengthBytes, backEnd.Feedback);
        var padder = design.Add(new HashBlockPadder<W>(slots, littleEndianLength: false) { Name = "padder", Input = input, InputReady = gate.InputReady, Issue = scheduler.Issue });
        var chain = design.Add(new Sha2ChainStage<W>(slots, truncated) { Name = "chain", Input = padder.Output, Feedback = backEnd.Feedback });
        var (last, frontAdvance) = compression(design, chain.Output, control.Advance);
        scheduler.Advance = frontAdvance;
        padder.Advance = frontAdvance;
        chain.Advance = frontAdvance;
        backEnd.Input = last;
        design.Add(backEnd);
        design.Add(control);
        design.Output(gate.InputReady, "in_ready");
        design.Output(backEnd.Output, "out");
        return new HashCoreDesign<IHashChunkIn<W>, ISha2DigestOut<W>>(design, input, gate.InputReady, backEnd.Output, outputReady, slots);
    }

    /// <summary>The slot scheduler and input gate every hash core shares (their Advance is wired by the caller).</summary>
    static (HashSlotScheduler Scheduler, HashInputGate Gate) FrontEnd(Design design, IHashChunkControl input, int slots,
        int blockBytes, int lengthBytes, IHashFeedback feedback)
    {
        var scheduler = design.Add(new HashSlotScheduler(slots, blockBytes, lengthBytes) { Name = "scheduler", Input = input, Feedback = feedback });
        var gate = design.Add(new HashInputGate(slots) { Name = "input_gate", Input = input, SlotBusy = scheduler.SlotBusy });
        scheduler.InputReady = gate.InputReady;
        return (scheduler, gate);
    }

    static Func<Design, ISha2Block<W>, IReady, (ISha2Block<W>, IReady)> Pipeline<W>(int stages)
        where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W> => (design, first, advance) =>
    {
        ISha2Block<W> block = first;
        int per = Sha2Math<W>.RoundConstants.Length / stages;
        for (int s = 0; s < stages; s++)
            block = design.Add(new Sha2RoundStage<W>(s * per, per) { Name = $"rounds{s}", Input = block, Advance = advance }).Output;
        return (block, advance);
    };

    /// <summary>
    /// The iterative datapath behind the front end. The front end moves whenever the chain stage's
    /// register is empty or the datapath takes its block, so the next block (of the other message)
    /// waits there while a block is being compressed and goes in at the edge that finishes it.
    /// </summary>
    static (ISha2Block<W>, IReady) Iterative<W>(Design design, ISha2Block<W> first, IReady advance)
        where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
    {
        var unit = design.Add(new Sha2IterativeCompression<W> { Name = "compression", Input = first, Advance = advance });
        var front = design.Add(new PipelineControl { Name = "front_control", Output = first, OutputReady = unit.InputReady });
        return (unit.Output, front.Advance);
    }
}
