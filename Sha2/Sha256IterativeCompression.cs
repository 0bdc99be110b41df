using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Sha2;

/// <summary>
/// The SHA-224/256 compression one round per clock in one round datapath (with its schedule step):
/// takes a block, runs rounds 0..63 on 64 clock edges (the last one writes the output register), so a
/// block takes 64 clocks and the next block is taken at the edge that finishes the previous one.
/// InputReady and Output.Valid are registers, as in the MD5 iterative core.
/// </summary>
public sealed class Sha256IterativeCompression : ClockedProcess
{
    [InputBus] public ISha256Block Input = null!;
    /// <summary>The output register is taken at an edge where this is high.</summary>
    [InputBus] public IReady Advance = null!;
    [OutputBus] public ISha256Block Output = Bus.Create<ISha256Block>();
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();

    bool busy;
    /// <summary>The round the datapath does at the next edge, 0..63.</summary>
    byte round;
    UInt128 abcd, efgh, w0, w1, w2, w3;
    byte slot;
    bool first, last;
    bool resultValid;
    bool inputReady;

    protected override void OnTick()
    {
        bool outputFree = !resultValid || Advance.Ready;
        bool accept = inputReady && Input.Valid;
        if (resultValid && Advance.Ready) resultValid = false;

        if (busy && (round < Sha256Math.Rounds - 1 || outputFree))
        {
            uint temp1 = Sha256Math.Temp1(efgh, HashWords.Word32(w0, 0), round);
            uint temp2 = Sha256Math.Temp2(abcd);
            uint next = Sha256Math.NextScheduleWord(w0, w2, w3);
            UInt128 newEfgh = Sha256Math.NextEfgh(abcd, efgh, temp1);
            UInt128 newAbcd = Sha256Math.NextAbcd(abcd, temp1, temp2);
            efgh = newEfgh;
            abcd = newAbcd;
            w0 = Sha256Math.ShiftLane(w0, HashWords.Word32(w1, 0));
            w1 = Sha256Math.ShiftLane(w1, HashWords.Word32(w2, 0));
            w2 = Sha256Math.ShiftLane(w2, HashWords.Word32(w3, 0));
            w3 = Sha256Math.ShiftLane(w3, next);
            if (round < Sha256Math.Rounds - 1) round++;
            else
            {
                Output.Abcd = newAbcd;
                Output.Efgh = newEfgh;
                Output.First = first;
                Output.W0 = w0;
                Output.W1 = w1;
                Output.W2 = w2;
                Output.W3 = w3;
                Output.Slot = slot;
                Output.Last = last;
                resultValid = true;
                busy = false;
            }
        }

        if (accept)
        {
            abcd = Input.Abcd;
            efgh = Input.Efgh;
            first = Input.First;
            w0 = Input.W0;
            w1 = Input.W1;
            w2 = Input.W2;
            w3 = Input.W3;
            slot = Input.Slot;
            last = Input.Last;
            round = 0;
            busy = true;
        }

        inputReady = !busy || (round == Sha256Math.Rounds - 1 && !resultValid);
        Output.Valid = resultValid;
        InputReady.Ready = inputReady;
    }
}
