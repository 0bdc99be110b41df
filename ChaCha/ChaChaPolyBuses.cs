using Crypto.Streams;
using Hdl;

namespace Crypto.ChaCha;

/// <summary>What a word of a ChaCha20-Poly1305 stream holds.</summary>
public enum ChaChaPolyKind
{
    /// <summary>Additional authenticated data: authenticated, not encrypted, not passed on.</summary>
    Aad,
    /// <summary>Plaintext (encryption) or ciphertext (decryption).</summary>
    Data,
    /// <summary>The message's end: no bytes; on decryption it carries the received tag.</summary>
    End,
}

/// <summary>
/// Input stream of a ChaCha20-Poly1305 core. A message is its AAD words, then its data words, then
/// one End word (either part may be empty). Every AAD and data word holds 64 bytes but the last of its
/// kind, which holds 1..64. The core reads Key, Nonce and Decrypt on a message's first word, and Tag
/// on its End word.
/// </summary>
public interface IChaChaPolyIn : IStreamControl
{
    ChaChaPolyKind Kind { get; set; }
    /// <summary>The word's bytes, 16 per element, little-endian: Data[0] holds bytes 0..15 (byte 0 least significant).</summary>
    [ArrayLength(4)] BusArray<UInt128> Data { get; }
    /// <summary>Valid bytes of an AAD or data word, 1..64 (ignored on End); bytes past it are ignored.</summary>
    [Width(7)] byte ByteCount { get; set; }
    /// <summary>The key, 16 bytes per element, little-endian: Key[0] holds bytes 0..15.</summary>
    [ArrayLength(2)] BusArray<UInt128> Key { get; }
    /// <summary>The 96-bit nonce, bytes 0..11 little-endian.</summary>
    [Width(96)] UInt128 Nonce { get; set; }
    /// <summary>The message is decrypted: the data words are ciphertext, and the tag is checked.</summary>
    bool Decrypt { get; set; }
    /// <summary>On a decrypted message's End word: the tag it came with, little-endian.</summary>
    UInt128 Tag { get; set; }
}

/// <summary>
/// Output stream of a ChaCha20-Poly1305 core: each data word XOR its keystream (bytes past ByteCount
/// zero), then one End word per message with the tag and, on decryption, whether the received tag differs.
/// </summary>
public interface IChaChaPolyOut : IStreamControl
{
    /// <summary><see cref="ChaChaPolyKind.Data"/> or <see cref="ChaChaPolyKind.End"/> (with Last).</summary>
    ChaChaPolyKind Kind { get; set; }
    [ArrayLength(4)] BusArray<UInt128> Data { get; }
    /// <summary>Bytes of a data word, 1..64 (0 on End).</summary>
    [Width(7)] byte ByteCount { get; set; }
    /// <summary>On End: the message's tag, little-endian (0 on data words).</summary>
    UInt128 Tag { get; set; }
    /// <summary>On a decrypted message's End: the received tag is not the computed one (the data must not be used).</summary>
    bool TagMismatch { get; set; }
}

/// <summary>The message the front is in: its one-time key block is requested, and whether it is decrypted.</summary>
public interface IChaChaPolyMessage : IBus
{
    [InitialValue(false)] bool KeyRequested { get; set; }
    [InitialValue(false)] bool Decrypt { get; set; }
}
