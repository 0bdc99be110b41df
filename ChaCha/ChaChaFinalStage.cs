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
                // Constant rows: the helpers are written in place with their row's slices (docs/engine.md).
                Output.Data[0] = (ChaChaMath.Row(s0, s1, s2, s3, 0) ^ Input.Data[0]) & ChaChaMath.KeepMask(byteCount, 0);
                Output.Data[1] = (ChaChaMath.Row(s0, s1, s2, s3, 1) ^ Input.Data[1]) & ChaChaMath.KeepMask(byteCount, 1);
                Output.Data[2] = (ChaChaMath.Row(s0, s1, s2, s3, 2) ^ Input.Data[2]) & ChaChaMath.KeepMask(byteCount, 2);
                Output.Data[3] = (ChaChaMath.Row(s0, s1, s2, s3, 3) ^ Input.Data[3]) & ChaChaMath.KeepMask(byteCount, 3);
                Output.ByteCount = byteCount;
                Output.Error = Input.Error;
                Output.Last = Input.Last;
            }
        }
    }
}
