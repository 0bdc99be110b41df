using Crypto.Streams;
using Hdl;

namespace Crypto.Aes;

/// <summary>
/// A pipeline stage of a held-key AES core: it applies stages <c>firstRound..lastRound</c> of the
/// pipeline to the block and registers the result. Stage 0 is the initial AddRoundKey; every block's
/// rounds end at the pipeline's last stage, so in a build for every key size (stages up to 14) a block
/// of fewer rounds passes the first stages after stage 0 unchanged (<see cref="AesMath.StageStep"/>),
/// and the final round is built once, in the last stage. Every pipeline (naive, tbox, proc4, proc11, proc22)
/// is instances of this one process, configured by its generics; all stages are enabled by the same
/// <see cref="PipelineControl"/>. The stage holds the round keys of its steps, loaded by
/// <see cref="AesKeyScheduler"/> over <see cref="KeyLoad"/>.
/// </summary>
public sealed class AesRoundStage : ClockedProcess
{
    /// <summary>The state after the previous stage (the core's input for the first stage).</summary>
    [InputBus] public IAesBlockOut Input = null!;
    /// <summary>Round keys from the key scheduler.</summary>
    [InputBus] public IAesKeyLoad KeyLoad = null!;
    /// <summary>Pipeline enable from <see cref="PipelineControl"/>.</summary>
    [InputBus] public IReady Advance = null!;
    /// <summary>The state after this stage.</summary>
    [OutputBus] public IAesBlockOut Output = Bus.Create<IAesBlockOut>();

    /// <summary>First stage of the pipeline this process does, 0..14.</summary>
    readonly int firstRound;
    /// <summary>Last stage of the pipeline this process does, firstRound..14.</summary>
    readonly int lastRound;
    /// <summary>The pipeline's last stage, where every block's final round is (<see cref="AesMath.LastStepOf"/>).</summary>
    readonly int lastStep;
    /// <summary><see cref="AesRoundPart.WholeRound"/>, or one half of a round (one step per stage then).</summary>
    readonly AesRoundPart part;
    /// <summary>The equivalent inverse cipher.</summary>
    readonly bool decrypt;
    /// <summary>The key size code the build is for, or <see cref="AesMath.AnyKeySize"/> (each block's KeySize decides).</summary>
    readonly int buildKeySize;

    /// <summary>Round key of each stage (only those of this process's stages are loaded and read).</summary>
    readonly UInt128[] roundKeys = new UInt128[AesMath.MaxRounds + 1];

    public AesRoundStage(int firstRound, int lastRound, AesRoundPart part, bool decrypt, int buildKeySize)
    {
        if (firstRound < 0 || lastRound < firstRound || lastRound > AesMath.MaxRounds)
            throw new ArgumentOutOfRangeException(nameof(lastRound), $"steps {firstRound}..{lastRound}: a stage does steps within 0..{AesMath.MaxRounds}");
        if (part != AesRoundPart.WholeRound && firstRound != lastRound)
            throw new ArgumentException("a stage that does half a round does one step", nameof(part));
        this.firstRound = firstRound;
        this.lastRound = lastRound;
        this.part = part;
        this.decrypt = decrypt;
        this.buildKeySize = buildKeySize;
        lastStep = AesMath.LastStepOf(buildKeySize);
    }

    protected override void OnTick()
    {
        if (Advance.Ready)
        {
            bool valid = Input.Valid;
            Output.Valid = valid;
            if (valid)
            {
                byte keySize = AesMath.KeySizeIn(buildKeySize, Input.KeySize);
                UInt128 state = Input.Block;
                for (int round = firstRound; round <= lastRound; round++)
                    state = AesMath.StageStep(state, roundKeys[round], round, lastStep, keySize, part, decrypt);
                Output.Block = state;
                Output.Side = Input.Side;
                Output.KeySize = Input.KeySize;
                Output.Tag = Input.Tag;
                Output.Last = Input.Last;
            }
        }
        // Loaded after the round has read its key: the register file is read and written as one
        // signal (no blocks flow while the key scheduler loads, see AesKeyGate).
        if (KeyLoad.Valid && KeyLoad.Round >= firstRound && KeyLoad.Round <= lastRound)
            roundKeys[KeyLoad.Round] = KeyLoad.RoundKey;
    }
}
