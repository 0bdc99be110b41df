using System.Numerics;
using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Sha2;

/// <summary>
/// End of the SHA-2 compression: adds the chaining value the block started from, feeds the new
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
public sealed class Sha2BackEnd<W> : ClockedProcess where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
{
    [InputBus] public ISha2Block<W> Input = null!;
    [InputBus] public IReady Advance = null!;
    [OutputBus] public ISha2DigestOut<W> Output = Bus.Create<ISha2DigestOut<W>>();
    [OutputBus] public ISha2Feedback<W> Feedback = Bus.Create<ISha2Feedback<W>>();

    /// <summary>SHA-224/384 (their IV, a shorter digest) rather than SHA-256/512.</summary>
    readonly bool truncated;
    /// <summary>Each slot's chaining value, one memory per word H0..H7.</summary>
    readonly W[] chain0, chain1, chain2, chain3, chain4, chain5, chain6, chain7;

    public Sha2BackEnd(int slots, bool truncated)
    {
        this.truncated = truncated;
        (chain0, chain1, chain2, chain3) = (new W[slots], new W[slots], new W[slots], new W[slots]);
        (chain4, chain5, chain6, chain7) = (new W[slots], new W[slots], new W[slots], new W[slots]);
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
                bool first = Input.First;
                W h0 = Input.State[0] + (first ? Sha2Math<W>.Initial(0, truncated) : chain0[slot]);
                W h1 = Input.State[1] + (first ? Sha2Math<W>.Initial(1, truncated) : chain1[slot]);
                W h2 = Input.State[2] + (first ? Sha2Math<W>.Initial(2, truncated) : chain2[slot]);
                W h3 = Input.State[3] + (first ? Sha2Math<W>.Initial(3, truncated) : chain3[slot]);
                W h4 = Input.State[4] + (first ? Sha2Math<W>.Initial(4, truncated) : chain4[slot]);
                W h5 = Input.State[5] + (first ? Sha2Math<W>.Initial(5, truncated) : chain5[slot]);
                W h6 = Input.State[6] + (first ? Sha2Math<W>.Initial(6, truncated) : chain6[slot]);
                W h7 = Input.State[7] + (first ? Sha2Math<W>.Initial(7, truncated) : chain7[slot]);
                chain0[slot] = h0;
                chain1[slot] = h1;
                chain2[slot] = h2;
                chain3[slot] = h3;
                chain4[slot] = h4;
                chain5[slot] = h5;
                chain6[slot] = h6;
                chain7[slot] = h7;
                Feedback.Slot = Input.Slot;
                Feedback.Last = Input.Last;
                Feedback.Chain[0] = h0;
                Feedback.Chain[1] = h1;
                Feedback.Chain[2] = h2;
                Feedback.Chain[3] = h3;
                Feedback.Chain[4] = h4;
                Feedback.Chain[5] = h5;
                Feedback.Chain[6] = h6;
                Feedback.Chain[7] = h7;
                if (Input.Last)
                {
                    Output.Digest[0] = h0;
                    Output.Digest[1] = h1;
                    Output.Digest[2] = h2;
                    Output.Digest[3] = h3;
                    Output.Digest[4] = h4;
                    Output.Digest[5] = h5;
                    Output.Digest[6] = Sha2Math<W>.DigestWord(h6, 6, truncated);
                    Output.Digest[7] = Sha2Math<W>.DigestWord(h7, 7, truncated);
                    Output.MessageId = Input.Slot;
                    Output.Last = true;
                }
            }
        }
        Feedback.Valid = back;
    }
}
