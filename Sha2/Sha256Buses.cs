using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Sha2;

/// <summary>
/// A block in the SHA-224/256 compression: the working state after the rounds done so far, the
/// message schedule window W[t..t+15] and the block's slot. Last marks the message's final block,
/// First its first (it started from the IV). The chaining value the block started from is no part of
/// it: the back end keeps each slot's own copy (<see cref="Sha256BackEnd"/>), so the pipeline does not
/// carry 256 bits through every stage.
/// </summary>
public interface ISha256Block : IStreamControl
{
    UInt128 Abcd { get; set; }
    UInt128 Efgh { get; set; }
    bool First { get; set; }
    UInt128 W0 { get; set; }
    UInt128 W1 { get; set; }
    UInt128 W2 { get; set; }
    UInt128 W3 { get; set; }
    byte Slot { get; set; }
}

/// <summary>A block left the SHA-224/256 compression: the slot's new chaining value.</summary>
public interface ISha256Feedback : IHashFeedback
{
    UInt128 ChainAbcd { get; set; }
    UInt128 ChainEfgh { get; set; }
}

/// <summary>
/// Output stream of a SHA-224/256 core: one digest per message in byte order (Digest0 bytes 0-15,
/// Digest1 bytes 16-31; SHA-224 uses 28 bytes and leaves the last four zero), tagged with the message id.
/// </summary>
public interface ISha256DigestOut : IStreamControl
{
    UInt128 Digest0 { get; set; }
    UInt128 Digest1 { get; set; }
    byte MessageId { get; set; }
}
