using Crypto.Streams;
using Hdl;

namespace Crypto.Aes;

// The block-RAM pipeline (bram11): per round, 16 reads of a 256 x 32-bit table ROM in block RAM (T0,
// or Td0 for decryption) whose registered outputs are the round's pipeline register, next to a carry
// register with the block's sideband, its state before the round and the round key. The round's xor
// (or the final round's S-box bytes, taken from the same reads) is combinational after those registers
// and addresses the next round's ROMs, so each round is one clock and the pipeline streams one block
// per clock like proc11.

/// <summary>
/// The 16 table addresses of a round, from the state before it (combinational), read when the
/// pipeline advances: lookup 4c + r reads row r of the diagonal of output column c, which is byte
/// 4c + r of the state after ShiftRows (InvShiftRows).
/// </summary>
public sealed class AesTableAddresses : CombinationalProcess
{
    /// <summary>The state before the round.</summary>
    [InputBus] public IAesBlockOut State = null!;
    /// <summary>Pipeline enable from <see cref="PipelineControl"/>.</summary>
    [InputBus] public IReady Advance = null!;
    [OutputBus] public IMemoryRead Read0 = Bus.Create<IMemoryRead>();
    [OutputBus] public IMemoryRead Read1 = Bus.Create<IMemoryRead>();
    [OutputBus] public IMemoryRead Read2 = Bus.Create<IMemoryRead>();
    [OutputBus] public IMemoryRead Read3 = Bus.Create<IMemoryRead>();
    [OutputBus] public IMemoryRead Read4 = Bus.Create<IMemoryRead>();
    [OutputBus] public IMemoryRead Read5 = Bus.Create<IMemoryRead>();
    [OutputBus] public IMemoryRead Read6 = Bus.Create<IMemoryRead>();
    [OutputBus] public IMemoryRead Read7 = Bus.Create<IMemoryRead>();
    [OutputBus] public IMemoryRead Read8 = Bus.Create<IMemoryRead>();
    [OutputBus] public IMemoryRead Read9 = Bus.Create<IMemoryRead>();
    [OutputBus] public IMemoryRead Read10 = Bus.Create<IMemoryRead>();
    [OutputBus] public IMemoryRead Read11 = Bus.Create<IMemoryRead>();
    [OutputBus] public IMemoryRead Read12 = Bus.Create<IMemoryRead>();
    [OutputBus] public IMemoryRead Read13 = Bus.Create<IMemoryRead>();
    [OutputBus] public IMemoryRead Read14 = Bus.Create<IMemoryRead>();
    [OutputBus] public IMemoryRead Read15 = Bus.Create<IMemoryRead>();

    /// <summary>Inverse-cipher addressing (InvShiftRows).</summary>
    readonly bool decrypt;

    public AesTableAddresses(bool decrypt)
    {
        this.decrypt = decrypt;
    }

    protected override void OnTick()
    {
        bool enable = Advance.Ready;
        UInt128 state = 0;
        if (State.Valid) state = State.Block;
        // Lookup i reads byte i of the state after (Inv)ShiftRows; an empty stage reads address 0.
        UInt128 shifted = AesMath.ShiftRows(state, decrypt);
        Read0.Enable = enable;
        Read0.Address = AesMath.StateByte(shifted, 0);
        Read1.Enable = enable;
        Read1.Address = AesMath.StateByte(shifted, 1);
        Read2.Enable = enable;
        Read2.Address = AesMath.StateByte(shifted, 2);
        Read3.Enable = enable;
        Read3.Address = AesMath.StateByte(shifted, 3);
        Read4.Enable = enable;
        Read4.Address = AesMath.StateByte(shifted, 4);
        Read5.Enable = enable;
        Read5.Address = AesMath.StateByte(shifted, 5);
        Read6.Enable = enable;
        Read6.Address = AesMath.StateByte(shifted, 6);
        Read7.Enable = enable;
        Read7.Address = AesMath.StateByte(shifted, 7);
        Read8.Enable = enable;
        Read8.Address = AesMath.StateByte(shifted, 8);
        Read9.Enable = enable;
        Read9.Address = AesMath.StateByte(shifted, 9);
        Read10.Enable = enable;
        Read10.Address = AesMath.StateByte(shifted, 10);
        Read11.Enable = enable;
        Read11.Address = AesMath.StateByte(shifted, 11);
        Read12.Enable = enable;
        Read12.Address = AesMath.StateByte(shifted, 12);
        Read13.Enable = enable;
        Read13.Address = AesMath.StateByte(shifted, 13);
        Read14.Enable = enable;
        Read14.Address = AesMath.StateByte(shifted, 14);
        Read15.Enable = enable;
        Read15.Address = AesMath.StateByte(shifted, 15);
    }
}

/// <summary>
/// The register that goes with a round's table reads: the block's sideband, its state before the
/// round where a block can pass the round unchanged (in a build for every key size, stages 1..4, which
/// a block of fewer than 14 rounds passes before its rounds begin), and this round's
/// key, loaded by <see cref="AesKeyScheduler"/>.
/// </summary>
public sealed class AesTableCarryStage : ClockedProcess
{
    /// <summary>The state before the round.</summary>
    [InputBus] public IAesBlockOut Input = null!;
    /// <summary>Round keys from the key scheduler.</summary>
    [InputBus] public IAesKeyLoad KeyLoad = null!;
    /// <summary>Pipeline enable from <see cref="PipelineControl"/>.</summary>
    [InputBus] public IReady Advance = null!;
    /// <summary>The block's sideband and state before the round.</summary>
    [OutputBus] public IAesBlockOut Output = Bus.Create<IAesBlockOut>();
    /// <summary>This round's key (a register, rewritten at a key load).</summary>
    [OutputBus] public IAesRoundKey RoundKey = Bus.Create<IAesRoundKey>();

