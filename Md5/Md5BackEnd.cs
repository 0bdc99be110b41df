using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Md5;

/// <summary>
/// End of the MD5 compression: adds the chaining value the block started from (Davies-Meyer), feeds
/// the new chaining value back to the slot (<see cref="Feedback"/>, a one-clock pulse), and for the
/// message's final block emits the digest tagged with the message id.
/// </summary>
public sealed class Md5BackEnd : ClockedProcess
{
    [InputBus] public IMd5Block Input = null!;
    [InputBus] public IReady Advance = null!;
    [OutputBus] public IMd5DigestOut Output = Bus.Create<IMd5DigestOut>();
    [OutputBus] public IMd5Feedback Feedback = Bus.Create<IMd5Feedback>();

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
                UInt128 chain = HashWords.AddWords32(Input.Chain, Input.State);
                Feedback.Slot = Input.Slot;
                Feedback.Last = Input.Last;
                Feedback.Chain = chain;
                if (Input.Last)
                {
                    Output.Digest = Md5Math.Digest(chain);
                    Output.MessageId = Input.Slot;
                    Output.Last = true;
                }
            }
        }
        Feedback.Valid = back;
    }
}
