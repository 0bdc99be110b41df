using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Md5;

/// <summary>
/// End of the MD5 compression: adds the chaining value the block started from (Davies-Meyer), feeds
/// the new chaining value back to the slot (<see cref="Feedback"/>, a one-clock pulse), and for the
/// message's final block emits the digest tagged with the message id.
/// <para>
/// The chaining value a block started from is the IV for a message's first block, otherwise the value
/// this back end computed for the slot's previous block: it keeps each slot's own copy (as the chain
/// stage keeps its copy from the feedback), read before it is written (a LUT RAM), instead of the
/// pipeline carrying it through every stage. A slot has one block in flight, so its copy is unchanged
/// while the block is compressed.
/// </para>
/// </summary>
public sealed class Md5BackEnd : ClockedProcess
{
    [InputBus] public IMd5Block Input = null!;
    [InputBus] public IReady Advance = null!;
    [OutputBus] public IMd5DigestOut Output = Bus.Create<IMd5DigestOut>();
    [OutputBus] public IMd5Feedback Feedback = Bus.Create<IMd5Feedback>();

    readonly UInt128[] chain;

    public Md5BackEnd(int slots) => chain = new UInt128[slots];

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
                UInt128 start = Input.First ? Md5Math.InitialState : chain[slot];
                UInt128 sum = HashWords.AddWords32(start, Input.State);
                chain[slot] = sum;
                Feedback.Slot = Input.Slot;
                Feedback.Last = Input.Last;
                Feedback.Chain = sum;
                if (Input.Last)
                {
                    Output.Digest = Md5Math.Digest(sum);
                    Output.MessageId = Input.Slot;
                    Output.Last = true;
                }
            }
        }
        Feedback.Valid = back;
    }
}
