using System.Security.Cryptography;
using Crypto.Aes;
using Crypto.Streams;
using Hdl;

namespace Crypto.Axi.Cores;

/// <summary>
/// Blocks from the wrapper into an AES core: the block and the key in force (AES is big-endian: the
/// stream's first byte is the block's most significant), the block's byte count in Tag (it comes back
/// with the block), Last.
/// </summary>
public sealed class AesAxiInputAdapter : CombinationalProcess
{
    [InputBus] public IAxiBlock Input = null!;
    [InputBus] public IAxiCoreConfig Config = null!;
    /// <summary>High while a message that a soft reset interrupted is to be closed (<see cref="AxiMessageCloser"/>).</summary>
    [InputBus] public IAxiDrain Closing = null!;
    /// <summary>The core's input bus (assigned when wiring).</summary>
    [OutputBus] public IAesBlockIn Output = Bus.Create<IAesBlockIn>();

    protected override void OnTick()
    {
        bool closing = Closing.Discard;
        // While closing, the stream is disabled (nothing comes from the assembler): a zero block with
        // Last ends the core's message; the wrapper's drain drops its output.
        bool valid = Input.Valid || closing;
        Output.Valid = valid;
        if (closing)
        {
            Output.Block = 0;
            Output.KeyHigh = AxiMath.ReverseBytes(Config.KeyLow);
            Output.KeyLow = 0;
            Output.KeySize = 0;
            Output.Side = 0;
            Output.Tag = 16;
            Output.Last = true;
        }
        else if (valid)
        {
            byte keySize = Config.KeySize;
            UInt128 upperKey = AxiMath.ReverseBytes(Config.KeyHigh);
            Output.Block = AxiMath.ReverseBytes(Input.Data);
            Output.KeyHigh = AxiMath.ReverseBytes(Config.KeyLow);
            // Key bytes 16..31: none for AES-128, 16..23 (the top 64 bits) for AES-192, all for AES-256.
            Output.KeyLow = keySize == AxiRegisters.KeySize256 ? upperKey
                : keySize == AxiRegisters.KeySize192 ? new UInt128((ulong)(upperKey >> 64), 0) : 0;
            Output.KeySize = keySize;
            // The IV (CBC) or initial counter block (CTR), big-endian; a mode core reads it on a message's first block.
            Output.Side = AxiMath.ReverseBytes(Config.Iv);
            Output.Tag = Input.Bytes;
            Output.Last = Input.Last;
        }
        else
        {
            Output.Block = 0;
            Output.KeyHigh = 0;
            Output.KeyLow = 0;
            Output.KeySize = 0;
            Output.Side = 0;
            Output.Tag = 0;
            Output.Last = false;
        }
    }
}

/// <summary>
/// Reports a partial block at its transfer (a packet that is not a whole number of blocks: ECB and CBC
/// have no padding; the block is zero-filled and its output cut to the input length). A process of its own:
/// a held-key core's input ready depends on the block it is offered.
/// </summary>
public sealed class AesAxiPartialBlockCheck : CombinationalProcess
{
    [InputBus] public IAxiBlock Input = null!;
    /// <summary>The core's input ready (to report the error at the transfer).</summary>
    [InputBus] public IReady CoreReady = null!;
    [OutputBus] public IAxiErrorReport Error = Bus.Create<IAxiErrorReport>();

    /// <summary>The mode needs whole blocks (ECB, CBC); CTR takes a partial final block without error.</summary>
    readonly bool wholeBlocks;

    public AesAxiPartialBlockCheck(bool wholeBlocks) => this.wholeBlocks = wholeBlocks;

    protected override void OnTick()
    {
        bool partial = wholeBlocks && Input.Valid && CoreReady.Ready && Input.Bytes != 16;
        Error.Error = partial;
        Error.Code = partial ? AxiRegisters.ErrorPartialBlock : (byte)0;
    }
}

/// <summary>Blocks from an AES core back to the wrapper: stream byte order, byte count from Tag.</summary>
public sealed class AesAxiOutputAdapter : CombinationalProcess
{
    [InputBus] public IAesBlockOut Input = null!;
    [OutputBus] public IAxiBlock Output = Bus.Create<IAxiBlock>();

    protected override void OnTick()
    {
        bool valid = Input.Valid;
        Output.Valid = valid;
        if (valid)
        {
            Output.Data = AxiMath.ReverseBytes(Input.Block);
            Output.Bytes = Input.Tag;
            Output.Last = Input.Last;
        }
        else
        {
            Output.Data = 0;
            Output.Bytes = 0;
            Output.Last = false;
        }
    }
}

/// <summary>
/// An AES variant of <see cref="AesCatalog"/> behind the AXI wrapper: key size (128, 192, 256) from
/// CONFIG and KEY0..7; the variant's mode (ECB, or CBC/CTR of <see cref="AesCatalog.ModeVariants"/>)
/// and direction are fixed by the variant, and CAPS says which: the register bank refuses any other
/// CONFIG. One packet is one message of the mode, its IV (CBC) or initial counter block (CTR) in
/// IV0..3 (byte 0 of the block in bits 7..0 of IV0). ECB and CBC need whole blocks (a partial final
/// block is zero-filled, its output cut, and error 3 raised); CTR takes any length.
/// </summary>
public sealed class AesAxiCore(AesVariant variant, ushort variantNumber) : IAxiCoreAdapter
{
    public string Core => "aes";
    public string Variant => variant.Variant;
    public string Name => variant.Name;
    /// <summary>The key sizes the core is built for (the AES build's <see cref="AesVariant.KeyBits"/>).</summary>
    public int KeyBits => variant.KeyBits;
    string IAxiCoreAdapter.KeyBits => AesKeyBits.Name(KeyBits);
    public string Description => $"AXI wrapper of {variant.Description}";
    public uint CoreId { get; } = AxiRegisters.IdValue("AES ");
    public ushort VariantNumber => variantNumber;
    public uint Caps { get; } = AxiRegisters.CapsValue(modesMask: (byte)(1 << ModeOf(variant.Mode)), encrypt: !variant.Decrypt, decrypt: variant.Decrypt,
        keySizesMask: (byte)variant.KeySizes.Sum(size => 1 << size));
    public int BlockBytes => 16;

