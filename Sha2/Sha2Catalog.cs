using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Sha2;

/// <summary>
/// The SHA-2 variants, all from one set of processes per word size: the shared message front end
/// (<see cref="HashSlotScheduler"/>, <see cref="HashInputGate"/>, <see cref="HashBlockPadder512"/> or
/// <see cref="HashBlockPadder1024"/>), the chain stage, the compression (round stages × N, or the
/// iterative round datapath) and the back end. SHA-224 and SHA-384 are SHA-256 and SHA-512 with
/// another IV and a shorter digest (a generic of the chain stage and back end).
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

    public static IReadOnlyList<HashVariant<IHashChunk512In, ISha256DigestOut>> Sha224Variants { get; } = Sha256Family(sha224: true);
    public static IReadOnlyList<HashVariant<IHashChunk512In, ISha256DigestOut>> Sha256Variants { get; } = Sha256Family(sha224: false);
    public static IReadOnlyList<HashVariant<IHashChunk1024In, ISha512DigestOut>> Sha384Variants { get; } = Sha512Family(sha384: true);
    public static IReadOnlyList<HashVariant<IHashChunk1024In, ISha512DigestOut>> Sha512Variants { get; } = Sha512Family(sha384: false);

    /// <summary>Every SHA-2 variant: sha224, sha256, sha384, sha512.</summary>
    public static IReadOnlyList<IHashVariant> Variants { get; } = [.. Sha224Variants, .. Sha256Variants, .. Sha384Variants, .. Sha512Variants];

    public static IHashVariant Find(string core, string variant) =>
        Variants.FirstOrDefault(v => v.Core == core && string.Equals(v.Variant, variant, StringComparison.OrdinalIgnoreCase))
        ?? throw new ArgumentException($"unknown {core} variant '{variant}'", nameof(variant));

    static IReadOnlyList<HashVariant<IHashChunk512In, ISha256DigestOut>> Sha256Family(bool sha224)
    {
        string core = sha224 ? "sha224" : "sha256";
        string title = sha224 ? "SHA-224" : "SHA-256";
        int digestBytes = sha224 ? 28 : 32;
        HashVariant<IHashChunk512In, ISha256DigestOut> Variant(string name, string description, Func<HashCoreDesign<IHashChunk512In, ISha256DigestOut>> build) =>
            new(core, name, description, Sha256Math.BlockBytes, Sha256Math.LengthBytes, build, HashMessageDriver.WriteChunk512,
                bus => (bus.MessageId, HashMessageDriver.Bytes(bus.Digest0, bus.Digest1)[..digestBytes]),
                message => Sha2Model.Hash256(message, sha224),
                new HashKnownAnswer($"FIPS 180-4 {title} \"abc\"", "abc"u8.ToArray(), sha224
                    ? "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"
                    : "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
        return
        [
            Variant("iterative", $"{title}, one round per clock in one round datapath (64 clocks per block with 2 messages interleaved, 69 for one message)",
                () => Build256($"{core}_iterative", slots: 2, sha224, Iterative256)),
            Variant("naive", $"{title}, all 64 rounds in one clock (1 block per clock over a long logic path)",
                () => Build256($"{core}_naive", PipelineSlots(1), sha224, Pipeline256(1))),
            .. Sha256PipelineStages.Select(n => Variant($"proc{n}",
                $"{title}, pipeline of {n} stages of {Sha256Math.Rounds / n} rounds, up to {PipelineSlots(n)} messages interleaved (1 block per clock)",
                () => Build256($"{core}_proc{n}", PipelineSlots(n), sha224, Pipeline256(n)))),
        ];
    }

    static IReadOnlyList<HashVariant<IHashChunk1024In, ISha512DigestOut>> Sha512Family(bool sha384)
    {
        string core = sha384 ? "sha384" : "sha512";
        string title = sha384 ? "SHA-384" : "SHA-512";
        int digestBytes = sha384 ? 48 : 64;
        HashVariant<IHashChunk1024In, ISha512DigestOut> Variant(string name, string description, Func<HashCoreDesign<IHashChunk1024In, ISha512DigestOut>> build) =>
            new(core, name, description, Sha512Math.BlockBytes, Sha512Math.LengthBytes, build, HashMessageDriver.WriteChunk1024,
                bus => (bus.MessageId, HashMessageDriver.Bytes(bus.Digest0, bus.Digest1, bus.Digest2, bus.Digest3)[..digestBytes]),
                message => Sha2Model.Hash512(message, sha384),
                new HashKnownAnswer($"FIPS 180-4 {title} \"abc\"", "abc"u8.ToArray(), sha384
                    ? "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"
                    : "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"));
        return
        [
            Variant("iterative", $"{title}, one round per clock in one round datapath (80 clocks per block with 2 messages interleaved, 85 for one message)",
                () => Build512($"{core}_iterative", slots: 2, sha384, Iterative512)),
            Variant("naive", $"{title}, all 80 rounds in one clock",
                () => Build512($"{core}_naive", PipelineSlots(1), sha384, Pipeline512(1))),
            .. Sha512PipelineStages.Select(n => Variant($"proc{n}",
                $"{title}, pipeline of {n} stages of {Sha512Math.Rounds / n} rounds, up to {PipelineSlots(n)} messages interleaved (1 block per clock)",
                () => Build512($"{core}_proc{n}", PipelineSlots(n), sha384, Pipeline512(n)))),
        ];
    }

    /// <summary>N compression stages: N + 4 slots keep every stage busy, and spare ones cover the turnover of messages.</summary>
    public static int PipelineSlots(int stages) => stages + FrontAndBackStages + SpareSlots;

    /// <summary>The front end, chain stage and back end around a SHA-224/256 compression.</summary>
    static HashCoreDesign<IHashChunk512In, ISha256DigestOut> Build256(string name, int slots, bool sha224,
        Func<Design, ISha256Block, IReady, (ISha256Block Output, IReady FrontAdvance)> compression)
    {
        var design = new Design(name);
        var input = design.Input(Bus.Create<IHashChunk512In>(), "in");
        var outputReady = design.Input(Bus.Create<IReady>(), "out_ready");
        var control = new PipelineControl { Name = "control", OutputReady = outputReady };
        var backEnd = new Sha256BackEnd(slots, sha224) { Name = "back_end", Advance = control.Advance };
        control.Output = backEnd.Output;
        var (scheduler, gate) = FrontEnd(design, input, slots, Sha256Math.BlockBytes, Sha256Math.LengthBytes, backEnd.Feedback);
        var padder = design.Add(new HashBlockPadder512(slots, littleEndianLength: false) { Name = "padder", Input = input, InputReady = gate.InputReady, Issue = scheduler.Issue });
        var chain = design.Add(new Sha256ChainStage(slots, sha224) { Name = "chain", Input = padder.Output, Feedback = backEnd.Feedback });
        var (last, frontAdvance) = compression(design, chain.Output, control.Advance);
        scheduler.Advance = frontAdvance;
        padder.Advance = frontAdvance;
        chain.Advance = frontAdvance;
        backEnd.Input = last;
        design.Add(backEnd);
        design.Add(control);
        design.Output(gate.InputReady, "in_ready");
        design.Output(backEnd.Output, "out");
        return new HashCoreDesign<IHashChunk512In, ISha256DigestOut>(design, input, gate.InputReady, backEnd.Output, outputReady, slots);
    }

    /// <summary>The front end, chain stage and back end around a SHA-384/512 compression.</summary>
    static HashCoreDesign<IHashChunk1024In, ISha512DigestOut> Build512(string name, int slots, bool sha384,
        Func<Design, ISha512Block, IReady, (ISha512Block Output, IReady FrontAdvance)> compression)
    {
        var design = new Design(name);
        var input = design.Input(Bus.Create<IHashChunk1024In>(), "in");
        var outputReady = design.Input(Bus.Create<IReady>(), "out_ready");
        var control = new PipelineControl { Name = "control", OutputReady = outputReady };
        var backEnd = new Sha512BackEnd(slots, sha384) { Name = "back_end", Advance = control.Advance };
        control.Output = backEnd.Output;
        var (scheduler, gate) = FrontEnd(design, input, slots, Sha512Math.BlockBytes, Sha512Math.LengthBytes, backEnd.Feedback);
        var padder = design.Add(new HashBlockPadder1024(slots) { Name = "padder", Input = input, InputReady = gate.InputReady, Issue = scheduler.Issue });
        var chain = design.Add(new Sha512ChainStage(slots, sha384) { Name = "chain", Input = padder.Output, Feedback = backEnd.Feedback });
        var (last, frontAdvance) = compression(design, chain.Output, control.Advance);
        scheduler.Advance = frontAdvance;
        padder.Advance = frontAdvance;
        chain.Advance = frontAdvance;
        backEnd.Input = last;
        design.Add(backEnd);
        design.Add(control);
        design.Output(gate.InputReady, "in_ready");
        design.Output(backEnd.Output, "out");
        return new HashCoreDesign<IHashChunk1024In, ISha512DigestOut>(design, input, gate.InputReady, backEnd.Output, outputReady, slots);
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

    static Func<Design, ISha256Block, IReady, (ISha256Block, IReady)> Pipeline256(int stages) => (design, first, advance) =>
    {
        ISha256Block block = first;
        int per = Sha256Math.Rounds / stages;
        for (int s = 0; s < stages; s++)
            block = design.Add(new Sha256RoundStage(s * per, per) { Name = $"rounds{s}", Input = block, Advance = advance }).Output;
        return (block, advance);
    };

    static Func<Design, ISha512Block, IReady, (ISha512Block, IReady)> Pipeline512(int stages) => (design, first, advance) =>
    {
        ISha512Block block = first;
        int per = Sha512Math.Rounds / stages;
        for (int s = 0; s < stages; s++)
            block = design.Add(new Sha512RoundStage(s * per, per) { Name = $"rounds{s}", Input = block, Advance = advance }).Output;
        return (block, advance);
    };

    /// <summary>
    /// The iterative datapath behind the front end. The front end moves whenever the chain stage's
    /// register is empty or the datapath takes its block, so the next block (of the other message)
    /// waits there while a block is being compressed and goes in at the edge that finishes it.
    /// </summary>
    static (ISha256Block, IReady) Iterative256(Design design, ISha256Block first, IReady advance)
    {
        var unit = design.Add(new Sha256IterativeCompression { Name = "compression", Input = first, Advance = advance });
        var front = design.Add(new PipelineControl { Name = "front_control", Output = first, OutputReady = unit.InputReady });
        return (unit.Output, front.Advance);
    }

    static (ISha512Block, IReady) Iterative512(Design design, ISha512Block first, IReady advance)
    {
        var unit = design.Add(new Sha512IterativeCompression { Name = "compression", Input = first, Advance = advance });
        var front = design.Add(new PipelineControl { Name = "front_control", Output = first, OutputReady = unit.InputReady });
        return (unit.Output, front.Advance);
    }
}
