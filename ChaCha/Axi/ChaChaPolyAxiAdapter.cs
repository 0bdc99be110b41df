using System.Security.Cryptography;
using Crypto.ChaCha;
using Crypto.Streams;
using Hdl;

namespace Crypto.Axi.Cores;

/// <summary>
/// AEAD items into a ChaCha20-Poly1305 core: up to four items of one kind (AAD or data) make a 64-byte
/// word, the last of its kind a shorter one; the End item becomes the End word with the expected tag.
/// Both sides are in stream byte order (little-endian). Every word carries the key (KEY0..7), the nonce
/// (IV0..2) and the direction in force; the core reads them on a message's first word. The output is a
/// register. A soft reset drops the word being collected, not the word on offer (the splitter closes
/// the message with an End item, see <see cref="AxiAeadSplitter"/>).
/// </summary>
public sealed class ChaChaPolyAxiWordCollector : ClockedProcess
{
    [InputBus] public IAxiAeadItem Input = null!;
    [InputBus] public IAxiCoreConfig Config = null!;
    [InputBus] public IAxiStreamControl Control = null!;
    [InputBus] public IReady CoreReady = null!;
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();
    /// <summary>The core's input bus (assigned when wiring).</summary>
    [OutputBus] public IChaChaPolyIn Output = Bus.Create<IChaChaPolyIn>();
    /// <summary>A message's first data word on offer (what the wrapper's drain counts).</summary>
    [OutputBus] public IStreamControl FirstData = Bus.Create<IStreamControl>();

    bool ready, outputValid, outputFirstData;
    /// <summary>A data word of the message has been made.</summary>
    bool dataSent;
    /// <summary>Items collected into the word being built (0..3), and their bytes.</summary>
    byte count, bytes;
    UInt128 lane0, lane1, lane2;

    protected override void OnTick()
    {
        if (outputValid && CoreReady.Ready) outputValid = false;
        if (ready && Input.Valid)
        {
            Output.Key[0] = Config.KeyLow;
            Output.Key[1] = Config.KeyHigh;
            Output.Nonce = AxiAeadLayout.LowBytes(Config.Iv, 12);
            Output.Decrypt = Config.Decrypt;
            if (Input.Kind == AxiAeadKind.End)
            {
                Output.Kind = ChaChaPolyKind.End;
                for (int i = 0; i < Output.Data.Length; i++) Output.Data[i] = 0;
                Output.ByteCount = 0;
                Output.Tag = Input.Data;
                Output.Last = true;
                outputValid = true;
                outputFirstData = false;
                dataSent = false;
                count = 0;
                bytes = 0;
            }
            else
            {
                UInt128 lane = Input.Data;
                byte total = (byte)(bytes + Input.Bytes);
                if (count == 3 || Input.LastOfKind)
                {
                    bool data = Input.Kind == AxiAeadKind.Data;
                    Output.Kind = data ? ChaChaPolyKind.Data : ChaChaPolyKind.Aad;
                    Output.Data[0] = count == 0 ? lane : lane0;
                    Output.Data[1] = count == 1 ? lane : (count > 1 ? lane1 : 0);
                    Output.Data[2] = count == 2 ? lane : (count > 2 ? lane2 : 0);
                    Output.Data[3] = count == 3 ? lane : 0;
                    Output.ByteCount = total;
                    Output.Tag = 0;
                    Output.Last = false;
                    outputValid = true;
                    outputFirstData = data && !dataSent;
                    if (data) dataSent = true;
                    count = 0;
                    bytes = 0;
                }
                else
                {
                    if (count == 0) lane0 = lane;
                    else if (count == 1) lane1 = lane;
                    else lane2 = lane;
                    count++;
                    bytes = total;
                }
            }
        }
        if (Control.Flush)
        {
            // The word on offer stays until the core takes it (a valid is never withdrawn); the word being collected goes.
            count = 0;
            bytes = 0;
            dataSent = false;
        }
        ready = !outputValid;
        InputReady.Ready = ready;
        Output.Valid = outputValid;
        FirstData.Valid = outputValid && outputFirstData;
        FirstData.Last = outputValid && outputFirstData;
    }
}

