using Crypto.Aes;
using Crypto.Streams;
using Hdl;

namespace Crypto.Axi.Cores;

/// <summary>
/// AEAD items into the AES-GCM core: the kind, the block big-endian (the stream's first byte in the top
/// bits, as AES and GHASH take it), the byte count, Last on End; the key and direction in force (the
/// register banks load new ones only after a message's End has gone in).
/// </summary>
public sealed class AesGcmAxiInput : CombinationalProcess
{
    [InputBus] public IAxiAeadItem Input = null!;
    [InputBus] public IAxiCoreConfig Config = null!;
    /// <summary>The core's input bus (assigned when wiring).</summary>
    [OutputBus] public IAesGcmIn Output = Bus.Create<IAesGcmIn>();

    protected override void OnTick()
    {
        bool valid = Input.Valid;
        Output.Valid = valid;
        AxiAeadKind kind = Input.Kind;
        Output.Kind = kind == AxiAeadKind.Iv ? AesGcmKind.Iv
            : kind == AxiAeadKind.Aad ? AesGcmKind.Aad
            : kind == AxiAeadKind.Data ? AesGcmKind.Data : AesGcmKind.End;
        Output.Block = valid ? AxiMath.ReverseBytes(Input.Data) : 0;
        Output.Bytes = valid ? Input.Bytes : (byte)0;
        Output.Last = valid && Input.Last;
        byte keySize = Config.KeySize;
        UInt128 upperKey = AxiMath.ReverseBytes(Config.KeyHigh);
        Output.KeyHigh = valid ? AxiMath.ReverseBytes(Config.KeyLow) : 0;
        // Key bytes 16..31: none for AES-128, 16..23 (the top 64 bits) for AES-192, all for AES-256.
        Output.KeyLow = !valid ? 0 : keySize == AxiRegisters.KeySize256 ? upperKey
            : keySize == AxiRegisters.KeySize192 ? new UInt128((ulong)(upperKey >> 64), 0) : 0;
        Output.KeySize = valid ? keySize : (byte)0;
        Output.Decrypt = valid && Config.Decrypt;
    }
}

/// <summary>The AES-GCM core's output to the AEAD output hold: a data block as lane 0 in stream byte order, or the End with tag and check.</summary>
public sealed class AesGcmAxiOutput : CombinationalProcess
{
    [InputBus] public IAesGcmOut Input = null!;
    [OutputBus] public IAxiAeadOutput Output = Bus.Create<IAxiAeadOutput>();

    protected override void OnTick()
    {
        bool valid = Input.Valid;
        bool end = valid && Input.Kind == AesGcmKind.End;
        UInt128 block = valid ? AxiMath.ReverseBytes(Input.Block) : 0;
        Output.Valid = valid;
        Output.Last = end;
        Output.End = end;
        Output.Lanes[0] = end ? 0 : block;
        for (int i = 1; i < Output.Lanes.Length; i++) Output.Lanes[i] = 0;
        Output.ByteCount = valid && !end ? Input.Bytes : (byte)0;
        Output.Tag = end ? block : 0;
        Output.TagMismatch = end && Input.TagMismatch;
    }
}

/// <summary>
/// An AES-GCM core (<see cref="AesGcmVariant"/>: any AES encryption variant, all key sizes or one)
/// behind the AXI wrapper, with the AEAD registers. One packet is one message: [IV, when IV_LEN is not
/// 12, zero-padded to 16] ‖ AAD (AAD_LEN bytes, zero-padded to 16) ‖ data; the output packet is the
/// data's ciphertext (sealing) or plaintext (opening), exactly as long; the tag goes to TAG0..3. Key in
/// KEY0..7 and CONFIG's key size, the 96-bit IV in IV0..2; CONFIG mode 3 (GCM), either direction.
/// ID "GCM "; VERSION numbers the AES variant by its place in <see cref="AesCatalog.All"/>, as the AES wrappers do.
/// </summary>
public sealed class AesGcmAxiCore(AesGcmVariant gcm, ushort variantNumber) : IAxiAeadCoreAdapter
{
    /// <summary>The GCM core's name in the catalog and the CLI.</summary>
    public const string CoreName = "aes-gcm";

