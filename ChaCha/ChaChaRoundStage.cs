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
                Output.Column0 = Rounds.Column0;
                Output.Column1 = Rounds.Column1;
                Output.Column2 = Rounds.Column2;
                Output.Column3 = Rounds.Column3;
                Output.Key0 = Input.Key0;
                Output.Key1 = Input.Key1;
                Output.CounterNonce = Input.CounterNonce;
                Output.Data0 = Input.Data0;
                Output.Data1 = Input.Data1;
                Output.Data2 = Input.Data2;
                Output.Data3 = Input.Data3;
                Output.ByteCount = Input.ByteCount;
                Output.Error = Input.Error;
                Output.Last = Input.Last;
            }
        }
    }
}
