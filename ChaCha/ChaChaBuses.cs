using Crypto.Streams;
using Hdl;

namespace Crypto.ChaCha;

/// <summary>
/// Input stream of a ChaCha20 core: one data word of up to 64 bytes (one keystream block), with the
/// key, nonce and initial block counter of its message. A message is the words up to and including
/// the one with Last. The core reads Key, Nonce and Counter on a message's first word (the first
/// after reset or after a Last) and ignores them on the others; it numbers the blocks of the message
/// Counter, Counter+1, ... itself.
/// </summary>
public interface IChaChaDataIn : IStreamControl
{
    /// <summary>The block's data bytes, 16 per element, little-endian: Data[0] holds bytes 0..15 (byte 0 least significant).</summary>
    [ArrayLength(4)] BusArray<UInt128> Data { get; }
    /// <summary>Valid bytes of the word, 1..64: 64 but on a message's final, partial block.</summary>
    [Width(7)] byte ByteCount { get; set; }
    /// <summary>The key, 16 bytes per element, little-endian: Key[0] holds bytes 0..15.</summary>
    [ArrayLength(2)] BusArray<UInt128> Key { get; }
    /// <summary>The 96-bit nonce, bytes 0..11 little-endian.</summary>
    [Width(96)] UInt128 Nonce { get; set; }
    /// <summary>The block counter of the message's first block.</summary>
    uint Counter { get; set; }
}

/// <summary>
/// Output stream of a ChaCha20 core: the input word XOR its keystream block (bytes past ByteCount
/// are zero), with the ByteCount and Last of its input.
/// </summary>
public interface IChaChaDataOut : IStreamControl
{
    [ArrayLength(4)] BusArray<UInt128> Data { get; }
    [Width(7)] byte ByteCount { get; set; }
    /// <summary>
    /// Counter exhaustion: this word used block counter 2^32-1 and its message goes on. The core
    /// takes no further input (until reset): the counter never wraps.
    /// </summary>
    bool Error { get; set; }
}

/// <summary>The ChaCha state as four 128-bit columns (see <see cref="ChaChaMath"/>).</summary>
/// <remarks>
/// The columns start at zero (a register's reset value), so the round logic behind a stage that has
/// not held a block yet computes on defined values.
/// </remarks>
public interface IChaChaColumns : IBus
{
    [ArrayLength(4), InitialValue] BusArray<UInt128> Column { get; }
}

/// <summary>
/// One block between the stages of a ChaCha20 core: the working state (columns), what the
/// feed-forward needs of the initial state (key and counter/nonce; the constants are known), and the
/// data word with its sideband.
/// </summary>
public interface IChaChaBlock : IStreamControl, IChaChaColumns
{
    [ArrayLength(2)] BusArray<UInt128> Key { get; }
    /// <summary>State words 12..15: the block counter (lane 0) and the nonce.</summary>
    UInt128 CounterNonce { get; set; }
    [ArrayLength(4)] BusArray<UInt128> Data { get; }
    [Width(7)] byte ByteCount { get; set; }
    /// <summary>See <see cref="IChaChaDataOut.Error"/>.</summary>
    bool Error { get; set; }
}

/// <summary>Whether the core has stopped on counter exhaustion (it then takes no input until reset).</summary>
public interface IChaChaStopped : IBus
{
    [InitialValue(false)] bool Stopped { get; set; }
}
