using System.Numerics;
using Crypto.Streams;
using Hdl;

namespace Crypto.Hashing;

/// <summary>
/// The data half of the message front end: keeps each slot's buffered chunk and, for each block the
/// <see cref="HashSlotScheduler"/> issues, builds the padded block — the kept bytes, the 0x80 marker,
/// zeros and the length field (<see cref="HashWords{W}.PadWord"/>, <see cref="HashWords{W}.LengthWord"/>:
/// big-endian for SHA-2, little-endian for MD5) — tagged with its slot and first/final flags. One
/// design for both block sizes: 16 words of <typeparamref name="W"/> (uint: 512-bit blocks of MD5 and
/// SHA-224/256; ulong: 1024-bit blocks of SHA-384/512).
/// <para>
/// Each word of the block is a memory of its own (one element read and one element write per clock,
/// the read first: LUT RAM in synthesis, no reset), as the chain stages keep their chaining values.
/// </para>
/// </summary>
public sealed class HashBlockPadder<W> : ClockedProcess where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
{
    [InputBus] public IHashChunkIn<W> Input = null!;
    [InputBus] public IReady InputReady = null!;
    [InputBus] public IHashIssue Issue = null!;
    /// <summary>Enable of the output register (the next stage takes the block).</summary>
    [InputBus] public IReady Advance = null!;
    [OutputBus] public IHashBlock<W> Output = Bus.Create<IHashBlock<W>>();

    /// <summary>The length field is little-endian (MD5) rather than big-endian (SHA-2).</summary>
    readonly bool littleEndianLength;
    /// <summary>Each slot's buffered chunk, one memory per word.</summary>
    readonly W[] buffer0, buffer1, buffer2, buffer3, buffer4, buffer5, buffer6, buffer7,
        buffer8, buffer9, buffer10, buffer11, buffer12, buffer13, buffer14, buffer15;

    public HashBlockPadder(int slots, bool littleEndianLength)
    {
        this.littleEndianLength = littleEndianLength;
        (buffer0, buffer1, buffer2, buffer3) = (new W[slots], new W[slots], new W[slots], new W[slots]);
        (buffer4, buffer5, buffer6, buffer7) = (new W[slots], new W[slots], new W[slots], new W[slots]);
        (buffer8, buffer9, buffer10, buffer11) = (new W[slots], new W[slots], new W[slots], new W[slots]);
        (buffer12, buffer13, buffer14, buffer15) = (new W[slots], new W[slots], new W[slots], new W[slots]);
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
                bool putLength = Issue.PutLength;
                ulong bitLength = Issue.BitLength;
                Output.Data[0] = HashWords<W>.PadWord(useBuffer ? buffer0[slot] : W.Zero, 0, keep, marker);
                Output.Data[1] = HashWords<W>.PadWord(useBuffer ? buffer1[slot] : W.Zero, 1, keep, marker);
                Output.Data[2] = HashWords<W>.PadWord(useBuffer ? buffer2[slot] : W.Zero, 2, keep, marker);
                Output.Data[3] = HashWords<W>.PadWord(useBuffer ? buffer3[slot] : W.Zero, 3, keep, marker);
                Output.Data[4] = HashWords<W>.PadWord(useBuffer ? buffer4[slot] : W.Zero, 4, keep, marker);
                Output.Data[5] = HashWords<W>.PadWord(useBuffer ? buffer5[slot] : W.Zero, 5, keep, marker);
                Output.Data[6] = HashWords<W>.PadWord(useBuffer ? buffer6[slot] : W.Zero, 6, keep, marker);
                Output.Data[7] = HashWords<W>.PadWord(useBuffer ? buffer7[slot] : W.Zero, 7, keep, marker);
                Output.Data[8] = HashWords<W>.PadWord(useBuffer ? buffer8[slot] : W.Zero, 8, keep, marker);
                Output.Data[9] = HashWords<W>.PadWord(useBuffer ? buffer9[slot] : W.Zero, 9, keep, marker);
                Output.Data[10] = HashWords<W>.PadWord(useBuffer ? buffer10[slot] : W.Zero, 10, keep, marker);
                Output.Data[11] = HashWords<W>.PadWord(useBuffer ? buffer11[slot] : W.Zero, 11, keep, marker);
                Output.Data[12] = HashWords<W>.PadWord(useBuffer ? buffer12[slot] : W.Zero, 12, keep, marker);
                Output.Data[13] = HashWords<W>.PadWord(useBuffer ? buffer13[slot] : W.Zero, 13, keep, marker);
                Output.Data[14] = HashWords<W>.PadWord(useBuffer ? buffer14[slot] : W.Zero, 14, keep, marker)
                    | HashWords<W>.LengthWord(putLength, bitLength, littleEndianLength, 14);
                Output.Data[15] = HashWords<W>.PadWord(useBuffer ? buffer15[slot] : W.Zero, 15, keep, marker)
                    | HashWords<W>.LengthWord(putLength, bitLength, littleEndianLength, 15);
                Output.Slot = (byte)slot;
                Output.First = Issue.First;
                Output.Last = Issue.Last;
            }
        }

        // After the read above: a chunk may arrive for the slot whose block is being built.
        if (Input.Valid && InputReady.Ready)
        {
            int id = Input.MessageId;
            buffer0[id] = Input.Data[0];
            buffer1[id] = Input.Data[1];
            buffer2[id] = Input.Data[2];
            buffer3[id] = Input.Data[3];
            buffer4[id] = Input.Data[4];
            buffer5[id] = Input.Data[5];
            buffer6[id] = Input.Data[6];
            buffer7[id] = Input.Data[7];
            buffer8[id] = Input.Data[8];
            buffer9[id] = Input.Data[9];
            buffer10[id] = Input.Data[10];
            buffer11[id] = Input.Data[11];
            buffer12[id] = Input.Data[12];
            buffer13[id] = Input.Data[13];
            buffer14[id] = Input.Data[14];
            buffer15[id] = Input.Data[15];
        }
    }
}