    static byte ModeOf(AesMode mode) => mode switch
    {
        AesMode.Cbc => AxiRegisters.ModeCbc,
        AesMode.Ctr => AxiRegisters.ModeCtr,
        _ => AxiRegisters.ModeEcb,
    };

    public Measurement MeasureCore() => measured[variant.KeySizes[0]].Value;

    /// <summary>The core at full speed with one key of each size (key size code 0, 1, 2).</summary>
    readonly Lazy<Measurement>[] measured = [.. Enumerable.Range(0, 3).Select(size => new Lazy<Measurement>(() => variant.Measure(64, (byte)size)))];

    /// <summary>Key bytes of the build's one key size (0 when it takes all three).</summary>
    int BuiltKeyBytes => variant.KeyBits / 8;

    public long OutputBlocks(long packetBytes) => (packetBytes + 15) / 16;

    public double IdealCyclesPerPacket(int packetBytes, int keyBytes) =>
        Math.Max((packetBytes + 7) / 8, OutputBlocks(packetBytes) * measured[(keyBytes - 16) / 8].Value.ClocksPerBlock);

    public AxiCoreAttachment Attach(Design design, IAxiBlock input, IAxiCoreConfig config, IAxiStreamControl control)
    {
        var core = variant.Build();
        foreach (var p in core.Design.Processes) design.Add(p);
        var closer = design.Add(new AxiMessageCloser { Name = "aes_closer", CoreInput = core.Input, CoreReady = core.InputReady, Control = control });
        design.Add(new AesAxiInputAdapter { Name = "aes_input", Input = input, Config = config, Closing = closer.Closing, Output = core.Input });
        var check = design.Add(new AesAxiPartialBlockCheck(wholeBlocks: variant.Mode != AesMode.Ctr) { Name = "aes_partial_check", Input = input, CoreReady = core.InputReady });
        var fromCore = design.Add(new AesAxiOutputAdapter { Name = "aes_output", Input = core.Output });
        return new AxiCoreAttachment(core.InputReady, fromCore.Output, core.OutputReady, check.Error,
            CountedInput: core.Input, CountedInputReady: core.InputReady, OnePerPacket: false, Closing: closer.Closing);
    }

    public byte[] Expected(AxiCoreSettings settings, ReadOnlySpan<byte> packet)
    {
        if (settings.Mode != ModeOf(variant.Mode) || settings.Decrypt != variant.Decrypt)
            throw new ArgumentException($"aes {Variant} behind AXI does {variant.Mode} {(variant.Decrypt ? "decryption" : "encryption")} only");
        // Whole blocks; a final partial block is zero-filled and its output cut to the input length.
        var padded = new byte[(packet.Length + 15) / 16 * 16];
        packet.CopyTo(padded);
        using var aes = System.Security.Cryptography.Aes.Create();
        aes.Key = settings.Key;
        byte[] output = variant.Mode switch
        {
            AesMode.Cbc => variant.Decrypt ? aes.DecryptCbc(padded, settings.Iv, PaddingMode.None) : aes.EncryptCbc(padded, settings.Iv, PaddingMode.None),
            AesMode.Ctr => CtrKeystreamXor(aes, settings.Iv, padded),
            _ => variant.Decrypt ? aes.DecryptEcb(padded, PaddingMode.None) : aes.EncryptEcb(padded, PaddingMode.None),
        };
        return output[..packet.Length];
    }

    /// <summary>CTR (.NET has no CTR mode): the data XOR the encryption of IV, IV+1, ... (128-bit big-endian increment).</summary>
    static byte[] CtrKeystreamXor(System.Security.Cryptography.Aes aes, byte[] iv, byte[] data)
    {
        var counters = new byte[data.Length];
        var counter = System.Buffers.Binary.BinaryPrimitives.ReadUInt128BigEndian(iv);
        for (int i = 0; i < data.Length; i += 16, counter++)
            System.Buffers.Binary.BinaryPrimitives.WriteUInt128BigEndian(counters.AsSpan(i), counter);
        var keystream = aes.EncryptEcb(counters, PaddingMode.None);
        for (int i = 0; i < data.Length; i++) keystream[i] ^= data[i];
        return keystream;
    }

    /// <summary>The scenario's key change moves to a 192- or 256-bit key (by seed), so all three sizes go through every AES wrapper.</summary>
    public int SecondKeyBytes(int seed, int firstKeyBytes) => BuiltKeyBytes > 0 ? BuiltKeyBytes : seed % 2 == 0 ? 32 : 24;

    public bool NeedsWholeBlocks(AxiCoreSettings settings) => settings.Mode != AxiRegisters.ModeCtr;

    /// <summary>The given key; for a build of one key size, cut or lengthened (with the complement of its bytes) to that size.</summary>
    public AxiCoreSettings DefaultSettings(byte[] key)
    {
        byte[] built = BuiltKeyBytes == 0 ? key : [.. key.Concat(key.Select(b => (byte)~b)).Take(BuiltKeyBytes)];
        return new(built, new byte[16], ModeOf(variant.Mode), variant.Decrypt);
    }
}
