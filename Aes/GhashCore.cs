using Crypto.Streams;
using Hdl;

namespace Crypto.Aes;

/// <summary>A freshly built GHASH core design and its top-level buses.</summary>
public sealed record GhashCoreDesign(Design Design, IGhashIn Input, IReady InputReady, IGhashOut Output, IReady OutputReady);

/// <summary>
/// GHASH at one block per clock (SP 800-38D §6.4) on a multiplier pipeline of <c>depth</c> stages:
/// each stage does 128 / depth bits of the multiplier, so no clock holds a whole 128 x 128 product.
/// With the front's issue register the pipeline holds L = depth + 1 products, so it runs L
/// independent lanes of Horner's rule: block i in lane i mod L, multiplied by H^L
/// (<see cref="GhashMath.GhashInterleaved"/>). A look-ahead buffer of L blocks knows each block's
/// distance to the message's end, so the last L blocks are multiplied by the power that finishes
/// them (H^1 .. H^L) and their products are xored into the hash. The powers are made through the
/// same pipeline when H changes.
/// </summary>
public static class GhashCore
{
    /// <summary>Builds a core whose multiplier has <paramref name="depth"/> stages (2 to 8, dividing 128).</summary>
    public static GhashCoreDesign Build(string name, int depth)
    {
        var design = new Design(name);
        var input = design.Input(Bus.Create<IGhashIn>(), "in");
        var outputReady = design.Input(Bus.Create<IReady>(), "out_ready");
        var (inputReady, output) = Add(design, input, outputReady, depth, "");
        design.Output(inputReady, "in_ready");
        design.Output(output, "out");
        return new GhashCoreDesign(design, input, inputReady, output, outputReady);
    }

    /// <summary>
    /// Adds the core's processes to <paramref name="design"/> (their names start with <paramref name="prefix"/>),
    /// taking <paramref name="input"/> and giving its hashes to a consumer with <paramref name="outputReady"/>.
    /// </summary>
    public static (IReady InputReady, IGhashOut Output) Add(Design design, IGhashIn input, IReady outputReady, int depth, string prefix)
    {
        if (depth < 2 || depth > 8 || 128 % depth != 0)
            throw new ArgumentOutOfRangeException(nameof(depth), depth, "a GHASH multiplier pipeline has 2, 4 or 8 stages");
        var control = new PipelineControl { Name = prefix + "control", OutputReady = outputReady };
        var gate = new GhashInputGate { Name = prefix + "input_gate", Advance = control.Advance };
        var front = design.Add(new GhashFront(depth + 1) { Name = prefix + "front", Input = input, InputReady = gate.InputReady, Advance = control.Advance });
        gate.Status = front.Status;
        IGhashProduct product = front.Issue;
        for (int stage = 0; stage < depth; stage++)
            product = design.Add(new GhashMultiplyStage(128 / depth) { Name = $"{prefix}multiply{stage}", Input = product, Advance = control.Advance }).Output;
        front.Exit = product;
        var collector = design.Add(new GhashCollector { Name = prefix + "collector", Exit = product, Advance = control.Advance });
        control.Output = collector.Output;
        design.Add(control);
        design.Add(gate);
        return (gate.InputReady, collector.Output);
    }
}

/// <summary>
/// One stage of the GF(2^128) multiplier: for each of its bits of the multiplier, from the top, xors the
/// multiplicand into the product when the bit is set and multiplies the multiplicand by x
/// (<see cref="GhashMath.Multiply"/>, cut into stages).
/// </summary>
public sealed class GhashMultiplyStage : ClockedProcess
{
    [InputBus] public IGhashProduct Input = null!;
    /// <summary>Enable from <see cref="PipelineControl"/>.</summary>
    [InputBus] public IReady Advance = null!;
    [OutputBus] public IGhashProduct Output = Bus.Create<IGhashProduct>();

    /// <summary>Multiplier bits this stage does.</summary>
    readonly int bits;

    public GhashMultiplyStage(int bits)
    {
        this.bits = bits;
    }

