using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Md5;

/// <summary>
/// Start of the MD5 compression: keeps each slot's chaining value (written back by
/// <see cref="Md5BackEnd"/> through the feedback bus) and starts a padded block from it — or from the
/// IV for a message's first block — with the block's bytes read as MD5's little-endian words.
/// <para>
/// The tick reads the chaining value before it writes one, so the array is a memory (an element read
/// and an element write, no reset: LUT RAM in synthesis) rather than a register file copied through a
/// variable, whose read of a value written at the same edge is a slots-to-1 multiplexer per bit behind
/// a bypass. Nothing needs that bypass: a slot's chaining value comes back at least two edges before
/// its next block gets here (the scheduler issues the slot at the edge of the feedback at the
/// earliest, and the padder's register lies in between).
/// </para>
/// </summary>
public sealed class Md5ChainStage : ClockedProcess
{
    [InputBus] public IHashBlock<uint> Input = null!;
    [InputBus] public IReady Advance = null!;
    [InputBus] public IMd5Feedback Feedback = null!;
    [OutputBus] public IMd5Block Output = Bus.Create<IMd5Block>();

    readonly UInt128[] chain;

    public Md5ChainStage(int slots) => chain = new UInt128[slots];

    protected override void OnTick()
    {
        if (Advance.Ready)
        {
            bool valid = Input.Valid;
            Output.Valid = valid;
            if (valid)
            {
                UInt128 start = Input.First ? Md5Math.InitialState : chain[Input.Slot];
                Output.State = start;
                Output.First = Input.First;
                for (int i = 0; i < Output.Message.Length; i++) Output.Message[i] = HashWords.ByteSwap32(Input.Data[i]);
                Output.Slot = Input.Slot;
                Output.Last = Input.Last;
            }
        }

        // After the read above (see the class summary): the write port of a LUT RAM.
        if (Feedback.Valid) chain[Feedback.Slot] = Feedback.Chain;
    }
}
