using Crypto.Streams;
using Hdl;

namespace Crypto.Aes;

/// <summary>
/// First stage of an on-the-fly AES encryption pipeline: takes a block and its key from the input
/// stream, registers the initial AddRoundKey and the key-schedule window w0..w7 that travels with
/// the block (so every block may have a key of its own, of any size, without a flush).
/// </summary>
public sealed class AesKeyedInitialStage : ClockedProcess
{
    /// <summary>The core's input stream.</summary>
    [InputBus] public IAesBlockIn Input = null!;
    /// <summary>Pipeline enable from <see cref="PipelineControl"/>.</summary>
    [InputBus] public IReady Advance = null!;
    /// <summary>The state after the initial AddRoundKey.</summary>
    [OutputBus] public IAesBlockOut Output = Bus.Create<IAesBlockOut>();
    /// <summary>Window 0 of the key schedule (High is round key 0).</summary>
    [OutputBus] public IAesKeyWindow OutputKey = Bus.Create<IAesKeyWindow>();

    protected override void OnTick()
    {
        if (Advance.Ready)
        {
            bool valid = Input.Valid;
            Output.Valid = valid;
            if (valid)
            {
                Output.Block = AesMath.AddRoundKey(Input.Block, Input.KeyHigh);
                Output.Side = Input.Side;
                Output.KeySize = Input.KeySize;
                Output.Tag = Input.Tag;
                Output.Last = Input.Last;
                OutputKey.High = Input.KeyHigh;
                OutputKey.Low = AesMath.InitialWindowLow(Input.KeyHigh, Input.KeyLow, Input.KeySize);
            }
        }
    }
}

/// <summary>
/// One encryption round of an on-the-fly pipeline: round key r is the low half of the window that
/// comes with the block; the stage applies round r (middle, final, or nothing above the block's Nr)
/// in T-table form and passes the next window on. A pipeline instantiates it for rounds 1..14.
/// </summary>
public sealed class AesKeyedRoundStage : ClockedProcess
{
    /// <summary>The state after the previous round.</summary>
    [InputBus] public IAesBlockOut Input = null!;
    /// <summary>Window r-1 of the key schedule.</summary>
    [InputBus] public IAesKeyWindow InputKey = null!;
    /// <summary>Pipeline enable from <see cref="PipelineControl"/>.</summary>
    [InputBus] public IReady Advance = null!;
    /// <summary>The state after this round.</summary>
    [OutputBus] public IAesBlockOut Output = Bus.Create<IAesBlockOut>();
    /// <summary>Window r (not written by the last stage, whose window nothing reads).</summary>
    [OutputBus] public IAesKeyWindow OutputKey = Bus.Create<IAesKeyWindow>();

    /// <summary>Round number, 1..14.</summary>
    readonly int round;
    /// <summary>The last stage of the pipeline.</summary>
    readonly bool isLastStage;

    public AesKeyedRoundStage(int round, bool isLastStage)
    {
        if (round < 1 || round > AesMath.MaxRounds)
            throw new ArgumentOutOfRangeException(nameof(round), round, $"an AES round is numbered 1..{AesMath.MaxRounds}");
        this.round = round;
        this.isLastStage = isLastStage;
    }

    protected override void OnTick()
    {
        if (Advance.Ready)
        {
            bool valid = Input.Valid;
            Output.Valid = valid;
            if (valid)
            {
                byte rounds = AesMath.RoundsOf(Input.KeySize);
                Output.Block = AesMath.RoundStep(Input.Block, InputKey.Low, round, rounds, AesMath.WholeRound, true, false);
                Output.Side = Input.Side;
                Output.KeySize = Input.KeySize;
                Output.Tag = Input.Tag;
                Output.Last = Input.Last;
                if (!isLastStage)
                {
                    OutputKey.High = InputKey.Low;
                    OutputKey.Low = AesMath.NextWindowLow(InputKey.High, InputKey.Low, round - 1, Input.KeySize);
                }
            }
        }
    }
}
