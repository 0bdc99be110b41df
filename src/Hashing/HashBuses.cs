using System.Numerics;
using Crypto.Streams;
using Hdl;

namespace Crypto.Hashing;

/// <summary>
/// Input stream of a hash core: one chunk of a message, up to one block (16 words of
/// <typeparamref name="W"/>: uint for the 64-byte blocks of MD5 and SHA-224/256, ulong for the
/// 128-byte blocks of SHA-384/512), in byte order (byte 0 in the most significant bits of Data[0],
/// the block's last byte in the least significant bits of Data[15]). Every chunk of a message but the
/// last holds a whole block; the last one (Last) holds ByteCount bytes, 0..block (0 only for the empty
/// message), the bytes after them are ignored. Chunks of different messages may be interleaved;
/// MessageId says which message a chunk belongs to (0 .. slots-1; an id is reused only after its
/// digest came out).
/// </summary>
public interface IHashChunkIn<W> : IHashChunkControl where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
{
    [ArrayLength(16)] BusArray<W> Data { get; }
}

/// <summary>What every chunk bus has besides its data: the control, the chunk's byte count and message id.</summary>
public interface IHashChunkControl : IStreamControl
{
    /// <summary>Message bytes in this chunk (a whole block except in the last chunk).</summary>
    byte ByteCount { get; set; }
    byte MessageId { get; set; }
}

/// <summary>
/// The scheduler's decision for the next compression block of one message slot (the block data is
/// added by the padder from the slot's chunk buffer). Last marks the message's final block.
/// </summary>
public interface IHashIssue : IStreamControl
{
    byte Slot { get; set; }
    /// <summary>The block is the message's first (its chaining value is the algorithm's IV).</summary>
    bool First { get; set; }
    /// <summary>The block takes the slot's buffered chunk (else it is a padding-only block).</summary>
    bool UseBuffer { get; set; }
    /// <summary>Bytes of the buffered chunk kept; the rest of the block is zero before padding.</summary>
    byte KeepBytes { get; set; }
    /// <summary>Put the padding byte 0x80 at byte KeepBytes.</summary>
    bool Marker { get; set; }
    /// <summary>Put the message length in bits into the block's length field.</summary>
    bool PutLength { get; set; }
    ulong BitLength { get; set; }
}

/// <summary>
/// A padded compression block as 16 big-endian words of <typeparamref name="W"/> (uint: 512-bit blocks
/// of MD5 and SHA-224/256; ulong: 1024-bit blocks of SHA-384/512): byte 0 of the block in the most
/// significant bits of Data[0], as in the chunk buses. Tagged with its slot; First: the message's first block.
/// </summary>
public interface IHashBlock<W> : IStreamControl where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
{
    [ArrayLength(16)] BusArray<W> Data { get; }
    byte Slot { get; set; }
    bool First { get; set; }
}

/// <summary>
/// A block left the compression (a one-clock pulse): its slot's chaining value is back, so the
/// slot's next block may go. Last: it was the message's final block (the slot is free again).
/// Algorithm buses derive from it and add the new chaining value.
/// </summary>
public interface IHashFeedback : IStreamControl
{
    byte Slot { get; set; }
}

/// <summary>Slots that cannot take an input chunk now (bit s for slot s; ids past the slot count are always set).</summary>
public interface IHashSlotBusy : IBus
{
    [InitialValue(null)] UInt128 Busy { get; set; }
}
