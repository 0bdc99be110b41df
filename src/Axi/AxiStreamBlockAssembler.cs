using Crypto.Streams;
using Hdl;

namespace Crypto.Axi;

/// <summary>
/// AXI4-Stream slave, 64 bits wide, that assembles pairs of beats into 128-bit blocks. A packet
/// (beats up to TLAST) becomes whole blocks and, when its length is not a multiple of 16 bytes, one
/// shorter final block: the final beat may be partial (TKEEP a contiguous run of lanes from lane 0),
/// and the block records how many of its bytes are data (the rest are zero). Last marks a packet's
/// final block.
/// <para>
/// A packet may end with a null beat (TKEEP 0 with TLAST, allowed by AXI4-Stream). After the first
/// beat of a block it ends the block there (8 bytes). At a block boundary it carries no byte, so it
/// marks the block before it as the packet's last: a whole block that does not end its packet waits
/// (pending) until the next beat shows the packet goes on, or is a null final beat. A packet of that
/// null beat alone has no bytes and makes no block (docs/axi.md, "Null beats and empty packets").
/// </para>
/// <para>
/// TREADY and the block output are registers. The first beat of a block goes into a holding
/// register; the second completes the block into the pending register, from which it moves to the
/// output register as soon as its Last is known and the output register is free. TREADY stays high
/// whenever a beat can be taken whatever the consumer does next (the holding or the pending register
/// is free), so the input runs at one beat per clock while the consumer takes a block at least every
/// other clock. TREADY is low while the register bank has not enabled the stream (before CTRL.START,
/// and after a soft reset). A flush (soft reset) drops the held beat, the pending block and the output block.
/// </para>
/// </summary>
public sealed class AxiStreamBlockAssembler : ClockedProcess
{
    /// <summary>s_axis: the input beats.</summary>
    [InputBus] public IAxiStreamBeat Input = null!;
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
    /// <summary>The holding register has a beat: the first of a block.</summary>
    bool holding;
    /// <summary>The held beat is the packet's last (it is a whole short block by itself).</summary>
    bool holdingLast;
    byte holdingBytes;
    ulong held;
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
                if (bytes == 0xFF || (!last && bytes != 8))
                {
                    keepError = true;
                    bytes = 8;
                }
                ulong data = Input.Data & AxiMath.LowBytesMask(bytes);
                if (holding)
                {
                    // Second beat: the block is complete (TREADY promised a free pending register).
                    pending = new UInt128(data, held);
                    pendingBytes = (byte)(8 + bytes);
                    pendingLast = last;
                    pendingKnown = last;
                    pendingValid = true;
                    holding = false;
                }
                else if (bytes == 0)
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
                    // The first beat of a block: a pending block of the same packet was not its last.
                    pendingKnown = true;
                    held = data;
                    holdingBytes = bytes;
                    holdingLast = last;
                    holding = true;
                }
            }

            // The pending block goes out once its Last is known; then a held final beat, a block of its
            // own, moves up behind it (or straight out when nothing was pending).
            bool sendPending = pendingValid && pendingKnown && !outputValid;
            bool sendHeld = holding && holdingLast && !outputValid && !pendingValid;
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
            }
            if (holding && holdingLast && !pendingValid)
            {
                pending = held;
                pendingBytes = holdingBytes;
                pendingLast = true;
                pendingKnown = true;
                pendingValid = true;
                holding = false;
            }
            // Take a beat next cycle only if it finds a free register whatever the consumer does:
            // the holding register (a first beat), or the pending register (a second beat).
            ready = Control.Enabled && !(holding && pendingValid);
        }
        Output.Valid = outputValid;
        InputReady.Ready = ready;
        Error.Error = keepError;
        Error.Code = keepError ? AxiRegisters.ErrorKeep : (byte)0;
    }
}
