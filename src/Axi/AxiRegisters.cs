namespace Crypto.Axi;

/// <summary>
/// The register map of every wrapper (32-bit registers, byte offsets on the AXI4-Lite slave; 8 address
/// bits). The same numbers are in zynq/host/crypto_axi.h and docs/axi.md.
/// </summary>
public static class AxiRegisters
{
    /// <summary>Register-map version, in VERSION bits 31..16.</summary>
    public const uint MapVersion = 1;

    /// <summary>RO: core identifier (four ASCII characters, first in bits 31..24, e.g. "AES ").</summary>
    public const byte Id = 0x00;
    /// <summary>RO: bits 31..16 register-map version, 15..0 the variant number of the core.</summary>
    public const byte Version = 0x04;
    /// <summary>RO: what the core supports (see the Caps* bits).</summary>
    public const byte Caps = 0x08;
    /// <summary>RW, staged: bits 3..0 mode, bit 8 decrypt, bits 13..12 key size. A value the core does not support is refused (error 1).</summary>
    public const byte Config = 0x0C;
    /// <summary>WO, self-clearing: bit 0 START, bit 1 SOFT_RESET, bit 2 CLEAR_ERROR, bit 3 EMPTY (AEAD wrappers, with START). Reads 0.</summary>
    public const byte Control = 0x10;
    /// <summary>RO: bit 0 BUSY, bit 1 ERROR, bit 2 LOAD_PENDING, bit 3 ENABLED, bit 4 DRAINING, bit 5 CLOSING, bits 15..8 first error code.</summary>
    public const byte Status = 0x14;
    /// <summary>RO: blocks that entered the core since the last soft reset (wraps at 2^32).</summary>
    public const byte BlocksIn = 0x18;
    /// <summary>RO: blocks that left the core towards the output stream since the last soft reset.</summary>
    public const byte BlocksOut = 0x1C;
    /// <summary>RO: clock cycles in which BUSY was set since the last soft reset.</summary>
    public const byte BusyCycles = 0x20;
    /// <summary>RO: packets (TLAST beats) sent on the output stream since the last soft reset (AEAD wrappers: and messages without data, which send none).</summary>
    public const byte PacketsOut = 0x24;
    /// <summary>WO, staged: KEY0..KEY7 at 0x40..0x5C; KEYn holds key bytes 4n..4n+3, byte 4n in bits 7..0. Reads 0 (keys are write-only).</summary>
    public const byte Key0 = 0x40;
    /// <summary>RW, staged: IV0..IV3 at 0x60..0x6C (IV, nonce or counter block; AEAD: IV0..2 the 96-bit IV or nonce when IV_LEN is 12); IVn holds bytes 4n..4n+3, byte 4n in bits 7..0.</summary>
    public const byte Iv0 = 0x60;

    // ---- AEAD wrappers only (AES-GCM, ChaCha20-Poly1305: AxiAeadRegisters); the other wrappers read 0 here and ignore writes.
    /// <summary>RW, staged (AEAD): bytes of AAD at the start of each packet (after a GCM IV of other than 12 bytes), zero-padded there to a multiple of 16. Reset 0.</summary>
    public const byte AadLength = 0x28;
    /// <summary>
    /// RW, staged (AEAD): IV bytes. 12: the 96-bit IV (nonce) is IV0..IV2. GCM also takes any other
    /// length from 1 on: the IV is then the packet's first bytes, zero-padded to a multiple of 16.
    /// ChaCha20-Poly1305 takes 12 only. A value the core cannot take is refused (error 1). Reset 12.
    /// </summary>
    public const byte IvLength = 0x2C;
    /// <summary>RW, staged (AEAD): bytes of the expected tag compared when opening: GCM 12..16, ChaCha20-Poly1305 16; others are refused (error 1). Reset 16.</summary>
    public const byte TagLength = 0x30;
    /// <summary>
    /// TAG0..TAG3 at 0x70..0x7C (AEAD), tag byte 4n in bits 7..0 of TAGn. Written: the expected tag of
    /// the messages to open (staged, loaded by START). Read: the tag of the last message that ended
    /// (valid while STATUS.TAG_VALID is set).
    /// </summary>
    public const byte Tag0 = 0x70;

    public const uint ControlStart = 1u << 0;
    public const uint ControlSoftReset = 1u << 1;
    public const uint ControlClearError = 1u << 2;
    /// <summary>
    /// CONTROL bit 3 (AEAD wrappers, CAPS bit 16): written together with START, the message that START
    /// begins is empty: the IV or nonce of IV0..2, no AAD, no data, no input packet and no output packet;
    /// only its tag (TAG0..3, STATUS.TAG_VALID; opening: the check against TAG0..3 written). Refused
    /// (error 1) without START, and when the IV_LEN that START loads is not 12 (the START then loads as
    /// without it). The other wrappers ignore it.
    /// </summary>
    public const uint ControlEmpty = 1u << 3;