/// <summary>A ChaCha20-Poly1305 core's output to the AEAD output hold: data words as they are (the same byte order), the End with tag and check.</summary>
public sealed class ChaChaPolyAxiOutput : CombinationalProcess
{
    [InputBus] public IChaChaPolyOut Input = null!;
    [OutputBus] public IAxiAeadOutput Output = Bus.Create<IAxiAeadOutput>();

    protected override void OnTick()
    {
        bool valid = Input.Valid;
        bool end = valid && Input.Kind == ChaChaPolyKind.End;
        bool data = valid && !end;
        Output.Valid = valid;
        Output.Last = end;
        Output.End = end;
        for (int i = 0; i < Output.Lanes.Length; i++) Output.Lanes[i] = data ? Input.Data[i] : 0;
        Output.ByteCount = data ? Input.ByteCount : (byte)0;
        Output.Tag = end ? Input.Tag : 0;
        Output.TagMismatch = end && Input.TagMismatch;
    }
}

/// <summary>
/// A ChaCha20-Poly1305 variant of <see cref="ChaChaPolyCatalog"/> behind the AXI wrapper, with the AEAD
/// registers. One packet is one message: AAD (AAD_LEN bytes, zero-padded to 16) ‖ data; the output
/// packet is the data's ciphertext (sealing) or plaintext (opening), exactly as long; the tag goes to
/// TAG0..3. The 256-bit key in KEY0..7, the 96-bit nonce in IV0..2 (IV_LEN 12, TAG_LEN 16 only); CONFIG
/// mode 4, key size 256, either direction. ID "CCP ".
/// </summary>
public sealed class ChaChaPolyAxiCore(ChaChaPolyVariant variant, ushort variantNumber) : IAxiAeadCoreAdapter
{
    public string Core => variant.Core;
    public string Variant => variant.Variant;
    public string Description => $"AXI wrapper of {variant.Description}";
    public uint CoreId { get; } = AxiRegisters.IdValue("CCP ");
    public ushort VariantNumber => variantNumber;
    /// <summary>ChaCha20-Poly1305, both directions, a 256-bit key, and empty messages (START with CONTROL.EMPTY).</summary>
    public uint Caps { get; } = AxiRegisters.CapsValue(modesMask: 1 << AxiRegisters.ModeChaChaPoly, encrypt: true, decrypt: true,
        keySizesMask: 1 << AxiRegisters.KeySize256) | AxiRegisters.CapsEmptyMessage;
    public int BlockBytes => ChaChaMath.BlockBytes;
    public bool AnyIvLength => false;
    public byte MinTagBytes => 16;

    readonly Lazy<Measurement> measured = new(() => variant.Measure());

    public Measurement MeasureCore() => measured.Value;

    public long OutputBlocks(long packetBytes) => (packetBytes + 15) / 16;

    /// <summary>Blocks and the End item (BLOCKS_IN counts both).</summary>
    public long InputBlocks(long packetBytes) => (packetBytes + 15) / 16 + 1;

    /// <summary>The 64-bit stream's beats, or the core's clocks per 64-byte data word, whichever is larger.</summary>
    public double IdealCyclesPerPacket(int packetBytes, int keyBytes) =>
        Math.Max((packetBytes + 7) / 8, (packetBytes + BlockBytes - 1) / BlockBytes * MeasureCore().ClocksPerBlock);

    AxiCoreAttachment IAxiCoreAdapter.Attach(Design design, IAxiBlock input, IAxiCoreConfig config, IAxiStreamControl control) =>
        throw new InvalidOperationException($"{Core}-{Variant}: an AEAD wrapper is built by AxiWrapper.Build, with its AEAD registers");

