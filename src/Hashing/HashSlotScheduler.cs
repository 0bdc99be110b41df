using Crypto.Streams;
using Hdl;

namespace Crypto.Hashing;

/// <summary>
/// The message front end's control, shared by every hash core: it keeps one slot per message in
/// flight (the message id is the slot number), takes input chunks into the slots' one-chunk buffers
/// (the data itself is kept by the padder), and each clock issues the next compression block of a
/// slot that is ready — it has a buffered chunk or a pending padding-only block, and its previous
/// block has left the compression (its chaining value is back, signalled by <see cref="Feedback"/>).
/// It works out the padding: the 0x80 marker, the length field (message length in bits) and whether
/// the final chunk needs an extra padding-only block. Lowest free slot first.
/// <para>
/// A slot takes its next chunk once its buffered one was issued and read by the padder (the Issue
/// register holds it while the pipeline is stalled).
/// Per slot the state is a few bits and the message length; the flags of all slots are bit masks so
/// that the choice of slot is one priority encoder.
/// </para>
/// </summary>
public sealed class HashSlotScheduler : ClockedProcess
{
    /// <summary>The core's input stream (only the control, ByteCount and MessageId are read here).</summary>
    [InputBus] public IHashChunkControl Input = null!;
    /// <summary>The core's input ready (from <see cref="HashInputGate"/>): a chunk is taken when Valid and Ready.</summary>
    [InputBus] public IReady InputReady = null!;
    /// <summary>Enable of the issue register (the next stage takes the issued block).</summary>
    [InputBus] public IReady Advance = null!;
    /// <summary>Blocks leaving the compression.</summary>
    [InputBus] public IHashFeedback Feedback = null!;
    /// <summary>The issued block (a register).</summary>
    [OutputBus] public IHashIssue Issue = Bus.Create<IHashIssue>();
    /// <summary>Slots that cannot take a chunk now (a register).</summary>
    [OutputBus] public IHashSlotBusy SlotBusy = Bus.Create<IHashSlotBusy>();

    /// <summary>Message slots (message ids 0 .. slots-1), at most 128.</summary>
    readonly int slots;
    /// <summary>Block size in bytes (64 or 128).</summary>
    readonly int blockBytes;
    /// <summary>Size of the length field at the end of the final block, in bytes (8 or 16).</summary>
    readonly int lengthBytes;

    /// <summary>Slot has a chunk in its buffer.</summary>
    UInt128 full;
    /// <summary>Slot's last chunk was taken; the slot takes no chunk until its final block left the compression.</summary>
    UInt128 ended;
    /// <summary>The slot of the block in the Issue register, whose buffered chunk the padder has not read yet.</summary>
    UInt128 issuedUnread;
    /// <summary>Slot has a block in the compression (issued, not yet back).</summary>
    UInt128 inFlight;
    /// <summary>Slot still owes a padding-only block (its final chunk left no room for the length).</summary>
    UInt128 padPending;
    /// <summary>Bytes in the slot's buffered chunk.</summary>
    readonly byte[] chunkBytes;
    /// <summary>The slot's buffered chunk is the message's last.</summary>
    readonly bool[] chunkLast;
    /// <summary>Message bytes of the slot's blocks issued so far (the whole length once the final chunk is issued).</summary>
    /// <remarks>A message's first block adds to the 0 its slot's previous message (or the reset) left here,
    /// so the reset value is observed: it keeps its reset although it reaches no decision.</remarks>
    [KeepReset] readonly ulong[] length;
    /// <summary>The slot's message has issued a block (its next block chains on the previous one).</summary>
    readonly bool[] started;
    /// <summary>The pending padding-only block starts with the 0x80 marker (the final chunk was full).</summary>
    readonly bool[] padMarker;

    public HashSlotScheduler(int slots, int blockBytes, int lengthBytes)
    {
        if (slots < 1 || slots > 128) throw new ArgumentOutOfRangeException(nameof(slots), slots, "a hash core has 1..128 message slots");
        if (blockBytes != 64 && blockBytes != 128) throw new ArgumentOutOfRangeException(nameof(blockBytes), blockBytes, "blocks are 64 or 128 bytes");
        this.slots = slots;
        this.blockBytes = blockBytes;
        this.lengthBytes = lengthBytes;
        chunkBytes = new byte[slots];
        chunkLast = new bool[slots];
        length = new ulong[slots];
        started = new bool[slots];
        padMarker = new bool[slots];
    }

    protected override void OnTick()
    {
        // A block came back: its slot may issue again (at this same edge), or is free after its final block.
        if (Feedback.Valid)
        {
            UInt128 back = HashWords.Bit(Feedback.Slot);
            inFlight &= ~back;
            if (Feedback.Last) ended &= ~back;
        }

        if (Advance.Ready)
        {
            UInt128 ready = (full | padPending) & ~inFlight;
            // The lowest ready slot: a priority encoder over the slots' bits only (a mask bit past
            // them, set by a message id out of range, is never issued, so it need not be looked at).
            int pick = 0;
            bool issue = false;
            for (int i = 0; i < slots; i++)
            {
                if (!issue && HashWords.TestBit(ready, i))
                {
                    pick = i;
                    issue = true;
                }
            }
            Issue.Valid = issue;
            issuedUnread = new UInt128(0, 0);
            if (issue)
            {
                UInt128 bit = HashWords.Bit(pick);
                issuedUnread = bit;
                inFlight |= bit;
                // Each per-slot array is read and written once, at the picked slot (one register-file port).
                ulong sent = length[pick];
                bool first = !started[pick];
                bool marker = padMarker[pick];
                int count = chunkBytes[pick];
                bool lastChunk = chunkLast[pick];
                ulong newLength = 0;
                bool newStarted = false;
                bool newMarker = marker;
                Issue.Slot = (byte)pick;
                Issue.First = first;
                if (HashWords.TestBit(padPending, pick))
                {
                    // The padding-only block after a final chunk that left no room for the length.
                    padPending &= ~bit;
                    Issue.UseBuffer = false;
                    Issue.KeepBytes = 0;
                    Issue.Marker = marker;
                    Issue.PutLength = true;
                    Issue.BitLength = sent << 3;
                    Issue.Last = true;
                }
                else
                {
                    full &= ~bit;
                    ulong total = sent + (ulong)count;
                    Issue.UseBuffer = true;
                    Issue.KeepBytes = (byte)count;
                    Issue.BitLength = total << 3;
                    if (!lastChunk)
                    {
                        Issue.Marker = false;
                        Issue.PutLength = false;
                        Issue.Last = false;
                        newLength = total;
                        newStarted = true;
                    }
                    else if (count < blockBytes - lengthBytes)
                    {
                        // Marker and length fit after the data: this is the final block.
                        Issue.Marker = true;
                        Issue.PutLength = true;
                        Issue.Last = true;
                    }
                    else
                    {
                        // No room for the length: a padding-only block follows.
                        Issue.Marker = count < blockBytes;
                        Issue.PutLength = false;
                        Issue.Last = false;
                        padPending |= bit;
                        newMarker = count == blockBytes;
                        newLength = total;
                        newStarted = true;
                    }
                }
                length[pick] = newLength;
                started[pick] = newStarted;
                padMarker[pick] = newMarker;
            }
        }

        if (Input.Valid && InputReady.Ready)
        {
            int id = Input.MessageId;
            UInt128 bit = HashWords.Bit(id);
            full |= bit;
            chunkBytes[id] = Input.ByteCount;
            chunkLast[id] = Input.Last;
            if (Input.Last) ended |= bit;
        }

        SlotBusy.Busy = full | ended | issuedUnread;
    }
}
