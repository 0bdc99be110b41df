using Crypto.Streams;
using Hdl;

namespace Crypto.ChaCha;

/// <summary>
/// First stage of every ChaCha20 core: numbers the blocks and builds their initial state. On a
/// message's first word it takes the key, nonce and initial counter from the input; on the following
/// words it uses the registered key and nonce and the next counter. A word that uses counter 2^32-1
/// while its message goes on is marked with Error, and the core stops: the counter never wraps.
/// </summary>
public sealed class ChaChaBlockSetup : ClockedProcess
{
    /// <summary>The core's input stream.</summary>
    [InputBus] public IChaChaDataIn Input = null!;
    /// <summary>Pipeline enable from <see cref="PipelineControl"/>.</summary>
    [InputBus] public IReady Advance = null!;
    /// <summary>The block with its initial state.</summary>
    [OutputBus] public IChaChaBlock Output = Bus.Create<IChaChaBlock>();
    /// <summary>High once the counter is exhausted (sticky until reset).</summary>
    [OutputBus] public IChaChaStopped Status = Bus.Create<IChaChaStopped>();

    /// <summary>A message is under way: the next word continues it.</summary>
    bool inMessage;
    /// <summary>The block counter of the message's next word.</summary>
    uint nextCounter;
    UInt128 key0, key1, nonce;
    /// <summary>Counter exhausted: no more input is taken.</summary>
    bool stopped;

    protected override void OnTick()
    {
        if (Advance.Ready)
        {
            bool take = Input.Valid && !stopped;
            Output.Valid = take;
            if (take)
            {
                UInt128 k0 = key0, k1 = key1, n = nonce;
                uint counter = nextCounter;
                if (!inMessage)
                {
                    k0 = Input.Key[0];
                    k1 = Input.Key[1];
                    n = Input.Nonce;
                    counter = Input.Counter;
                }
                UInt128 counterNonce = ChaChaMath.CounterNonce(counter, n);
                Output.Column[0] = ChaChaMath.InitialColumn(k0, k1, counterNonce, 0);
                Output.Column[1] = ChaChaMath.InitialColumn(k0, k1, counterNonce, 1);
                Output.Column[2] = ChaChaMath.InitialColumn(k0, k1, counterNonce, 2);
                Output.Column[3] = ChaChaMath.InitialColumn(k0, k1, counterNonce, 3);
                Output.Key[0] = k0;
                Output.Key[1] = k1;
                Output.CounterNonce = counterNonce;
                for (int i = 0; i < Output.Data.Length; i++) Output.Data[i] = Input.Data[i];
                Output.ByteCount = Input.ByteCount;
                Output.Last = Input.Last;
                bool exhausted = counter == uint.MaxValue && !Input.Last;
                Output.Error = exhausted;
                if (exhausted) stopped = true;
                key0 = k0;
                key1 = k1;
                nonce = n;
                nextCounter = counter + 1;
                inMessage = !Input.Last;
            }
        }
        Status.Stopped = stopped;
    }
}
