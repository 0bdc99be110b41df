using Crypto.Streams;
using Hdl;

namespace Crypto.Aes;

/// <summary>
/// First stage of the AES-128 encryption pipeline: takes a block and its cipher key from the input
/// stream and registers the initial AddRoundKey, together with round key 0 (the cipher key) for the
/// first round stage.
/// </summary>
public sealed class AesInitialStage : ClockedProcess
{
    /// <summary>The core's input stream.</summary>
    [InputBus] public IAesBlockIn Input = null!;
    /// <summary>Pipeline enable from <see cref="PipelineControl"/>.</summary>
    [InputBus] public IReady Advance = null!;
    /// <summary>The state after the initial AddRoundKey.</summary>
    [OutputBus] public IAesBlockOut Output = Bus.Create<IAesBlockOut>();
    /// <summary>Round key 0 (the cipher key).</summary>
    [OutputBus] public IAesRoundKey OutputKey = Bus.Create<IAesRoundKey>();

    protected override void OnTick()
    {
        if (Advance.Ready)
        {
            bool valid = Input.Valid;
            Output.Valid = valid;
            if (valid)
            {
                Output.Block = AesMath.AddRoundKey(Input.Block, Input.Key);
                Output.Tag = Input.Tag;
                Output.Last = Input.Last;
                OutputKey.RoundKey = Input.Key;
            }
        }
    }
}
