using Crypto.Streams;
using Hdl;

namespace Crypto.ChaCha;

/// <summary>
/// Last stage of every ChaCha20 core: adds the initial state to the working state (the block
/// function's feed-forward), XORs the keystream block with the data word, zeroes the bytes past
/// ByteCount, and registers the output word.
/// </summary>
public sealed class ChaChaFinalStage : ClockedProcess
{
    /// <summary>The block after all 20 rounds.</summary>
    [InputBus] public IChaChaBlock Input = null!;
    /// <summary>Pipeline enable from <see cref="PipelineControl"/>.</summary>
    [InputBus] public IReady Advance = null!;
    /// <summary>The core's output stream.</summary>
    [OutputBus] public IChaChaDataOut Output = Bus.Create<IChaChaDataOut>();

    protected override void OnTick()
    {
        if (Advance.Ready)
        {
            bool valid = Input.Valid;
            Output.Valid = valid;
            if (valid)
            {
                UInt128 key0 = Input.Key[0], key1 = Input.Key[1], counterNonce = Input.CounterNonce;
                UInt128 s0 = ChaChaMath.AddLanes(Input.Column[0], ChaChaMath.InitialColumn(key0, key1, counterNonce, 0));
                UInt128 s1 = ChaChaMath.AddLanes(Input.Column[1], ChaChaMath.InitialColumn(key0, key1, counterNonce, 1));
                UInt128 s2 = ChaChaMath.AddLanes(Input.Column[2], ChaChaMath.InitialColumn(key0, key1, counterNonce, 2));
                UInt128 s3 = ChaChaMath.AddLanes(Input.Column[3], ChaChaMath.InitialColumn(key0, key1, counterNonce, 3));
                byte byteCount = Input.ByteCount;
                for (int i = 0; i < Output.Data.Length; i++)
                    Output.Data[i] = (ChaChaMath.Row(s0, s1, s2, s3, i) ^ Input.Data[i]) & ChaChaMath.KeepMask(byteCount, i);
                Output.ByteCount = byteCount;
                Output.Error = Input.Error;
                Output.Last = Input.Last;
            }
        }
    }
}
