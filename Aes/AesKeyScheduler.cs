using Crypto.Streams;
using Hdl;

namespace Crypto.Aes;

/// <summary>
/// Key handling of a held-key AES core: when the waiting block's key (in <see cref="AesInputRegister"/>)
/// differs from the key whose round keys the core holds, it waits until no block is in flight, then
/// expands the new key one round key per clock, or per two clocks in a build for every key size
/// (<see cref="ClocksPerRoundKey"/>), through the same key-schedule window as the model, and announces
/// each round key, as the window's high half takes it, for the stage that uses it
/// (<see cref="KeyTarget"/>; <see cref="AesKeyLoadDriver"/> sends it); for decryption the keys of the
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
    /// <summary>How the scheduler numbers the round keys it sends (<see cref="IAesRoundKeyTarget.Round"/>).</summary>
    public enum Numbering
    {
        /// <summary>By step of the cipher, 0..Nr (the iterative core).</summary>
        Step,
        /// <summary>By stage of a held-key pipeline, whose rounds all end at its last stage (<see cref="AesMath.StageStep"/>).</summary>
        Stage,
    }

    /// <summary>The block waiting in the core's input register, with its key.</summary>
    [InputBus] public IAesWaitingBlock Waiting = null!;
    /// <summary>The waiting block's key.</summary>
    [InputBus] public IAesWaitingKey WaitingKey = null!;
    /// <summary>The input register's ready: a waiting block goes into the datapath when it is set (to count blocks going in).</summary>
    [InputBus] public IReady RegisterReady = null!;
    /// <summary>The core's output stream (to count blocks coming out).</summary>
    [InputBus] public IStreamControl Output = null!;
    /// <summary>The consumer's ready.</summary>
    [InputBus] public IReady OutputReady = null!;
    /// <summary>
    /// This scheduler's own <see cref="Window"/> (its high half, read back: the window has no other
    /// register).
    /// </summary>
    [InputBus] public IAesRoundKey WindowHigh = null!;
    /// <summary>
    /// The high half of the key-schedule window (registered): the round key last announced on
    /// <see cref="KeyTarget"/> while a key loads.
    /// </summary>
    [OutputBus] public IAesRoundKey Window = Bus.Create<IAesRoundKey>();
    /// <summary>Which stage takes the round key in <see cref="Window"/> (registered; <see cref="AesKeyLoadDriver"/>).</summary>
    [OutputBus] public IAesRoundKeyTarget KeyTarget = Bus.Create<IAesRoundKeyTarget>();
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
    /// <summary>Round keys are numbered by stage (<see cref="Numbering.Stage"/>).</summary>
    readonly bool byStage;
    /// <summary>The last stage of the build's pipelines (<see cref="AesMath.LastStepOf"/>).</summary>
    readonly int lastStep;

    bool loaded;
    bool expanding;
    /// <summary>
    /// The last step of the load was at the last edge: the load ends at the next (a register, so that the end
    /// of the load does not wait for the comparison of the round counter).
    /// </summary>
    bool finishing;
    /// <summary>The step of the key schedule made at the next edges while expanding, 0..Nr (round key round + 1 is announced in it).</summary>
    byte round;
    /// <summary>In a two-clock step: the first clock is done, <see cref="windowLow"/> holds its xor chain and <see cref="stepInput"/> its S-box input.</summary>
    bool stepHalfDone;
    /// <summary>
    /// The word the step puts through the S-box (<see cref="AesMath.KeyStepInput"/>), registered in a two-clock step;
    /// at the start of a two-clock load, that of the initial window (<see cref="AesMath.InitialStepInput"/>).
    /// </summary>
    uint stepInput;
    /// <summary>
    /// A two-clock load has started: the low half of window 0 is made at the next clock from the waiting block's key and
    /// <see cref="stepInput"/> (<see cref="AesMath.InitialWindowLowFrom"/>), not from the waiting block in one clock.
    /// </summary>
    bool initialWindowPending;
    /// <summary>The low half of the key-schedule window (its high half is <see cref="Window"/>); in a two-clock step, the step's xor chain between its halves.</summary>
    UInt128 windowLow;
    /// <summary>
    /// At the last edge a block waited whose key is not the one held: the load starts from this
    /// register, so that it does not wait for the AND of the key-part matches.
    /// </summary>
    bool keyWanted;
    /// <summary>A block went into the datapath at the last edge (not yet in <see cref="inFlight"/>).</summary>
    bool entered;
    /// <summary>Blocks in the datapath, but for the one of the last edge.</summary>
    byte inFlight;
    /// <summary>
    /// The number of the round key last announced by the load's start or a step (step 0's of
    /// decryption, number 0, apart): a step counts it up (encryption) or down (decryption) whether it
    /// announces or not, so no round key's number is computed from the round and the count waits for
    /// no comparison.
    /// </summary>
    byte lastTarget;

    public AesKeyScheduler(AesBuild build, Numbering numbering)
    {
        decrypt = build.Decrypt;
        buildKeySize = build.KeySizeSetting;
        stepInTwoClocks = ClocksPerRoundKey(build) == 2;
        byStage = numbering == Numbering.Stage;
        lastStep = build.LastStep;
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

        // The round key (encryption numbering) the window's high half holds from the next clock on,
        // announced for its stage; -1: none.
        int announced = -1;
        // A step of the key schedule is made at this edge (it announces round key round + 1 if round < Nr).
        bool stepped = false;
        // The key being expanded is the waiting block's, which stays in the input register until the
        // load is over. The build's key size where it has one: a constant for synthesis, so only
        // that size's schedule is built.
        byte size = AesMath.KeySizeIn(buildKeySize, WaitingKey.KeySize);
        byte rounds = AesMath.RoundsOf(size);
        if (finishing)
        {
            finishing = false;
            expanding = false;
            loaded = true;
        }
        else if (expanding)
        {
            if (initialWindowPending)
            {
                windowLow = AesMath.InitialWindowLowFrom(WaitingKey.KeyHigh, AesMath.KeyLowIn(buildKeySize, WaitingKey.KeyLow), size, stepInput);
                initialWindowPending = false;
            }
            else if (stepInTwoClocks && !stepHalfDone)
            {
                // The first half of a two-clock step: the window moves on, its low half holding the
                // step's xor chain until the second half.
                UInt128 chain = AesMath.KeyStepChain(WindowHigh.RoundKey, windowLow, size);
                stepInput = AesMath.KeyStepInput(chain, windowLow, round, size);
                Window.RoundKey = windowLow;
                windowLow = chain;
                if (round < rounds) announced = round + 1;
                stepped = true;
                stepHalfDone = true;
            }
            else
            {
                if (stepInTwoClocks)
                    windowLow = AesMath.KeyStepResult(windowLow, stepInput, round, size);
                else
                {
                    UInt128 next = AesMath.NextWindowLow(WindowHigh.RoundKey, windowLow, round, size);
                    Window.RoundKey = windowLow;
                    windowLow = next;
                    if (round < rounds) announced = round + 1;
                    stepped = true;
                }
                finishing = round == rounds;
                round++;
                stepHalfDone = false;
            }
        }
        else if (keyWanted && empty)
        {
            UInt128 low = AesMath.KeyLowIn(buildKeySize, WaitingKey.KeyLow);
            Window.RoundKey = WaitingKey.KeyHigh;
            announced = 0;
            if (stepInTwoClocks)
            {
                stepInput = AesMath.InitialStepInput(WaitingKey.KeyHigh, low, size);
                initialWindowPending = true;
            }
            else
                windowLow = AesMath.InitialWindowLow(WaitingKey.KeyHigh, low, size);
            // Round key 0 is step 0's (encryption) or step Nr's (decryption). Numbered by stage, a block of
            // fewer rounds than the pipeline's last stage passes the stages after stage 0 first
            // (AesMath.StageShift), and step Nr is at the last stage; encryption counts on from the
            // stage before its first round.
            if (decrypt) lastTarget = byStage ? (byte)lastStep : rounds;
            else lastTarget = byStage ? AesMath.StageShift(size, lastStep) : (byte)0;
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
        // For decryption, round key e is the equivalent inverse cipher's step Nr - e, through
        // InvMixColumns but for the first and the last.
        if (stepped) lastTarget = decrypt ? (byte)(lastTarget - 1) : (byte)(lastTarget + 1);
        KeyTarget.Valid = announced >= 0;
        if (announced >= 0)
        {
            KeyTarget.Round = (decrypt ? announced == rounds : announced == 0) ? (byte)0 : lastTarget;
            KeyTarget.InvMix = decrypt && announced != 0 && announced != rounds;
        }
        Status.Ready = loaded;
        Status.Loading = expanding;
    }
}

