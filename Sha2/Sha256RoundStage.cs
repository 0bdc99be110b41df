using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Sha2;

/// <summary>
/// A pipeline stage of the SHA-224/256 compression: rounds firstRound .. firstRound+rounds-1 in one
/// clock, each a compression round on W[t] and a message schedule step that moves the window on by
/// one word. A pipeline of N stages has 64/N rounds per stage; the naive core is one stage of all 64.
/// </summary>
public sealed class Sha256RoundStage : ClockedProcess
{
    [InputBus] public ISha256Block Input = null!;
    [InputBus] public IReady Advance = null!;
    [OutputBus] public ISha256Block Output = Bus.Create<ISha256Block>();

    readonly int firstRound;
    readonly int rounds;

    public Sha256RoundStage(int firstRound, int rounds)
    {
        if (firstRound < 0 || rounds < 1 || firstRound + rounds > Sha256Math.Rounds)
            throw new ArgumentOutOfRangeException(nameof(rounds), $"SHA-256 rounds {firstRound}..{firstRound + rounds - 1} are not within 0..63");
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
                UInt128 abcd = Input.Abcd, efgh = Input.Efgh;
                UInt128 w0 = Input.W0, w1 = Input.W1, w2 = Input.W2, w3 = Input.W3;
                // Constant loop bound (the subset's rule); the stage's own rounds are the first `rounds`.
                for (int i = 0; i < Sha256Math.Rounds; i++)
                {
                    if (i < rounds)
                    {
                        uint temp1 = Sha256Math.Temp1(efgh, HashWords.Word32(w0, 0), firstRound + i);
                        uint temp2 = Sha256Math.Temp2(abcd);
                        uint next = Sha256Math.NextScheduleWord(w0, w2, w3);
                        efgh = Sha256Math.NextEfgh(abcd, efgh, temp1);
                        abcd = Sha256Math.NextAbcd(abcd, temp1, temp2);
                        w0 = Sha256Math.ShiftLane(w0, HashWords.Word32(w1, 0));
                        w1 = Sha256Math.ShiftLane(w1, HashWords.Word32(w2, 0));
                        w2 = Sha256Math.ShiftLane(w2, HashWords.Word32(w3, 0));
                        w3 = Sha256Math.ShiftLane(w3, next);
                    }
                }
                Output.Abcd = abcd;
                Output.Efgh = efgh;
                Output.First = Input.First;
                Output.W0 = w0;
                Output.W1 = w1;
                Output.W2 = w2;
                Output.W3 = w3;
                Output.Slot = Input.Slot;
                Output.Last = Input.Last;
            }
        }
    }
}