    protected override void OnTick()
    {
        if (Advance.Ready)
        {
            Output.Valid = Input.Valid;
            if (Input.Valid)
            {
                UInt128 product = Input.Product, multiplier = Input.Multiplier, multiplicand = Input.Multiplicand;
                for (int i = 0; i < bits; i++)
                {
                    if (GhashMath.TopBit(multiplier)) product ^= multiplicand;
                    multiplicand = GhashMath.TimesX(multiplicand);
                    multiplier <<= 1;
                }
                Output.Product = product;
                Output.Multiplier = multiplier;
                Output.Multiplicand = multiplicand;
                Output.Lane = Input.Lane;
                Output.Final = Input.Final;
                Output.Last = Input.Last;
                Output.PowerStep = Input.PowerStep;
            }
        }
    }
}

/// <summary>
/// The core's front: a look-ahead buffer of L blocks (L = <c>lanes</c>, the products the pipeline
/// holds), the powers H^1 .. H^L of the current hash subkey, and the lanes' running values. Its head
/// block goes into the multiplier when its distance to the message's end is known (a Last in the
/// buffer, or the buffer full), xored with its lane's previous product (zero for a message's first
/// L blocks), times H^L, or times H^distance for the message's last L blocks. A message's first block with a new H
/// waits while the pipeline squares its way to the powers: H^(k+1) = H^k · H, one product at a time.
/// </summary>
public sealed class GhashFront : ClockedProcess
{
    [InputBus] public IGhashIn Input = null!;
    /// <summary>The core's input ready (<see cref="GhashInputGate"/>): a block is taken when Valid and Ready.</summary>
    [InputBus] public IReady InputReady = null!;
    /// <summary>Enable from <see cref="PipelineControl"/>.</summary>
    [InputBus] public IReady Advance = null!;
    /// <summary>The product leaving the multiplier.</summary>
    [InputBus] public IGhashProduct Exit = null!;
    /// <summary>Into the multiplier's first stage.</summary>
    [OutputBus] public IGhashProduct Issue = Bus.Create<IGhashProduct>();
    [OutputBus] public IGhashFrontStatus Status = Bus.Create<IGhashFrontStatus>();

    /// <summary>Products the multiplier holds (its stages and the issue register): lanes, look-ahead blocks and powers of H.</summary>
    readonly int laneCount;
    readonly UInt128[] blocks;
    readonly UInt128[] keys;
    readonly bool[] lasts;
    /// <summary>Blocks in the look-ahead buffer (entry 0 is the head).</summary>
    byte count;
    /// <summary>H^1 .. H^L of <see cref="key"/>.</summary>
    readonly UInt128[] powers;
    /// <summary>Each lane's last product (the running value of its blocks).</summary>
    readonly UInt128[] laneValues;
    UInt128 key;
    bool keyValid;
    /// <summary>The powers are being made.</summary>
    bool loading;
    /// <summary>Powers made so far (H^1 .. H^powersMade).</summary>
    byte powersMade;
    /// <summary>A block of the current message has gone in: the head is not a message's first.</summary>
    bool inMessage;
    /// <summary>The head's lane.</summary>
    byte lane;
    /// <summary>Every lane has had a block of the current message (the head is its lane's second or later).</summary>
    bool lanesStarted;
    /// <summary>The head goes into the multiplier at this clock (decided at the last).</summary>
    bool headGoes;
    /// <summary>The head is a message's first block with an H whose powers are not held: a key load starts at this clock.</summary>
    bool headWantsKey;
    /// <summary>The head's distance to its message's last block, counting both (1 .. L), or 0 when no Last is in the buffer.</summary>
    byte headDistance;

    public GhashFront(int lanes)
    {
        laneCount = lanes;
        blocks = new UInt128[laneCount];
        keys = new UInt128[laneCount];
        lasts = new bool[laneCount];
        powers = new UInt128[laneCount];
        laneValues = new UInt128[lanes];
    }