/// <summary>
/// The round keys of a held-key core on their way into the stages: the round key in the key
/// scheduler's window, for the stage the scheduler announced, through InvMixColumns where the
/// equivalent inverse cipher takes it so. Combinational, so the window's register is the only copy
/// of the round key on its way.
/// </summary>
public sealed class AesKeyLoadDriver : CombinationalProcess
{
    /// <summary>The stage that takes the round key, and whether through InvMixColumns.</summary>
    [InputBus] public IAesRoundKeyTarget Target = null!;
    /// <summary>The high half of the key scheduler's window: the round key.</summary>
    [InputBus] public IAesRoundKey Window = null!;
    /// <summary>The round key for the stages.</summary>
    [OutputBus] public IAesKeyLoad KeyLoad = Bus.Create<IAesKeyLoad>();

    protected override void OnTick()
    {
        KeyLoad.Valid = Target.Valid;
        KeyLoad.Round = Target.Round;
        KeyLoad.RoundKey = Target.InvMix ? AesMath.Mix(Window.RoundKey, true) : Window.RoundKey;
    }
}

/// <summary>
/// The input register of a held-key core: it holds the offered block with its key and, for each
/// 16-bit part of that key, whether it equals the held key's (<see cref="AesMath.KeyPartMatches"/>),
/// compared as the block comes in, with the key of the block it holds (<see cref="Held"/>), which is the
/// held key whenever it may take one. While the scheduler loads a key, that key is the waiting block's,
/// so every part matches. The register takes a block when it is empty or its block goes on
/// (<see cref="AesKeyGate"/>'s <c>RegisterReady</c>).
/// </summary>
public sealed class AesInputRegister : ClockedProcess
{
    /// <summary>The core's input stream.</summary>
    [InputBus] public IAesBlockIn Input = null!;
    /// <summary>The register may take a block (the core's input ready).</summary>
    [InputBus] public IReady Ready = null!;
    /// <summary>Whether the core holds a key or loads one.</summary>
    [InputBus] public IAesKeyStatus Status = null!;
    /// <summary>
    /// This register's own <see cref="Key"/>: the held key whenever the register may take a block, for a
    /// block leaves only into the datapath, under the held key, and a key is loaded only for the block
    /// waiting here, which stays until the load is over.
    /// </summary>
    [InputBus] public IAesWaitingKey Held = null!;
    /// <summary>The waiting block (registered).</summary>
    [OutputBus] public IAesWaitingBlock Output = Bus.Create<IAesWaitingBlock>();
    /// <summary>The waiting block's key (registered).</summary>
    [OutputBus] public IAesWaitingKey Key = Bus.Create<IAesWaitingKey>();

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
                Output.KeySize = Input.KeySize;
                Key.KeyHigh = Input.KeyHigh;
                Key.KeyLow = Input.KeyLow;
                Key.KeySize = Input.KeySize;
                Output.Side = Input.Side;
                Output.Tag = Input.Tag;
                Output.Last = Input.Last;
                Output.KeyMatches = AesMath.KeyPartMatches(buildKeySize, Input.KeyHigh, Input.KeyLow, Input.KeySize, Held.KeyHigh, Held.KeyLow, Held.KeySize);
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