    public AxiAeadAttachment AttachAead(Design design, IAxiBlock input, IAxiCoreConfig config, IAxiAeadConfig aead, IAxiStreamControl control)
    {
        var core = variant.Build();
        var collector = design.Add(new ChaChaPolyAxiWordCollector { Name = "ccp_input", Config = config, Control = control, CoreReady = core.InputReady, Output = core.Input });
        var (splitter, boundary) = AxiAeadParts.AddFront(design, input, config, aead, control, ivItems: false, collector.InputReady);
        collector.Input = splitter.Output;
        // The core's own process names (front, gate, ...) are prefixed: the wrapper has a gate of its own.
        foreach (var p in core.Design.Processes)
        {
            p.Name = "ccp_" + p.Name;
            design.Add(p);
        }
        var fromCore = design.Add(new ChaChaPolyAxiOutput { Name = "ccp_output", Input = core.Output });
        var (hold, serializer, blocksReady) = AxiAeadParts.AddOutput(design, fromCore.Output, core.OutputReady, splitter, collector.InputReady, control);
        // The drain counts a message's first data word in and its output packet's last block out.
        var attachment = new AxiCoreAttachment(splitter.InputReady, serializer.Output, blocksReady, splitter.Error,
            CountedInput: collector.FirstData, CountedInputReady: core.InputReady, OnePerPacket: true, Closing: splitter.Closing);
        return new AxiAeadAttachment(attachment, boundary.Output, boundary.OutputReady, hold.Result, splitter.EmptyBegun);
    }

    /// <summary>The packet's AAD and data.</summary>
    static (byte[] Aad, byte[] Data) Parts(AxiCoreSettings settings, ReadOnlySpan<byte> packet)
    {
        var aead = settings.Aead ?? throw new ArgumentException("a ChaCha20-Poly1305 configuration has its AEAD registers");
        int aadEnd = (int)aead.AadBytes, aadPaddedEnd = (aadEnd + 15) / 16 * 16;
        if (packet.Length < aadEnd) throw new ArgumentException($"a {packet.Length}-byte packet is shorter than its AAD");
        return (packet[..aadEnd].ToArray(), packet.Length > aadPaddedEnd ? packet[aadPaddedEnd..].ToArray() : []);
    }

    /// <summary>.NET's ChaCha20Poly1305: the data's ciphertext (sealing) or plaintext (opening: the same keystream).</summary>
    static (byte[] Text, byte[] Tag) Seal(AxiCoreSettings settings, byte[] data, byte[] aad)
    {
        using var aead = new ChaCha20Poly1305(settings.Key);
        var text = new byte[data.Length];
        var tag = new byte[16];
        aead.Encrypt(settings.Iv.AsSpan(0, 12), data, text, tag, aad);
        return (text, tag);
    }

    public byte[] Expected(AxiCoreSettings settings, ReadOnlySpan<byte> packet)
    {
        var (aad, data) = Parts(settings, packet);
        return Seal(settings, data, aad).Text;
    }

    public (byte[] Tag, bool Mismatch) ExpectedTag(AxiCoreSettings settings, ReadOnlySpan<byte> packet)
    {
        var (aad, data) = Parts(settings, packet);
        // The tag is over the ciphertext: when opening, the data itself, whose plaintext is its keystream XOR.
        var plaintext = settings.Decrypt ? Seal(settings, data, aad).Text : data;
        var tag = Seal(settings, plaintext, aad).Tag;
        return (tag, settings.Decrypt && !tag.AsSpan().SequenceEqual(settings.Aead!.ExpectedTag));
    }

    public bool NeedsWholeBlocks(AxiCoreSettings settings) => false;

    /// <summary>A 256-bit key: the given bytes, followed by their complement when fewer than 32 are given; sealing, no AAD.</summary>
    public AxiCoreSettings DefaultSettings(byte[] key)
    {
        byte[] full = [.. key, .. key.Select(b => (byte)~b)];
        return new(key.Length >= 32 ? key[..32] : full[..32], new byte[16], AxiRegisters.ModeChaChaPoly, Decrypt: false) { Aead = AxiAeadSettings.Default };
    }
}