    protected override void OnTick()
    {
        if (Advance.Ready)
        {
            bool exitToLane = Exit.Valid && !Exit.PowerStep && !Exit.Final;
            if (exitToLane) laneValues[Exit.Lane] = Exit.Product;

            bool issue = false, final = false, last = false, powerStep = false;
            UInt128 multiplier = 0, multiplicand = 0;
            byte issueLane = 0;
            if (Exit.Valid && Exit.PowerStep)
            {
                powers[powersMade] = Exit.Product;
                powersMade++;
                if (powersMade < laneCount)
                {
                    issue = true;
                    powerStep = true;
                    multiplier = Exit.Product;
                    multiplicand = powers[0];
                }
                else
                    loading = false;
            }
            else if (headWantsKey)
            {
                // A message's first block with a new H: its powers are made before it goes in.
                key = keys[0];
                keyValid = true;
                powers[0] = keys[0];
                powersMade = 1;
                loading = true;
                issue = true;
                powerStep = true;
                multiplier = keys[0];
                multiplicand = keys[0];
            }

            if (headGoes)
            {
                UInt128 previous = exitToLane && Exit.Lane == lane ? Exit.Product : laneValues[lane];
                if (!lanesStarted) previous = 0;
                issue = true;
                multiplier = previous ^ blocks[0];
                multiplicand = powers[(headDistance != 0 ? headDistance : laneCount) - 1];
                issueLane = lane;
                final = headDistance != 0;
                last = lasts[0];
                if (last)
                {
                    inMessage = false;
                    lane = 0;
                    lanesStarted = false;
                }
                else
                {
                    inMessage = true;
                    if (lane == laneCount - 1)
                    {
                        lane = 0;
                        lanesStarted = true;
                    }
                    else
                        lane++;
                }
                for (int j = 1; j < laneCount; j++)
                {
                    blocks[j - 1] = blocks[j];
                    keys[j - 1] = keys[j];
                    lasts[j - 1] = lasts[j];
                }
                count--;
            }

            if (Input.Valid && InputReady.Ready)
            {
                blocks[count] = Input.Block;
                keys[count] = Input.HashKey;
                lasts[count] = Input.Last;
                count++;
            }

            // The head's decision for the next clock, registered.
            bool keyHeld = inMessage || (keyValid && keys[0] == key);
            byte distance = 0;
            for (int j = 0; j < laneCount; j++)
                if (distance == 0 && j < count && lasts[j]) distance = (byte)(j + 1);
            headDistance = distance;
            headWantsKey = !loading && count > 0 && !keyHeld;
            headGoes = !loading && count > 0 && keyHeld && (count == laneCount || distance != 0);
            Status.Room = count < laneCount;
            Status.HeadGoes = headGoes;

            Issue.Valid = issue;
            Issue.Product = 0;
            Issue.Multiplier = multiplier;
            Issue.Multiplicand = multiplicand;
            Issue.Lane = issueLane;
            Issue.Final = final;
            Issue.Last = last;
            Issue.PowerStep = powerStep;
        }
    }
}

/// <summary>
/// Xors the products of a message's last blocks (the lanes' finished values) into its hash and registers
/// the hash when the product of the message's last block leaves the multiplier.
/// </summary>
public sealed class GhashCollector : ClockedProcess
{
    /// <summary>The product leaving the multiplier.</summary>
    [InputBus] public IGhashProduct Exit = null!;
    /// <summary>Enable from <see cref="PipelineControl"/>: the output register is free or being taken.</summary>
    [InputBus] public IReady Advance = null!;
    [OutputBus] public IGhashOut Output = Bus.Create<IGhashOut>();

    /// <summary>The xor of the current message's finished lanes so far.</summary>
    UInt128 sum;

    protected override void OnTick()
    {
        if (Advance.Ready)
        {
            bool term = Exit.Valid && Exit.Final && !Exit.PowerStep;
            Output.Valid = term && Exit.Last;
            if (term)
            {
                UInt128 total = sum ^ Exit.Product;
                if (Exit.Last)
                {
                    Output.Hash = total;
                    Output.Last = true;
                    sum = 0;
                }
                else
                    sum = total;
            }
        }
    }
}

/// <summary>The core's input ready: the pipeline advances and the look-ahead buffer has room or its head goes on.</summary>
public sealed class GhashInputGate : CombinationalProcess
{
    [InputBus] public IGhashFrontStatus Status = null!;
    [InputBus] public IReady Advance = null!;
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();

    protected override void OnTick()
    {
        InputReady.Ready = Advance.Ready && (Status.Room || Status.HeadGoes);
    }
}
