using System.Numerics;
using Crypto.Streams;
using Hdl;

namespace Crypto.Axi;

/// <summary>
/// AXI4-Stream slave whose TDATA is a word of <typeparamref name="W"/> (ulong: 64 bits, uint: 32
/// bits) that assembles beats into 128-bit blocks, 16 / (bytes of W) beats a block (two of 64 bits,
/// four of 32), lane 0 of the first beat in the block's byte 0. A packet (beats up to TLAST) becomes
/// whole blocks and, when its length is not a multiple of 16 bytes, one shorter final block: the final
/// beat may be partial (TKEEP a contiguous run of lanes from lane 0), and the block records how many
/// of its bytes are data (the rest are zero). Last marks a packet's final block. Every beat but a
/// packet's last must be whole, and the last one's TKEEP a run from lane 0 (else STATUS error 2).
/// <para>
/// A packet may end with a null beat (TKEEP 0 with TLAST, allowed by AXI4-Stream). After the first
/// beats of a block it ends the block there (8 bytes after one 64-bit beat). At a block boundary it
/// carries no byte, so it marks the block before it as the packet's last: a whole block that does not
/// end its packet waits (pending) until the next beat shows the packet goes on, or is a null final
/// beat. A packet of that null beat alone has no bytes and makes no block (docs/axi.md, "Null beats
/// and empty packets").
/// </para>
/// <para>
/// TREADY and the block output are registers. The beats of a block gather in a holding register; once
/// complete (its last beat, or a packet's final beat) the block moves into the pending register when
/// that is free, and from there to the output register as soon as its Last is known and the output
/// register is free; a packet's final block goes straight from the holding to the output register
/// when nothing is pending. TREADY is high while the holding register has room for a beat (it does not
/// hold a complete block), so the input runs at one beat per clock while the consumer takes a block at
/// least every other clock. TREADY is low while the register bank has not enabled the stream (before
/// CTRL.START, and after a soft reset). A flush (soft reset) drops the held beats, the pending block
/// and the output block.
/// </para>
/// </summary>
public sealed class AxiStreamBlockAssembler<W> : ClockedProcess where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
{
    /// <summary>s_axis: the input beats.</summary>
    [InputBus] public IAxiStreamBeat<W> Input = null!;
    /// <summary>Enable and flush from the register bank.</summary>
    [InputBus] public IAxiStreamControl Control = null!;
    /// <summary>The consumer's ready (the core's input ready).</summary>
    [InputBus] public IReady OutputReady = null!;
    /// <summary>s_axis TREADY (a register).</summary>
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();
    /// <summary>The assembled blocks (a register).</summary>
    [OutputBus] public IAxiBlock Output = Bus.Create<IAxiBlock>();
    /// <summary>A beat with a TKEEP the wrapper cannot take (pulse).</summary>
    [OutputBus] public IAxiErrorReport Error = Bus.Create<IAxiErrorReport>();

    /// <summary>Mirror of InputReady.Ready.</summary>
    bool ready;
    /// <summary>Mirror of Output.Valid.</summary>
    bool outputValid;
    /// <summary>The holding register has beats: the first beats of a block, or a whole block waiting for the pending register.</summary>
    bool holding;
    /// <summary>The last beat held is the packet's last: the held block is complete.</summary>
    bool holdingLast;
    /// <summary>Bytes held (a whole number of beats unless the held beat is a packet's last).</summary>
    byte holdingBytes;
    /// <summary>Beats held (0 when nothing is held).</summary>
    byte heldBeats;
    UInt128 held;
    /// <summary>The pending register has a block.</summary>
    bool pendingValid;
    /// <summary>Its Last is known: it ends its packet, or a beat of the same packet followed it.</summary>
    bool pendingKnown;
    bool pendingLast;
    byte pendingBytes;
    UInt128 pending;

    protected override void OnTick()
    {
        bool keepError = false;
        if (Control.Flush)
        {
            holding = false;
            heldBeats = 0;
            pendingValid = false;
            outputValid = false;
            ready = false;
        }
        else
        {
            bool take = ready && Input.Valid;
            if (outputValid && OutputReady.Ready) outputValid = false;

            if (take)
            {
                bool last = Input.Last;
                byte keep = Input.Keep;
                byte bytes = AxiMath.KeepBytes(keep);
                // Every beat but a packet's last must be whole; a last beat marks a run of lanes from lane 0.
                if (bytes == 0xFF || (!last && bytes != AxiBeat<W>.Bytes))
                {
                    keepError = true;
                    bytes = (byte)AxiBeat<W>.Bytes;
                }
                W data = Input.Data & W.CreateTruncating(AxiMath.LowBytesMask(bytes));
                // The beat in its lanes of the block: lanes of earlier beats of the block are held.
                UInt128 block = UInt128.CreateTruncating(data);
                for (int i = 1; i < AxiBeat<W>.BeatOffsets.Length; i++)
                    if (heldBeats == i) block = held | (UInt128.CreateTruncating(data) << AxiBeat<W>.BeatOffsets[i]);
                if (!holding && bytes == 0)
                {
                    // A null final beat at a block boundary: the pending block was the packet's last.
                    // With none pending the packet had no byte at all, and nothing is sent for it.
                    if (pendingValid && !pendingKnown)
                    {
                        pendingLast = true;
                        pendingKnown = true;
                    }
                }
                else
                {
                    // The first beat of a block shows that a pending block of the same packet was not its last.
                    if (!holding) pendingKnown = true;
                    held = block;
                    holdingBytes = holding ? (byte)(holdingBytes + bytes) : bytes;
                    heldBeats++;
                    holdingLast = last;
                    holding = true;
                }
            }

            // The pending block goes out once its Last is known; then a complete held block moves up
            // behind it, or a packet's final block goes straight out when nothing was pending.
            bool heldComplete = holding && (holdingLast || heldBeats == AxiBeat<W>.BeatOffsets.Length);
            bool sendPending = pendingValid && pendingKnown && !outputValid;
            bool sendHeld = heldComplete && holdingLast && !outputValid && !pendingValid;
            if (sendPending)
            {
                Output.Data = pending;
                Output.Bytes = pendingBytes;
                Output.Last = pendingLast;
                outputValid = true;
                pendingValid = false;
            }
            else if (sendHeld)
            {
                Output.Data = held;
                Output.Bytes = holdingBytes;
                Output.Last = true;
                outputValid = true;
                holding = false;
                heldBeats = 0;
                heldComplete = false;
            }
            if (heldComplete && !pendingValid)
            {
                pending = held;
                pendingBytes = holdingBytes;
                pendingLast = holdingLast;
                pendingKnown = holdingLast;
                pendingValid = true;
                holding = false;
                heldBeats = 0;
                heldComplete = false;
            }
            // Take a beat next cycle only if the holding register has room for it (a complete block
            // waits there for the pending register).
            ready = Control.Enabled && !heldComplete;
        }
        Output.Valid = outputValid;
        InputReady.Ready = ready;
        Error.Error = keepError;
        Error.Code = keepError ? AxiRegisters.ErrorKeep : (byte)0;
    }
}
