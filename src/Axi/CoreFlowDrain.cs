using Crypto.Streams;
using Hdl;

namespace Crypto.Axi;

/// <summary>
/// Counts the blocks inside the core (in minus out; the core keeps order and loses nothing) and, at
/// a flush (soft reset), marks that many of the core's next outputs for dropping: <see
/// cref="IAxiDrain.Discard"/> stays high until they have come out. The core itself has no reset
/// input besides the global one, so this is how a soft reset empties it without waiting for the
/// output stream.
/// </summary>
public sealed class CoreFlowDrain : ClockedProcess
{
    [InputBus] public IStreamControl CoreInput = null!;
    [InputBus] public IReady CoreInputReady = null!;
    /// <summary>The core's output (before the gate) and the ready the gate gives it.</summary>
    [InputBus] public IStreamControl CoreOutput = null!;
    [InputBus] public IReady CoreOutputReady = null!;
    [InputBus] public IAxiStreamControl Control = null!;
    [OutputBus] public IAxiDrain Drain = Bus.Create<IAxiDrain>();

    /// <summary>Blocks in the core.</summary>
    ushort inFlight;
    /// <summary>Blocks still to drop.</summary>
    ushort discard;

    protected override void OnTick()
    {
        bool blockIn = CoreInput.Valid && CoreInputReady.Ready;
        bool blockOut = CoreOutput.Valid && CoreOutputReady.Ready;
        if (blockIn) inFlight++;
        if (blockOut) inFlight--;
        if (Control.Flush) discard = inFlight;
        else if (blockOut && discard != 0) discard--;
        Drain.Discard = discard != 0;
    }
}
