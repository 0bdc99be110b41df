using System.Numerics;
using Crypto.Streams;
using Hdl;

namespace Crypto.Sha2;

/// <summary>
/// A pipeline stage of the SHA-2 compression: rounds firstRound .. firstRound+rounds-1 in one clock,
/// each a compression round on W[t] and a message schedule step that moves the window on by one
/// word. A pipeline of N stages has 64/N (80/N) rounds per stage; the naive core is one stage of all.
/// </summary>
public sealed class Sha2RoundStage<W> : ClockedProcess where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
{
    [InputBus] public ISha2Block<W> Input = null!;
    [InputBus] public IReady Advance = null!;
    [OutputBus] public ISha2Block<W> Output = Bus.Create<ISha2Block<W>>();

    readonly int firstRound;
    readonly int rounds;

    public Sha2RoundStage(int firstRound, int rounds)
    {
        int all = Sha2Math<W>.RoundConstants.Length;
        if (firstRound < 0 || rounds < 1 || firstRound + rounds > all)
            throw new ArgumentOutOfRangeException(nameof(rounds), $"SHA-2 rounds {firstRound}..{firstRound + rounds - 1} are not within 0..{all - 1}");
        this.firstRound = firstRound;
        this.rounds = rounds;
    }

    protected override void OnTick()
    {
        if (Advance.Ready)
        {
            bool valid = Input.Valid;
            Output.Valid = valid;
            if (valid)
            {
                W a = Input.State[0], b = Input.State[1], c = Input.State[2], d = Input.State[3];
                W e = Input.State[4], f = Input.State[5], g = Input.State[6], h = Input.State[7];
                W w0 = Input.Window[0], w1 = Input.Window[1], w2 = Input.Window[2], w3 = Input.Window[3];
                W w4 = Input.Window[4], w5 = Input.Window[5], w6 = Input.Window[6], w7 = Input.Window[7];
                W w8 = Input.Window[8], w9 = Input.Window[9], w10 = Input.Window[10], w11 = Input.Window[11];
                W w12 = Input.Window[12], w13 = Input.Window[13], w14 = Input.Window[14], w15 = Input.Window[15];
                // Constant loop bound (the subset's rule); the stage's own rounds are the first `rounds`.
                for (int i = 0; i < Sha2Math<W>.RoundConstants.Length; i++)
                {
                    if (i < rounds)
                    {
                        W temp1 = Sha2Math<W>.Temp1(e, f, g, h, w0, firstRound + i);
                        W temp2 = Sha2Math<W>.Temp2(a, b, c);
                        W next = Sha2Math<W>.NextScheduleWord(w0, w1, w9, w14);
                        h = g; g = f; f = e; e = d + temp1;
                        d = c; c = b; b = a; a = temp1 + temp2;
                        w0 = w1; w1 = w2; w2 = w3; w3 = w4; w4 = w5; w5 = w6; w6 = w7; w7 = w8;
                        w8 = w9; w9 = w10; w10 = w11; w11 = w12; w12 = w13; w13 = w14; w14 = w15; w15 = next;
                    }
                }
                Output.State[0] = a; Output.State[1] = b; Output.State[2] = c; Output.State[3] = d;
                Output.State[4] = e; Output.State[5] = f; Output.State[6] = g; Output.State[7] = h;
                Output.Window[0] = w0; Output.Window[1] = w1; Output.Window[2] = w2; Output.Window[3] = w3;
                Output.Window[4] = w4; Output.Window[5] = w5; Output.Window[6] = w6; Output.Window[7] = w7;
                Output.Window[8] = w8; Output.Window[9] = w9; Output.Window[10] = w10; Output.Window[11] = w11;
                Output.Window[12] = w12; Output.Window[13] = w13; Output.Window[14] = w14; Output.Window[15] = w15;
                Output.First = Input.First;
                Output.Slot = Input.Slot;
                Output.Last = Input.Last;
            }
        }
    }
}
