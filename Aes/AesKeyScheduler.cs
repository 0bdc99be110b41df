using Crypto.Streams;
using Hdl;

namespace Crypto.Aes;

/// <summary>
/// Key handling of a held-key AES core: when the offered block's key differs from the key whose round
/// keys the core holds, it waits until no block is in flight, then expands the new key one round key
/// per clock (through the same key-schedule window as the model) and sends each round key over
/// <see cref="KeyLoad"/> to the stage that uses it; for decryption the keys of the equivalent inverse
/// cipher, in reverse order. A key load takes Nr + 2 clocks after the pipeline is empty (Nr + 3 from
/// idle, where the key is first registered); after it,
/// blocks under that key stream at the core's full rate.
/// <para>
/// The key offered to an empty core is registered with a flag saying whether it is the one held;
/// the decision to load, and the expansion, start from those registers at the next edge. So the
/// wide comparison ends in a flip-flop and the window's first value is computed from registers. A
/// block that waits for its key is not taken, so the input holds it while the flag is made.
/// </para>
/// </summary>
public sealed class AesKeyScheduler : ClockedProcess
{
    /// <summary>The core's input stream (to see the offered key).</summary>
    [InputBus] public IAesBlockIn Input = null!;
    /// <summary>The core's input ready (to count blocks going in).</summary>
    [InputBus] public IReady InputReady = null!;
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

    bool loaded;
    bool expanding;
    /// <summary>The round key sent at the next edge while expanding, 0..Nr (Nr + 1: done).</summary>
    byte round;
    UInt128 windowHigh;
    UInt128 windowLow;
    UInt128 keyHigh;
    UInt128 keyLow;
    byte keySize;
    /// <summary>A block was offered at the last edge, with the key in offeredHigh, offeredLow, offeredSize.</summary>
    bool offered;
    /// <summary>That key is the one held.</summary>
    bool offeredHeld;
    UInt128 offeredHigh;
    UInt128 offeredLow;
    byte offeredSize;
    /// <summary>Blocks taken in and not yet given out.</summary>
    byte inFlight;

    public AesKeyScheduler(bool decrypt, int buildKeySize)
    {
        this.decrypt = decrypt;
        this.buildKeySize = buildKeySize;
    }

    protected override void OnTick()
    {
        bool inputTaken = Input.Valid && InputReady.Ready;
        bool outputTaken = Output.Valid && OutputReady.Ready;
        if (inputTaken && !outputTaken) inFlight++;
        if (outputTaken && !inputTaken) inFlight--;

        KeyLoad.Valid = false;
        if (expanding)
        {
            // The build's key size where it has one: a constant for synthesis, so only that size's schedule is built.
            byte size = AesMath.KeySizeIn(buildKeySize, keySize);
            byte rounds = AesMath.RoundsOf(size);
            if (round <= rounds)
            {
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
                UInt128 next = AesMath.NextWindowLow(windowHigh, windowLow, round, size);
                windowHigh = windowLow;
                windowLow = next;
                round++;
            }
            else
            {
                expanding = false;
                loaded = true;
            }
        }
        else if (offered && inFlight == 0 && !(loaded && offeredHeld))
        {
            keyHigh = offeredHigh;
            keyLow = offeredLow;
            keySize = offeredSize;
            windowHigh = offeredHigh;
            windowLow = AesMath.InitialWindowLow(offeredHigh, offeredLow, AesMath.KeySizeIn(buildKeySize, offeredSize));
            round = 0;
            expanding = true;
            loaded = false;
            offered = false;
        }
        else
        {
            offered = Input.Valid;
            if (Input.Valid)
            {
                offeredHigh = Input.KeyHigh;
                offeredLow = AesMath.KeyLowIn(buildKeySize, Input.KeyLow);
                offeredSize = AesMath.KeySizeIn(buildKeySize, Input.KeySize);
                offeredHeld = AesMath.SameKey(buildKeySize, Input.KeyHigh, Input.KeyLow, Input.KeySize, keyHigh, keyLow, keySize);
            }
        }
        Status.Ready = loaded;
        Status.KeyHigh = keyHigh;
        Status.KeyLow = keyLow;
        Status.KeySize = keySize;
    }
}

/// <summary>
/// Lets a block into a held-key core only when its key is the one the core holds: the core's input
/// ready is the datapath's ready and that match; the datapath sees the block as valid only then.
/// </summary>
public sealed class AesKeyGate : CombinationalProcess
{
    /// <summary>The core's input stream.</summary>
    [InputBus] public IAesBlockIn Input = null!;
    /// <summary>The key the core holds.</summary>
    [InputBus] public IAesKeyStatus Status = null!;
    /// <summary>The datapath's ready (pipeline advance, or the iterative core's ready).</summary>
    [InputBus] public IReady DatapathReady = null!;
    /// <summary>The block for the datapath, valid when the key matches.</summary>
    [OutputBus] public IAesBlockOut Output = Bus.Create<IAesBlockOut>();
    /// <summary>The core's input ready.</summary>
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();

    /// <summary>The key size code the build is for, or <see cref="AesMath.AnyKeySize"/> (each block's KeySize decides).</summary>
    readonly int buildKeySize;

    public AesKeyGate(int buildKeySize)
    {
        this.buildKeySize = buildKeySize;
    }

    protected override void OnTick()
    {
        bool valid = Input.Valid;
        bool keyReady = false;
        if (valid)
        {
            byte keySize = AesMath.KeySizeIn(buildKeySize, Input.KeySize);
            keyReady = Status.Ready && AesMath.SameKey(buildKeySize, Input.KeyHigh, Input.KeyLow, Input.KeySize, Status.KeyHigh, Status.KeyLow, Status.KeySize);
            Output.Block = Input.Block;
            Output.Side = Input.Side;
            Output.KeySize = keySize;
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
        InputReady.Ready = DatapathReady.Ready && (!valid || keyReady);
    }
}
