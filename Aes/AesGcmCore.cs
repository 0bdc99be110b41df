using Crypto.Streams;
using Hdl;

namespace Crypto.Aes;

/// <summary>A freshly built AES-GCM core design and its top-level buses.</summary>
public sealed record AesGcmDesign(Design Design, IAesGcmIn Input, IReady InputReady, IAesGcmOut Output, IReady OutputReady)
    : IStreamCoreDesign<IAesGcmIn, IAesGcmOut>;

/// <summary>
/// The jobs the GCM front gives the AES core. A job's kind and byte count travel through the AES
/// pipeline in its Tag (kind in bits 7..5, bytes in 4..0), the block to hash or to xor in its Side.
/// </summary>
public static class AesGcmJobs
{
    /// <summary>E_K(0^128) = H, kept by the back.</summary>
    public const byte HashKey = 0;
    /// <summary>A block of an IV of other than 96 bits: hashed (the AES result is not used).</summary>
    public const byte IvBlock = 1;
    /// <summary>0^64 ‖ [len(IV)]_64, the IV hash's last block.</summary>
    public const byte IvLength = 2;
    /// <summary>E_K(J0), kept by the back for the tag.</summary>
    public const byte PreCounter = 3;
    /// <summary>An AAD block: hashed.</summary>
    public const byte Aad = 4;
    /// <summary>A data block: E_K(counter) xor data, cut to its bytes; the ciphertext is hashed.</summary>
    public const byte Data = 5;
    /// <summary>[len(A)]_64 ‖ [len(C)]_64, the message hash's last block.</summary>
    public const byte Lengths = 6;

    public static byte TagOf(byte kind, byte bytes) => (byte)((kind << 5) | bytes);
    public static byte KindOf(byte tag) => (byte)(tag >> 5);
    public static byte BytesOf(byte tag) => (byte)(tag & 31);

    /// <summary>The top <paramref name="bytes"/> bytes of a block set (0..16).</summary>
    public static UInt128 ByteMask(byte bytes) => bytes >= 16 ? ~(UInt128)0 : ~(~(UInt128)0 >> (bytes * 8));

    /// <summary>inc_32 of SP 800-38D: the low 32 bits plus one, modulo 2^32.</summary>
    public static UInt128 Increment32(UInt128 counter) => (counter & ~(UInt128)uint.MaxValue) | (uint)((uint)counter + 1);
}

/// <summary>
/// AES-GCM (SP 800-38D) in hardware: an AES encryption core of the catalog (held keys or keys on the
/// fly, one key size or all) and the GHASH core (<see cref="GhashCore"/>), with a front that turns the
/// message's items into AES jobs and a back that turns the AES results into data, hash blocks, H and
/// E_K(J0). Every item goes through the AES pipeline, so its order is kept without buffers:
/// per message the jobs are H, (IV blocks and the IV length for an IV of other than 96 bits, then a
/// wait for J0 from the GHASH core), J0, AAD blocks, data blocks with the counter from inc32(J0), and
/// the lengths block. One message is in the core at a time: the next one starts when the tag has left.
/// </summary>
public static class AesGcmCore
{
    /// <summary>
    /// The core on the encryption variant <paramref name="blockCipher"/> (ECB: no mode of its own) and a GHASH
    /// multiplier of <paramref name="ghashDepth"/> stages.
    /// </summary>
    public static AesGcmDesign Build(string name, AesVariant blockCipher, int ghashDepth = 4)
    {
        if (blockCipher.Decrypt || blockCipher.Mode != AesMode.Ecb)
            throw new ArgumentException($"GCM runs on an AES encryption core without a mode, not {blockCipher}", nameof(blockCipher));
        var design = new Design(name);
        var input = design.Input(Bus.Create<IAesGcmIn>(), "in");
        var outputReady = design.Input(Bus.Create<IReady>(), "out_ready");

        var sequencer = new AesGcmSequencer { Name = "gcm_sequencer", Input = input };
        var front = design.Add(new AesGcmFront { Name = "gcm_front", Input = input, State = sequencer.State });
        var back = new AesGcmBack { Name = "gcm_back", State = sequencer.State };
        var (coreReady, coreOutput) = blockCipher.BlockCore()(design, front.Output, back.CoreReady);
        front.CoreReady = coreReady;
        back.Core = coreOutput;
        var keys = design.Add(new AesGcmKeyRegister { Name = "gcm_keys", Core = coreOutput, CoreReady = back.CoreReady });
        back.Keys = keys.Keys;
        var output = new AesGcmOutputRegister { Name = "gcm_output", Keys = keys.Keys, State = sequencer.State, Text = back.Text };
        var outputControl = design.Add(new PipelineControl { Name = "gcm_output_control", Output = output.Output, OutputReady = outputReady });
        var hashOutReady = design.Add(new AesGcmHashOutReady { Name = "gcm_hash_out_ready", Core = coreOutput, State = sequencer.State, OutputFree = outputControl.Advance });
        var (hashReady, hashOutput) = GhashCore.Add(design, back.Hash, hashOutReady.HashOutReady, ghashDepth, "ghash_");
        back.HashReady = hashReady;
        back.OutputFree = outputControl.Advance;
        output.Advance = outputControl.Advance;
        output.HashOut = hashOutput;
        output.HashOutReady = hashOutReady.HashOutReady;
        sequencer.InputReady = front.InputReady;
        sequencer.Job = front.Output;
        sequencer.CoreReady = coreReady;
        sequencer.HashOut = hashOutput;
        sequencer.Output = output.Output;
        sequencer.OutputReady = outputReady;
        design.Add(back);
        design.Add(output);
        design.Add(sequencer);
        design.Output(front.InputReady, "in_ready");
        design.Output(output.Output, "out");
        return new AesGcmDesign(design, input, front.InputReady, output.Output, outputReady);
    }
}

