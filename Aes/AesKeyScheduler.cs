using Crypto.Streams;
using Hdl;

namespace Crypto.Aes;

/// <summary>
/// Key handling of a held-key AES core: when the waiting block's key (in <see cref="AesInputRegister"/>)
/// differs from the key whose round keys the core holds, it waits until no block is in flight, then
/// expands the new key one round key per clock, or per two clocks in a build for every key size
/// (<see cref="ClocksPerRoundKey"/>), through the same key-schedule window as the model, and sends each
/// round key over <see cref="KeyLoad"/> to the stage that uses it; for decryption the keys of the
/// equivalent inverse cipher, in reverse order. A key load takes (Nr + 2) · ClocksPerRoundKey
/// clocks after the pipeline is empty (the need for it is known while the pipeline drains; from idle
/// one clock more); after it, blocks under that key stream at the core's full rate.
/// <para>
/// Every decision starts from registers: the waiting block and its key-part matches come from the
/// input register, the need for a load is registered (<c>keyWanted</c>) before the load starts, and
/// a block that goes into the datapath is counted one clock later (<c>entered</c>), so neither waits
/// for the AND of the key-part matches.
/// </para>
/// </summary>
public sealed class AesKeyScheduler : ClockedProcess
{
    /// <summary>The block waiting in the core's input register, with its key.</summary>
    [InputBus] public IAesWaitingBlock Waiting = null!;
    /// <summary>The input register's ready: a waiting block goes into the datapath when it is set (to count blocks going in).</summary>
    [InputBus] public IReady RegisterReady = null!;
    /// <summary>The core's output stream (to count blocks coming out).</summary>
    [InputBus] public IStreamControl Output = null!;
    /// <summary>The consumer's ready.</summary>
    [InputBus] public IReady OutputReady = null!;
    /// <summary>Round keys for the stages (registered).</summary>
    [OutputBus] public IAesKeyLoad KeyLoad = Bus.Create<IAesKeyLoad>();
    /// <summary>The key in force and whether its round keys are in place (registered).</summary>
    [OutputBus] public IAesKeyStatus Status = Bus.Create<IAesKeyStatus>();

    /// <summary>Send the round keys of the equivalent inverse cipher.</summary>
    readonly bool decrypt;
    /// <summary>The key size code the build is for, or <see cref="AesMath.AnyKeySize"/> (each block's KeySize decides).</summary>
    readonly int buildKeySize;
    /// <summary>
    /// Each round key takes two clocks (<see cref="ClocksPerRoundKey"/>): the build takes every key size, so a
    /// step chooses its words by size and position, too deep beside a round for one clock; or the
    /// variant's round is shallower than a one-clock step (bram11).
    /// </summary>
    readonly bool stepInTwoClocks;

    bool loaded;
    bool expanding;
    /// <summary>
    /// Round key Nr went out at the last edge: the load ends at the next (a register, so that the end
    /// of the load does not wait for the comparison of the round counter).
    /// </summary>
    bool finishing;
    /// <summary>The round key sent at the next edge while expanding, 0..Nr.</summary>
    byte round;
    /// <summary>In a two-clock step: the first clock is done, <see cref="stepChain"/> and <see cref="stepInput"/> hold its words.</summary>
    bool stepHalfDone;
    /// <summary>The step's xor chain (<see cref="AesMath.KeyStepChain"/>), registered in a two-clock step.</summary>
    UInt128 stepChain;
    /// <summary>
    /// The word the step puts through the S-box (<see cref="AesMath.KeyStepInput"/>), registered in a two-clock step;
    /// at the start of a two-clock load, that of the initial window (<see cref="AesMath.InitialStepInput"/>).
    /// </summary>
    uint stepInput;
    /// <summary>
    /// A two-clock load has started: the low half of window 0 is made at the next clock from the held key and
    /// <see cref="stepInput"/> (<see cref="AesMath.InitialWindowLowFrom"/>), not from the waiting block in one clock.
    /// </summary>
    bool initialWindowPending;
    UInt128 windowHigh;
    UInt128 windowLow;
    UInt128 keyHigh;
    UInt128 keyLow;
    byte keySize;
    /// <summary>
    /// At the last edge a block waited whose key is not the one held: the load starts from this
    /// register, so that it does not wait for the AND of the key-part matches.
    /// </summary>
    bool keyWanted;
    /// <summary>A block went into the datapath at the last edge (not yet in <see cref="inFlight"/>).</summary>
    bool entered;
    /// <summary>Blocks in the datapath, but for the one of the last edge.</summary>
    byte inFlight;

