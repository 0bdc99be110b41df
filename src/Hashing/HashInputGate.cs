using Crypto.Streams;
using Hdl;

namespace Crypto.Hashing;

/// <summary>
/// The core's input Ready: an offered chunk is taken when its message id is a slot of the core and
/// that slot can take a chunk (its buffer is free and its message is not waiting for its final
/// block). Ready depends on the offered chunk's id, so chunks of other messages pass a busy one only
/// when the producer offers them; a producer that interleaves messages round-robin never waits long.
/// </summary>
public sealed class HashInputGate : CombinationalProcess
{
    [InputBus] public IHashChunkControl Input = null!;
    [InputBus] public IHashSlotBusy SlotBusy = null!;
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();

    /// <summary>Message slots of the core.</summary>
    readonly int slots;

    public HashInputGate(int slots) => this.slots = slots;

    protected override void OnTick()
    {
        bool ready = false;
        if (Input.Valid)
        {
            int id = Input.MessageId;
            ready = id < slots && !HashWords.TestBit(SlotBusy.Busy, id);
        }
        InputReady.Ready = ready;
    }
}
