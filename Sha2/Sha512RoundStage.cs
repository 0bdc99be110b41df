using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Sha2;

/// <summary>
/// A pipeline stage of the SHA-384/512 compression (<see cref="Sha256RoundStage"/> with 64-bit
/// words): rounds firstRound .. firstRound+rounds-1 in one clock, each with its schedule step.
/// </summary>
public sealed class Sha512RoundStage : ClockedProcess
{
    [InputBus] public ISha512Block Input = null!;
    [InputBus] public IReady Advance = null!;
    [OutputBus] public ISha512Block Output = Bus.Create<ISha512Block>();

    readonly int firstRound;
    readonly int rounds;

    public Sha512RoundStage(int firstRound, int rounds)
    {
        if (firstRound < 0 || rounds < 1 || firstRound + rounds > Sha512Math.Rounds)
            throw new ArgumentOutOfRangeException(nameof(rounds), $"SHA-512 rounds {firstRound}..{firstRound + rounds - 1} are not within 0..79");
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
                UInt128 ab = Input.Ab, cd = Input.Cd, ef = Input.Ef, gh = Input.Gh;
                UInt128 w0 = Input.W0, w1 = Input.W1, w2 = Input.W2, w3 = Input.W3;
                UInt128 w4 = Input.W4, w5 = Input.W5, w6 = Input.W6, w7 = Input.W7;
                for (int i = 0; i < Sha512Math.Rounds; i++)
                {
                    if (i < rounds)
                    {
                        ulong temp1 = Sha512Math.Temp1(ef, gh, HashWords.Word64(w0, 0), firstRound + i);
                        ulong temp2 = Sha512Math.Temp2(ab, cd);
                        ulong next = Sha512Math.NextScheduleWord(w0, w4, w7);
                        gh = Sha512Math.NextPair(ef, gh);
                        ef = Sha512Math.NextEf(cd, ef, temp1);
                        cd = Sha512Math.NextPair(ab, cd);
                        ab = Sha512Math.NextAb(ab, temp1, temp2);
                        w0 = Sha512Math.ShiftLane(w0, HashWords.Word64(w1, 0));
                        w1 = Sha512Math.ShiftLane(w1, HashWords.Word64(w2, 0));
                        w2 = Sha512Math.ShiftLane(w2, HashWords.Word64(w3, 0));
                        w3 = Sha512Math.ShiftLane(w3, HashWords.Word64(w4, 0));
                        w4 = Sha512Math.ShiftLane(w4, HashWords.Word64(w5, 0));
                        w5 = Sha512Math.ShiftLane(w5, HashWords.Word64(w6, 0));
                        w6 = Sha512Math.ShiftLane(w6, HashWords.Word64(w7, 0));
                        w7 = Sha512Math.ShiftLane(w7, next);
                    }
                }
                Output.Ab = ab;
                Output.Cd = cd;
                Output.Ef = ef;
                Output.Gh = gh;
                Output.First = Input.First;
                Output.W0 = w0;
                Output.W1 = w1;
                Output.W2 = w2;
                Output.W3 = w3;
                Output.W4 = w4;
                Output.W5 = w5;
                Output.W6 = w6;
                Output.W7 = w7;
                Output.Slot = Input.Slot;
                Output.Last = Input.Last;
            }
        }
    }
}
