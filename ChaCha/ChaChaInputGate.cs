using Crypto.Streams;
using Hdl;

namespace Crypto.ChaCha;

/// <summary>The core's input Ready: the first stage advances and the core has not stopped on counter exhaustion.</summary>
public sealed class ChaChaInputGate : CombinationalProcess
{
    [InputBus] public IReady Advance = null!;
    [InputBus] public IChaChaStopped Status = null!;
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();

    protected override void OnTick()
    {
        InputReady.Ready = Advance.Ready && !Status.Stopped;
    }
}
