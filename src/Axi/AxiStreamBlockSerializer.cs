using System.Numerics;
using Crypto.Streams;
using Hdl;

namespace Crypto.Axi;

/// <summary>
/// AXI4-Stream master whose TDATA is a word of <typeparamref name="W"/> (ulong: 64 bits, uint: 32
/// bits) that sends each 128-bit block as 16 / (bytes of W) beats (two of 64 bits, four of 32), or
/// fewer when a short final block holds fewer bytes: TKEEP marks the data bytes of the final beat of a
/// short block, TLAST goes with the last beat of a packet's final block. Lanes outside TKEEP are zero.
/// <para>
/// The output beat and the input ready are registers. Besides the rest of the block being sent, one
/// more whole block can wait, so with a consumer that is always ready the output runs at one beat per
/// clock.
/// </para>
/// <para>
/// A flush (soft reset) keeps the AXI4-Stream rules on m_axis, which this process drives: the
/// consumer, an AXI DMA S2MM channel, is not reset with the wrapper, so only ARESETn may drop TVALID
/// without a transfer. The beat on offer stays, unchanged, until it is taken; what waits behind it
/// (the rest of its block, a waiting block) is dropped and no block is taken; and when the packet in
/// progress has not had its TLAST, one closing beat follows (<see cref="AxiMath.ClosingBeatKeep"/>:
/// one zero byte, TLAST), so the consumer's packet ends. The register bank sees the same on m_axis
/// and reports the cut (STATUS error 5, docs/axi.md). With <c>closesPacketOnFlush</c> false a flush
/// drops the beat on offer too, which breaks those rules on m_axis: the formal checks' mutant
/// (tests/Axi.Tests/FormalTests.cs), in no wrapper.
/// </para>
/// </summary>
public sealed class AxiStreamBlockSerializer<W> : ClockedProcess where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
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
    [OutputBus] public IAxiStreamBeat<W> Output = Bus.Create<IAxiStreamBeat<W>>();

    /// <summary>A flush holds the beat on offer and closes the packet (every wrapper); false: the mutant, see the class summary.</summary>
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
    /// <summary>The rest of the block being sent is waiting: <see cref="restBytes"/> bytes from bit 0 of <see cref="rest"/>.</summary>
    bool restValid;
    UInt128 rest;
    byte restBytes;
    bool restLast;
    /// <summary>A whole block is waiting behind the one being sent.</summary>
    bool nextValid;
    UInt128 next;
    byte nextBytes;
    bool nextLast;

    /// <param name="closesPacketOnFlush">True in every wrapper; false makes the formal checks' mutant (see the class summary).</param>
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
            restValid = false;
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

            // When the output register is free, send the next beat of: the rest of the current block,
            // else the waiting block, else the block arriving now.
            bool send = false;
            UInt128 source = 0;
            byte sourceBytes = 0;
            bool sourceLast = false;
            if (!outputValid)
            {
                if (restValid)
                {
                    send = true;
                    source = rest;
                    sourceBytes = restBytes;
                    sourceLast = restLast;
                }
                else if (nextValid)
                {
                    send = true;
                    source = next;
                    sourceBytes = nextBytes;
                    sourceLast = nextLast;
                    nextValid = false;
                }
                else if (take)
                {
                    send = true;
                    source = Input.Data;
                    sourceBytes = Input.Bytes;
                    sourceLast = Input.Last;
                    take = false; // straight through
                }
            }
            if (send)
            {
                bool final = sourceBytes <= AxiBeat<W>.Bytes;
                Output.Data = W.CreateTruncating(source) & W.CreateTruncating(AxiMath.LowBytesMask(sourceBytes));
                Output.Keep = AxiMath.KeepOf(final ? sourceBytes : (byte)AxiBeat<W>.Bytes);
                outputLast = sourceLast && final;
                outputValid = true;
                restValid = !final;
                rest = source >> AxiBeat<W>.Bits;
                restBytes = (byte)(sourceBytes - AxiBeat<W>.Bytes);
                restLast = sourceLast;
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
            Output.Data = W.Zero;
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
