using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Sha2;

/// <summary>
/// End of the SHA-384/512 compression (<see cref="Sha256BackEnd"/> with 64-bit words): adds the
/// chaining value, feeds it back to the slot, and emits the digest of a message's final block.
/// </summary>
public sealed class Sha512BackEnd : ClockedProcess
{
    [InputBus] public ISha512Block Input = null!;
    [InputBus] public IReady Advance = null!;
    [OutputBus] public ISha512DigestOut Output = Bus.Create<ISha512DigestOut>();
    [OutputBus] public ISha512Feedback Feedback = Bus.Create<ISha512Feedback>();

    /// <summary>SHA-384 (a 48-byte digest) rather than SHA-512.</summary>
    readonly bool sha384;

    public Sha512BackEnd(bool sha384) => this.sha384 = sha384;

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
                UInt128 ab = HashWords.AddWords64(Input.ChainAb, Input.Ab);
                UInt128 cd = HashWords.AddWords64(Input.ChainCd, Input.Cd);
                UInt128 ef = HashWords.AddWords64(Input.ChainEf, Input.Ef);
                UInt128 gh = HashWords.AddWords64(Input.ChainGh, Input.Gh);
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