    public AesKeyScheduler(AesBuild build)
    {
        decrypt = build.Decrypt;
        buildKeySize = build.KeySizeSetting;
        stepInTwoClocks = ClocksPerRoundKey(build) == 2;
    }

    /// <summary>
    /// Clocks a key load spends on each round key: 2 in a build for all three key sizes or one that asks
    /// for it (<see cref="AesBuild.TwoClockKeySteps"/>), which registers the step's xor chain and S-box
    /// input half-way (<see cref="AesMath.KeyStepChain"/>) and makes the initial window in a clock of
    /// its own; otherwise 1. A key load takes (Nr + 2) times this.
    /// </summary>
    public static int ClocksPerRoundKey(AesBuild build) => build.KeySizeSetting == AesMath.AnyKeySize || build.TwoClockKeySteps ? 2 : 1;

    protected override void OnTick()
    {
        bool empty = inFlight == 0 && !entered;
        bool outputTaken = Output.Valid && OutputReady.Ready;
        if (entered && !outputTaken) inFlight++;
        if (outputTaken && !entered) inFlight--;
        entered = Waiting.Valid && RegisterReady.Ready;

        KeyLoad.Valid = false;
        if (finishing)
        {
            finishing = false;
            expanding = false;
            loaded = true;
        }
        else if (expanding)
        {
            // The build's key size where it has one: a constant for synthesis, so only that size's schedule is built.
            byte size = AesMath.KeySizeIn(buildKeySize, keySize);
            if (initialWindowPending)
            {
                windowLow = AesMath.InitialWindowLowFrom(keyHigh, keyLow, size, stepInput);
                initialWindowPending = false;
            }
            else if (stepInTwoClocks && !stepHalfDone)
            {
                stepChain = AesMath.KeyStepChain(windowHigh, windowLow, size);
                stepInput = AesMath.KeyStepInput(stepChain, windowLow, round, size);
                stepHalfDone = true;
            }
            else
            {
                byte rounds = AesMath.RoundsOf(size);
                KeyLoad.Valid = true;
                if (decrypt)
                {
                    KeyLoad.Round = (byte)(rounds - round);
                    KeyLoad.RoundKey = AesMath.DecryptionRoundKey(windowHigh, rounds - round, rounds);
                }
                else
                {
                    KeyLoad.Round = round;
                    KeyLoad.RoundKey = windowHigh;
                }
                UInt128 next = stepInTwoClocks
                    ? AesMath.KeyStepResult(stepChain, stepInput, round, size)
                    : AesMath.NextWindowLow(windowHigh, windowLow, round, size);
                windowHigh = windowLow;
                windowLow = next;
                finishing = round == rounds;
                round++;
                stepHalfDone = false;
            }
        }
        else if (keyWanted && empty)
        {
            byte size = AesMath.KeySizeIn(buildKeySize, Waiting.KeySize);
            UInt128 low = AesMath.KeyLowIn(buildKeySize, Waiting.KeyLow);
            keyHigh = Waiting.KeyHigh;
            keyLow = low;
            keySize = size;
            windowHigh = Waiting.KeyHigh;
            if (stepInTwoClocks)
            {
                stepInput = AesMath.InitialStepInput(Waiting.KeyHigh, low, size);
                initialWindowPending = true;
            }
            else
                windowLow = AesMath.InitialWindowLow(Waiting.KeyHigh, low, size);
            round = 0;
            expanding = true;
            loaded = false;
            keyWanted = false;
        }
        else
        {
            // The waiting block cannot go in (its key is not the one held, or none is), so it is still
            // there at the next clock, when this decides the load.
            keyWanted = Waiting.Valid && !(loaded && Waiting.KeyMatches == AesMath.AllKeyParts);
        }
        Status.Ready = loaded;
        Status.Loading = expanding;
        Status.KeyHigh = keyHigh;
        Status.KeyLow = keyLow;
        Status.KeySize = keySize;
    }
}

