using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Sha2;

/// <summary>
/// The SHA-384/512 compression one round per clock (<see cref="Sha256IterativeCompression"/> with
/// 64-bit words): rounds 0..79 on 80 clock edges per block.
/// </summary>
public sealed class Sha512IterativeCompression : ClockedProcess
{
    [InputBus] public ISha512Block Input = null!;
    /// <summary>The output register is taken at an edge where this is high.</summary>
    [InputBus] public IReady Advance = null!;
    [OutputBus] public ISha512Block Output = Bus.Create<ISha512Block>();
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();

    bool busy;
    /// <summary>The round the datapath does at the next edge, 0..79.</summary>
    byte round;
    UInt128 ab, cd, ef, gh, w0, w1, w2, w3, w4, w5, w6, w7;
    byte slot;
    bool first, last;
    bool resultValid;
    bool inputReady;

    protected override void OnTick()
    {
        bool outputFree = !resultValid || Advance.Ready;
        bool accept = inputReady && Input.Valid;
        if (resultValid && Advance.Ready) resultValid = false;

        if (busy && (round < Sha512Math.Rounds - 1 || outputFree))
        {
            ulong temp1 = Sha512Math.Temp1(ef, gh, HashWords.Word64(w0, 0), round);
            ulong temp2 = Sha512Math.Temp2(ab, cd);
            ulong next = Sha512Math.NextScheduleWord(w0, w4, w7);
            UInt128 newGh = Sha512Math.NextPair(ef, gh);
            UInt128 newEf = Sha512Math.NextEf(cd, ef, temp1);
            UInt128 newCd = Sha512Math.NextPair(ab, cd);
            UInt128 newAb = Sha512Math.NextAb(ab, temp1, temp2);
            ab = newAb;
            cd = newCd;
            ef = newEf;
            gh = newGh;
            w0 = Sha512Math.ShiftLane(w0, HashWords.Word64(w1, 0));
            w1 = Sha512Math.ShiftLane(w1, HashWords.Word64(w2, 0));
            w2 = Sha512Math.ShiftLane(w2, HashWords.Word64(w3, 0));
            w3 = Sha512Math.ShiftLane(w3, HashWords.Word64(w4, 0));
            w4 = Sha512Math.ShiftLane(w4, HashWords.Word64(w5, 0));
            w5 = Sha512Math.ShiftLane(w5, HashWords.Word64(w6, 0));
            w6 = Sha512Math.ShiftLane(w6, HashWords.Word64(w7, 0));
            w7 = Sha512Math.ShiftLane(w7, next);
            if (round < Sha512Math.Rounds - 1) round++;
            else
            {
                Output.Ab = newAb;
                Output.Cd = newCd;
                Output.Ef = newEf;
                Output.Gh = newGh;
                Output.First = first;
                Output.W0 = w0;
                Output.W1 = w1;
                Output.W2 = w2;
                Output.W3 = w3;
                Output.W4 = w4;
                Output.W5 = w5;
                Output.W6 = w6;
                Output.W7 = w7;
                Output.Slot = slot;
                Output.Last = last;
                resultValid = true;
                busy = false;
            }
        }

        if (accept)
        {
            ab = Input.Ab;
            cd = Input.Cd;
            ef = Input.Ef;
            gh = Input.Gh;
            first = Input.First;
            w0 = Input.W0;
            w1 = Input.W1;
            w2 = Input.W2;
            w3 = Input.W3;
            w4 = Input.W4;
            w5 = Input.W5;
            w6 = Input.W6;
            w7 = Input.W7;
            slot = Input.Slot;
            last = Input.Last;
            round = 0;
            busy = true;
        }

        inputReady = !busy || (round == Sha512Math.Rounds - 1 && !resultValid);
        Output.Valid = resultValid;
        InputReady.Ready = inputReady;
    }
}
