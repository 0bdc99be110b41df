using System.Numerics;
using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Sha2;

/// <summary>
/// A block in the SHA-2 compression: the working state a..h after the rounds done so far, the message
/// schedule window W[t..t+15] and the block's slot. Last marks the message's final block, First its
/// first (it started from the IV). The chaining value the block started from is no part of it: the
/// back end keeps each slot's own copy (<see cref="Sha2BackEnd{W}"/>), so the pipeline does not
/// carry it through every stage.
/// </summary>
public interface ISha2Block<W> : IStreamControl where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
{
    /// <summary>The schedule window W[t..t+15] (W[t] first).</summary>
    [ArrayLength(16)] BusArray<W> Window { get; }
    bool First { get; set; }
    byte Slot { get; set; }
    /// <summary>a..h.</summary>
    [ArrayLength(8)] BusArray<W> State { get; }
}

/// <summary>A block left the SHA-2 compression: the slot's new chaining value H0..H7.</summary>
public interface ISha2Feedback<W> : IHashFeedback where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
{
    [ArrayLength(8)] BusArray<W> Chain { get; }
}

/// <summary>
/// Output stream of a SHA-2 core: one digest per message as the words H0..H7 (in byte order when each
/// is written big-endian; SHA-224 leaves H7 zero, SHA-384 H6 and H7), tagged with the message id.
/// </summary>
public interface ISha2DigestOut<W> : IStreamControl where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
{
    [ArrayLength(8)] BusArray<W> Digest { get; }
    byte MessageId { get; set; }
}
