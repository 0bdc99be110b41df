using Crypto.Streams;
using Hdl;

namespace Crypto.ChaCha;

/// <summary>
/// Front of a ChaCha20-Poly1305 core: asks the ChaCha20 datapath for the keystream blocks a message
/// needs, each as a one-word ChaCha20 message with its own counter and zero data: block 0 (the
/// Poly1305 one-time key, 32 bytes) when a message's first word is offered, before that word is
/// taken, and block 1, 2, ... with each data word taken. The words themselves go into the
/// <see cref="ChaChaPolyCombiner"/>'s queue, where they wait for their keystream.
/// </summary>
public sealed class ChaChaPolyFront : ClockedProcess
{
    [InputBus] public IChaChaPolyIn Input = null!;
    /// <summary>The core's input ready (<see cref="ChaChaPolyInputGate"/>): a word is taken when Valid and Ready.</summary>
    [InputBus] public IReady InputReady = null!;
    /// <summary>The ChaCha20 datapath's input ready.</summary>
    [InputBus] public IReady KeystreamReady = null!;
    /// <summary>Keystream requests into the ChaCha20 datapath.</summary>
    [OutputBus] public IChaChaDataIn Request = Bus.Create<IChaChaDataIn>();
    [OutputBus] public IChaChaPolyMessage Message = Bus.Create<IChaChaPolyMessage>();

    /// <summary>Mirror of Request.Valid.</summary>
    bool requestValid;
    /// <summary>The current message's key block is requested: its words may be taken.</summary>
    bool keyRequested;
    bool decrypt;
    /// <summary>The block counter of the message's next data word.</summary>
    uint nextCounter;
    UInt128 key0, key1, nonce;

    protected override void OnTick()
    {
        bool taken = Input.Valid && InputReady.Ready;
        if (requestValid && KeystreamReady.Ready) requestValid = false;
        if (!keyRequested)
        {
            if (Input.Valid && !requestValid)
            {
                key0 = Input.Key[0];
                key1 = Input.Key[1];
                nonce = Input.Nonce;
                decrypt = Input.Decrypt;
                for (int i = 0; i < Request.Key.Length; i++) Request.Key[i] = Input.Key[i];
                Request.Nonce = Input.Nonce;
                Request.Counter = 0;
                Request.ByteCount = ChaChaPolyMath.KeyBlockBytes;
                requestValid = true;
                keyRequested = true;
                nextCounter = 1;
            }
        }
        else if (taken)
        {
            if (Input.Kind == ChaChaPolyKind.Data)
            {
                Request.Key[0] = key0;
                Request.Key[1] = key1;
                Request.Nonce = nonce;
                Request.Counter = nextCounter;
                Request.ByteCount = ChaChaMath.BlockBytes;
                requestValid = true;
                nextCounter++;
            }
            else if (Input.Kind == ChaChaPolyKind.End)
                keyRequested = false;
        }
        for (int i = 0; i < Request.Data.Length; i++) Request.Data[i] = 0;
        Request.Last = true;
        Request.Valid = requestValid;
        Message.KeyRequested = keyRequested;
        Message.Decrypt = decrypt;
    }
}

/// <summary>
/// The core's input ready: the message's key block is requested, the queue has room, and a data
/// word's keystream request can go out at this clock.
/// </summary>
public sealed class ChaChaPolyInputGate : CombinationalProcess
{
    [InputBus] public IChaChaPolyIn Input = null!;
    [InputBus] public IChaChaPolyMessage Message = null!;
    [InputBus] public IChaChaDataIn Request = null!;
    [InputBus] public IReady KeystreamReady = null!;
    [InputBus] public IReady QueueReady = null!;
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();

    protected override void OnTick()
    {
        bool requestFree = !Request.Valid || KeystreamReady.Ready;
        InputReady.Ready = Message.KeyRequested && QueueReady.Ready && (requestFree || (Input.Valid && Input.Kind != ChaChaPolyKind.Data));
    }
}