    public string Core => CoreName;
    /// <summary>The AES variant's name (proc11).</summary>
    public string Variant => gcm.BlockCipher.Variant;
    /// <summary>aes-proc11-gcm, aes128-proc11-gcm.</summary>
    public string Name => gcm.BlockCipher.Name + "-gcm";
    /// <summary>The key sizes the AES core is built for (<see cref="AesKeyBits.All"/> or 128, 192, 256).</summary>
    public int KeyBits => gcm.BlockCipher.KeyBits;
    string IAxiCoreAdapter.KeyBits => AesKeyBits.Name(KeyBits);
    public string Description => $"AXI wrapper of AES-GCM on aes {gcm.BlockCipher.Variant}" +
        (KeyBits == AesKeyBits.All ? "" : $", built for AES-{KeyBits} only");
    public uint CoreId { get; } = AxiRegisters.IdValue("GCM ");
    public ushort VariantNumber => variantNumber;
    /// <summary>GCM, both directions, the key sizes of the AES build, and empty messages (START with CONTROL.EMPTY).</summary>
    public uint Caps { get; } = AxiRegisters.CapsValue(modesMask: 1 << AxiRegisters.ModeGcm, encrypt: true, decrypt: true,
        keySizesMask: (byte)gcm.BlockCipher.KeySizes.Sum(size => 1 << size)) | AxiRegisters.CapsEmptyMessage;
    public int BlockBytes => 16;
    public bool AnyIvLength => true;
    public byte MinTagBytes => AesGcmModel.MinTagBytes;

    readonly Lazy<AesGcmMeasurement> measured = new(() => gcm.Measure());

    public Measurement MeasureCore()
    {
        var m = measured.Value;
        return new Measurement(m.DataClocksPerBlock, m.DataLatency, m.MessageOverhead + m.Blocks, m.Blocks);
    }

    public long OutputBlocks(long packetBytes) => (packetBytes + 15) / 16;

    /// <summary>Blocks and the End item (BLOCKS_IN counts both).</summary>
    public long InputBlocks(long packetBytes) => (packetBytes + 15) / 16 + 1;

    /// <summary>
    /// The 64-bit stream's beats, or the core's clocks for one message of that many data blocks (it takes
    /// one message at a time: the clocks from its first item to its tag), whichever is larger.
    /// </summary>
    public double IdealCyclesPerPacket(int packetBytes, int keyBytes) =>
        Math.Max((packetBytes + 7) / 8, OutputBlocks(packetBytes) * measured.Value.DataClocksPerBlock + measured.Value.MessageOverhead);

    AxiCoreAttachment IAxiCoreAdapter.Attach(Design design, IAxiBlock input, IAxiCoreConfig config, IAxiStreamControl control) =>
        throw new InvalidOperationException($"{Name}: an AEAD wrapper is built by AxiWrapper.Build, with its AEAD registers");

    public AxiAeadAttachment AttachAead(Design design, IAxiBlock input, IAxiCoreConfig config, IAxiAeadConfig aead, IAxiStreamControl control)
    {
        var core = gcm.Build();
        foreach (var p in core.Design.Processes) design.Add(p);
        var (splitter, boundary) = AxiAeadParts.AddFront(design, input, config, aead, control, ivItems: true, core.InputReady);
        design.Add(new AesGcmAxiInput { Name = "gcm_axi_input", Input = splitter.Output, Config = config, Output = core.Input });
        var fromCore = design.Add(new AesGcmAxiOutput { Name = "gcm_axi_output", Input = core.Output });
        var (hold, serializer, blocksReady) = AxiAeadParts.AddOutput(design, fromCore.Output, core.OutputReady, splitter, core.InputReady, control);
        // The drain counts a message's first data item in and its output packet's last block out.
        var attachment = new AxiCoreAttachment(splitter.InputReady, serializer.Output, blocksReady, splitter.Error,
            CountedInput: splitter.FirstData, CountedInputReady: core.InputReady, OnePerPacket: true, Closing: splitter.Closing);
        return new AxiAeadAttachment(attachment, boundary.Output, boundary.OutputReady, hold.Result, splitter.EmptyBegun);
    }

