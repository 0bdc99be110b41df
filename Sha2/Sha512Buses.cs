using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Sha2;

/// <summary>
/// A block in the SHA-384/512 compression (<see cref="ISha256Block"/> with 64-bit words): the working
/// state AB, CD, EF, GH, the schedule window W[t..t+15] in eight lanes, the block's slot and whether
/// it is the message's first (the back end keeps the chaining values, <see cref="Sha512BackEnd"/>).
/// </summary>
public interface ISha512Block : IStreamControl
{
    UInt128 Ab { get; set; }
    UInt128 Cd { get; set; }
    UInt128 Ef { get; set; }
    UInt128 Gh { get; set; }
    bool First { get; set; }
    UInt128 W0 { get; set; }
    UInt128 W1 { get; set; }
    UInt128 W2 { get; set; }
    UInt128 W3 { get; set; }
    UInt128 W4 { get; set; }
    UInt128 W5 { get; set; }
    UInt128 W6 { get; set; }
    UInt128 W7 { get; set; }
    byte Slot { get; set; }
}

/// <summary>A block left the SHA-384/512 compression: the slot's new chaining value.</summary>
public interface ISha512Feedback : IHashFeedback
{
    UInt128 ChainAb { get; set; }
    UInt128 ChainCd { get; set; }
    UInt128 ChainEf { get; set; }
    UInt128 ChainGh { get; set; }
}

/// <summary>
/// Output stream of a SHA-384/512 core: one digest per message in byte order (Digest0 bytes 0-15 ..
/// Digest3 bytes 48-63; SHA-384 uses 48 bytes and leaves Digest3 zero), tagged with the message id.
/// </summary>
public interface ISha512DigestOut : IStreamControl
{
    UInt128 Digest0 { get; set; }
    UInt128 Digest1 { get; set; }
    UInt128 Digest2 { get; set; }
    UInt128 Digest3 { get; set; }
    byte MessageId { get; set; }
}
