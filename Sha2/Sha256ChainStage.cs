using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Sha2;

/// <summary>
/// Start of the SHA-224/256 compression: keeps each slot's chaining value (written back by
/// <see cref="Sha256BackEnd"/> through the feedback bus) and starts a padded block from it — or from
/// the IV of SHA-224 or SHA-256 for a message's first block — with the block as the first schedule
/// window (SHA-2 reads big-endian words, the block's byte order).
/// <para>
/// The tick reads a chaining value before it writes one, so the arrays are memories (an element
/// read and an element write, no reset: block RAM or LUT RAM in synthesis) rather than register
/// files copied through a variable, whose read of a value written at the same edge is a slots-to-1
/// multiplexer per bit behind a bypass. Nothing needs that bypass: a slot's chaining value comes back at least two edges before
/// its next block gets here (the scheduler issues the slot at the edge of the feedback at the
/// earliest, and the padder's register lies in between).
/// </para>
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
        if (Advance.Ready)
        {
            bool valid = Input.Valid;
            Output.Valid = valid;
            if (valid)
            {
                UInt128 abcd = Sha256Math.InitialLane(0, sha224);
                UInt128 efgh = Sha256Math.InitialLane(1, sha224);
                if (!Input.First)
                {
                    abcd = chainAbcd[Input.Slot];
                    efgh = chainEfgh[Input.Slot];
                }
                Output.Abcd = abcd;
                Output.Efgh = efgh;
                Output.First = Input.First;
                Output.W0 = Input.Data0;
                Output.W1 = Input.Data1;
                Output.W2 = Input.Data2;
                Output.W3 = Input.Data3;
                Output.Slot = Input.Slot;
                Output.Last = Input.Last;
            }
        }

        // After the read above (see the class summary): the memory's write port.
        if (Feedback.Valid)
        {
            chainAbcd[Feedback.Slot] = Feedback.ChainAbcd;
            chainEfgh[Feedback.Slot] = Feedback.ChainEfgh;
        }
    }
}