/// <summary>
/// The GCM front: the AES job for the offered item, by phase. Jobs that do not consume the item (H,
/// the IV length, J0 after a GHASH of the IV) are made while it waits; the key is the item's.
/// </summary>
public sealed class AesGcmFront : CombinationalProcess
{
    [InputBus] public IAesGcmIn Input = null!;
    [InputBus] public IAesGcmState State = null!;
    /// <summary>The AES core's input ready.</summary>
    [InputBus] public IReady CoreReady = null!;
    /// <summary>The AES core's input.</summary>
    [OutputBus] public IAesBlockIn Output = Bus.Create<IAesBlockIn>();
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();

    protected override void OnTick()
    {
        bool job = false, consume = false;
        byte kind = AesGcmJobs.HashKey;
        byte bytes = 0;
        UInt128 block = 0, side = 0, keyHigh = 0, keyLow = 0;
        byte keySize = 0;
        if (Input.Valid)
        {
            UInt128 data = Input.Block & AesGcmJobs.ByteMask(Input.Bytes);
            bytes = Input.Bytes;
            keyHigh = Input.KeyHigh;
            keyLow = Input.KeyLow;
            keySize = Input.KeySize;
            switch (State.Phase)
            {
                case AesGcmPhase.Start:
                    job = true;
                    break;
                case AesGcmPhase.Iv:
                    job = true;
                    if (Input.Kind != AesGcmKind.Iv)
                    {
                        kind = AesGcmJobs.IvLength;
                        side = new UInt128(0, State.IvBytes * 8);
                    }
                    else if (State.IvBytes == 0 && Input.Bytes == AesGcmModel.StandardIvBytes)
                    {
                        // J0 = IV ‖ 0^31 ‖ 1.
                        kind = AesGcmJobs.PreCounter;
                        block = data | 1;
                        consume = true;
                    }
                    else
                    {
                        kind = AesGcmJobs.IvBlock;
                        side = data;
                        consume = true;
                    }
                    break;
                case AesGcmPhase.PreCounter:
                    job = true;
                    kind = AesGcmJobs.PreCounter;
                    block = State.Counter;
                    break;
                case AesGcmPhase.Body:
                    job = true;
                    consume = true;
                    if (Input.Kind == AesGcmKind.Data)
                    {
                        kind = AesGcmJobs.Data;
                        block = State.Counter;
                        side = data;
                    }
                    else if (Input.Kind == AesGcmKind.End)
                    {
                        kind = AesGcmJobs.Lengths;
                        side = new UInt128(State.AadBytes * 8, State.DataBytes * 8);
                    }
                    else
                    {
                        kind = AesGcmJobs.Aad;
                        side = data;
                    }
                    break;
                default:
                    break;
            }
        }
        Output.Valid = job;
        Output.Block = block;
        Output.Side = side;
        Output.Tag = AesGcmJobs.TagOf(kind, kind == AesGcmJobs.Data || kind == AesGcmJobs.Aad ? bytes : (byte)0);
        Output.Last = kind == AesGcmJobs.Lengths;
        Output.KeyHigh = keyHigh;
        Output.KeyLow = keyLow;
        Output.KeySize = keySize;
        InputReady.Ready = consume && CoreReady.Ready;
    }
}

