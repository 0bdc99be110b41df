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
/// TREADY and the block output are registers. The first beat of a block goes into a holding
/// register; the second completes the block into the output register. TREADY stays high whenever a
/// beat can be taken whatever the consumer does next, so the input runs at one beat per clock while
/// the consumer takes a block at least every other clock. TREADY is low while the register bank has
/// not enabled the stream (before CTRL.START, and after a soft reset). A flush (soft reset) drops the
/// held beat and the output block.
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
    /// <summary>The holding register has a beat.</summary>
    bool holding;
    /// <summary>The held beat is the packet's last (it is a whole short block by itself).</summary>
    bool holdingLast;
    byte holdingBytes;
    ulong held;

    protected override void OnTick()
    {
        bool keepError = false;
        if (Control.Flush)
        {
            holding = false;
            outputValid = false;
            ready = false;
        }
        else
        {
            bool take = ready && Input.Valid;
            bool outputFree = !outputValid || OutputReady.Ready;
            if (outputValid && OutputReady.Ready) outputValid = false;

            // A held final beat is a block of its own: send it when the output register is free.
            if (holding && holdingLast && outputFree)
            {
                Output.Data = held;
                Output.Bytes = holdingBytes;
                Output.Last = true;
                outputValid = true;
                holding = false;
            }

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
                    // Second beat: the block is complete (TREADY promised a free output register).
                    Output.Data = new UInt128(data, held);
                    Output.Bytes = (byte)(8 + bytes);
                    Output.Last = last;
                    outputValid = true;
                    holding = false;
                }
                else
                {
                    held = data;
                    holdingBytes = bytes;
                    holdingLast = last;
                    holding = true;
                }
            }
            // Take a beat next cycle only if it cannot find the output register full: with nothing
            // held the beat is only held; with a beat held it completes (or follows) a block.
            ready = Control.Enabled && (!holding || !outputValid);
        }
        Output.Valid = outputValid;
        InputReady.Ready = ready;
        Error.Error = keepError;
        Error.Code = keepError ? AxiRegisters.ErrorKeep : (byte)0;
    }
}
