using Crypto.Streams;
using Hdl;

namespace Crypto.Axi.Cores;

/// <summary>
/// Keeps a core's messages whole across a soft reset, for a core that takes a message's blocks as
/// they come (an AES mode core, Poly1305): when the core has taken blocks of a message but not its
/// final one, a flush starts <see cref="Closing"/>, which makes the adapter's input process send the
/// core one block with Last (so the next packet starts a message of its own: its own IV, its own
/// key); it ends when the core takes that block. The wrapper's drain drops what comes of it.
/// </summary>
public sealed class AxiMessageCloser : ClockedProcess
{
    /// <summary>The core's input and ready.</summary>
    [InputBus] public IStreamControl CoreInput = null!;
    [InputBus] public IReady CoreReady = null!;
    [InputBus] public IAxiStreamControl Control = null!;
    [OutputBus] public IAxiDrain Closing = Bus.Create<IAxiDrain>();

    bool midMessage, closing;

    protected override void OnTick()
    {
        if (CoreInput.Valid && CoreReady.Ready)
        {
            midMessage = !CoreInput.Last;
            if (closing) closing = false;
        }
        if (Control.Flush && midMessage) closing = true;
        Closing.Discard = closing;
    }
}
