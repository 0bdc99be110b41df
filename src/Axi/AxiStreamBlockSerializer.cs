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
/// beat per clock.
/// </para>
/// <para>
/// A flush (soft reset) keeps the AXI4-Stream rules when this process drives m_axis (the 64-bit
/// wrapper): the consumer, an AXI DMA S2MM channel, is not reset with the wrapper, so only ARESETn may
/// drop TVALID without a transfer. The beat on offer stays, unchanged, until it is taken; what waits
/// behind it (the upper half of its block, a waiting block) is dropped and no block is taken; and
/// when the packet in progress has not had its TLAST, one closing beat follows (<see
/// cref="AxiMath.ClosingBeatKeep"/>: one zero byte, TLAST), so the consumer's packet ends. The register
/// bank sees the same on m_axis and reports the cut (STATUS error 5, docs/axi.md). Behind it, a
/// downsizer does this instead (<see cref="AxiStreamDownsizer"/>), so with
/// <c>closesPacketOnFlush</c> false (the 32-bit wrapper, an internal stream) a flush drops the beat on
/// offer too.
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

    /// <summary>This process drives m_axis: a flush holds the beat on offer and closes the packet.</summary>
    readonly bool closesPacketOnFlush;

    /// <summary>Mirror of InputReady.Ready.</summary>
    bool ready;
    /// <summary>Mirror of Output.Valid.</summary>
    bool outputValid;
    /// <summary>Mirror of Output.Last.</summary>
    bool outputLast;
    /// <summary>The last beat taken by the consumer did not end its packet.</summary>
    bool midPacket;
    /// <summary>After a flush: the packet in progress still needs its closing beat.</summary>
    bool closing;
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

    /// <param name="closesPacketOnFlush">
    /// Whether this process drives m_axis (true) or feeds a downsizer that does (false): see the class summary.
    /// </param>
    public AxiStreamBlockSerializer(bool closesPacketOnFlush = true) => this.closesPacketOnFlush = closesPacketOnFlush;

    protected override void OnTick()
    {
        if (outputValid && OutputReady.Ready)
        {
            outputValid = false;
            midPacket = !outputLast;
        }
        if (Control.Flush)
        {
            upperValid = false;
            nextValid = false;
            if (closesPacketOnFlush) closing = outputValid ? !outputLast : midPacket;
            else
            {
                outputValid = false;
                midPacket = false;
            }
        }
        else
        {
            bool take = ready && Input.Valid;

            // When the output register is free, send: the upper half of the current block, else the
            // first beat of the waiting block, else the first beat of the block arriving now.
            bool sendBlock = false;
            UInt128 block = 0;
            byte blockBytes = 0;
            bool blockLast = false;
            if (!outputValid)
            {
                if (upperValid)
                {
                    Output.Data = upper;
                    Output.Keep = AxiMath.KeepOf(upperBytes);
                    outputLast = upperLast;
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
                outputLast = blockLast && oneBeat;
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
        }
        // The packet cut by a flush ends with the closing beat as soon as the output register is free.
        if (closing && !outputValid)
        {
            Output.Data = 0;
            Output.Keep = AxiMath.ClosingBeatKeep;
            outputLast = true;
            outputValid = true;
            closing = false;
        }
        ready = !Control.Flush && !nextValid && !closing;
        Output.Last = outputLast;
        Output.Valid = outputValid;
        InputReady.Ready = ready;
    }
}
