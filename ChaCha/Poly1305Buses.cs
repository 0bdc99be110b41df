using Crypto.Streams;
using Hdl;

namespace Crypto.ChaCha;

/// <summary>
/// Input stream of a Poly1305 core: one 16-byte block of a message per transfer, with the message's
/// one-time key (read on the message's first word only). A message is the words up to and including
/// the one with Last.
/// </summary>
public interface IPoly1305In : IStreamControl
{
    /// <summary>The block, little-endian (byte 0 least significant); bytes past ByteCount are ignored.</summary>
    UInt128 Block { get; set; }
    /// <summary>Bytes of the block, 0..16: 16 but on a message's final word (0 there: the message ended with the previous word, or is empty).</summary>
    [Width(5)] byte ByteCount { get; set; }
    /// <summary>r, key bytes 0..15 (clamped by the core).</summary>
    UInt128 KeyR { get; set; }
    /// <summary>s, key bytes 16..31.</summary>
    UInt128 KeyS { get; set; }
}

/// <summary>Output stream of a Poly1305 core: the tag of each message (Last is always high).</summary>
public interface IPoly1305Out : IStreamControl
{
    /// <summary>The 16-byte tag, little-endian.</summary>
    UInt128 Tag { get; set; }
}
