using Crypto.Streams;
using Hdl;

namespace Crypto.Hashing;

/// <summary>
/// The data half of the message front end for 1024-bit blocks (SHA-384, SHA-512): the same as
/// <see cref="HashBlockPadder512"/> with eight lanes per slot and the 128-bit big-endian length field
/// filling the last lane (<see cref="HashWords.LengthLane"/>, the lanes by <see cref="HashWords.PadLane"/>).
/// </summary>
public sealed class HashBlockPadder1024 : ClockedProcess
{
    [InputBus] public IHashChunk1024In Input = null!;
    [InputBus] public IReady InputReady = null!;
    [InputBus] public IHashIssue Issue = null!;
    /// <summary>Enable of the output register (the next stage takes the block).</summary>
    [InputBus] public IReady Advance = null!;
    [OutputBus] public IHashBlock<ulong> Output = Bus.Create<IHashBlock<ulong>>();

    readonly UInt128[] buffer0, buffer1, buffer2, buffer3, buffer4, buffer5, buffer6, buffer7;

    public HashBlockPadder1024(int slots)
    {
        buffer0 = new UInt128[slots];
        buffer1 = new UInt128[slots];
        buffer2 = new UInt128[slots];
        buffer3 = new UInt128[slots];
        buffer4 = new UInt128[slots];
        buffer5 = new UInt128[slots];
        buffer6 = new UInt128[slots];
        buffer7 = new UInt128[slots];
    }

    protected override void OnTick()
    {
        if (Advance.Ready)
        {
            bool valid = Issue.Valid;
            Output.Valid = valid;
            if (valid)
            {
                int slot = Issue.Slot;
                int keep = Issue.KeepBytes;
                bool marker = Issue.Marker;
                bool useBuffer = Issue.UseBuffer;
                UInt128 zero = new UInt128(0, 0);
                UInt128 length = HashWords.LengthLane(Issue.PutLength, Issue.BitLength, false);
                UInt128 lane0 = HashWords.PadLane(useBuffer ? buffer0[slot] : zero, 0, keep, marker);
                UInt128 lane1 = HashWords.PadLane(useBuffer ? buffer1[slot] : zero, 1, keep, marker);
                UInt128 lane2 = HashWords.PadLane(useBuffer ? buffer2[slot] : zero, 2, keep, marker);
                UInt128 lane3 = HashWords.PadLane(useBuffer ? buffer3[slot] : zero, 3, keep, marker);
                UInt128 lane4 = HashWords.PadLane(useBuffer ? buffer4[slot] : zero, 4, keep, marker);
                UInt128 lane5 = HashWords.PadLane(useBuffer ? buffer5[slot] : zero, 5, keep, marker);
                UInt128 lane6 = HashWords.PadLane(useBuffer ? buffer6[slot] : zero, 6, keep, marker);
                UInt128 lane7 = HashWords.PadLane(useBuffer ? buffer7[slot] : zero, 7, keep, marker) | length;
                // the lanes (one memory each) as the block's 16 words
                Output.Data[0] = HashWords.Word64(lane0, 0); Output.Data[1] = HashWords.Word64(lane0, 1); Output.Data[2] = HashWords.Word64(lane1, 0); Output.Data[3] = HashWords.Word64(lane1, 1);
                Output.Data[4] = HashWords.Word64(lane2, 0); Output.Data[5] = HashWords.Word64(lane2, 1); Output.Data[6] = HashWords.Word64(lane3, 0); Output.Data[7] = HashWords.Word64(lane3, 1);
                Output.Data[8] = HashWords.Word64(lane4, 0); Output.Data[9] = HashWords.Word64(lane4, 1); Output.Data[10] = HashWords.Word64(lane5, 0); Output.Data[11] = HashWords.Word64(lane5, 1);
                Output.Data[12] = HashWords.Word64(lane6, 0); Output.Data[13] = HashWords.Word64(lane6, 1); Output.Data[14] = HashWords.Word64(lane7, 0); Output.Data[15] = HashWords.Word64(lane7, 1);
                Output.Slot = (byte)slot;
                Output.First = Issue.First;
                Output.Last = Issue.Last;
            }
        }

        // After the read above: a chunk may arrive for the slot whose block is being built.
        if (Input.Valid && InputReady.Ready)
        {
            int id = Input.MessageId;
            buffer0[id] = Input.Data0;
            buffer1[id] = Input.Data1;
            buffer2[id] = Input.Data2;
            buffer3[id] = Input.Data3;
            buffer4[id] = Input.Data4;
            buffer5[id] = Input.Data5;
            buffer6[id] = Input.Data6;
            buffer7[id] = Input.Data7;
        }
    }
}
