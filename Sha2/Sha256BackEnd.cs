using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Sha2;

/// <summary>
/// End of the SHA-224/256 compression: adds the chaining value the block started from, feeds the new
/// chaining value back to the slot (<see cref="Feedback"/>, a one-clock pulse), and for the message's
/// final block emits the digest tagged with the message id.
/// <para>
/// The chaining value a block started from is the IV for a message's first block, otherwise the value
/// this back end computed for the slot's previous block: it keeps each slot's own copy (as the chain
/// stage keeps its copy from the feedback), read before it is written (a LUT RAM), instead of the
/// pipeline carrying it through every stage. A slot has one block in flight, so its copy is unchanged
/// while the block is compressed.
/// </para>
/// </summary>
public sealed class Sha256BackEnd : ClockedProcess
{
    [InputBus] public ISha256Block Input = null!;
    [InputBus] public IReady Advance = null!;
    [OutputBus] public ISha256DigestOut Output = Bus.Create<ISha256DigestOut>();
    [OutputBus] public ISha256Feedback Feedback = Bus.Create<ISha256Feedback>();

    /// <summary>SHA-224 (its IV, a 28-byte digest) rather than SHA-256.</summary>
    readonly bool sha224;
    readonly UInt128[] chainAbcd, chainEfgh;

    public Sha256BackEnd(int slots, bool sha224)
    {
        this.sha224 = sha224;
        chainAbcd = new UInt128[slots];
        chainEfgh = new UInt128[slots];
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
                UInt128 startAbcd = Sha256Math.InitialLane(0, sha224);
                UInt128 startEfgh = Sha256Math.InitialLane(1, sha224);
                if (!Input.First)
                {
                    startAbcd = chainAbcd[slot];
                    startEfgh = chainEfgh[slot];
                }
                UInt128 abcd = HashWords.AddWords32(startAbcd, Input.Abcd);
                UInt128 efgh = HashWords.AddWords32(startEfgh, Input.Efgh);
                chainAbcd[slot] = abcd;
                chainEfgh[slot] = efgh;
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
