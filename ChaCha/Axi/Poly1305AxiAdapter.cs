using Crypto.ChaCha;
using Crypto.Streams;
using Hdl;

namespace Crypto.Axi.Cores;

/// <summary>
/// Blocks from the wrapper into a Poly1305 core. Both are little-endian (the stream's first byte is
/// the block's least significant), so the block, its byte count and Last pass as they are; a packet's
/// final block, partial or whole, is the message's final word, and the core pads it itself (the 0x01
/// byte after the message bytes, RFC 8439 §2.5.1). The key: r from KEY0..3, s from KEY4..7 (key byte i
/// in bits 8i+7..8i, RFC 8439 byte order); the core reads it on a message's first word.
/// </summary>
public sealed class Poly1305AxiInputAdapter : CombinationalProcess
{
    [InputBus] public IAxiBlock Input = null!;
    [InputBus] public IAxiCoreConfig Config = null!;
    /// <summary>High while a message that a soft reset interrupted is to be closed (<see cref="AxiMessageCloser"/>).</summary>
    [InputBus] public IAxiDrain Closing = null!;
    /// <summary>The core's input bus (assigned when wiring).</summary>
    [OutputBus] public IPoly1305In Output = Bus.Create<IPoly1305In>();
    /// <summary>No errors: a MAC takes any number of bytes.</summary>
    [OutputBus] public IAxiErrorReport Error = Bus.Create<IAxiErrorReport>();

    protected override void OnTick()
    {
        bool closing = Closing.Discard;
        // While closing, the stream is disabled (nothing comes from the assembler): an empty final
        // word ends the core's message; the wrapper's drain drops its tag.
        bool valid = Input.Valid || closing;
        Output.Valid = valid;
        if (valid && !closing)
        {
            Output.Block = Input.Data;
            Output.ByteCount = Input.Bytes;
            Output.Last = Input.Last;
        }
        else
        {
            Output.Block = 0;
            Output.ByteCount = 0;
            Output.Last = closing;
        }
        Output.KeyR = valid ? Config.KeyLow : 0;
        Output.KeyS = valid ? Config.KeyHigh : 0;
        Error.Error = false;
        Error.Code = 0;
    }
}

/// <summary>A Poly1305 tag from the core to the wrapper: one 16-byte block (little-endian, as the stream), ending the packet.</summary>
public sealed class Poly1305AxiTagAdapter : CombinationalProcess
{
    [InputBus] public IPoly1305Out Input = null!;
    [OutputBus] public IAxiBlock Output = Bus.Create<IAxiBlock>();

    protected override void OnTick()
    {
        bool valid = Input.Valid;
        Output.Valid = valid;
        Output.Data = valid ? Input.Tag : 0;
        Output.Bytes = valid ? (byte)16 : (byte)0;
        Output.Last = valid;
    }
}

/// <summary>
/// A Poly1305 variant of <see cref="Poly1305Catalog"/> behind the AXI wrapper: a packet on s_axis is
/// one message (any number of bytes), its 16-byte tag is one packet on m_axis. The one-time key r ‖ s
/// (32 bytes) is in KEY0..7; IV is not used. CONFIG: mode 0, forward direction, key size 2 (256 bits):
/// the only value CAPS admits. ID "POLY".
/// </summary>
public sealed class Poly1305AxiCore(Poly1305Variant variant, ushort variantNumber) : IAxiCoreAdapter
{
    public string Core => variant.Core;
    public string Variant => variant.Variant;
    public string Description => $"AXI wrapper of {variant.Description}";
    public uint CoreId { get; } = AxiRegisters.IdValue("POLY");
    public ushort VariantNumber => variantNumber;
    public uint Caps { get; } = AxiRegisters.CapsValue(modesMask: 1 << AxiRegisters.ModeEcb, encrypt: true, decrypt: false,
        keySizesMask: 1 << AxiRegisters.KeySize256);
    public int BlockBytes => Poly1305Math.BlockBytes;

    readonly Lazy<Measurement> measured = new(() => variant.Measure());

    public Measurement MeasureCore() => measured.Value;

    public long OutputBlocks(long packetBytes) => 1;

    /// <summary>The core takes one 16-byte block per clock, so the 64-bit input stream is the limit.</summary>
    public double IdealCyclesPerPacket(int packetBytes, int keyBytes) =>
        Math.Max((packetBytes + 7) / 8, (packetBytes + BlockBytes - 1) / BlockBytes * MeasureCore().ClocksPerBlock);

    public AxiCoreAttachment Attach(Design design, IAxiBlock input, IAxiCoreConfig config, IAxiStreamControl control)
    {
        var core = variant.Build();
        foreach (var p in core.Design.Processes) design.Add(p);
        var closer = design.Add(new AxiMessageCloser { Name = "poly_closer", CoreInput = core.Input, CoreReady = core.InputReady, Control = control });
        var toCore = design.Add(new Poly1305AxiInputAdapter { Name = "poly_input", Input = input, Config = config, Closing = closer.Closing, Output = core.Input });
        var tag = design.Add(new Poly1305AxiTagAdapter { Name = "poly_output", Input = core.Output });
        return new AxiCoreAttachment(core.InputReady, tag.Output, core.OutputReady, toCore.Error,
            CountedInput: core.Input, CountedInputReady: core.InputReady, OnePerPacket: true, Closing: closer.Closing);
    }

    /// <summary>The project's Poly1305 model (checked against RFC 8439 and Wycheproof in the ChaCha tests).</summary>
    public byte[] Expected(AxiCoreSettings settings, ReadOnlySpan<byte> packet) => Poly1305Model.Mac(settings.Key, packet);

    public bool NeedsWholeBlocks(AxiCoreSettings settings) => false;

    /// <summary>A 32-byte key r ‖ s: the given bytes, followed by their complement when fewer than 32 are given.</summary>
    public AxiCoreSettings DefaultSettings(byte[] key)
    {
        byte[] full = [.. key, .. key.Select(b => (byte)~b)];
        return new(key.Length >= Poly1305Model.KeyBytes ? key[..Poly1305Model.KeyBytes] : full[..Poly1305Model.KeyBytes],
            new byte[16], AxiRegisters.ModeEcb, Decrypt: false);
    }
}
