using Crypto.Streams;
using Hdl;

namespace Crypto.Aes;

/// <summary>What an item of the GCM core's streams is.</summary>
public enum AesGcmKind
{
    /// <summary>A block of the IV (input only).</summary>
    Iv,
    /// <summary>A block of additional authenticated data (input only).</summary>
    Aad,
    /// <summary>A block of plaintext or ciphertext.</summary>
    Data,
    /// <summary>The message's end: on input the expected tag (decryption), on output the computed tag and its check.</summary>
    End,
}

/// <summary>
/// Input stream of the AES-GCM core. A message is, in this order: one or more Iv items, any number of
/// Aad items, any number of Data items, and one End item with Last. Every item but the last of its
/// kind carries 16 bytes; Bytes says how many of the block's bytes (from the top) are the message's,
/// the rest must be zero (the core clears them anyway). The key and Decrypt are those of the message's
/// first item and must stay the same until its End; the key goes to the AES core with every block.
/// </summary>
public interface IAesGcmIn : IStreamControl
{
    AesGcmKind Kind { get; set; }
    /// <summary>The block, big-endian (the first byte in the most significant bits).</summary>
    UInt128 Block { get; set; }
    /// <summary>Bytes of the block that belong to the message (1..16; for End, the expected tag's length, 12..16).</summary>
    [Width(5)] byte Bytes { get; set; }
    /// <summary>Key bytes 0..15, big-endian.</summary>
    UInt128 KeyHigh { get; set; }
    /// <summary>Key bytes 16..31 (zero for a 128-bit key; a 192-bit key uses the top 64 bits).</summary>
    UInt128 KeyLow { get; set; }
    /// <summary>Key size: 0 = 128, 1 = 192, 2 = 256 bits.</summary>
    [Width(2)] byte KeySize { get; set; }
    /// <summary>Open (decrypt and check the tag) rather than seal.</summary>
    bool Decrypt { get; set; }
}

/// <summary>
/// Output stream of the AES-GCM core: per message its Data items (ciphertext when sealing, plaintext
/// when opening; Bytes as on input, the rest of the block zero), then one End item with Last whose
/// Block is the 128-bit tag. When opening, TagMismatch on the End item says the expected tag (its
/// first Bytes bytes; fewer than 12 never match) differs: the plaintext before it must not be released.
/// </summary>
public interface IAesGcmOut : IStreamControl
{
    AesGcmKind Kind { get; set; }
    UInt128 Block { get; set; }
    [Width(5)] byte Bytes { get; set; }
    bool TagMismatch { get; set; }
}

/// <summary>Where the GCM sequencer is in a message.</summary>
public enum AesGcmPhase
{
    /// <summary>No message: the next item starts one (its first job computes H = E_K(0)).</summary>
    Start,
    /// <summary>Taking the IV's items.</summary>
    Iv,
    /// <summary>An IV of other than 96 bits: waiting for J0 = GHASH(IV ‖ 0* ‖ lengths) from the GHASH core.</summary>
    WaitPreCounter,
    /// <summary>J0 is in Counter: the next job computes E_K(J0).</summary>
    PreCounter,
    /// <summary>Taking AAD and data items, and the End item.</summary>
    Body,
    /// <summary>The End item is taken: waiting for the tag to leave the core.</summary>
    Finish,
}

/// <summary>The sequencer's registers: the message's phase, counter block, lengths, direction and expected tag.</summary>
public interface IAesGcmState : IBus
{
    [InitialValue(AesGcmPhase.Start)] AesGcmPhase Phase { get; set; }
    /// <summary>The next counter block (J0 in phase PreCounter).</summary>
    [InitialValue(0u)] UInt128 Counter { get; set; }
    [InitialValue(0ul)] ulong IvBytes { get; set; }
    [InitialValue(0ul)] ulong AadBytes { get; set; }
    [InitialValue(0ul)] ulong DataBytes { get; set; }
    [InitialValue(false)] bool Decrypt { get; set; }
    [InitialValue(0u)] UInt128 ExpectedTag { get; set; }
    [InitialValue((byte)0), Width(5)] byte TagBytes { get; set; }
}

/// <summary>The blocks the AES core computed for the message and the GCM core keeps: H and E_K(J0).</summary>
public interface IAesGcmKeys : IBus
{
    [InitialValue(0u)] UInt128 HashKey { get; set; }
    [InitialValue(0u)] UInt128 PreCounterCipher { get; set; }
}

/// <summary>A Data block on its way from the CTR xor into the output register.</summary>
public interface IAesGcmText : IBus
{
    [InitialValue(false)] bool Valid { get; set; }
    UInt128 Block { get; set; }
    [Width(5)] byte Bytes { get; set; }
}
