using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Md5;

/// <summary>
/// A block in the MD5 compression: the state after the steps done so far, the chaining value it
/// started from (added back at the end), the message words, and the block's slot. Last marks the
/// message's final block.
/// </summary>
public interface IMd5Block : IStreamControl
{
    UInt128 State { get; set; }
    UInt128 Chain { get; set; }
    UInt128 M0 { get; set; }
    UInt128 M1 { get; set; }
    UInt128 M2 { get; set; }
    UInt128 M3 { get; set; }
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