    /// <summary>The packet's parts: IV (IV0..2, or the packet's first IV_LEN bytes), AAD and data.</summary>
    static (byte[] Iv, byte[] Aad, byte[] Data) Parts(AxiCoreSettings settings, ReadOnlySpan<byte> packet)
    {
        var aead = settings.Aead ?? throw new ArgumentException("an AES-GCM configuration has its AEAD registers");
        int ivBytes = aead.IvBytes == AesGcmModel.StandardIvBytes ? 0 : (int)aead.IvBytes;
        int ivEnd = (ivBytes + 15) / 16 * 16;
        int aadEnd = ivEnd + (int)aead.AadBytes, aadPaddedEnd = ivEnd + (int)(aead.AadBytes + 15) / 16 * 16;
        if (packet.Length < (aead.AadBytes != 0 ? aadEnd : ivBytes))
            throw new ArgumentException($"a {packet.Length}-byte packet is shorter than its IV and AAD");
        byte[] iv = ivBytes == 0 ? settings.Iv[..AesGcmModel.StandardIvBytes] : packet[..ivBytes].ToArray();
        return (iv, packet[ivEnd..Math.Min(aadEnd, packet.Length)].ToArray(), packet.Length > aadPaddedEnd ? packet[aadPaddedEnd..].ToArray() : []);
    }

    /// <summary>
    /// The data's CTR output (ciphertext when sealing, plaintext when opening: the same keystream), from
    /// .NET's AesGcm for a 96-bit IV, else from the project's model (SP 800-38D, checked against Wycheproof).
    /// </summary>
    public byte[] Expected(AxiCoreSettings settings, ReadOnlySpan<byte> packet)
    {
        var (iv, aad, data) = Parts(settings, packet);
        return Seal(settings.Key, iv, data, aad).Ciphertext;
    }

    public (byte[] Tag, bool Mismatch) ExpectedTag(AxiCoreSettings settings, ReadOnlySpan<byte> packet)
    {
        var (iv, aad, data) = Parts(settings, packet);
        var aead = settings.Aead!;
        // The tag is over the ciphertext: when opening, the data itself, whose plaintext is its CTR output.
        var plaintext = settings.Decrypt ? Seal(settings.Key, iv, data, aad).Ciphertext : data;
        var tag = Seal(settings.Key, iv, plaintext, aad).Tag;
        bool mismatch = settings.Decrypt && !tag.AsSpan(0, aead.TagBytes).SequenceEqual(aead.ExpectedTag.AsSpan(0, aead.TagBytes));
        return (tag, mismatch);
    }

    static (byte[] Ciphertext, byte[] Tag) Seal(byte[] key, byte[] iv, byte[] plaintext, byte[] aad)
    {
        if (iv.Length != AesGcmModel.StandardIvBytes) return AesGcmModel.Seal(key, iv, plaintext, aad);
        using var aes = new System.Security.Cryptography.AesGcm(key, AesGcmModel.TagBytes);
        var ciphertext = new byte[plaintext.Length];
        var tag = new byte[AesGcmModel.TagBytes];
        aes.Encrypt(iv, plaintext, ciphertext, tag, aad);
        return (ciphertext, tag);
    }

    public bool NeedsWholeBlocks(AxiCoreSettings settings) => false;

    /// <summary>The key change moves to a 192- or 256-bit key (by seed) when the build takes every size.</summary>
    public int SecondKeyBytes(int seed, int firstKeyBytes) => KeyBits != AesKeyBits.All ? KeyBits / 8 : seed % 2 == 0 ? 32 : 24;

    /// <summary>The given key (cut or lengthened to the build's one size), sealing, no AAD, the 96-bit IV of IV0..2.</summary>
    public AxiCoreSettings DefaultSettings(byte[] key)
    {
        byte[] built = KeyBits == AesKeyBits.All ? key : [.. key.Concat(key.Select(b => (byte)~b)).Take(KeyBits / 8)];
        return new(built, new byte[16], AxiRegisters.ModeGcm, Decrypt: false) { Aead = AxiAeadSettings.Default };
    }
}
