using Crypto.Axi.Cores;
using Crypto.Streams;
using Hdl;

namespace Crypto.Axi;

// The AXI kit's part for the AEAD cores (AES-GCM, ChaCha20-Poly1305): their registers (AAD_LEN,
// IV_LEN, TAG_LEN, TAG0..3, STATUS.TAG_VALID/TAG_MISMATCH), the packet layout (IV ‖ AAD ‖ data split
// into items), the message boundary that START waits for, and the output that holds each data block
// until it knows whether it ends the message (docs/axi.md, "AEAD wrappers").

/// <summary>What an item of an AEAD message is, on the wrapper's side of the core.</summary>
public enum AxiAeadKind
{
    /// <summary>A block of the IV (GCM: the 96-bit IV from IV0..2, or a block of a longer or shorter IV from the packet).</summary>
    Iv,
    /// <summary>A block of additional authenticated data.</summary>
    Aad,
    /// <summary>A block of plaintext or ciphertext.</summary>
    Data,
    /// <summary>The message's end, with the expected tag (opening) and its length.</summary>
    End,
}

/// <summary>The AEAD registers in force (loaded with KEY, IV and CONFIG by START at a message boundary).</summary>
public interface IAxiAeadConfig : IBus
{
    /// <summary>AAD bytes at the start of a packet (after a GCM IV taken from the packet).</summary>
    [InitialValue(0u)] uint AadBytes { get; set; }
    /// <summary>IV bytes: 12 (the IV is IV0..2) or, GCM only, any other length from 1 (the IV is in the packet).</summary>
    [InitialValue(12u)] uint IvBytes { get; set; }
    /// <summary>The expected tag when opening, in stream byte order (byte 0 in bits 7..0).</summary>
    [InitialValue(0u)] UInt128 ExpectedTag { get; set; }
    /// <summary>Bytes of the expected tag that are compared (12..16).</summary>
    [Width(5)] [InitialValue((byte)16)] byte TagBytes { get; set; }
    /// <summary>
    /// One cycle, after the edge at which a START with CONTROL.EMPTY loaded these settings: the message
    /// they begin is empty (the IV or nonce of IV0..2, no AAD, no data, no packet).
    /// </summary>
    [InitialValue(false)] bool EmptyMessage { get; set; }
}

/// <summary>
/// An item of an AEAD message into the core's adapter: a 16-byte block in stream byte order (byte 0 in
/// bits 7..0; the bytes past <see cref="Bytes"/> zero), its kind, whether it is the last of its kind, and
/// Last on the End item. The End item carries the expected tag in Data and the tag length in Bytes (16
/// when sealing).
/// </summary>
public interface IAxiAeadItem : IStreamControl
{
    [InitialValue(AxiAeadKind.Data)] AxiAeadKind Kind { get; set; }
    UInt128 Data { get; set; }
    [Width(5)] byte Bytes { get; set; }
    bool LastOfKind { get; set; }
}

/// <summary>
/// What an AEAD core gives, on the wrapper's side: a data word of up to 64 bytes (stream byte order,
/// Lanes[0] first; a GCM block is Lanes[0] alone), or, with <see cref="End"/>, the message's tag
/// (stream byte order) and whether an opened message's expected tag was wrong.
/// </summary>
public interface IAxiAeadOutput : IStreamControl
{
    bool End { get; set; }
    /// <summary>A data word's bytes, 16 per lane; zero with End.</summary>
    [ArrayLength(4)] BusArray<UInt128> Lanes { get; }
    /// <summary>Bytes of a data word, 1..64.</summary>
    [Width(7)] byte ByteCount { get; set; }
    UInt128 Tag { get; set; }
    bool TagMismatch { get; set; }
}

/// <summary>The tag of a message that ended (a one-cycle pulse), for TAG0..3 and STATUS.</summary>
public interface IAxiAeadResult : IBus
{
    [InitialValue(false)] bool Valid { get; set; }
    [InitialValue(0u)] UInt128 Tag { get; set; }
    [InitialValue(false)] bool TagMismatch { get; set; }
    /// <summary>The message had no data, so no output packet.</summary>
    [InitialValue(false)] bool NoData { get; set; }
}

/// <summary>A register value the AEAD registers add to a read (ORed into the register bank's RDATA).</summary>
public interface IAxiAeadReadValue : IBus
{
    [InitialValue(0u)] uint Data { get; set; }
}

/// <summary>Layout arithmetic of an AEAD packet (hardware C#: static, scalar in, scalar out).</summary>
public static class AxiAeadLayout
{
    /// <summary><paramref name="bytes"/> rounded up to a multiple of 16.</summary>
    public static uint Padded(uint bytes) => (bytes + 15) & ~15u;

