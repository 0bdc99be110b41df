using Hdl;

namespace Crypto.Streams;

/// <summary>
/// Flow control of a pipeline whose stages all advance together: the pipeline moves whenever its
/// last stage is empty or the consumer takes the last stage's block. The same signal is the
/// pipeline's input Ready, so a full pipeline with an always-ready consumer accepts one block per
/// clock, and back-pressure holds every stage (nothing lost, duplicated or reordered).
/// </summary>
public sealed class PipelineControl : CombinationalProcess
{
    /// <summary>The pipeline's output (its last stage).</summary>
    [InputBus] public IStreamControl Output = null!;
    /// <summary>The consumer's ready.</summary>
    [InputBus] public IReady OutputReady = null!;
    /// <summary>Advance enable for every stage, and the pipeline's input ready.</summary>
    [OutputBus] public IReady Advance = Bus.Create<IReady>();

    protected override void OnTick()
    {
        Advance.Ready = OutputReady.Ready || !Output.Valid;
    }
}
