using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Sha2;

/// <summary>
/// Start of the SHA-224/256 compression: keeps each slot's chaining value (written back by
/// <see cref="Sha256BackEnd"/> through the feedback bus) and starts a padded block from it — or from
/// the IV of SHA-224 or SHA-256 for a message's first block — with the block as the first schedule
/// window (SHA-2 reads big-endian words, the block's byte order).
/// </summary>
public sealed class Sha256ChainStage : ClockedProcess
{
    [InputBus] public IHashBlock512 Input = null!;
    [InputBus] public IReady Advance = null!;
    [InputBus] public ISha256Feedback Feedback = null!;
    [OutputBus] public ISha256Block Output = Bus.Create<ISha256Block>();

    /// <summary>SHA-224 (its IV) rather than SHA-256.</summary>
    readonly bool sha224;
    readonly UInt128[] chainAbcd, chainEfgh;

    public Sha256ChainStage(int slots, bool sha224)
    {
        this.sha224 = sha224;
        chainAbcd = new UInt128[slots];
        chainEfgh = new UInt128[slots];
    }

    protected override void OnTick()
    {
        if (Feedback.Valid)
        {
            chainAbcd[Feedback.Slot] = Feedback.ChainAbcd;
            chainEfgh[Feedback.Slot] = Feedback.ChainEfgh;
        }
        if (Advance.Ready)
        {
            bool valid = Input.Valid;
            Output.Valid = valid;
            if (valid)
            {
                UInt128 abcd = sha224 ? Sha256Math.InitialAbcd224 : Sha256Math.InitialAbcd256;
                UInt128 efgh = sha224 ? Sha256Math.InitialEfgh224 : Sha256Math.InitialEfgh256;
                if (!Input.First)
                {
                    abcd = chainAbcd[Input.Slot];
                    efgh = chainEfgh[Input.Slot];
                }
                Output.Abcd = abcd;
                Output.Efgh = efgh;
                Output.ChainAbcd = abcd;
                Output.ChainEfgh = efgh;
                Output.W0 = Input.Data0;
                Output.W1 = Input.Data1;
                Output.W2 = Input.Data2;
                Output.W3 = Input.Data3;
                Output.Slot = Input.Slot;
                Output.Last = Input.Last;
            }
        }
    }
}