    /// <summary>The IV bytes a packet starts with: none for the 96-bit IV of IV0..2 (or a core without IV items), else the IV length.</summary>
    public static uint PacketIvBytes(bool ivItems, uint ivBytes) => ivItems && ivBytes != 12 ? ivBytes : 0;

    /// <summary>The low <paramref name="bytes"/> bytes of a block in stream byte order (16 or more: all).</summary>
    public static UInt128 LowBytes(UInt128 block, uint bytes) => bytes >= 16 ? block : block & ((((UInt128)1) << (int)(8 * bytes)) - 1);
}

/// <summary>
/// The AEAD registers beside the wrapper's register bank (which stays as it is for every other core):
/// it watches the AXI4-Lite accesses the bank takes and keeps AAD_LEN, IV_LEN, TAG_LEN and the expected
/// tag (TAG0..3 written), staged and loaded by START under the bank's own rule (at a message boundary,
/// once the drain is done, so both load at the same edge); the tag of the last message that ended
/// (TAG0..3 read) with STATUS bits 6 TAG_VALID and 7 TAG_MISMATCH, both cleared by START and SOFT_RESET.
/// A value IV_LEN or TAG_LEN cannot take is refused (error 1, the register keeps its value); an opened
/// message with a wrong tag reports error 6. START with CONTROL.EMPTY makes the message it begins an
/// empty one (<see cref="IAxiAeadConfig.EmptyMessage"/> at the load); EMPTY without START, or with an
/// IV_LEN other than 12 at the load, is refused (error 1). Its reads are ORed into the bank's RDATA
/// (<see cref="AxiAeadReadMerge"/>): the bank reads 0 at these addresses, and STATUS bits 6 and 7.
/// </summary>
public sealed class AxiAeadRegisters : ClockedProcess
{
    [InputBus] public IAxiLiteAddress WriteAddress = null!;
    [InputBus] public IAxiLiteWriteData WriteData = null!;
    /// <summary>The bank's AWREADY (high together with WREADY): a write is taken when it and both valids are high.</summary>
    [InputBus] public IReady WriteTaken = null!;
    [InputBus] public IAxiLiteAddress ReadAddress = null!;
    /// <summary>The bank's ARREADY.</summary>
    [InputBus] public IReady ReadTaken = null!;
    /// <summary>Message boundaries on the core's input (<see cref="AxiAeadBoundary"/>), as the bank sees them.</summary>
    [InputBus] public IStreamControl Boundary = null!;
    [InputBus] public IAxiDrain Drain = null!;
    [InputBus] public IAxiAeadResult Result = null!;
    /// <summary>Errors of the adapter (a short packet).</summary>
    [InputBus] public IAxiErrorReport AdapterError = null!;
    [OutputBus] public IAxiAeadConfig Config = Bus.Create<IAxiAeadConfig>();
    [OutputBus] public IAxiAeadReadValue ReadValue = Bus.Create<IAxiAeadReadValue>();
    /// <summary>The adapter's errors, and this process's own, to the bank (one clock later).</summary>
    [OutputBus] public IAxiErrorReport Error = Bus.Create<IAxiErrorReport>();

    /// <summary>GCM: IV_LEN takes any length from 1; ChaCha20-Poly1305: 12 only.</summary>
    readonly bool anyIvLength;
    /// <summary>The shortest TAG_LEN (12 for GCM, 16 for ChaCha20-Poly1305); the longest is 16.</summary>
    readonly byte minTagBytes;

    uint aadStaged, ivStaged = 12, tagLengthStaged = 16;
    uint tag0, tag1, tag2, tag3;
    UInt128 resultTag;
    bool tagValid, tagMismatch;
    bool flush, loadPending, coreMidPacket;
    /// <summary>The START waiting to load was written with CONTROL.EMPTY.</summary>
    bool emptyRequested;

    public AxiAeadRegisters(bool anyIvLength, byte minTagBytes)
    {
        this.anyIvLength = anyIvLength;
        this.minTagBytes = minTagBytes;
    }