/// <summary>The GCM sequencer: phase, counter block, the lengths, the direction and the expected tag of the message in the core.</summary>
public sealed class AesGcmSequencer : ClockedProcess
{
    [InputBus] public IAesGcmIn Input = null!;
    [InputBus] public IReady InputReady = null!;
    /// <summary>The front's job and the AES core's input ready.</summary>
    [InputBus] public IAesBlockIn Job = null!;
    [InputBus] public IReady CoreReady = null!;
    /// <summary>The GHASH core's output: J0 while waiting for it.</summary>
    [InputBus] public IGhashOut HashOut = null!;
    /// <summary>The core's output: the phase ends when the End item is taken.</summary>
    [InputBus] public IAesGcmOut Output = null!;
    [InputBus] public IReady OutputReady = null!;
    [OutputBus] public IAesGcmState State = Bus.Create<IAesGcmState>();

    AesGcmPhase phase = AesGcmPhase.Start;
    UInt128 counter;
    ulong ivBytes, aadBytes, dataBytes;
    bool decrypt;
    UInt128 expectedTag;
    byte tagBytes;

    protected override void OnTick()
    {
        bool issued = Job.Valid && CoreReady.Ready;
        byte kind = AesGcmJobs.KindOf(Job.Tag);
        switch (phase)
        {
            case AesGcmPhase.Start:
                if (issued)
                {
                    phase = AesGcmPhase.Iv;
                    decrypt = Input.Decrypt;
                    ivBytes = 0;
                    aadBytes = 0;
                    dataBytes = 0;
                }
                break;
            case AesGcmPhase.Iv:
                if (issued)
                {
                    if (kind == AesGcmJobs.PreCounter)
                    {
                        counter = AesGcmJobs.Increment32(Job.Block);
                        phase = AesGcmPhase.Body;
                    }
                    else if (kind == AesGcmJobs.IvLength)
                        phase = AesGcmPhase.WaitPreCounter;
                    else
                        ivBytes += Input.Bytes;
                }
                break;
            case AesGcmPhase.WaitPreCounter:
                if (HashOut.Valid)
                {
                    counter = HashOut.Hash;
                    phase = AesGcmPhase.PreCounter;
                }
                break;
            case AesGcmPhase.PreCounter:
                if (issued)
                {
                    counter = AesGcmJobs.Increment32(counter);
                    phase = AesGcmPhase.Body;
                }
                break;
            case AesGcmPhase.Body:
                if (issued)
                {
                    if (kind == AesGcmJobs.Data)
                    {
                        dataBytes += Input.Bytes;
                        counter = AesGcmJobs.Increment32(counter);
                    }
                    else if (kind == AesGcmJobs.Lengths)
                    {
                        expectedTag = Input.Block;
                        tagBytes = Input.Bytes;
                        phase = AesGcmPhase.Finish;
                    }
                    else
                        aadBytes += Input.Bytes;
                }
                break;
            default:
                if (Output.Valid && OutputReady.Ready && Output.Kind == AesGcmKind.End) phase = AesGcmPhase.Start;
                break;
        }
        State.Phase = phase;
        State.Counter = counter;
        State.IvBytes = ivBytes;
        State.AadBytes = aadBytes;
        State.DataBytes = dataBytes;
        State.Decrypt = decrypt;
        State.ExpectedTag = expectedTag;
        State.TagBytes = tagBytes;
    }
}

/// <summary>
/// The GCM back: what the AES core's result of each job becomes. Data: E_K(counter) xor data, cut to its
/// bytes, into the output register and (the ciphertext: the result when sealing, the input when
/// opening) into the GHASH core, both at once. IV, AAD and length blocks: into the GHASH core, the
/// last of a hash with Last. H and E_K(J0) are kept by <see cref="AesGcmKeyRegister"/>.
/// </summary>
public sealed class AesGcmBack : CombinationalProcess
{
    /// <summary>The AES core's output.</summary>
    [InputBus] public IAesBlockOut Core = null!;
    [InputBus] public IAesGcmKeys Keys = null!;
    [InputBus] public IAesGcmState State = null!;
    /// <summary>The GHASH core's input ready and output.</summary>
    [InputBus] public IReady HashReady = null!;
    /// <summary>The output register is empty or being emptied.</summary>
    [InputBus] public IReady OutputFree = null!;
    /// <summary>The AES core's consumer ready.</summary>
    [OutputBus] public IReady CoreReady = Bus.Create<IReady>();
    [OutputBus] public IGhashIn Hash = Bus.Create<IGhashIn>();
    [OutputBus] public IAesGcmText Text = Bus.Create<IAesGcmText>();