    /// <summary>Stage number, 1..14.</summary>
    readonly int round;
    /// <summary>A block can pass this round unchanged, so its state before the round is kept (<see cref="AesMath.SomeBlockPasses"/>).</summary>
    readonly bool carriesState;

    public AesTableCarryStage(int round, int buildKeySize)
    {
        if (round < 1 || round > AesMath.MaxRounds)
            throw new ArgumentOutOfRangeException(nameof(round), round, $"an AES round is numbered 1..{AesMath.MaxRounds}");
        this.round = round;
        carriesState = AesMath.SomeBlockPasses(round, buildKeySize);
    }

    protected override void OnTick()
    {
        if (KeyLoad.Valid && KeyLoad.Round == round)
        {
            RoundKey.RoundKey = KeyLoad.RoundKey;
        }
        if (Advance.Ready)
        {
            bool valid = Input.Valid;
            Output.Valid = valid;
            if (valid)
            {
                if (carriesState) Output.Block = Input.Block;
                Output.Side = Input.Side;
                Output.KeySize = Input.KeySize;
                Output.Tag = Input.Tag;
                Output.Last = Input.Last;
            }
        }
    }
}

/// <summary>
/// A round from its 16 table reads (combinational): T-value xor and round key for a middle round,
/// the reads' S-box bytes and round key for the final round (the last stage), the carried state in
/// a stage before the block's rounds begin.
/// </summary>
public sealed class AesTableRoundCombine : CombinationalProcess
{
    /// <summary>The carry register of the round.</summary>
    [InputBus] public IAesBlockOut Carry = null!;
    /// <summary>The round key.</summary>
    [InputBus] public IAesRoundKey RoundKey = null!;
    [InputBus] public IMemoryData<uint> Lookup0 = null!;
    [InputBus] public IMemoryData<uint> Lookup1 = null!;
    [InputBus] public IMemoryData<uint> Lookup2 = null!;
    [InputBus] public IMemoryData<uint> Lookup3 = null!;
    [InputBus] public IMemoryData<uint> Lookup4 = null!;
    [InputBus] public IMemoryData<uint> Lookup5 = null!;
    [InputBus] public IMemoryData<uint> Lookup6 = null!;
    [InputBus] public IMemoryData<uint> Lookup7 = null!;
    [InputBus] public IMemoryData<uint> Lookup8 = null!;
    [InputBus] public IMemoryData<uint> Lookup9 = null!;
    [InputBus] public IMemoryData<uint> Lookup10 = null!;
    [InputBus] public IMemoryData<uint> Lookup11 = null!;
    [InputBus] public IMemoryData<uint> Lookup12 = null!;
    [InputBus] public IMemoryData<uint> Lookup13 = null!;
    [InputBus] public IMemoryData<uint> Lookup14 = null!;
    [InputBus] public IMemoryData<uint> Lookup15 = null!;
    /// <summary>The state after the round.</summary>
    [OutputBus] public IAesBlockOut Output = Bus.Create<IAesBlockOut>();

    /// <summary>Stage number, 1..14.</summary>
    readonly int round;
    /// <summary>The reads are Td0 (equivalent inverse cipher), not T0.</summary>
    readonly bool decrypt;
    /// <summary>The key size code the build is for, or <see cref="AesMath.AnyKeySize"/> (each block's KeySize decides).</summary>
    readonly int buildKeySize;
    /// <summary>A block can pass this round unchanged: the carry register holds its state (<see cref="AesTableCarryStage"/>).</summary>
    readonly bool passesBlocks;
    /// <summary>The pipeline's last stage, where every block's final round is (<see cref="AesMath.LastStepOf"/>).</summary>
    readonly int lastStep;

    public AesTableRoundCombine(int round, bool decrypt, int buildKeySize)
    {
        this.round = round;
        this.decrypt = decrypt;
        this.buildKeySize = buildKeySize;
        passesBlocks = AesMath.SomeBlockPasses(round, buildKeySize);
        lastStep = AesMath.LastStepOf(buildKeySize);
    }

    protected override void OnTick()
    {
        bool valid = Carry.Valid;
        Output.Valid = valid;
        if (valid)
        {
            byte keySize = AesMath.KeySizeIn(buildKeySize, Carry.KeySize);
            bool final = round == lastStep;
            // Before the block's rounds begin the stage passes the state (AesMath.StagePasses).
            if (passesBlocks && AesMath.StagePasses(round, lastStep, keySize)) Output.Block = Carry.Block;
            else
            {
                Output.Block = AesMath.FromColumns(
                    AesMath.LookupColumn(Lookup0.Data, Lookup1.Data, Lookup2.Data, Lookup3.Data, final, decrypt),
                    AesMath.LookupColumn(Lookup4.Data, Lookup5.Data, Lookup6.Data, Lookup7.Data, final, decrypt),
                    AesMath.LookupColumn(Lookup8.Data, Lookup9.Data, Lookup10.Data, Lookup11.Data, final, decrypt),
                    AesMath.LookupColumn(Lookup12.Data, Lookup13.Data, Lookup14.Data, Lookup15.Data, final, decrypt)) ^ RoundKey.RoundKey;
            }
            Output.Side = Carry.Side;
            Output.KeySize = Carry.KeySize;
            Output.Tag = Carry.Tag;
            Output.Last = Carry.Last;
        }
        else
        {
            Output.Block = 0;
            Output.Side = 0;
            Output.KeySize = 0;
            Output.Tag = 0;
            Output.Last = false;
        }
    }
}
