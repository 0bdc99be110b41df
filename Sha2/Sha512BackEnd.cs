using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Sha2;

/// <summary>
/// End of the SHA-384/512 compression (<see cref="Sha256BackEnd"/> with 64-bit words): adds the
/// chaining value (the IV or its own copy of the slot's, read before it is written), feeds the new one
/// back to the slot, and emits the digest of a message's final block.
/// </summary>
public sealed class Sha512BackEnd : ClockedProcess
{
    [InputBus] public ISha512Block Input = null!;
    [InputBus] public IReady Advance = null!;
    [OutputBus] public ISha512DigestOut Output = Bus.Create<ISha512DigestOut>();
    [OutputBus] public ISha512Feedback Feedback = Bus.Create<ISha512Feedback>();

    /// <summary>SHA-384 (its IV, a 48-byte digest) rather than SHA-512.</summary>
    readonly bool sha384;
    readonly UInt128[] chainAb, chainCd, chainEf, chainGh;

    public Sha512BackEnd(int slots, bool sha384)
    {
        this.sha384 = sha384;
        chainAb = new UInt128[slots];
        chainCd = new UInt128[slots];
        chainEf = new UInt128[slots];
        chainGh = new UInt128[slots];
    }

    protected override void OnTick()
    {
        bool back = false;
        if (Advance.Ready)
        {
            bool valid = Input.Valid;
            back = valid;
            Output.Valid = valid && Input.Last;
            if (valid)
            {
                int slot = Input.Slot;
                UInt128 startAb = Sha512Math.InitialLane(0, sha384);
                UInt128 startCd = Sha512Math.InitialLane(1, sha384);
                UInt128 startEf = Sha512Math.InitialLane(2, sha384);
                UInt128 startGh = Sha512Math.InitialLane(3, sha384);
                if (!Input.First)
                {
                    startAb = chainAb[slot];
                    startCd = chainCd[slot];
                    startEf = chainEf[slot];
                    startGh = chainGh[slot];
                }
                UInt128 ab = HashWords.AddWords64(startAb, Input.Ab);
                UInt128 cd = HashWords.AddWords64(startCd, Input.Cd);
                UInt128 ef = HashWords.AddWords64(startEf, Input.Ef);
                UInt128 gh = HashWords.AddWords64(startGh, Input.Gh);
                chainAb[slot] = ab;
                chainCd[slot] = cd;
                chainEf[slot] = ef;
                chainGh[slot] = gh;
                Feedback.Slot = Input.Slot;
                Feedback.Last = Input.Last;
                Feedback.ChainAb = ab;
                Feedback.ChainCd = cd;
                Feedback.ChainEf = ef;
                Feedback.ChainGh = gh;
                if (Input.Last)
                {
                    Output.Digest0 = Sha512Math.DigestLane(ab, 0, sha384);
                    Output.Digest1 = Sha512Math.DigestLane(cd, 1, sha384);
                    Output.Digest2 = Sha512Math.DigestLane(ef, 2, sha384);
                    Output.Digest3 = Sha512Math.DigestLane(gh, 3, sha384);
                    Output.MessageId = Input.Slot;
                    Output.Last = true;
                }
            }
        }
        Feedback.Valid = back;
    }
}