    protected override void OnTick()
    {
        bool flushing = flush;
        flush = false;
        bool refused = false;

        // The message that ended: its tag and check (a START or soft reset written at this edge clears them after).
        if (Result.Valid)
        {
            resultTag = Result.Tag;
            tagValid = true;
            tagMismatch = Result.TagMismatch;
        }

        if (WriteTaken.Ready && WriteAddress.Valid && WriteData.Valid)
        {
            byte address = (byte)(WriteAddress.Addr & 0xFC);
            uint data = WriteData.Data;
            byte strobes = WriteData.Strb;
            if (address == AxiRegisters.Control)
            {
                uint bits = (strobes & 1) != 0 ? data : 0u;
                if ((bits & AxiRegisters.ControlSoftReset) != 0)
                {
                    flush = true;
                    loadPending = false;
                    emptyRequested = false;
                    tagValid = false;
                    tagMismatch = false;
                }
                else if ((bits & AxiRegisters.ControlStart) != 0)
                {
                    // A START written while an earlier one waits replaces it (one load): its EMPTY bit counts.
                    loadPending = true;
                    emptyRequested = (bits & AxiRegisters.ControlEmpty) != 0;
                    tagValid = false;
                    tagMismatch = false;
                }
                else if ((bits & AxiRegisters.ControlEmpty) != 0) refused = true;
            }
            else if (address == AxiRegisters.AadLength) aadStaged = AxiMath.MergeStrobes(aadStaged, data, strobes);
            else if (address == AxiRegisters.IvLength)
            {
                uint value = AxiMath.MergeStrobes(ivStaged, data, strobes);
                if (value == 12 || (anyIvLength && value != 0)) ivStaged = value;
                else refused = true;
            }
            else if (address == AxiRegisters.TagLength)
            {
                uint value = AxiMath.MergeStrobes(tagLengthStaged, data, strobes);
                if (value >= minTagBytes && value <= 16) tagLengthStaged = value;
                else refused = true;
            }
            else if (address == AxiRegisters.Tag0) tag0 = AxiMath.MergeStrobes(tag0, data, strobes);
            else if (address == AxiRegisters.Tag0 + 4) tag1 = AxiMath.MergeStrobes(tag1, data, strobes);
            else if (address == AxiRegisters.Tag0 + 8) tag2 = AxiMath.MergeStrobes(tag2, data, strobes);
            else if (address == AxiRegisters.Tag0 + 12) tag3 = AxiMath.MergeStrobes(tag3, data, strobes);
        }

        if (ReadTaken.Ready && ReadAddress.Valid)
        {
            byte address = (byte)(ReadAddress.Addr & 0xFC);
            uint value = 0;
            if (address == AxiRegisters.Status)
                value = (tagValid ? AxiRegisters.StatusTagValid : 0u) | (tagMismatch ? AxiRegisters.StatusTagMismatch : 0u);
            else if (address == AxiRegisters.AadLength) value = aadStaged;
            else if (address == AxiRegisters.IvLength) value = ivStaged;
            else if (address == AxiRegisters.TagLength) value = tagLengthStaged;
            else if (address == AxiRegisters.Tag0) value = (uint)resultTag;
            else if (address == AxiRegisters.Tag0 + 4) value = (uint)(resultTag >> 32);
            else if (address == AxiRegisters.Tag0 + 8) value = (uint)(resultTag >> 64);
            else if (address == AxiRegisters.Tag0 + 12) value = (uint)(resultTag >> 96);
            ReadValue.Data = value;
        }

        // The bank's load rule, on the same inputs: at a message boundary on the core's input, once the drain is done.
        bool emptyMessage = false;
        if (flushing) coreMidPacket = false;
        else
        {
            if (Boundary.Valid) coreMidPacket = !Boundary.Last;
            if (loadPending && !coreMidPacket && !Drain.Discard)
            {
                Config.AadBytes = aadStaged;
                Config.IvBytes = ivStaged;
                Config.TagBytes = (byte)tagLengthStaged;
                Config.ExpectedTag = AxiMath.Words(tag0, tag1, tag2, tag3);
                loadPending = false;
                // An empty message takes its IV from IV0..2: with another IV_LEN the IV would be in a packet.
                emptyMessage = emptyRequested && ivStaged == 12;
                if (emptyRequested && ivStaged != 12) refused = true;
                emptyRequested = false;
            }
        }
        Config.EmptyMessage = emptyMessage;

        bool mismatch = Result.Valid && Result.TagMismatch;
        Error.Error = refused || AdapterError.Error || mismatch;
        Error.Code = refused ? AxiRegisters.ErrorConfigRefused
            : AdapterError.Error ? AdapterError.Code
            : mismatch ? AxiRegisters.ErrorTagMismatch : (byte)0;
    }
}

/// <summary>RDATA of the wrapper: the register bank's, with the AEAD registers' value ORed in.</summary>
public sealed class AxiAeadReadMerge : CombinationalProcess
{
    [InputBus] public IAxiLiteReadData Bank = null!;
    [InputBus] public IAxiAeadReadValue Aead = null!;
    [OutputBus] public IAxiLiteReadData Output = Bus.Create<IAxiLiteReadData>();

    protected override void OnTick()
    {
        Output.Valid = Bank.Valid;
        Output.Data = Bank.Data | Aead.Data;
        Output.Resp = Bank.Resp;
    }
}

