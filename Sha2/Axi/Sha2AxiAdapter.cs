using System.Numerics;
using Crypto.Hashing;
using Crypto.Sha2;
using Crypto.Streams;
using Hdl;

namespace Crypto.Axi.Cores;

/// <summary>
/// A SHA-2 digest from the core (its words H0..H7), in stream byte order for
/// <see cref="AxiWideBlockSerializer"/>: the words go into four 128-bit lanes big-endian, the last word
/// first, each shifting the lanes on by a word (so 32-bit words fill Lanes[0] and Lanes[1], 64-bit ones all
/// four), and each lane is byte-reversed.
/// </summary>
public sealed class Sha2AxiDigestAdapter<W> : CombinationalProcess where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
{
    /// <summary>28 or 32 (SHA-224, SHA-256); 48 or 64 (SHA-384, SHA-512).</summary>
    readonly byte digestBytes;

    public Sha2AxiDigestAdapter(int digestBytes) => this.digestBytes = (byte)digestBytes;

    [InputBus] public ISha2DigestOut<W> Input = null!;
    [OutputBus] public IAxiWideBlock Output = Bus.Create<IAxiWideBlock>();

    protected override void OnTick()
    {
        bool valid = Input.Valid;
        int bits = Sha2Math<W>.WordBits;
        UInt128 lane0 = 0, lane1 = 0, lane2 = 0, lane3 = 0;
        if (valid)
        {
            for (int i = 0; i < Input.Digest.Length; i++)
            {
                lane3 = (lane3 >> bits) | (lane2 << (128 - bits));
                lane2 = (lane2 >> bits) | (lane1 << (128 - bits));
                lane1 = (lane1 >> bits) | (lane0 << (128 - bits));
                lane0 = (lane0 >> bits) | (UInt128.CreateTruncating(Input.Digest[Input.Digest.Length - 1 - i]) << (128 - bits));
            }
        }
        Output.Valid = valid;
        Output.Last = valid;
        Output.ByteCount = valid ? digestBytes : (byte)0;
        Output.Lanes[0] = AxiMath.ReverseBytes(lane0);
        Output.Lanes[1] = AxiMath.ReverseBytes(lane1);
        Output.Lanes[2] = AxiMath.ReverseBytes(lane2);
        Output.Lanes[3] = AxiMath.ReverseBytes(lane3);
    }
}

/// <summary>
/// A SHA-2 variant of <see cref="Sha2Catalog"/> behind the AXI wrapper, over the core's word type
/// <typeparamref name="W"/> (uint: SHA-224/256, ulong: SHA-384/512): a packet on s_axis is one message
/// (any number of bytes), its digest (28, 32, 48 or 64 bytes) is one packet of 2 to 4 blocks on
/// m_axis. Key, IV and CONFIG are not used; CAPS admits only CONFIG 0. ID is "S224", "S256", "S384"
/// or "S512".
/// </summary>
public sealed class Sha2AxiCore<W>(HashVariant<IHashChunkIn<W>, ISha2DigestOut<W>> variant, ushort variantNumber) : IAxiCoreAdapter
    where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
{
    readonly Lazy<Measurement> measured = new(() => variant.Measure());
    readonly Lazy<double> singleMessage = new(() => variant.MeasureSingleMessage());
    /// <summary>SHA-224 or SHA-384: the digest is cut to <see cref="Sha2Math{W}.TruncatedWords"/> words.</summary>
    readonly bool truncated = variant.Core is "sha224" or "sha384";

    public string Core => variant.Core;
    public string Variant => variant.Variant;
    public string Description => $"AXI wrapper of {variant.Description}";
    public uint CoreId { get; } = AxiRegisters.IdValue("S" + variant.Core[3..]);
    public ushort VariantNumber => variantNumber;
    public uint Caps { get; } = AxiRegisters.CapsValue(modesMask: 1 << AxiRegisters.ModeEcb, encrypt: true, decrypt: false,
        keySizesMask: 1 << AxiRegisters.KeySize128);
    public int BlockBytes => variant.BlockBytes;
    int DigestBytes => (truncated ? Sha2Math<W>.TruncatedWords : 8) * Sha2Math<W>.WordBits / 8;

    /// <summary>With many messages interleaved (the core alone, not what the wrapper's one-message-at-a-time use reaches).</summary>
    public Measurement MeasureCore() => measured.Value;

    /// <summary>Wrapper blocks of the digest.</summary>
    public long OutputBlocks(long packetBytes) => (DigestBytes + 15) / 16;

    /// <summary>One message at a time: each compression block waits for the previous one's chaining value.</summary>
    public double IdealCyclesPerPacket(int packetBytes, int keyBytes) =>
        Math.Max((packetBytes + 7) / 8, HashMessageDriver.BlockCount(packetBytes, variant.BlockBytes, variant.LengthBytes) * singleMessage.Value);

    public AxiCoreAttachment Attach(Design design, IAxiBlock input, IAxiCoreConfig config, IAxiStreamControl control)
    {
        var core = variant.Build();
        var collector = design.Add(new HashAxiChunkCollector<W>
        {
            Name = "sha_input", Input = input, Control = control, CoreReady = core.InputReady, Output = core.Input,
        });
        foreach (var p in core.Design.Processes) design.Add(p);
        var digest = design.Add(new Sha2AxiDigestAdapter<W>(DigestBytes) { Name = "sha_digest", Input = core.Output });
        var outputReady = Bus.Create<IReady>();
        var serializer = design.Add(new AxiWideBlockSerializer
        {
            Name = "sha_output", Input = digest.Output, OutputReady = outputReady, InputReady = core.OutputReady,
        });
        return new AxiCoreAttachment(collector.InputReady, serializer.Output, outputReady, collector.Error,
            CountedInput: core.Input, CountedInputReady: core.InputReady, OnePerPacket: true, Closing: collector.Closing);
    }

    /// <summary>.NET for SHA-256/384/512; the project's model for SHA-224 (no .NET class; the model is checked against FIPS 180-4 in the Sha2 tests).</summary>
    public byte[] Expected(AxiCoreSettings settings, ReadOnlySpan<byte> packet) => Core switch
    {
        "sha224" => Sha2Model.Hash256(packet, sha224: true),
        "sha256" => System.Security.Cryptography.SHA256.HashData(packet),
        "sha384" => System.Security.Cryptography.SHA384.HashData(packet),
        _ => System.Security.Cryptography.SHA512.HashData(packet),
    };

    public bool NeedsWholeBlocks(AxiCoreSettings settings) => false;

    public AxiCoreSettings DefaultSettings(byte[] key) => new(key, new byte[16], AxiRegisters.ModeEcb, Decrypt: false);
}