/// <summary>
/// The input register of a held-key core: it holds the offered block with its key and, for each
/// 16-bit part of that key, whether it equals the held key's (<see cref="AesMath.KeyPartMatches"/>),
/// compared as the block comes in. While the scheduler loads a key, that key is the waiting block's,
/// so every part matches. The register takes a block when it is empty or its block goes on
/// (<see cref="AesKeyGate"/>'s <c>RegisterReady</c>).
/// </summary>
public sealed class AesInputRegister : ClockedProcess
{
    /// <summary>The core's input stream.</summary>
    [InputBus] public IAesBlockIn Input = null!;
    /// <summary>The register may take a block (the core's input ready).</summary>
    [InputBus] public IReady Ready = null!;
    /// <summary>The key the core holds.</summary>
    [InputBus] public IAesKeyStatus Status = null!;
    /// <summary>The waiting block (registered).</summary>
    [OutputBus] public IAesWaitingBlock Output = Bus.Create<IAesWaitingBlock>();

    /// <summary>The key size code the build is for, or <see cref="AesMath.AnyKeySize"/> (each block's KeySize decides).</summary>
    readonly int buildKeySize;

    public AesInputRegister(int buildKeySize)
    {
        this.buildKeySize = buildKeySize;
    }

    protected override void OnTick()
    {
        if (Status.Loading)
            Output.KeyMatches = AesMath.AllKeyParts;
        else if (Ready.Ready)
        {
            Output.Valid = Input.Valid;
            if (Input.Valid)
            {
                Output.Block = Input.Block;
                Output.KeyHigh = Input.KeyHigh;
                Output.KeyLow = Input.KeyLow;
                Output.KeySize = Input.KeySize;
                Output.Side = Input.Side;
                Output.Tag = Input.Tag;
                Output.Last = Input.Last;
                Output.KeyMatches = AesMath.KeyPartMatches(buildKeySize, Input.KeyHigh, Input.KeyLow, Input.KeySize, Status.KeyHigh, Status.KeyLow, Status.KeySize);
            }
        }
    }
}

/// <summary>
/// Lets the waiting block into a held-key core only when its key is the one the core holds and its
/// round keys are in place: the datapath sees it as valid only then. The input register may take the
/// next block when it is empty or its block goes in.
/// </summary>
public sealed class AesKeyGate : CombinationalProcess
{
    /// <summary>The block in the core's input register.</summary>
    [InputBus] public IAesWaitingBlock Input = null!;
    /// <summary>The key the core holds.</summary>
    [InputBus] public IAesKeyStatus Status = null!;
    /// <summary>The datapath's ready (pipeline advance, or the iterative core's ready).</summary>
    [InputBus] public IReady DatapathReady = null!;
    /// <summary>The block for the datapath, valid when the key matches.</summary>
    [OutputBus] public IAesBlockOut Output = Bus.Create<IAesBlockOut>();
    /// <summary>The input register's ready: the core's input ready.</summary>
    [OutputBus] public IReady RegisterReady = Bus.Create<IReady>();

    /// <summary>The key size code the build is for, or <see cref="AesMath.AnyKeySize"/> (each block's KeySize decides).</summary>
    readonly int buildKeySize;

    public AesKeyGate(int buildKeySize)
    {
        this.buildKeySize = buildKeySize;
    }

    protected override void OnTick()
    {
        bool valid = Input.Valid;
        bool keyReady = Status.Ready && Input.KeyMatches == AesMath.AllKeyParts;
        if (valid)
        {
            Output.Block = Input.Block;
            Output.Side = Input.Side;
            Output.KeySize = AesMath.KeySizeIn(buildKeySize, Input.KeySize);
            Output.Tag = Input.Tag;
            Output.Last = Input.Last;
        }
        else
        {
            Output.Block = 0;
            Output.Side = 0;
            Output.KeySize = 0;
            Output.Tag = 0;
            Output.Last = false;
        }
        Output.Valid = valid && keyReady;
        RegisterReady.Ready = !valid || (DatapathReady.Ready && keyReady);
    }
}