/// <summary>
/// What the register banks count as the core's input and take as its packet boundary (BLOCKS_IN, and
/// where START may load new settings): every block the splitter takes from the assembler, and the End
/// item that closes the message (Last). The message's key, IV and tag then stay in force until its End
/// has gone to the core, however far behind the packet's last block it goes. The two never coincide
/// (the splitter takes no block while its End waits). The End that closes a message after a soft reset
/// is not counted (the bank counts from the soft reset on, and waits for the drain anyway). An empty
/// message (START with CONTROL.EMPTY) has no block: the splitter's <see cref="AxiAeadSplitter.EmptyBegun"/>
/// stands for its packet (counted, not Last) from the cycle after it begins, so no START loads before
/// its End has gone to the core; it never coincides with a block or an End either.
/// </summary>
public sealed class AxiAeadBoundary : CombinationalProcess
{
    [InputBus] public IStreamControl Blocks = null!;
    [InputBus] public IReady BlocksReady = null!;
    [InputBus] public IAxiAeadItem Items = null!;
    [InputBus] public IReady ItemsReady = null!;
    /// <summary>The splitter is closing a message a soft reset interrupted.</summary>
    [InputBus] public IAxiDrain Closing = null!;
    /// <summary>The splitter began an empty message (a one-cycle pulse).</summary>
    [InputBus] public IStreamControl EmptyBegun = null!;
    [OutputBus] public IStreamControl Output = Bus.Create<IStreamControl>();
    /// <summary>Always high: the transfers above are counted where they happen.</summary>
    [OutputBus] public IReady OutputReady = Bus.Create<IReady>();

    protected override void OnTick()
    {
        bool block = Blocks.Valid && BlocksReady.Ready;
        bool end = Items.Valid && ItemsReady.Ready && Items.Last && !Closing.Discard;
        Output.Valid = block || end || EmptyBegun.Valid;
        Output.Last = end;
        OutputReady.Ready = true;
    }
}

/// <summary>
/// Splits a packet of 16-byte wrapper blocks into the items of one AEAD message: [IV, padded to 16] ‖
/// AAD (AAD_LEN bytes, padded to 16) ‖ data (the rest). The pad bytes are cleared and the items carry
/// the byte counts; for GCM with a 12-byte IV an Iv item from IV0..2 goes first; after the packet's last
/// block an End item with the expected tag. A packet that ends before its IV and AAD are complete gives
/// error 7 and is processed with what came.
/// <para>
/// An empty message (<see cref="IAxiAeadConfig.EmptyMessage"/>: START with CONTROL.EMPTY loaded) has no
/// packet: once the message before it has gone (its End taken) and before the next packet's first block,
/// the splitter begins it (<see cref="EmptyBegun"/>, one cycle) and sends the Iv item from IV0..2 (GCM)
/// and the End item, nothing else. Its TREADY stays low from the request until then, except inside a
/// packet it had begun taking when the request came.
/// </para>
/// <para>
/// The output is a register (one item per two clocks, the 64-bit stream's rate for 16-byte blocks). A
/// soft reset drops the block waiting behind the IV item and the rest of the packet, but not the item on
/// offer (a valid is never withdrawn); when the consumer has taken items of a message but not its End,
/// or an item is on offer, <see cref="Closing"/> stays high until it has taken the End that closes the
/// message (the wrapper's drain drops what comes of it).
/// </para>
/// </summary>
public sealed class AxiAeadSplitter : ClockedProcess
{
    [InputBus] public IAxiBlock Input = null!;
    [InputBus] public IAxiCoreConfig Config = null!;
    [InputBus] public IAxiAeadConfig Aead = null!;
    [InputBus] public IAxiStreamControl Control = null!;
    [InputBus] public IReady OutputReady = null!;
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();
    [OutputBus] public IAxiAeadItem Output = Bus.Create<IAxiAeadItem>();
    /// <summary>A message's first Data item on offer (what the wrapper's drain counts: each makes one output packet).</summary>
    [OutputBus] public IStreamControl FirstData = Bus.Create<IStreamControl>();
    [OutputBus] public IAxiDrain Closing = Bus.Create<IAxiDrain>();
    /// <summary>A packet shorter than its IV and AAD (error 7, a one-cycle pulse).</summary>
    [OutputBus] public IAxiErrorReport Error = Bus.Create<IAxiErrorReport>();
    /// <summary>An empty message begun (a one-cycle pulse, in the cycle before its first item is on offer or with its Iv item; never Last).</summary>
    [OutputBus] public IStreamControl EmptyBegun = Bus.Create<IStreamControl>();

    /// <summary>GCM: IV items (from IV0..2 for a 12-byte IV, else from the packet); ChaCha20-Poly1305 has none.</summary>
    readonly bool ivItems;

