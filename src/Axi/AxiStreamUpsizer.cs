using Crypto.Streams;
using Hdl;

namespace Crypto.Axi;

/// <summary>
/// AXI4-Stream width converter, 32 to 64 bits, in front of <see cref="AxiStreamBlockAssembler"/> in a
/// wrapper with 32-bit streams. Two 32-bit beats become one 64-bit beat: the first in byte lanes 0..3,
/// the second in lanes 4..7, TKEEP the two TKEEPs side by side, TLAST from the second. A packet that
/// ends on the first beat of a pair (an odd number of 32-bit beats) ends in a 64-bit beat of that beat
/// alone (TKEEP within lanes 0..3, TLAST). Lanes outside TKEEP leave as zero. TKEEP is passed on, not
/// judged: the assembler checks the 64-bit TKEEP, and a 32-bit TKEEP that is not a run of lanes from
/// lane 0, or is partial before TLAST, makes a 64-bit TKEEP that is neither (STATUS error 2). The one
/// exception is a partial beat followed by a final beat with TKEEP zero (a null beat, which the AXI
/// DMA never sends): the pair reads as a short final beat.
/// <para>
/// TREADY and the output are registers, as in the assembler: the first beat of a pair goes into a
/// holding register, the second completes the pair into the output register, and TREADY is high
/// whenever a beat can be taken whatever the consumer does next. The input runs at one beat per clock
/// while the consumer takes a 64-bit beat at least every other clock (the assembler takes one every
/// clock). TREADY is low while the stream is not enabled; a flush (soft reset) drops everything.
/// </para>
/// </summary>
public sealed class AxiStreamUpsizer : ClockedProcess
{
    /// <summary>s_axis: the 32-bit input beats.</summary>
    [InputBus] public IAxiStreamBeat32 Input = null!;
    /// <summary>Enable and flush from the register bank.</summary>
    [InputBus] public IAxiStreamControl Control = null!;
    /// <summary>The consumer's ready (the assembler's TREADY).</summary>
    [InputBus] public IReady OutputReady = null!;
    /// <summary>s_axis TREADY (a register).</summary>
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();
    /// <summary>The 64-bit beats (a register).</summary>
    [OutputBus] public IAxiStreamBeat Output = Bus.Create<IAxiStreamBeat>();

    /// <summary>Mirror of InputReady.Ready.</summary>
    bool ready;
    /// <summary>Mirror of Output.Valid.</summary>
    bool outputValid;
    /// <summary>The holding register has the first beat of a pair.</summary>
    bool holding;
    /// <summary>The held beat is the packet's last (it is a 64-bit beat by itself).</summary>
    bool holdingLast;
    uint held;
    byte heldKeep;

    protected override void OnTick()
    {
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

            // A held final beat is a 64-bit beat of its own: send it when the output register is free.
            if (holding && holdingLast && outputFree)
            {
                Output.Data = held;
                Output.Keep = heldKeep;
                Output.Last = true;
                outputValid = true;
                holding = false;
            }

            if (take)
            {
                if (holding)
                {
                    // Second beat: the pair is complete (TREADY promised a free output register).
                    Output.Data = ((ulong)(Input.Data & (uint)AxiMath.LaneMask(Input.Keep)) << 32) | held;
                    Output.Keep = (byte)((Input.Keep << 4) | heldKeep);
                    Output.Last = Input.Last;
                    outputValid = true;
                    holding = false;
                }
                else
                {
                    held = Input.Data & (uint)AxiMath.LaneMask(Input.Keep);
                    heldKeep = Input.Keep;
                    holdingLast = Input.Last;
                    holding = true;
                }
            }
            // Take a beat next cycle only if it cannot find the output register full (see the assembler).
            ready = Control.Enabled && (!holding || !outputValid);
        }
        Output.Valid = outputValid;
        InputReady.Ready = ready;
    }
}
