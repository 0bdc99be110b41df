using Crypto.Streams;
using Hdl;

namespace Crypto.Aes;

/// <summary>
/// AES one round per clock, with one round datapath in S-box form (the smallest variant): a block is
/// taken with the initial AddRoundKey, then rounds 1..Nr run on Nr clock edges with the round keys
/// the core holds (loaded by <see cref="AesKeyScheduler"/>). The result goes to an output register
/// of its own, so the datapath takes the next block at the same edge as it computes the final round
/// of the previous one: Nr clocks per block (10, 12, 14) with an always-ready consumer, Nr + 1 clocks
/// from input transfer to output transfer.
/// <para>
/// Input Ready and output Valid are registers. Ready is raised when the datapath will be free at the
/// next edge whatever the consumer does: it is idle, or it is about to do the final round and the
/// output register is empty. Under back-pressure the final round waits until the output register is
/// free (at the edge where the consumer takes the previous result).
/// </para>
/// </summary>
public sealed class AesIterativeCore : ClockedProcess
{
    /// <summary>The core's input stream (through <see cref="AesKeyGate"/>).</summary>
    [InputBus] public IAesBlockOut Input = null!;
    /// <summary>Round keys from the key scheduler.</summary>
    [InputBus] public IAesKeyLoad KeyLoad = null!;
    /// <summary>The consumer's ready.</summary>
    [InputBus] public IReady OutputReady = null!;
    /// <summary>The core's output stream (a register).</summary>
    [OutputBus] public IAesBlockOut Output = Bus.Create<IAesBlockOut>();
    /// <summary>The datapath's input ready (a register).</summary>
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();

    /// <summary>The equivalent inverse cipher.</summary>
    readonly bool decrypt;
    /// <summary>The key size code the build is for, or <see cref="AesMath.AnyKeySize"/> (each block's KeySize decides).</summary>
    readonly int buildKeySize;

    readonly UInt128[] roundKeys = new UInt128[AesMath.MaxRounds + 1];
    /// <summary>
    /// Round key 0 again, for the initial AddRoundKey of an accepted block: so the round keys are read
    /// only at the round register, and synthesis takes them for a LUT RAM (a file read at a constant
    /// index too is written element by element, one flip-flop per bit: docs/engine.md).
    /// </summary>
    UInt128 firstRoundKey;
    /// <summary>A block is in the round datapath.</summary>
    bool busy;
    /// <summary>The round the datapath does at the next edge, 1..Nr.</summary>
    byte round;
    /// <summary>Nr of the block in the datapath.</summary>
    byte rounds;
    UInt128 state;
    UInt128 side;
    byte keySize;
    byte tag;
    bool last;
    /// <summary>Mirror of Output.Valid: the output register holds a result not yet taken.</summary>
    bool resultValid;
    /// <summary>Mirror of InputReady.Ready.</summary>
    bool inputReady;

    public AesIterativeCore(bool decrypt, int buildKeySize)
    {
        this.decrypt = decrypt;
        this.buildKeySize = buildKeySize;
    }

    protected override void OnTick()
    {
        bool outputFree = !resultValid || OutputReady.Ready;
        bool accept = inputReady && Input.Valid;
        if (resultValid && OutputReady.Ready) resultValid = false;

        if (busy)
        {
            // Rounds 1..Nr (round 0 was taken with the block); final against the registered Nr, one compare.
            UInt128 next = AesMath.RoundBody(state, roundKeys[round], round == rounds, AesRoundPart.WholeRound, decrypt);
            if (round < rounds)
            {
                state = next;
                round++;
            }
            else if (outputFree)
            {
                Output.Block = next;
                Output.Side = side;
                Output.KeySize = keySize;
                Output.Tag = tag;
                Output.Last = last;
                resultValid = true;
                busy = false;
            }
        }

        if (accept)
        {
            state = Input.Block ^ firstRoundKey;
            side = Input.Side;
            keySize = AesMath.KeySizeIn(buildKeySize, Input.KeySize);
            rounds = AesMath.RoundsOf(keySize);
            tag = Input.Tag;
            last = Input.Last;
            round = 1;
            busy = true;
        }

        inputReady = !busy || (round == rounds && !resultValid);
        Output.Valid = resultValid;
        InputReady.Ready = inputReady;
        // Loaded after the round has read its key: the register file is read and written as one
        // signal (the key scheduler loads only when no block is in the core, see AesKeyGate).
        if (KeyLoad.Valid) roundKeys[KeyLoad.Round] = KeyLoad.RoundKey;
        if (KeyLoad.Valid && KeyLoad.Round == 0) firstRoundKey = KeyLoad.RoundKey;
    }
}