    bool ready, outputValid, outputEnd, outputFirstData;
    /// <summary>The consumer has taken items of a message but not its End.</summary>
    bool midMessage;
    bool closing;
    /// <summary>The packet's last block has gone out: its End item is next.</summary>
    bool endPending;
    /// <summary>The 12-byte IV's item of the packet has gone out.</summary>
    bool ivSent;
    /// <summary>A Data item of the message has gone out.</summary>
    bool dataSent;
    /// <summary>A block taken while the IV item went out, waiting to follow it.</summary>
    bool pendingValid, pendingLast;
    byte pendingBytes;
    UInt128 pending;
    /// <summary>Bytes of the packet before the next block.</summary>
    uint offset;
    /// <summary>An empty message was asked for and has not begun.</summary>
    bool emptyPending;

    public AxiAeadSplitter(bool ivItems) => this.ivItems = ivItems;

    protected override void OnTick()
    {
        bool shortPacket = false;
        bool emptyBegun = false;
        if (outputValid && OutputReady.Ready)
        {
            outputValid = false;
            midMessage = !outputEnd;
            if (outputEnd) closing = false;
        }
        if (Control.Flush)
        {
            // The item on offer stays until taken (a core may have begun on it: GCM starts computing H
            // when a message's first item is offered); then an End closes its message. The rest of the
            // packet is dropped.
            pendingValid = false;
            endPending = false;
            ivSent = false;
            dataSent = false;
            offset = 0;
            emptyPending = false;
            closing = midMessage || (outputValid && !outputEnd);
            ready = false;
        }
        else
        {
            if (Aead.EmptyMessage) emptyPending = true;
            bool take = ready && Input.Valid;
            bool blockOut = false;
            UInt128 block = 0;
            byte blockBytes = 0;
            bool blockLast = false;
            bool ivOut = false;
            if (take && ivItems && Aead.IvBytes == 12 && !ivSent)
            {
                // The 96-bit IV from IV0..2 first; the block waits behind it.
                ivOut = true;
                ivSent = true;
                pending = Input.Data;
                pendingBytes = Input.Bytes;
                pendingLast = Input.Last;
                pendingValid = true;
            }
            else if (take)
            {
                blockOut = true;
                block = Input.Data;
                blockBytes = Input.Bytes;
                blockLast = Input.Last;
            }
            else if (!outputValid && pendingValid)
            {
                blockOut = true;
                block = pending;
                blockBytes = pendingBytes;
                blockLast = pendingLast;
                pendingValid = false;
            }
            else if (!outputValid && (endPending || closing))
            {
                Output.Kind = AxiAeadKind.End;
                Output.Data = Aead.ExpectedTag;
                Output.Bytes = Config.Decrypt ? Aead.TagBytes : (byte)16;
                Output.LastOfKind = true;
                Output.Last = true;
                outputValid = true;
                outputEnd = true;
                outputFirstData = false;
                endPending = false;
                dataSent = false;
            }
            else if (!outputValid && emptyPending && offset == 0 && !ivSent && !closing)
            {
                // The empty message: the Iv item from IV0..2 (GCM) now, then its End; no block of a packet in between.
                emptyPending = false;
                emptyBegun = true;
                endPending = true;
                ivOut = ivItems;
            }

            if (ivOut)
            {
                Output.Kind = AxiAeadKind.Iv;
                Output.Data = AxiAeadLayout.LowBytes(Config.Iv, 12);
                Output.Bytes = 12;
                Output.LastOfKind = true;
                Output.Last = false;
                outputValid = true;
                outputEnd = false;
                outputFirstData = false;
            }
            if (blockOut)
            {
                uint ivBytes = AxiAeadLayout.PacketIvBytes(ivItems, Aead.IvBytes);
                uint ivEnd = AxiAeadLayout.Padded(ivBytes);
                uint aadEnd = ivEnd + Aead.AadBytes;
                uint aadPaddedEnd = ivEnd + AxiAeadLayout.Padded(Aead.AadBytes);
                uint blockEnd = offset + blockBytes;
                AxiAeadKind kind = AxiAeadKind.Data;
                uint bytes = blockBytes;
                bool lastOfKind = blockLast;
                if (offset < ivEnd)
                {
                    kind = AxiAeadKind.Iv;
                    if (ivBytes - offset < bytes) bytes = ivBytes - offset;
                    lastOfKind = blockLast || offset + 16 >= ivEnd;
                }
                else if (offset < aadPaddedEnd)
                {
                    kind = AxiAeadKind.Aad;
                    if (aadEnd - offset < bytes) bytes = aadEnd - offset;
                    lastOfKind = blockLast || offset + 16 >= aadPaddedEnd;
                }
                Output.Kind = kind;
                Output.Data = AxiAeadLayout.LowBytes(block, bytes);
                Output.Bytes = (byte)bytes;
                Output.LastOfKind = lastOfKind;
                Output.Last = false;
                outputValid = true;
                outputEnd = false;
                outputFirstData = kind == AxiAeadKind.Data && !dataSent;
                if (kind == AxiAeadKind.Data) dataSent = true;
                // Short: the packet ends before its IV, or before its AAD when there is AAD.
                shortPacket = blockLast && blockEnd < (Aead.AadBytes != 0 ? aadEnd : ivBytes);
                offset += 16;
                if (blockLast)
                {
                    offset = 0;
                    endPending = true;
                    ivSent = false;
                }
            }
            // An empty message asked for goes before the next packet (not into the middle of one begun).
            ready = Control.Enabled && !outputValid && !pendingValid && !endPending && !closing && !(emptyPending && offset == 0 && !ivSent);
        }
        Output.Valid = outputValid;
        FirstData.Valid = outputValid && outputFirstData;
        FirstData.Last = outputValid && outputFirstData;
        InputReady.Ready = ready;
        Closing.Discard = closing;
        Error.Error = shortPacket;
        Error.Code = shortPacket ? AxiRegisters.ErrorShortPacket : (byte)0;
        EmptyBegun.Valid = emptyBegun;
        EmptyBegun.Last = false;
    }
}

