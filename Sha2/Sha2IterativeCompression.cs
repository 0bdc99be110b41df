using System.Numerics;
using Crypto.Streams;
using Hdl;

namespace Crypto.Sha2;

/// <summary>
/// The SHA-2 compression one round per clock in one round datapath (with its schedule step): takes a
/// block, runs rounds 0..63 (0..79) on 64 (80) clock edges (the last one writes the output register),
/// so a block takes 64 (80) clocks and the next block is taken at the edge that finishes the previous
/// one. InputReady and Output.Valid are registers, as in the MD5 iterative core.
/// </summary>
public sealed class Sha2IterativeCompression<W> : ClockedProcess where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
{
    [InputBus] public ISha2Block<W> Input = null!;
    /// <summary>The output register is taken at an edge where this is high.</summary>
    [InputBus] public IReady Advance = null!;
    [OutputBus] public ISha2Block<W> Output = Bus.Create<ISha2Block<W>>();
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();

    bool busy;
    /// <summary>The round the datapath does at the next edge.</summary>
    byte round;
    W a, b, c, d, e, f, g, h;
    W w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12, w13, w14, w15;
    byte slot;
    bool first, last;
    bool resultValid;
    bool inputReady;

    protected override void OnTick()
    {
        bool outputFree = !resultValid || Advance.Ready;
        bool accept = inputReady && Input.Valid;
        if (resultValid && Advance.Ready) resultValid = false;
        bool lastRound = round == Sha2Math<W>.RoundConstants.Length - 1;

        if (busy && (!lastRound || outputFree))
        {
            W temp1 = Sha2Math<W>.Temp1(e, f, g, h, w0, round);
            W temp2 = Sha2Math<W>.Temp2(a, b, c);
            W next = Sha2Math<W>.NextScheduleWord(w0, w1, w9, w14);
            h = g; g = f; f = e; e = d + temp1;
            d = c; c = b; b = a; a = temp1 + temp2;
            w0 = w1; w1 = w2; w2 = w3; w3 = w4; w4 = w5; w5 = w6; w6 = w7; w7 = w8;
            w8 = w9; w9 = w10; w10 = w11; w11 = w12; w12 = w13; w13 = w14; w14 = w15; w15 = next;
            if (!lastRound) round++;
            else
            {
                Output.State[0] = a; Output.State[1] = b; Output.State[2] = c; Output.State[3] = d;
                Output.State[4] = e; Output.State[5] = f; Output.State[6] = g; Output.State[7] = h;
                Output.Window[0] = w0; Output.Window[1] = w1; Output.Window[2] = w2; Output.Window[3] = w3;
                Output.Window[4] = w4; Output.Window[5] = w5; Output.Window[6] = w6; Output.Window[7] = w7;
                Output.Window[8] = w8; Output.Window[9] = w9; Output.Window[10] = w10; Output.Window[11] = w11;
                Output.Window[12] = w12; Output.Window[13] = w13; Output.Window[14] = w14; Output.Window[15] = w15;
                Output.First = first;
                Output.Slot = slot;
                Output.Last = last;
                resultValid = true;
                busy = false;
            }
        }

        if (accept)
        {
            a = Input.State[0]; b = Input.State[1]; c = Input.State[2]; d = Input.State[3];
            e = Input.State[4]; f = Input.State[5]; g = Input.State[6]; h = Input.State[7];
            w0 = Input.Window[0]; w1 = Input.Window[1]; w2 = Input.Window[2]; w3 = Input.Window[3];
            w4 = Input.Window[4]; w5 = Input.Window[5]; w6 = Input.Window[6]; w7 = Input.Window[7];
            w8 = Input.Window[8]; w9 = Input.Window[9]; w10 = Input.Window[10]; w11 = Input.Window[11];
            w12 = Input.Window[12]; w13 = Input.Window[13]; w14 = Input.Window[14]; w15 = Input.Window[15];
            first = Input.First;
            slot = Input.Slot;
            last = Input.Last;
            round = 0;
            busy = true;
        }

        inputReady = !busy || (round == Sha2Math<W>.RoundConstants.Length - 1 && !resultValid);
        Output.Valid = resultValid;
        InputReady.Ready = inputReady;
    }
}