    protected override void OnTick()
    {
        bool isData = false, toHash = false;
        byte kind = AesGcmJobs.HashKey, bytes = 0;
        UInt128 text = 0, side = 0;
        if (Core.Valid)
        {
            kind = AesGcmJobs.KindOf(Core.Tag);
            bytes = AesGcmJobs.BytesOf(Core.Tag);
            isData = kind == AesGcmJobs.Data;
            toHash = kind != AesGcmJobs.HashKey && kind != AesGcmJobs.PreCounter;
            text = (Core.Block ^ Core.Side) & AesGcmJobs.ByteMask(bytes);
            side = Core.Side;
        }
        Hash.Valid = toHash && (!isData || OutputFree.Ready);
        Hash.Block = isData && !State.Decrypt ? text : side;
        Hash.HashKey = Keys.HashKey;
        Hash.Last = kind == AesGcmJobs.IvLength || kind == AesGcmJobs.Lengths;
        Text.Valid = isData && HashReady.Ready;
        Text.Block = text;
        Text.Bytes = bytes;
        CoreReady.Ready = !toHash || (HashReady.Ready && (!isData || OutputFree.Ready));
    }
}

/// <summary>
/// The GHASH core's consumer ready: the sequencer while it waits for J0, else the output register when it
/// is free and no data block wants it.
/// </summary>
public sealed class AesGcmHashOutReady : CombinationalProcess
{
    /// <summary>The AES core's output.</summary>
    [InputBus] public IAesBlockOut Core = null!;
    [InputBus] public IAesGcmState State = null!;
    [InputBus] public IReady OutputFree = null!;
    [OutputBus] public IReady HashOutReady = Bus.Create<IReady>();

    protected override void OnTick()
    {
        bool dataWaits = false;
        if (Core.Valid) dataWaits = AesGcmJobs.KindOf(Core.Tag) == AesGcmJobs.Data;
        HashOutReady.Ready = State.Phase == AesGcmPhase.WaitPreCounter || (OutputFree.Ready && !dataWaits);
    }
}

/// <summary>Keeps H = E_K(0^128) and E_K(J0) when their jobs leave the AES core.</summary>
public sealed class AesGcmKeyRegister : ClockedProcess
{
    [InputBus] public IAesBlockOut Core = null!;
    [InputBus] public IReady CoreReady = null!;
    [OutputBus] public IAesGcmKeys Keys = Bus.Create<IAesGcmKeys>();

    UInt128 hashKey, preCounterCipher;

    protected override void OnTick()
    {
        if (Core.Valid && CoreReady.Ready)
        {
            byte kind = AesGcmJobs.KindOf(Core.Tag);
            if (kind == AesGcmJobs.HashKey) hashKey = Core.Block;
            if (kind == AesGcmJobs.PreCounter) preCounterCipher = Core.Block;
        }
        Keys.HashKey = hashKey;
        Keys.PreCounterCipher = preCounterCipher;
    }
}

/// <summary>
/// The core's output register: a data block from the back, or the End item when the message's hash S
/// leaves the GHASH core: tag = E_K(J0) xor S and, when opening, whether the expected tag differs.
/// </summary>
public sealed class AesGcmOutputRegister : ClockedProcess
{
    [InputBus] public IAesGcmText Text = null!;
    [InputBus] public IGhashOut HashOut = null!;
    [InputBus] public IReady HashOutReady = null!;
    [InputBus] public IAesGcmKeys Keys = null!;
    [InputBus] public IAesGcmState State = null!;
    /// <summary>Enable from <see cref="PipelineControl"/>: the register is empty or being taken.</summary>
    [InputBus] public IReady Advance = null!;
    [OutputBus] public IAesGcmOut Output = Bus.Create<IAesGcmOut>();

    protected override void OnTick()
    {
        if (Advance.Ready)
        {
            bool tagOut = HashOut.Valid && HashOutReady.Ready && State.Phase != AesGcmPhase.WaitPreCounter;
            Output.Valid = Text.Valid || tagOut;
            if (Text.Valid)
            {
                Output.Kind = AesGcmKind.Data;
                Output.Block = Text.Block;
                Output.Bytes = Text.Bytes;
                Output.TagMismatch = false;
                Output.Last = false;
            }
            else if (tagOut)
            {
                UInt128 tag = HashOut.Hash ^ Keys.PreCounterCipher;
                Output.Kind = AesGcmKind.End;
                Output.Block = tag;
                Output.Bytes = 16;
                Output.TagMismatch = State.Decrypt &&
                    (State.TagBytes < AesGcmModel.MinTagBytes || ((tag ^ State.ExpectedTag) & AesGcmJobs.ByteMask(State.TagBytes)) != 0);
                Output.Last = true;
            }
        }
    }
}
