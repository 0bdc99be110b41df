using Crypto.Streams;
using Hdl;

namespace Crypto.Aes;

/// <summary>
/// Input stream of a GHASH core: one 128-bit block of a message per transfer (GCM bit order, the
/// block's first byte most significant), with the hash subkey H, read on a message's first block.
/// A message is the blocks up to and including the one with Last.
/// </summary>
public interface IGhashIn : IStreamControl
{
    UInt128 Block { get; set; }
    UInt128 HashKey { get; set; }
}

/// <summary>Output stream of a GHASH core: GHASH_H of each message (Last is always high).</summary>
public interface IGhashOut : IStreamControl
{
    UInt128 Hash { get; set; }
}

/// <summary>
/// One product on its way through the multiplier pipeline: Product accumulates the terms of the
/// multiplier bits done so far; Multiplier holds the bits still to do at its top; Multiplicand is
/// the operand times x^(bits done).
/// </summary>
public interface IGhashProduct : IBus
{
    [InitialValue(false)] bool Valid { get; set; }
    UInt128 Product { get; set; }
    UInt128 Multiplier { get; set; }
    UInt128 Multiplicand { get; set; }
    /// <summary>The lane (block index within the message, modulo the pipeline depth).</summary>
    byte Lane { get; set; }
    /// <summary>A block among the message's last (depth) blocks: its product is a term of the hash, not a lane's next value.</summary>
    bool Final { get; set; }
    /// <summary>The message's last block.</summary>
    bool Last { get; set; }
    /// <summary>A step of the key load: the product is the next power of H, not a message's.</summary>
    bool PowerStep { get; set; }
}

/// <summary>The front's state for the input's ready (registered).</summary>
public interface IGhashFrontStatus : IBus
{
    /// <summary>The look-ahead buffer has a free entry.</summary>
    [InitialValue(true)] bool Room { get; set; }
    /// <summary>The buffer's head goes into the multiplier at the next advance.</summary>
    [InitialValue(false)] bool HeadGoes { get; set; }
}
