using Crypto.Streams;
using Hdl;

namespace Crypto.Axi;

/// <summary>
/// Counts the outputs the core owes (one per input block, or one per packet for a hash: see
/// <see cref="AxiCoreAttachment"/>; the core keeps order and loses nothing) and, at a flush (soft
/// reset), marks that many of the core's next outputs for dropping. Inputs that reach the core while
/// the stream is disabled after a flush (an adapter closing a half-sent message) are dropped too.
/// <see cref="IAxiDrain.Discard"/> stays high until they have all come out and the adapter has
/// nothing left to close. The core itself has no reset input besides the global one, so this is how
/// a soft reset empties it without waiting for the output stream.
/// </summary>
public sealed class CoreFlowDrain : ClockedProcess
{
    [InputBus] public IStreamControl CoreInput = null!;
    [InputBus] public IReady CoreInputReady = null!;
    /// <summary>The core's output (before the gate) and the ready the gate gives it.</summary>
    [InputBus] public IStreamControl CoreOutput = null!;
    [InputBus] public IReady CoreOutputReady = null!;
    [InputBus] public IAxiStreamControl Control = null!;
    /// <summary>The adapter still has to close what a soft reset left half-sent.</summary>
    [InputBus] public IAxiDrain Closing = null!;
    [OutputBus] public IAxiDrain Drain = Bus.Create<IAxiDrain>();

    /// <summary>
    /// Only inputs with Last make an output, and an output ends with its block with Last (hash cores:
    /// one digest per message, sent as one or more blocks).
    /// </summary>
    readonly bool onePerPacket;

    /// <summary>Outputs the core owes.</summary>
    ushort inFlight;
    /// <summary>Outputs still to drop.</summary>
    ushort discard;

    public CoreFlowDrain(bool onePerPacket) => this.onePerPacket = onePerPacket;

    protected override void OnTick()
    {
        bool blockIn = CoreInput.Valid && CoreInputReady.Ready && (!onePerPacket || CoreInput.Last);
        bool blockOut = CoreOutput.Valid && CoreOutputReady.Ready && (!onePerPacket || CoreOutput.Last);
        if (blockIn) inFlight++;
        if (blockOut) inFlight--;
        if (Control.Flush) discard = inFlight;
        else
        {
            bool dropIn = blockIn && !Control.Enabled;
            bool dropOut = blockOut && discard != 0;
            if (dropIn && !dropOut) discard++;
            else if (dropOut && !dropIn) discard--;
        }
        Drain.Discard = discard != 0 || Closing.Discard;
    }
}
