using Crypto.Streams;
using Hdl;

namespace Crypto.Axi;

/// <summary>
/// AXI4-Stream width converter, 64 to 32 bits, behind <see cref="AxiStreamBlockSerializer"/> in a
/// wrapper with 32-bit streams. Each 64-bit beat leaves as two 32-bit beats, lanes 0..3 first, or as
/// one when TKEEP marks no byte in lanes 4..7 (a short final beat); TKEEP is split with the lanes,
/// TLAST goes with the last 32-bit beat of a 64-bit beat that has it. Lanes outside TKEEP leave as zero.
/// <para>
/// The output beat and the input ready are registers, as in the serializer: besides the upper half of
/// the beat being sent, one more 64-bit beat can wait, so with a consumer that is always ready the
/// output runs at one 32-bit beat per clock.
/// </para>
/// <para>
/// It drives m_axis, so a flush (soft reset) keeps the AXI4-Stream rules as the serializer does in a
/// 64-bit wrapper: the 32-bit beat on offer stays until taken, what waits behind it is dropped, no
/// beat is taken, and a packet that has not had its TLAST ends with one closing beat (one zero byte,
/// TLAST). The serializer in front of it drops what it holds (an internal stream).
/// </para>
/// </summary>
public sealed class AxiStreamDownsizer : ClockedProcess
{
    /// <summary>The 64-bit beats (the serializer's output).</summary>
    [InputBus] public IAxiStreamBeat Input = null!;
    /// <summary>Flush from the register bank.</summary>
    [InputBus] public IAxiStreamControl Control = null!;
    /// <summary>m_axis TREADY.</summary>
    [InputBus] public IReady OutputReady = null!;
    /// <summary>Ready for a 64-bit beat (a register).</summary>
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();
    /// <summary>m_axis: the 32-bit output beats (registers).</summary>
    [OutputBus] public IAxiStreamBeat32 Output = Bus.Create<IAxiStreamBeat32>();

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
    /// <summary>The upper half of the beat being sent is waiting.</summary>
    bool upperValid;
    uint upper;
    byte upperKeep;
    bool upperLast;
    /// <summary>A whole 64-bit beat is waiting behind the one being sent.</summary>
    bool nextValid;
    ulong next;
    byte nextKeep;
    bool nextLast;

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
            closing = outputValid ? !outputLast : midPacket;
        }
        else
        {
            bool take = ready && Input.Valid;

            // When the output register is free, send: the upper half of the current beat, else the
            // lower half of the waiting beat, else the lower half of the beat arriving now.
            bool sendBeat = false;
            ulong beat = 0;
            byte beatKeep = 0;
            bool beatLast = false;
            if (!outputValid)
            {
                if (upperValid)
                {
                    Output.Data = upper;
                    Output.Keep = upperKeep;
                    outputLast = upperLast;
                    outputValid = true;
                    upperValid = false;
                }
                else if (nextValid)
                {
                    sendBeat = true;
                    beat = next;
                    beatKeep = nextKeep;
                    beatLast = nextLast;
                    nextValid = false;
                }
                else if (take)
                {
                    sendBeat = true;
                    beat = Input.Data;
                    beatKeep = Input.Keep;
                    beatLast = Input.Last;
                    take = false; // straight through
                }
            }
            if (sendBeat)
            {
                beat &= AxiMath.LaneMask(beatKeep);
                byte highKeep = (byte)(beatKeep >> 4);
                bool oneBeat = highKeep == 0;
                Output.Data = (uint)beat;
                Output.Keep = (byte)(beatKeep & 0xF);
                outputLast = beatLast && oneBeat;
                outputValid = true;
                if (!oneBeat)
                {
                    upper = (uint)(beat >> 32);
                    upperKeep = highKeep;
                    upperLast = beatLast;
                    upperValid = true;
                }
            }
            if (take)
            {
                next = Input.Data;
                nextKeep = Input.Keep;
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
