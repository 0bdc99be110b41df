using Crypto.Streams;
using Hdl;

namespace Crypto.Aes;

/// <summary>
/// Input stream of an AES-128 encryption core: one plaintext block and the cipher key it is to be
/// encrypted with. The key travels with every block (the round keys are expanded on the fly, stage by
/// stage), so consecutive blocks may use different keys without flushing the core.
/// </summary>
public interface IAesBlockIn : IStreamControl
{
    /// <summary>Plaintext block, big-endian (byte 0 in the most significant bits).</summary>
    UInt128 Block { get; set; }
    /// <summary>AES-128 cipher key, big-endian.</summary>
    UInt128 Key { get; set; }
    /// <summary>Sideband passed through unchanged to the block's output (e.g. a message or stream id).</summary>
    byte Tag { get; set; }
}

/// <summary>
/// Output stream of an AES core: one ciphertext block with the Tag and Last of its input. Inside a
/// pipeline the same bus carries the state between stages (Block is then the state after a round).
/// </summary>
public interface IAesBlockOut : IStreamControl
{
    /// <summary>Ciphertext block (or, between pipeline stages, the intermediate state), big-endian.</summary>
    UInt128 Block { get; set; }
    /// <summary>The Tag of the input block this block came from.</summary>
    byte Tag { get; set; }
}

/// <summary>
/// The round key that goes with a pipeline stage's state, on a bus of its own next to the stage's
/// <see cref="IAesBlockOut"/> (it is valid when that bus is).
/// </summary>
public interface IAesRoundKey : IBus
{
    UInt128 RoundKey { get; set; }
}
