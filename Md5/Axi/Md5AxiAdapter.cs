using Crypto.Hashing;
using Crypto.Md5;
using Crypto.Streams;
using Hdl;

namespace Crypto.Axi.Cores;

/// <summary>An MD5 digest from the core to the wrapper: one 16-byte block, stream byte order, ending the packet.</summary>
public sealed class Md5AxiDigestAdapter : CombinationalProcess
{
    [InputBus] public IMd5DigestOut Input = null!;
    [OutputBus] public IAxiBlock Output = Bus.Create<IAxiBlock>();

    protected override void OnTick()
    {
        bool valid = Input.Valid;
        Output.Valid = valid;
        Output.Data = valid ? AxiMath.ReverseBytes(Input.Digest) : 0;
        Output.Bytes = valid ? (byte)16 : (byte)0;
        Output.Last = valid;
    }
}

/// <summary>
/// An MD5 variant of <see cref="Md5Catalog"/> behind the AXI wrapper: a packet on s_axis is one
/// message (any number of bytes, the final beat partial), its 16-byte digest is one packet on m_axis.
/// Key, IV and CONFIG are not used; CAPS admits only CONFIG 0.
/// </summary>
public sealed class Md5AxiCore(HashVariant<IHashChunkIn<uint>, IMd5DigestOut> variant, ushort variantNumber) : IAxiCoreAdapter
{
    public string Core => "md5";
    public string Variant => variant.Variant;
    public string Description => $"AXI wrapper of {variant.Description}";
    public uint CoreId { get; } = AxiRegisters.IdValue("MD5 ");
    public ushort VariantNumber => variantNumber;
    /// <summary>Mode 0, forward direction, key-size field 0: the only CONFIG (0) a hash accepts.</summary>
    public uint Caps { get; } = AxiRegisters.CapsValue(modesMask: 1 << AxiRegisters.ModeEcb, encrypt: true, decrypt: false,
        keySizesMask: 1 << AxiRegisters.KeySize128);
    public int BlockBytes => variant.BlockBytes;

    readonly Lazy<Measurement> measured = new(() => variant.Measure());
    readonly Lazy<double> singleMessage = new(() => variant.MeasureSingleMessage());

    /// <summary>With many messages interleaved (the core alone, not what the wrapper's one-message-at-a-time use reaches).</summary>
    public Measurement MeasureCore() => measured.Value;

    public long OutputBlocks(long packetBytes) => 1;

    /// <summary>One message at a time: each compression block waits for the previous one's chaining value.</summary>
    public double IdealCyclesPerPacket(int packetBytes, int keyBytes) =>
        Math.Max((packetBytes + 7) / 8, HashMessageDriver.BlockCount(packetBytes, variant.BlockBytes, variant.LengthBytes) * singleMessage.Value);

    public AxiCoreAttachment Attach(Design design, IAxiBlock input, IAxiCoreConfig config, IAxiStreamControl control)
    {
        var core = variant.Build();
        var collector = design.Add(new HashAxiChunkCollector<uint>
        {
            Name = "md5_input", Input = input, Control = control, CoreReady = core.InputReady, Output = core.Input,
        });
        foreach (var p in core.Design.Processes) design.Add(p);
        var digest = design.Add(new Md5AxiDigestAdapter { Name = "md5_output", Input = core.Output });
        return new AxiCoreAttachment(collector.InputReady, digest.Output, core.OutputReady, collector.Error,
            CountedInput: core.Input, CountedInputReady: core.InputReady, OnePerPacket: true, Closing: collector.Closing);
    }

    public byte[] Expected(AxiCoreSettings settings, ReadOnlySpan<byte> packet) => System.Security.Cryptography.MD5.HashData(packet);

    public bool NeedsWholeBlocks(AxiCoreSettings settings) => false;

    public AxiCoreSettings DefaultSettings(byte[] key) => new(key, new byte[16], AxiRegisters.ModeEcb, Decrypt: false);
}