/// <summary>
/// Between an AEAD core's output and the wrapper's output: holds each data word until the core's next
/// output shows whether it was the message's last (then it goes out with Last), and turns the End into
/// the result for TAG0..3 (<see cref="Result"/>): a message without data sends no output packet. The
/// tags of messages a soft reset interrupted (every End owed by the core then, and the one that closes
/// a half-sent message) are dropped. The output is a register (one word per two clocks at most, which
/// the 64-bit stream never exceeds).
/// </summary>
public sealed class AxiAeadOutputHold : ClockedProcess
{
    [InputBus] public IAxiAeadOutput Input = null!;
    /// <summary>The items into the core (the splitter's output and its consumer's ready), to count the Ends owed.</summary>
    [InputBus] public IAxiAeadItem Items = null!;
    [InputBus] public IReady ItemsReady = null!;
    [InputBus] public IAxiStreamControl Control = null!;
    [InputBus] public IReady OutputReady = null!;
    /// <summary>The core's output ready (assigned when wiring).</summary>
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();
    [OutputBus] public IAxiWideBlock Output = Bus.Create<IAxiWideBlock>();
    [OutputBus] public IAxiAeadResult Result = Bus.Create<IAxiAeadResult>();

    bool ready, outputValid, heldValid;
    /// <summary>The consumer of the items has taken items of a message but not its End.</summary>
    bool midMessage;
    /// <summary>End items taken into the core whose End has not come out yet.</summary>
    byte endsOwed;
    /// <summary>Ends still to come out whose tags belong to messages a soft reset interrupted.</summary>
    byte tagsToDrop;
    byte heldBytes;
    UInt128 held0, held1, held2, held3;

    protected override void OnTick()
    {
        bool result = false;
        if (outputValid && OutputReady.Ready) outputValid = false;
        if (Items.Valid && ItemsReady.Ready)
        {
            if (Items.Last) endsOwed++;
            midMessage = !Items.Last;
        }
        if (ready && Input.Valid)
        {
            if (heldValid)
            {
                Output.Lanes[0] = held0;
                Output.Lanes[1] = held1;
                Output.Lanes[2] = held2;
                Output.Lanes[3] = held3;
                Output.ByteCount = heldBytes;
                Output.Last = Input.End;
                outputValid = true;
            }
            if (Input.End)
            {
                bool noData = !heldValid;
                heldValid = false;
                endsOwed--;
                if (tagsToDrop != 0) tagsToDrop--;
                else
                {
                    result = true;
                    Result.Tag = Input.Tag;
                    Result.TagMismatch = Input.TagMismatch;
                    Result.NoData = noData;
                }
            }
            else
            {
                held0 = Input.Lanes[0];
                held1 = Input.Lanes[1];
                held2 = Input.Lanes[2];
                held3 = Input.Lanes[3];
                heldBytes = Input.ByteCount;
                heldValid = true;
            }
        }
        // One more End comes when a message is half in the core or an item of one is on offer (the splitter closes it).
        if (Control.Flush) tagsToDrop = (byte)(endsOwed + (midMessage || Items.Valid ? 1 : 0));
        ready = !outputValid;
        InputReady.Ready = ready;
        Output.Valid = outputValid;
        Result.Valid = result;
    }
}

