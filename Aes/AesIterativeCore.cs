using Crypto.Streams;
using Hdl;

namespace Crypto.Aes;

/// <summary>
/// AES-128 encryption one round per clock, with one round datapath: a block is taken with the
/// initial AddRoundKey, then rounds 1..10 run on ten clock edges, expanding each round key from the
/// previous one. The result goes to an output register of its own, so the datapath takes the next
/// block at the same edge as it computes the final round of the previous one: 10 clocks per block
/// with an always-ready consumer, 11 clocks from input transfer to output transfer.
/// <para>
/// Input Ready and output Valid are registers. Ready is raised when the datapath will be free at the
/// next edge whatever the consumer does: it is idle, or it is about to do the final round and the
/// output register is empty. Under back-pressure the final round waits until the output register is
/// free (at the edge where the consumer takes the previous result).
/// </para>
/// </summary>
public sealed class AesIterativeCore : ClockedProcess
{
    /// <summary>The core's input stream.</summary>
    [InputBus] public IAesBlockIn Input = null!;
    /// <summary>The consumer's ready.</summary>
    [InputBus] public IReady OutputReady = null!;
    /// <summary>The core's output stream (a register).</summary>
    [OutputBus] public IAesBlockOut Output = Bus.Create<IAesBlockOut>();
    /// <summary>The core's input ready (a register).</summary>
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();

    /// <summary>A block is in the round datapath.</summary>
    bool busy;
    /// <summary>The round the datapath does at the next edge, 1..10.</summary>
    byte round;
    UInt128 state;
    /// <summary>Round key of the previous round (round - 1).</summary>
    UInt128 roundKey;
    byte tag;
    bool last;
    /// <summary>Mirror of Output.Valid: the output register holds a result not yet taken.</summary>
    bool resultValid;
    /// <summary>Mirror of InputReady.Ready.</summary>
    bool inputReady;

    protected override void OnTick()
    {
        bool outputFree = !resultValid || OutputReady.Ready;
        bool accept = inputReady && Input.Valid;
        if (resultValid && OutputReady.Ready) resultValid = false;

        if (busy)
        {
            UInt128 nextKey = AesMath.NextRoundKey128(roundKey, AesMath.Rcon[round]);
            if (round < AesMath.Rounds128)
            {
                state = AesMath.Round(state, nextKey);
                roundKey = nextKey;
                round++;
            }
            else if (outputFree)
            {
                Output.Block = AesMath.FinalRound(state, nextKey);
                Output.Tag = tag;
                Output.Last = last;
                resultValid = true;
                busy = false;
            }
        }

        if (accept)
        {
            state = AesMath.AddRoundKey(Input.Block, Input.Key);
            roundKey = Input.Key;
            tag = Input.Tag;
            last = Input.Last;
            round = 1;
            busy = true;
        }

        inputReady = !busy || (round == AesMath.Rounds128 && !resultValid);
        Output.Valid = resultValid;
        InputReady.Ready = inputReady;
    }
}