    public const uint StatusBusy = 1u << 0;
    public const uint StatusError = 1u << 1;
    public const uint StatusLoadPending = 1u << 2;
    public const uint StatusEnabled = 1u << 3;
    public const uint StatusDraining = 1u << 4;
    /// <summary>
    /// STATUS bit 5: the output packet in progress at the last soft reset has not ended on m_axis yet
    /// (its held beat, or its closing beat, waits for TREADY).
    /// </summary>
    public const uint StatusClosing = 1u << 5;
    /// <summary>STATUS bit 6 (AEAD): a message has ended since the last START or soft reset; TAG0..3 hold its tag.</summary>
    public const uint StatusTagValid = 1u << 6;
    /// <summary>
    /// STATUS bit 7 (AEAD): the message whose tag TAG0..3 hold was opened and its expected tag was wrong
    /// (also error 6). Its plaintext has already gone out on m_axis: software must discard it.
    /// </summary>
    public const uint StatusTagMismatch = 1u << 7;
    public const int StatusErrorCodeShift = 8;

    public const int ConfigModeMask = 0xF;
    public const uint ConfigDecrypt = 1u << 8;
    public const int ConfigKeySizeShift = 12;

    public const byte ModeEcb = 0, ModeCbc = 1, ModeCtr = 2;
    /// <summary>CONFIG modes of the AEAD wrappers: AES-GCM (SP 800-38D), ChaCha20-Poly1305 (RFC 8439 §2.8).</summary>
    public const byte ModeGcm = 3, ModeChaChaPoly = 4;
    public const byte KeySize128 = 0, KeySize192 = 1, KeySize256 = 2;

    /// <summary>CAPS bits 7..0: bit m set when mode m is supported.</summary>
    public const int CapsModesShift = 0;
    /// <summary>CAPS bit 8: encryption; bit 9: decryption.</summary>
    public const uint CapsEncrypt = 1u << 8, CapsDecrypt = 1u << 9;
    /// <summary>CAPS bits 14..12: key sizes 128, 192, 256.</summary>
    public const int CapsKeySizesShift = 12;
    /// <summary>CAPS bit 16 (AEAD wrappers): START with CONTROL.EMPTY runs a message with neither AAD nor data (<see cref="ControlEmpty"/>).</summary>
    public const uint CapsEmptyMessage = 1u << 16;

    /// <summary>Error codes (STATUS bits 15..8 hold the first one since the error was last cleared).</summary>
    public const byte ErrorConfigRefused = 1, ErrorKeep = 2, ErrorPartialBlock = 3;
    /// <summary>Error code 4: a ChaCha20 packet ran past block counter 2^32-1 (its output ends at that block).</summary>
    public const byte ErrorCounterExhausted = 4;
    /// <summary>
    /// Error code 5: a soft reset cut the output packet in progress; it ends with one closing byte (zero,
    /// TLAST), so its real bytes are the received length minus one (docs/axi.md, "Soft reset").
    /// </summary>
    public const byte ErrorOutputCut = 5;
    /// <summary>
    /// Error code 6 (AEAD): an opened message's expected tag was wrong (STATUS.TAG_MISMATCH). Its plaintext
    /// has already been sent on m_axis: software must discard that output packet.
    /// </summary>
    public const byte ErrorTagMismatch = 6;
    /// <summary>
    /// Error code 7 (AEAD): a packet ended before the IV (GCM, IV_LEN other than 12) or the AAD that
    /// IV_LEN and AAD_LEN announce; the message was processed with the bytes that came (no data), its tag is of no use.
    /// </summary>
    public const byte ErrorShortPacket = 7;

    /// <summary>A CONFIG register value.</summary>
    public static uint ConfigValue(byte mode, bool decrypt, byte keySize) =>
        (uint)(mode & ConfigModeMask) | (decrypt ? ConfigDecrypt : 0) | ((uint)keySize << ConfigKeySizeShift);

    /// <summary>A CAPS register value.</summary>
    public static uint CapsValue(byte modesMask, bool encrypt, bool decrypt, byte keySizesMask) =>
        ((uint)modesMask << CapsModesShift) | (encrypt ? CapsEncrypt : 0) | (decrypt ? CapsDecrypt : 0) | ((uint)(keySizesMask & 7) << CapsKeySizesShift);

    /// <summary>An ID register value from four ASCII characters.</summary>
    public static uint IdValue(string fourCharacters)
    {
        if (fourCharacters.Length != 4 || fourCharacters.Any(c => c > 0x7E || c < 0x20))
            throw new ArgumentException($"a core id is four printable ASCII characters, got '{fourCharacters}'");
        return (uint)fourCharacters[0] << 24 | (uint)fourCharacters[1] << 16 | (uint)fourCharacters[2] << 8 | fourCharacters[3];
    }
}
