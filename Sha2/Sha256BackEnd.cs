using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Sha2;

/// <summary>
/// End of the SHA-224/256 compression: adds the chaining value the block started from, feeds the new
/// chaining value back to the slot (<see cref="Feedback"/>, a one-clock pulse), and for the message's
/// final block emits the digest tagged with the message id.
/// </summary>
public sealed class Sha256BackEnd : ClockedProcess
{
    [InputBus] public ISha256Block Input = null!;
    [InputBus] public IReady Advance = null!;
    [OutputBus] public ISha256DigestOut Output = Bus.Create<ISha256DigestOut>();
    [OutputBus] public ISha256Feedback Feedback = Bus.Create<ISha256Feedback>();

    /// <summary>SHA-224 (a 28-byte digest) rather than SHA-256.</summary>
    readonly bool sha224;

    public Sha256BackEnd(bool sha224) => this.sha224 = sha224;

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
                UInt128 abcd = HashWords.AddWords32(Input.ChainAbcd, Input.Abcd);
                UInt128 efgh = HashWords.AddWords32(Input.ChainEfgh, Input.Efgh);
                Feedback.Slot = Input.Slot;
                Feedback.Last = Input.Last;
                Feedback.ChainAbcd = abcd;
                Feedback.ChainEfgh = efgh;
                if (Input.Last)
                {
                    Output.Digest0 = Sha256Math.DigestLane(abcd, 0, sha224);
                    Output.Digest1 = Sha256Math.DigestLane(efgh, 1, sha224);
                    Output.MessageId = Input.Slot;
                    Output.Last = true;
                }
            }
        }
        Feedback.Valid = back;
    }
}
