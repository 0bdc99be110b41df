using Crypto.Streams;
using Hdl;

namespace Crypto.Hashing;

/// <summary>
/// The data half of the message front end for 512-bit blocks: keeps each slot's buffered chunk and,
/// for each block the <see cref="HashSlotScheduler"/> issues, builds the padded block — the kept
/// bytes, the 0x80 marker, zeros and the 64-bit length field (big-endian for SHA-2, little-endian
/// for MD5) — tagged with its slot and first/final flags.
/// </summary>
public sealed class HashBlockPadder512 : ClockedProcess
{
    [InputBus] public IHashChunk512In Input = null!;
    [InputBus] public IReady InputReady = null!;
    [InputBus] public IHashIssue Issue = null!;
    /// <summary>Enable of the output register (the next stage takes the block).</summary>
    [InputBus] public IReady Advance = null!;
    [OutputBus] public IHashBlock<uint> Output = Bus.Create<IHashBlock<uint>>();

    /// <summary>The length field is little-endian (MD5) rather than big-endian (SHA-2).</summary>
    readonly bool littleEndianLength;
    readonly UInt128[] buffer0, buffer1, buffer2, buffer3;

    public HashBlockPadder512(int slots, bool littleEndianLength)
    {
        this.littleEndianLength = littleEndianLength;
        buffer0 = new UInt128[slots];
        buffer1 = new UInt128[slots];
        buffer2 = new UInt128[slots];
        buffer3 = new UInt128[slots];
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
                UInt128 length = HashWords.LengthLane(Issue.PutLength, Issue.BitLength, littleEndianLength);
                UInt128 lane0 = HashWords.PadLane(useBuffer ? buffer0[slot] : zero, 0, keep, marker);
                UInt128 lane1 = HashWords.PadLane(useBuffer ? buffer1[slot] : zero, 1, keep, marker);
                UInt128 lane2 = HashWords.PadLane(useBuffer ? buffer2[slot] : zero, 2, keep, marker);
                UInt128 lane3 = HashWords.PadLane(useBuffer ? buffer3[slot] : zero, 3, keep, marker) | length;
                // the lanes (one memory each) as the block's 16 words
                Output.Data[0] = HashWords.Word32(lane0, 0); Output.Data[1] = HashWords.Word32(lane0, 1); Output.Data[2] = HashWords.Word32(lane0, 2); Output.Data[3] = HashWords.Word32(lane0, 3);
                Output.Data[4] = HashWords.Word32(lane1, 0); Output.Data[5] = HashWords.Word32(lane1, 1); Output.Data[6] = HashWords.Word32(lane1, 2); Output.Data[7] = HashWords.Word32(lane1, 3);
                Output.Data[8] = HashWords.Word32(lane2, 0); Output.Data[9] = HashWords.Word32(lane2, 1); Output.Data[10] = HashWords.Word32(lane2, 2); Output.Data[11] = HashWords.Word32(lane2, 3);
                Output.Data[12] = HashWords.Word32(lane3, 0); Output.Data[13] = HashWords.Word32(lane3, 1); Output.Data[14] = HashWords.Word32(lane3, 2); Output.Data[15] = HashWords.Word32(lane3, 3);
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
        }
    }
}
