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
    /// <summary>The core's input bus (assigned when wiring).</summary>
    [OutputBus] public IAesBlockIn Output = Bus.Create<IAesBlockIn>();
    /// <summary>Always low: the adapter holds nothing that a soft reset would leave half-sent.</summary>
    [OutputBus] public IAxiDrain Closing = Bus.Create<IAxiDrain>();

    protected override void OnTick()
    {
        Closing.Discard = false;
        bool valid = Input.Valid;
        Output.Valid = valid;
        if (valid)
        {
            Output.Block = AxiMath.ReverseBytes(Input.Data);
            Output.KeyHigh = AxiMath.ReverseBytes(Config.KeyLow);
            Output.KeyLow = 0;
            Output.KeySize = 0;
            Output.Side = 0;
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
/// Reports a partial block at its transfer (a packet that is not a whole number of blocks: ECB has no
/// padding; the block is zero-filled and its output cut to the input length). A process of its own:
/// a held-key core's input ready depends on the block it is offered.
/// </summary>
public sealed class AesAxiPartialBlockCheck : CombinationalProcess
{
    [InputBus] public IAxiBlock Input = null!;
    /// <summary>The core's input ready (to report the error at the transfer).</summary>
    [InputBus] public IReady CoreReady = null!;
    [OutputBus] public IAxiErrorReport Error = Bus.Create<IAxiErrorReport>();

    protected override void OnTick()
    {
        bool partial = Input.Valid && CoreReady.Ready && Input.Bytes != 16;
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
/// An AES variant of <see cref="AesCatalog"/> behind the AXI wrapper. The core on main encrypts with
/// AES-128 in ECB only: CAPS says so, and the register bank refuses any other CONFIG.
/// </summary>
public sealed class AesAxiCore(AesVariant variant, ushort variantNumber) : IAxiCoreAdapter
{
    public string Core => "aes";
    public string Variant => variant.Variant;
    public string Description => $"AXI wrapper of {variant.Description}";
    public uint CoreId { get; } = AxiRegisters.IdValue("AES ");
    public ushort VariantNumber => variantNumber;
    public uint Caps { get; } = AxiRegisters.CapsValue(modesMask: 1 << AxiRegisters.ModeEcb, encrypt: true, decrypt: false,
        keySizesMask: 1 << AxiRegisters.KeySize128);
    public int BlockBytes => 16;

    public Measurement MeasureCore() => measured.Value;

    readonly Lazy<Measurement> measured = new(() => variant.Measure());

    public long OutputBlocks(long packetBytes) => (packetBytes + 15) / 16;

    public double IdealCyclesPerPacket(int packetBytes) =>
        Math.Max((packetBytes + 7) / 8, OutputBlocks(packetBytes) * MeasureCore().ClocksPerBlock);

    public AxiCoreAttachment Attach(Design design, IAxiBlock input, IAxiCoreConfig config, IAxiStreamControl control)
    {
        var core = variant.Build();
        foreach (var p in core.Design.Processes) design.Add(p);
        var toCore = design.Add(new AesAxiInputAdapter { Name = "aes_input", Input = input, Config = config, Output = core.Input });
        var check = design.Add(new AesAxiPartialBlockCheck { Name = "aes_partial_check", Input = input, CoreReady = core.InputReady });
        var fromCore = design.Add(new AesAxiOutputAdapter { Name = "aes_output", Input = core.Output });
        return new AxiCoreAttachment(core.InputReady, fromCore.Output, core.OutputReady, check.Error,
            CountedInput: input, CountedInputReady: core.InputReady, OnePerPacket: false, Closing: toCore.Closing);
    }

    public byte[] Expected(AxiCoreSettings settings, ReadOnlySpan<byte> packet)
    {
        if (settings.Mode != AxiRegisters.ModeEcb || settings.Decrypt || settings.Key.Length != 16)
            throw new ArgumentException($"aes {Variant} behind AXI does AES-128-ECB encryption only");
        // Whole blocks as ECB; a final partial block is zero-filled and its output cut to the input length.
        var padded = new byte[(packet.Length + 15) / 16 * 16];
        packet.CopyTo(padded);
        using var aes = System.Security.Cryptography.Aes.Create();
        aes.Key = settings.Key;
        var cipher = aes.EncryptEcb(padded, PaddingMode.None);
        return cipher[..packet.Length];
    }

    public bool NeedsWholeBlocks(AxiCoreSettings settings) => settings.Mode == AxiRegisters.ModeEcb;

    public AxiCoreSettings DefaultSettings(byte[] key) => new(key, new byte[16], AxiRegisters.ModeEcb, Decrypt: false);
}