/// <summary>
/// Counts the messages that ended without data (no output packet) and shows each to the register bank
/// as a TLAST on m_axis, in a cycle when m_axis has no beat on offer and no packet open: the bank's
/// BUSY (input packets not yet answered by an output TLAST) then falls after such a message, and
/// PACKETS_OUT counts it. An empty message (START with CONTROL.EMPTY) has no input packet either: it
/// is shown to the bank as a TLAST on s_axis from its begin (<see cref="EmptyBegun"/>), in a cycle when
/// s_axis takes no beat and has no packet open, so BUSY is set while it runs; the TLASTs on m_axis wait
/// until every such s_axis TLAST has been shown (the bank never sees a packet answered before it came).
/// A soft reset clears the counts (the bank starts counting afresh).
/// </summary>
public sealed class AxiAeadNoDataCount : ClockedProcess
{
    [InputBus] public IAxiAeadResult Result = null!;
    /// <summary>m_axis and its TREADY.</summary>
    [InputBus] public IStreamControl Stream = null!;
    [InputBus] public IReady StreamReady = null!;
    /// <summary>s_axis and its TREADY.</summary>
    [InputBus] public IStreamControl InputStream = null!;
    [InputBus] public IReady InputStreamReady = null!;
    /// <summary>The splitter began an empty message (a one-cycle pulse).</summary>
    [InputBus] public IStreamControl EmptyBegun = null!;
    [InputBus] public IAxiStreamControl Control = null!;
    [OutputBus] public IAxiAeadNoData Pending = Bus.Create<IAxiAeadNoData>();

    /// <summary>Messages without data not yet shown; m_axis has a packet open.</summary>
    byte pending;
    bool midPacket;
    /// <summary>Empty messages begun whose s_axis TLAST is not shown yet; s_axis has a packet open.</summary>
    byte emptyPending;
    bool inputMidPacket;

    protected override void OnTick()
    {
        bool taken = Stream.Valid && StreamReady.Ready;
        bool shown = pending != 0 && emptyPending == 0 && !Stream.Valid && !midPacket;
        bool inputTaken = InputStream.Valid && InputStreamReady.Ready;
        bool inputShown = emptyPending != 0 && !inputTaken && !inputMidPacket;
        if (taken) midPacket = !Stream.Last;
        if (inputTaken) inputMidPacket = !InputStream.Last;
        if (shown) pending--;
        if (inputShown) emptyPending--;
        if (Result.Valid && Result.NoData) pending++;
        if (EmptyBegun.Valid) emptyPending++;
        if (Control.Flush)
        {
            pending = 0;
            emptyPending = 0;
            inputMidPacket = false;
        }
        Pending.Open = midPacket;
        Pending.Count = pending;
        Pending.InputOpen = inputMidPacket;
        Pending.EmptyCount = emptyPending;
    }
}

/// <summary>The messages that <see cref="AxiAeadNoDataCount"/> has still to show, and whether m_axis and s_axis have a packet open.</summary>
public interface IAxiAeadNoData : IBus
{
    /// <summary>Messages without data whose m_axis TLAST is not shown yet.</summary>
    [InitialValue((byte)0)] byte Count { get; set; }
    [InitialValue(false)] bool Open { get; set; }
    /// <summary>Empty messages whose s_axis TLAST is not shown yet.</summary>
    [InitialValue((byte)0)] byte EmptyCount { get; set; }
    [InitialValue(false)] bool InputOpen { get; set; }
}

/// <summary>
/// m_axis and s_axis as the register bank sees them on an AEAD wrapper: the real beats, one TLAST on
/// m_axis for each message without data, and one on s_axis for each empty message (<see cref="AxiAeadNoDataCount"/>).
/// </summary>
public sealed class AxiAeadStreamView : CombinationalProcess
{
    [InputBus] public IStreamControl Stream = null!;
    [InputBus] public IReady StreamReady = null!;
    [InputBus] public IStreamControl InputStream = null!;
    [InputBus] public IReady InputStreamReady = null!;
    [InputBus] public IAxiAeadNoData NoData = null!;
    [OutputBus] public IStreamControl Output = Bus.Create<IStreamControl>();
    [OutputBus] public IReady OutputReady = Bus.Create<IReady>();
    [OutputBus] public IStreamControl Input = Bus.Create<IStreamControl>();
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();

    protected override void OnTick()
    {
        bool valid = Stream.Valid;
        bool shown = !valid && NoData.Count != 0 && NoData.EmptyCount == 0 && !NoData.Open;
        Output.Valid = valid || shown;
        Output.Last = valid ? Stream.Last : shown;
        OutputReady.Ready = valid ? StreamReady.Ready : shown;
        // s_axis: a TLAST in a cycle when no beat is taken (one on offer and not taken is hidden for that cycle).
        bool inputTaken = InputStream.Valid && InputStreamReady.Ready;
        bool inputShown = !inputTaken && NoData.EmptyCount != 0 && !NoData.InputOpen;
        Input.Valid = InputStream.Valid || inputShown;
        Input.Last = inputShown || InputStream.Last;
        InputReady.Ready = inputTaken || inputShown;
    }
}

