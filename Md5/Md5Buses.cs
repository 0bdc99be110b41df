using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Md5;

/// <summary>
/// A block in the MD5 compression: the state after the steps done so far, the 16 message words X[0..15]
/// of RFC 1321 (each read little-endian from the block), and the block's slot. Last marks the message's final block, First its first (it started from the IV). The
/// chaining value the block started from is no part of it: the back end keeps each slot's own copy
/// (<see cref="Md5BackEnd"/>), so the pipeline does not carry 128 bits through every stage.
/// </summary>
public interface IMd5Block : IStreamControl
{
    UInt128 State { get; set; }
    bool First { get; set; }
    [ArrayLength(16)] BusArray<uint> Message { get; }
    byte Slot { get; set; }
}

/// <summary>A block left the MD5 compression: the slot's new chaining value.</summary>
public interface IMd5Feedback : IHashFeedback
{
    UInt128 Chain { get; set; }
}

/// <summary>Output stream of an MD5 core: one digest per message (16 bytes in order), tagged with the message id.</summary>
public interface IMd5DigestOut : IStreamControl
{
    UInt128 Digest { get; set; }
    byte MessageId { get; set; }
}
