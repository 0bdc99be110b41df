using System.Numerics;
using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Sha2;

/// <summary>
/// Start of the SHA-2 compression: keeps each slot's chaining value (written back by
/// <see cref="Sha2BackEnd{W}"/> through the feedback bus) and starts a padded block from it — or from
/// the IV for a message's first block — with the block as the first schedule window.
/// <para>
/// The tick reads a chaining value before it writes one, so the arrays are memories (an element
/// read and an element write, no reset: block RAM or LUT RAM in synthesis) rather than register
/// files copied through a variable, whose read of a value written at the same edge is a slots-to-1
/// multiplexer per bit behind a bypass. Nothing needs that bypass: a slot's chaining value comes back
/// at least two edges before its next block gets here (the scheduler issues the slot at the edge of
/// the feedback at the earliest, and the padder's register lies in between).
/// </para>
/// </summary>
public sealed class Sha2ChainStage<W> : ClockedProcess where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
{
    [InputBus] public IHashBlock<W> Input = null!;
    [InputBus] public IReady Advance = null!;
    [InputBus] public ISha2Feedback<W> Feedback = null!;
    [OutputBus] public ISha2Block<W> Output = Bus.Create<ISha2Block<W>>();

    /// <summary>SHA-224/384 (their IV) rather than SHA-256/512.</summary>
    readonly bool truncated;
    /// <summary>Each slot's chaining value, one memory per word H0..H7.</summary>
    readonly W[] chain0, chain1, chain2, chain3, chain4, chain5, chain6, chain7;

    public Sha2ChainStage(int slots, bool truncated)
    {
        this.truncated = truncated;
        (chain0, chain1, chain2, chain3) = (new W[slots], new W[slots], new W[slots], new W[slots]);
        (chain4, chain5, chain6, chain7) = (new W[slots], new W[slots], new W[slots], new W[slots]);
    }

    protected override void OnTick()
    {
        if (Advance.Ready)
        {
            bool valid = Input.Valid;
            Output.Valid = valid;
            if (valid)
            {
                int slot = Input.Slot;
                bool first = Input.First;
                Output.State[0] = first ? Sha2Math<W>.Initial(0, truncated) : chain0[slot];
                Output.State[1] = first ? Sha2Math<W>.Initial(1, truncated) : chain1[slot];
                Output.State[2] = first ? Sha2Math<W>.Initial(2, truncated) : chain2[slot];
                Output.State[3] = first ? Sha2Math<W>.Initial(3, truncated) : chain3[slot];
                Output.State[4] = first ? Sha2Math<W>.Initial(4, truncated) : chain4[slot];
                Output.State[5] = first ? Sha2Math<W>.Initial(5, truncated) : chain5[slot];
                Output.State[6] = first ? Sha2Math<W>.Initial(6, truncated) : chain6[slot];
                Output.State[7] = first ? Sha2Math<W>.Initial(7, truncated) : chain7[slot];
                for (int i = 0; i < Output.Window.Length; i++) Output.Window[i] = Input.Data[i];
                Output.First = first;
                Output.Slot = Input.Slot;
                Output.Last = Input.Last;
            }
        }

        // After the read above (see the class summary): the memories' write port.
        if (Feedback.Valid)
        {
            int written = Feedback.Slot;
            chain0[written] = Feedback.Chain[0];
            chain1[written] = Feedback.Chain[1];
            chain2[written] = Feedback.Chain[2];
            chain3[written] = Feedback.Chain[3];
            chain4[written] = Feedback.Chain[4];
            chain5[written] = Feedback.Chain[5];
            chain6[written] = Feedback.Chain[6];
            chain7[written] = Feedback.Chain[7];
        }
    }
}
