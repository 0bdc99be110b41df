using Crypto.Streams;
using Hdl;

namespace Crypto.Aes;

/// <summary>
/// First stage of an on-the-fly AES pipeline: takes a block and its key from the input stream and
/// registers the key-schedule window w0..w7 that travels with the block (so every block may have a
/// key of its own, of any size, without a flush), and for encryption the initial AddRoundKey.
/// </summary>
public sealed class AesKeyedInitialStage : ClockedProcess
{
    /// <summary>The core's input stream.</summary>
    [InputBus] public IAesBlockIn Input = null!;
    /// <summary>Pipeline enable from <see cref="PipelineControl"/>.</summary>
    [InputBus] public IReady Advance = null!;
    /// <summary>The state after the initial AddRoundKey (decryption: the block as it came).</summary>
    [OutputBus] public IAesBlockOut Output = Bus.Create<IAesBlockOut>();
    /// <summary>Window 0 of the key schedule (High is round key 0).</summary>
    [OutputBus] public IAesKeyWindow OutputKey = Bus.Create<IAesKeyWindow>();

    /// <summary>Decryption: the block waits for the forward key walk; no AddRoundKey here.</summary>
    readonly bool decrypt;
    /// <summary>The key size code the build is for, or <see cref="AesMath.AnyKeySize"/> (each block's KeySize decides).</summary>
    readonly int buildKeySize;

    public AesKeyedInitialStage(bool decrypt, int buildKeySize)
    {
        this.decrypt = decrypt;
        this.buildKeySize = buildKeySize;
    }

    protected override void OnTick()
    {
        if (Advance.Ready)
        {
            bool valid = Input.Valid;
            Output.Valid = valid;
            if (valid)
            {
                Output.Block = decrypt ? Input.Block : AesMath.AddRoundKey(Input.Block, Input.KeyHigh);
                Output.Side = Input.Side;
                byte keySize = AesMath.KeySizeIn(buildKeySize, Input.KeySize);
                Output.KeySize = keySize;
                Output.Tag = Input.Tag;
                Output.Last = Input.Last;
                OutputKey.High = Input.KeyHigh;
                OutputKey.Low = AesMath.InitialWindowLow(Input.KeyHigh, AesMath.KeyLowIn(buildKeySize, Input.KeyLow), keySize);
            }
        }
    }
}

/// <summary>What an <see cref="AesKeyedRoundStage"/> does.</summary>
public static class AesKeyedStageKind
{
    /// <summary>Encryption round r (1..14): round key r is the low half of the incoming window; the window moves forward.</summary>
    public const int EncryptRound = 0;
    /// <summary>Decryption, forward key walk r (1..14): the window moves forward up to the block's Nr, the block waits.</summary>
    public const int KeyForward = 1;
    /// <summary>Decryption step r (0..14) of the inverse cipher: the high half of the incoming window is the round key; the window moves back one round for the next step.</summary>
    public const int DecryptStep = 2;
}

/// <summary>
/// One stage of an on-the-fly pipeline: the key-schedule window travels with the block. Encryption:
/// round key r is the low half of the window that comes with the block; the stage applies round r
/// (middle, final, or nothing above the block's Nr) in T-table form and passes the next window on.
/// Decryption needs the last round key first: 14 forward stages walk the window up to round Nr
/// while the block waits, then 15 decryption steps walk it back (<see cref="AesMath.PreviousWindowHigh"/>)
/// one step ahead of the block, so each step of the inverse cipher (<see cref="AesMath.InverseCipherStep"/>)
/// takes its round key from a register.
/// </summary>
public sealed class AesKeyedRoundStage : ClockedProcess
{
    /// <summary>The state after the previous stage.</summary>
    [InputBus] public IAesBlockOut Input = null!;
    /// <summary>The window of the previous stage.</summary>
    [InputBus] public IAesKeyWindow InputKey = null!;
    /// <summary>Pipeline enable from <see cref="PipelineControl"/>.</summary>
    [InputBus] public IReady Advance = null!;
    /// <summary>The state after this stage.</summary>
    [OutputBus] public IAesBlockOut Output = Bus.Create<IAesBlockOut>();
    /// <summary>The window after this stage (not written by the last stage, whose window nothing reads).</summary>
    [OutputBus] public IAesKeyWindow OutputKey = Bus.Create<IAesKeyWindow>();

    /// <summary>Round (or step) number.</summary>
    readonly int round;
    /// <summary>One of <see cref="AesKeyedStageKind"/>.</summary>
    readonly int kind;
    /// <summary>The last stage of the pipeline.</summary>
    readonly bool isLastStage;
    /// <summary>The key size code the build is for, or <see cref="AesMath.AnyKeySize"/> (each block's KeySize decides).</summary>
    readonly int buildKeySize;

    public AesKeyedRoundStage(int round, int kind, bool isLastStage, int buildKeySize)
    {
        int lowest = kind == AesKeyedStageKind.DecryptStep ? 0 : 1;
        if (round < lowest || round > AesMath.MaxRounds)
            throw new ArgumentOutOfRangeException(nameof(round), round, $"this stage's round is numbered {lowest}..{AesMath.MaxRounds}");
        this.round = round;
        this.kind = kind;
        this.isLastStage = isLastStage;
        this.buildKeySize = buildKeySize;
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
                UInt128 high = InputKey.High;
                UInt128 low = InputKey.Low;
                UInt128 nextHigh = high;
                UInt128 nextLow = low;
                UInt128 block = Input.Block;
                if (kind == AesKeyedStageKind.EncryptRound)
                {
                    block = AesMath.RoundStep(Input.Block, low, round, keySize, AesRoundPart.WholeRound, decrypt: false);
                    nextHigh = low;
                    nextLow = AesMath.NextWindowLow(high, low, round - 1, keySize);
                }
                else if (kind == AesKeyedStageKind.KeyForward)
                {
                    if (!AesMath.IsPastLastRound(round, keySize))
                    {
                        nextHigh = low;
                        nextLow = AesMath.NextWindowLow(high, low, round - 1, keySize);
                    }
                }
                else
                {
                    // Step i uses encryption round key Nr - i, the high half of the window it receives: the
                    // stage before moved the window back for it, so the key walk's S-box is not on the
                    // block's path. This stage moves it back one round for step i + 1 (up to step Nr).
                    block = AesMath.InverseCipherStep(Input.Block, high, round, keySize);
                    if (!AesMath.IsPastLastRound(round + 1, keySize))
                    {
                        nextLow = high;
                        nextHigh = AesMath.PreviousWindowHigh(high, low, AesMath.RoundsOf(keySize) - round, keySize);
                    }
                }
                Output.Block = block;
                Output.Side = Input.Side;
                Output.KeySize = Input.KeySize;
                Output.Tag = Input.Tag;
                Output.Last = Input.Last;
                if (!isLastStage)
                {
                    OutputKey.High = nextHigh;
                    OutputKey.Low = nextLow;
                }
            }
        }
    }
}
