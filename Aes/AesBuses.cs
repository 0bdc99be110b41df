using Crypto.Streams;
using Hdl;

namespace Crypto.Aes;

/// <summary>
/// Input stream of an AES core: one block, the cipher key it is to be processed with, and sideband.
/// The key travels with every block. Cores that carry the key through the pipeline (on-the-fly
/// expansion) use it per block; cores that hold expanded round keys compare it with the key they
/// hold and, when it differs, stop taking blocks until the pipeline is empty and the new key is
/// expanded (a key load, then any number of blocks at full rate).
/// </summary>
public interface IAesBlockIn : IStreamControl
{
    /// <summary>Plaintext (or ciphertext) block, big-endian (byte 0 in the most significant bits).</summary>
    UInt128 Block { get; set; }
    /// <summary>Key bytes 0..15, big-endian.</summary>
    UInt128 KeyHigh { get; set; }
    /// <summary>Key bytes 16..31 (a 192-bit key uses the top 64 bits, a 128-bit key none: zero).</summary>
    UInt128 KeyLow { get; set; }
    /// <summary>Key size: 0 = 128, 1 = 192, 2 = 256 bits.</summary>
    [Width(2)] byte KeySize { get; set; }
    /// <summary>Data passed through unchanged to the block's output (a mode's plaintext or chaining value).</summary>
    UInt128 Side { get; set; }
    /// <summary>Sideband passed through unchanged to the block's output (e.g. a message or stream id).</summary>
    byte Tag { get; set; }
}

/// <summary>
/// Output stream of an AES core: the processed block with the Side, Tag, KeySize and Last of its
/// input. Inside a pipeline the same bus carries the state between stages (Block is then the state
/// after a round).
/// </summary>
public interface IAesBlockOut : IStreamControl
{
    /// <summary>Output block (or, between pipeline stages, the intermediate state), big-endian.</summary>
    UInt128 Block { get; set; }
    /// <summary>The Side of the input block this block came from.</summary>
    UInt128 Side { get; set; }
    /// <summary>The key size of the block (it decides how many rounds the block takes).</summary>
    [Width(2)] byte KeySize { get; set; }
    /// <summary>The Tag of the input block this block came from.</summary>
    byte Tag { get; set; }
}

/// <summary>
/// The key-schedule window that travels with a block through an on-the-fly pipeline, next to the
/// stage's <see cref="IAesBlockOut"/>: words w[4r .. 4r+7] after round r (High is round key r).
/// </summary>
public interface IAesKeyWindow : IBus
{
    UInt128 High { get; set; }
    UInt128 Low { get; set; }
}

/// <summary>A round key held in a register, next to the stage that uses it.</summary>
public interface IAesRoundKey : IBus
{
    [InitialValue(0u)] UInt128 RoundKey { get; set; }
}

/// <summary>
/// One round key on its way from the key scheduler into the stage that holds it: the stage whose
/// round is <see cref="Round"/> takes it.
/// </summary>
public interface IAesKeyLoad : IBus
{
    [InitialValue(false)] bool Valid { get; set; }
    [Width(4)] byte Round { get; set; }
    UInt128 RoundKey { get; set; }
}

/// <summary>
/// The stage of a held-key core that takes the round key in the key scheduler's window at the next
/// clock: Round (the stage's numbering: the equivalent inverse cipher's step for decryption), and
/// whether the round key goes through InvMixColumns first.
/// </summary>
public interface IAesRoundKeyTarget : IBus
{
    [InitialValue(false)] bool Valid { get; set; }
    [InitialValue(0u), Width(4)] byte Round { get; set; }
    [InitialValue(false)] bool InvMix { get; set; }
}

/// <summary>
/// The block a held-key core's input register holds, with which 16-bit parts of its key equal the
/// held key's (<see cref="AesMath.KeyPartMatches"/>; all of them: the core may take the block).
/// </summary>
public interface IAesWaitingBlock : IAesBlockOut
{
    uint KeyMatches { get; set; }
}

/// <summary>
/// The key of the block in a held-key core's input register (<see cref="AesInputRegister"/>), which
/// is the core's held key whenever the register may take a block; the key scheduler expands it.
/// </summary>
public interface IAesWaitingKey : IBus
{
    /// <summary>Key bytes 0..15, big-endian.</summary>
    [InitialValue(0u)] UInt128 KeyHigh { get; set; }
    /// <summary>Key bytes 16..31.</summary>
    [InitialValue(0u)] UInt128 KeyLow { get; set; }
    /// <summary>Key size: 0 = 128, 1 = 192, 2 = 256 bits.</summary>
    [InitialValue(0u), Width(2)] byte KeySize { get; set; }
}

/// <summary>
/// The state of a held-key core's key: Ready when the round keys of the held key are in place,
/// Loading while the key scheduler expands the waiting block's key. The held key itself is the one
/// in the input register (<see cref="AesInputRegister"/>).
/// </summary>
public interface IAesKeyStatus : IBus
{
    [InitialValue(false)] bool Ready { get; set; }
    [InitialValue(false)] bool Loading { get; set; }
}
