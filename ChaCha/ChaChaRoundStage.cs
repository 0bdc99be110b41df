using Crypto.Streams;
using Hdl;

namespace Crypto.ChaCha;

/// <summary>
/// A pipeline stage of a ChaCha20 core: registers the state computed by its <see cref="ChaChaRounds"/>
/// from the previous stage's state, with everything else of the block. A pipeline instantiates it once
/// per stage, all stages enabled by the same <see cref="PipelineControl"/>.
/// </summary>
public sealed class ChaChaRoundStage : ClockedProcess
{
    /// <summary>The previous stage's block.</summary>
    [InputBus] public IChaChaBlock Input = null!;
    /// <summary>The previous stage's state after this stage's rounds.</summary>
    [InputBus] public IChaChaColumns Rounds = null!;
    /// <summary>Pipeline enable from <see cref="PipelineControl"/>.</summary>
    [InputBus] public IReady Advance = null!;
    [OutputBus] public IChaChaBlock Output = Bus.Create<IChaChaBlock>();

    protected override void OnTick()
    {
        if (Advance.Ready)
        {
            bool valid = Input.Valid;
            Output.Valid = valid;
            if (valid)
            {
                for (int i = 0; i < Output.Column.Length; i++) Output.Column[i] = Rounds.Column[i];
                for (int i = 0; i < Output.Key.Length; i++) Output.Key[i] = Input.Key[i];
                Output.CounterNonce = Input.CounterNonce;
                for (int i = 0; i < Output.Data.Length; i++) Output.Data[i] = Input.Data[i];
                Output.ByteCount = Input.ByteCount;
                Output.Error = Input.Error;
                Output.Last = Input.Last;
            }
        }
    }
}