/// <summary>What an AEAD adapter adds besides <see cref="AxiCoreAttachment"/>: the message boundaries, the tags and the empty messages begun.</summary>
/// <param name="Boundary">Where the register banks see the core's input (<see cref="AxiAeadBoundary"/>) and its always-high ready.</param>
/// <param name="EmptyBegun">The splitter's <see cref="AxiAeadSplitter.EmptyBegun"/>.</param>
public sealed record AxiAeadAttachment(AxiCoreAttachment Core, IStreamControl Boundary, IReady BoundaryReady, IAxiAeadResult Result, IStreamControl EmptyBegun);

/// <summary>An AEAD core behind the wrapper: it has the AEAD registers (<see cref="AxiAeadRegisters"/>) too.</summary>
public interface IAxiAeadCoreAdapter : IAxiCoreAdapter
{
    /// <summary>IV_LEN takes any length from 1 (GCM), not only 12.</summary>
    bool AnyIvLength { get; }
    /// <summary>The shortest tag an opening compares (TAG_LEN).</summary>
    byte MinTagBytes { get; }

    /// <summary>As <see cref="IAxiCoreAdapter.Attach"/>, with the AEAD registers in force.</summary>
    AxiAeadAttachment AttachAead(Design design, IAxiBlock input, IAxiCoreConfig config, IAxiAeadConfig aead, IAxiStreamControl control);

    /// <summary>The tag of the message in <paramref name="packet"/> under <paramref name="settings"/>, and (opening) whether the expected tag is wrong.</summary>
    (byte[] Tag, bool Mismatch) ExpectedTag(AxiCoreSettings settings, ReadOnlySpan<byte> packet);
}

/// <summary>The AEAD part of a configuration (<see cref="AxiCoreSettings.Aead"/>): the AEAD registers as software writes them.</summary>
/// <param name="ExpectedTag">TAG0..3 written: the expected tag when opening (16 bytes; the first <paramref name="TagBytes"/> are compared).</param>
public sealed record AxiAeadSettings(uint AadBytes, uint IvBytes, byte[] ExpectedTag, byte TagBytes)
{
    /// <summary>No AAD, the 96-bit IV of IV0..2, a 16-byte tag.</summary>
    public static AxiAeadSettings Default { get; } = new(0, 12, new byte[16], 16);
}

/// <summary>The processes both AEAD adapters build around their core.</summary>
public static class AxiAeadParts
{
    /// <summary>The splitter of the packets into items, and the boundary it gives the register banks.</summary>
    public static (AxiAeadSplitter Splitter, AxiAeadBoundary Boundary) AddFront(Design design, IAxiBlock input, IAxiCoreConfig config, IAxiAeadConfig aead,
        IAxiStreamControl control, bool ivItems, IReady itemsReady)
    {
        var splitter = design.Add(new AxiAeadSplitter(ivItems) { Name = "aead_split", Input = input, Config = config, Aead = aead, Control = control, OutputReady = itemsReady });
        var boundary = design.Add(new AxiAeadBoundary
        {
            Name = "aead_boundary", Blocks = input, BlocksReady = splitter.InputReady, Items = splitter.Output, ItemsReady = itemsReady, Closing = splitter.Closing,
            EmptyBegun = splitter.EmptyBegun,
        });
        return (splitter, boundary);
    }

    /// <summary>
    /// The output side: the hold (data words with Last, tags to the registers) and the serializer of its
    /// words into 16-byte blocks. <paramref name="coreOutputReady"/> is the core's output ready bus.
    /// </summary>
    public static (AxiAeadOutputHold Hold, AxiWideBlockSerializer Serializer, IReady BlocksReady) AddOutput(Design design, IAxiAeadOutput output,
        IReady coreOutputReady, AxiAeadSplitter splitter, IReady itemsReady, IAxiStreamControl control)
    {
        var hold = design.Add(new AxiAeadOutputHold
        {
            Name = "aead_hold", Input = output, InputReady = coreOutputReady, Items = splitter.Output, ItemsReady = itemsReady, Control = control,
        });
        var blocksReady = Bus.Create<IReady>();
        var serializer = design.Add(new AxiWideBlockSerializer { Name = "aead_output", Input = hold.Output, OutputReady = blocksReady });
        hold.OutputReady = serializer.InputReady;
        return (hold, serializer, blocksReady);
    }
}
