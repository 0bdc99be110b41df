using Crypto.Streams;
using Hdl;

namespace Crypto.Axi;

/// <summary>
/// AXI4-Stream master, 64 bits wide, that sends each 128-bit block as two beats (one when the block
/// holds 8 bytes or fewer): TKEEP marks the data bytes of a short final block, TLAST goes with the
/// last beat of a packet's final block.
/// <para>
/// The output beat and the input ready are registers. Besides the upper half of the block being
/// sent, one more whole block can wait, so with a consumer that is always ready the output runs at one
/// beat per clock. A flush (soft reset) drops everything at once (TVALID low: the consumer, a DMA
/// engine, is reset with the wrapper).
/// </para>
/// </summary>
public sealed class AxiStreamBlockSerializer : ClockedProcess
{
    /// <summary>The blocks to send.</summary>
    [InputBus] public IAxiBlock Input = null!;
    /// <summary>Flush from the register bank.</summary>
    [InputBus] public IAxiStreamControl Control = null!;
    /// <summary>m_axis TREADY.</summary>
    [InputBus] public IReady OutputReady = null!;
    /// <summary>Ready for a block (a register).</summary>
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();
    /// <summary>m_axis: the output beats (registers).</summary>
    [OutputBus] public IAxiStreamBeat Output = Bus.Create<IAxiStreamBeat>();

    /// <summary>Mirror of InputReady.Ready.</summary>
    bool ready;
    /// <summary>Mirror of Output.Valid.</summary>
    bool outputValid;
    /// <summary>The second beat of the block being sent is waiting.</summary>
    bool upperValid;
    ulong upper;
    byte upperBytes;
    bool upperLast;
    /// <summary>A whole block is waiting behind the one being sent.</summary>
    bool nextValid;
    UInt128 next;
    byte nextBytes;
    bool nextLast;

    protected override void OnTick()
    {
        if (Control.Flush)
        {
            outputValid = false;
            upperValid = false;
            nextValid = false;
            ready = false;
        }
        else
        {
            bool take = ready && Input.Valid;
            bool outputFree = !outputValid || OutputReady.Ready;
            if (outputValid && OutputReady.Ready) outputValid = false;

            // When the output register frees, send: the upper half of the current block, else the
            // first beat of the waiting block, else the first beat of the block arriving now.
            bool sendBlock = false;
            UInt128 block = 0;
            byte blockBytes = 0;
            bool blockLast = false;
            if (outputFree)
            {
                if (upperValid)
                {
                    Output.Data = upper;
                    Output.Keep = AxiMath.KeepOf(upperBytes);
                    Output.Last = upperLast;
                    outputValid = true;
                    upperValid = false;
                }
                else if (nextValid)
                {
                    sendBlock = true;
                    block = next;
                    blockBytes = nextBytes;
                    blockLast = nextLast;
                    nextValid = false;
                }
                else if (take)
                {
                    sendBlock = true;
                    block = Input.Data;
                    blockBytes = Input.Bytes;
                    blockLast = Input.Last;
                    take = false; // straight through
                }
            }
            if (sendBlock)
            {
                bool oneBeat = blockBytes <= 8;
                Output.Data = (ulong)block & AxiMath.LowBytesMask(blockBytes);
                Output.Keep = AxiMath.KeepOf(blockBytes);
                Output.Last = blockLast && oneBeat;
                outputValid = true;
                if (!oneBeat)
                {
                    upper = (ulong)(block >> 64) & AxiMath.LowBytesMask((byte)(blockBytes - 8));
                    upperBytes = (byte)(blockBytes - 8);
                    upperLast = blockLast;
                    upperValid = true;
                }
            }
            if (take)
            {
                next = Input.Data;
                nextBytes = Input.Bytes;
                nextLast = Input.Last;
                nextValid = true;
            }
            ready = !nextValid;
        }
        Output.Valid = outputValid;
        InputReady.Ready = ready;
    }
}
