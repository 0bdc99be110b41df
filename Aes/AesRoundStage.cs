using Crypto.Streams;
using Hdl;

namespace Crypto.Aes;

/// <summary>
/// One round of AES-128 encryption as a pipeline stage: expands the round key of its round from the
/// previous one, applies the round (the final round has no MixColumns) and registers the new state and
/// round key. A pipeline instantiates it once per round, all stages enabled by the same
/// <see cref="PipelineControl"/>.
/// </summary>
public sealed class AesRoundStage : ClockedProcess
{
    /// <summary>The state after the previous round.</summary>
    [InputBus] public IAesBlockOut Input = null!;
    /// <summary>The round key of the previous round.</summary>
    [InputBus] public IAesRoundKey InputKey = null!;
    /// <summary>Pipeline enable from <see cref="PipelineControl"/>.</summary>
    [InputBus] public IReady Advance = null!;
    /// <summary>The state after this round.</summary>
    [OutputBus] public IAesBlockOut Output = Bus.Create<IAesBlockOut>();
    /// <summary>The round key of this round (not written by the final round, whose key nothing reads).</summary>
    [OutputBus] public IAesRoundKey OutputKey = Bus.Create<IAesRoundKey>();

    /// <summary>Round number, 1..10.</summary>
    readonly int round;
    /// <summary>Whether this is the final round (no MixColumns).</summary>
    readonly bool isLastRound;

    public AesRoundStage(int round, bool isLastRound)
    {
        if (round < 1 || round > AesMath.Rounds128)
            throw new ArgumentOutOfRangeException(nameof(round), round, $"an AES-128 round is numbered 1..{AesMath.Rounds128}");
        this.round = round;
        this.isLastRound = isLastRound;
    }

    protected override void OnTick()
    {
        if (Advance.Ready)
        {
            bool valid = Input.Valid;
            Output.Valid = valid;
            if (valid)
            {
                UInt128 roundKey = AesMath.NextRoundKey128(InputKey.RoundKey, AesMath.Rcon[round]);
                if (isLastRound) Output.Block = AesMath.FinalRound(Input.Block, roundKey);
                else Output.Block = AesMath.Round(Input.Block, roundKey);
                Output.Tag = Input.Tag;
                Output.Last = Input.Last;
                // The final round's key has no next stage to feed.
                if (!isLastRound) OutputKey.RoundKey = roundKey;
            }
        }
    }
}
