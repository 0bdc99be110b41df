using System.Numerics;
using Crypto.Streams;
using Hdl;

namespace Crypto.Axi;

/// <summary>What a core adapter adds to a wrapper design: the core's side of the two block streams.</summary>
/// <param name="InputReady">The core's input ready (the input converter's consumer ready).</param>
/// <param name="Output">The core's output blocks, in stream byte order.</param>
/// <param name="OutputReady">The ready bus the core reads for its output; the wrapper's gate writes it.</param>
/// <param name="Error">Errors the adapter reports (e.g. a partial block in a mode that needs whole blocks).</param>
/// <param name="CountedInput">
/// The stream into the core proper whose transfers each make one output block later (what the drain
/// counts to empty the core after a soft reset): for a block cipher, every block; for a hash, the
/// final chunk of each message (with <paramref name="OnePerPacket"/>).
/// </param>
/// <param name="CountedInputReady">The core's ready for <paramref name="CountedInput"/>.</param>
/// <param name="OnePerPacket">Only transfers with Last make an output (one output block per packet: a digest).</param>
/// <param name="Closing">
/// High while the adapter still has to send the core something left over by a soft reset (e.g. a
/// chunk that closes a half-sent message, whose output the drain then drops); low for adapters that
/// hold nothing (AES).
/// </param>
public sealed record AxiCoreAttachment(IReady InputReady, IAxiBlock Output, IReady OutputReady, IAxiErrorReport Error,
    IStreamControl CountedInput, IReady CountedInputReady, bool OnePerPacket, IAxiDrain Closing);

/// <summary>The configuration a packet is processed with, as software writes it into the registers.</summary>
/// <param name="Key">Key bytes (16, 24 or 32).</param>
/// <param name="Iv">IV / nonce / counter block (16 bytes).</param>
public sealed record AxiCoreSettings(byte[] Key, byte[] Iv, byte Mode, bool Decrypt)
{
    /// <summary>The AEAD registers (AAD_LEN, IV_LEN, TAG_LEN, TAG0..3) of an AEAD wrapper; null for the other cores.</summary>
    public AxiAeadSettings? Aead { get; init; }

    public byte KeySize => Key.Length switch
    {
        16 => AxiRegisters.KeySize128,
        24 => AxiRegisters.KeySize192,
        32 => AxiRegisters.KeySize256,
        _ => throw new ArgumentException($"a key is 16, 24 or 32 bytes, got {Key.Length}"),
    };

    public uint ConfigValue => AxiRegisters.ConfigValue(Mode, Decrypt, KeySize);
}

/// <summary>
/// The core-specific part of a wrapper (one file per core): what the core is called, what it
/// supports, how its processes join the wrapper design, and the software oracle for a packet.
/// </summary>
public interface IAxiCoreAdapter
{
    /// <summary>Core name as the CLI spells it (aes, chacha20, ...).</summary>
    string Core { get; }
    /// <summary>Variant of the core (its catalog name).</summary>
    string Variant { get; }
    /// <summary>The core build's name (&lt;core&gt;-&lt;variant&gt;, or e.g. aes128-proc11 for an AES build of one key size).</summary>
    string Name => $"{Core}-{Variant}";
    /// <summary>The key sizes the core build takes, as <see cref="ICoreVariant.KeyBits"/> spells them: "all", or 128, 192, 256 for an AES build of one size.</summary>
    string KeyBits => "all";
    string Description { get; }
    /// <summary>ID register (four ASCII characters).</summary>
    uint CoreId { get; }
    /// <summary>Variant number in VERSION bits 15..0.</summary>
    ushort VariantNumber { get; }
    /// <summary>CAPS register.</summary>
    uint Caps { get; }
    /// <summary>Bytes per block of the core itself (16 for AES, 64 for MD5); the wrapper's blocks are always 16 bytes.</summary>
    int BlockBytes { get; }
    /// <summary>16-byte blocks the wrapper sends out for a packet of <paramref name="packetBytes"/> (BLOCKS_OUT).</summary>
    long OutputBlocks(long packetBytes);
    /// <summary>What BLOCKS_IN counts for a packet of <paramref name="packetBytes"/>: its 16-byte blocks (AEAD: and the message's End item).</summary>
    long InputBlocks(long packetBytes) => (packetBytes + 15) / 16;
    /// <summary>
    /// The fewest clocks a packet of <paramref name="packetBytes"/> can take at full speed, back to back
    /// with others: the larger of the 64-bit beats in, the beats out and the core's own clocks for the
    /// packet (from its measured clocks per block) under a key of <paramref name="keyBytes"/> bytes
    /// (AES takes more rounds with a longer key; the other cores have one key size).
    /// </summary>
    double IdealCyclesPerPacket(int packetBytes, int keyBytes);
    /// <summary>The core alone: clocks per block at full speed and latency (measured in simulation).</summary>
    Measurement MeasureCore();

    /// <summary>
    /// Adds the core and its adapter processes to <paramref name="design"/>: blocks come from
    /// <paramref name="input"/> (whose ready is the returned InputReady), the configuration in force
    /// from <paramref name="config"/>, enable and flush (soft reset) from <paramref name="control"/>.
    /// </summary>
    AxiCoreAttachment Attach(Design design, IAxiBlock input, IAxiCoreConfig config, IAxiStreamControl control);

    /// <summary>What the wrapper must send out for one packet processed under <paramref name="settings"/> (the software oracle).</summary>
    byte[] Expected(AxiCoreSettings settings, ReadOnlySpan<byte> packet);

    /// <summary>Whether a packet that is not a whole number of blocks is an error under <paramref name="settings"/> (STATUS error 3).</summary>
    bool NeedsWholeBlocks(AxiCoreSettings settings);

    /// <summary>A default configuration the core supports, with the given key bytes.</summary>
    AxiCoreSettings DefaultSettings(byte[] key);

    /// <summary>
    /// Key bytes of the scenario's second configuration (the key change between packets), under
    /// <paramref name="seed"/>: a core with several key sizes changes the size there too.
    /// </summary>
    int SecondKeyBytes(int seed, int firstKeyBytes) => firstKeyBytes;
}

/// <summary>The top-level buses of a wrapper design (the ports of its VHDL top entity).</summary>
public sealed class AxiWrapperPorts
{
    /// <summary>Width of s_axis and m_axis: 64 or 32 bits.</summary>
    public required int StreamBits { get; init; }
    /// <summary>s_axis: an <see cref="IAxiStreamBeat{W}"/> of ulong, or of uint when <see cref="StreamBits"/> is 32.</summary>
    public required IStreamControl SAxis { get; init; }
    public required IReady SAxisReady { get; init; }
    /// <summary>m_axis: an <see cref="IAxiStreamBeat{W}"/> of ulong, or of uint when <see cref="StreamBits"/> is 32.</summary>
    public required IStreamControl MAxis { get; init; }
    public required IReady MAxisReady { get; init; }
    public required IAxiLiteAddress WriteAddress { get; init; }
    public required IReady WriteAddressReady { get; init; }
    public required IAxiLiteWriteData WriteData { get; init; }
    public required IReady WriteDataReady { get; init; }
    public required IAxiLiteWriteResponse WriteResponse { get; init; }
    public required IReady WriteResponseReady { get; init; }
    public required IAxiLiteAddress ReadAddress { get; init; }
    public required IReady ReadAddressReady { get; init; }
    public required IAxiLiteReadData ReadData { get; init; }
    public required IReady ReadDataReady { get; init; }
}

/// <summary>A freshly built wrapper design and its ports (a design is simulated once).</summary>
public sealed record AxiWrapperDesign(Design Design, AxiWrapperPorts Ports);

/// <summary>
/// Builds the wrapper of a core: AXI4-Lite register bank, AXI4-Stream beats-to-128-bit-blocks input
/// converter, the core (through its adapter), drain and gate for soft resets, blocks-to-beats output
/// converter. The two converters are generic over the stream's data word
/// (<see cref="AxiStreamBlockAssembler{W}"/>, <see cref="AxiStreamBlockSerializer{W}"/>): ulong for
/// 64-bit streams, uint for 32-bit; everything between them is the same for both widths.
/// </summary>
public static class AxiWrapper
{
    /// <summary>Name of a wrapper's top-level bus for each standard Xilinx port-name prefix (see <see cref="AxiShell"/>).</summary>
    public const string SAxis = "s_axis", SAxisReady = "s_axis_ready", MAxis = "m_axis", MAxisReady = "m_axis_ready",
        WriteAddress = "s_axi_aw", WriteAddressReady = "s_axi_aw_ready", WriteData = "s_axi_w", WriteDataReady = "s_axi_w_ready",
        WriteResponse = "s_axi_b", WriteResponseReady = "s_axi_b_ready", ReadAddress = "s_axi_ar", ReadAddressReady = "s_axi_ar_ready",
        ReadData = "s_axi_r", ReadDataReady = "s_axi_r_ready";

    /// <summary>The stream width of the wrappers unless told otherwise: 64 bits (the HP port's and the AXI DMA's).</summary>
    public const int DefaultStreamBits = 64;

    /// <summary>Whether <paramref name="bits"/> is a stream width a wrapper can have: 64 or 32.</summary>
    public static bool IsStreamWidth(int bits) => bits is 64 or 32;

    /// <summary>
    /// The design (top entity) name of a wrapper: axi_&lt;core&gt;_&lt;variant&gt;, a '-' in the variant
    /// as '_' (a VHDL identifier), with _w32 for 32-bit streams.
    /// </summary>
    public static string DesignName(IAxiCoreAdapter adapter, int streamBits = DefaultStreamBits) =>
        $"axi_{adapter.Name.Replace('-', '_')}{WidthSuffix(streamBits, '_')}";

    /// <summary>What names of a wrapper with <paramref name="streamBits"/>-bit streams end in: nothing for 64 bits, &lt;separator&gt;w32 for 32.</summary>
    public static string WidthSuffix(int streamBits, char separator) =>
        CheckWidth(streamBits) == DefaultStreamBits ? "" : $"{separator}w{streamBits}";

    static int CheckWidth(int streamBits) => IsStreamWidth(streamBits)
        ? streamBits
        : throw new ArgumentException($"an AXI4-Stream width is 64 or 32 bits, got {streamBits}");

    /// <summary>
    /// The fewest clocks a packet can take through the wrapper at full speed: the adapter's figure for
    /// 64-bit streams (<see cref="IAxiCoreAdapter.IdealCyclesPerPacket"/>); with 32-bit streams at least
    /// one clock per 4 bytes in and per 4 bytes out.
    /// </summary>
    public static double IdealCyclesPerPacket(IAxiCoreAdapter adapter, int packetBytes, int keyBytes, int streamBits = DefaultStreamBits)
    {
        int beatBytes = CheckWidth(streamBits) / 8;
        long beatsIn = (packetBytes + beatBytes - 1) / beatBytes;
        long beatsOut = (adapter.OutputBlocks(packetBytes) * 16 + beatBytes - 1) / beatBytes;
        return Math.Max(adapter.IdealCyclesPerPacket(packetBytes, keyBytes), Math.Max(beatsIn, beatsOut));
    }

    public static AxiWrapperDesign Build(IAxiCoreAdapter adapter, int streamBits = DefaultStreamBits) =>
        CheckWidth(streamBits) == 32 ? Build<uint>(adapter) : Build<ulong>(adapter);

    /// <summary>The wrapper with streams of <typeparamref name="W"/> words (ulong: 64 bits, uint: 32 bits).</summary>
    static AxiWrapperDesign Build<W>(IAxiCoreAdapter adapter) where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
    {
        int streamBits = AxiBeat<W>.Bits;
        var d = new Design(DesignName(adapter, streamBits));
        var sAxis = d.Input(Bus.Create<IAxiStreamBeat<W>>(), SAxis);
        var mAxisReady = d.Input(Bus.Create<IReady>(), MAxisReady);
        var aw = d.Input(Bus.Create<IAxiLiteAddress>(), WriteAddress);
        var w = d.Input(Bus.Create<IAxiLiteWriteData>(), WriteData);
        var bReady = d.Input(Bus.Create<IReady>(), WriteResponseReady);
        var ar = d.Input(Bus.Create<IAxiLiteAddress>(), ReadAddress);
        var rReady = d.Input(Bus.Create<IReady>(), ReadDataReady);

        var bank = d.Add(new AxiLiteRegisterBank(adapter.CoreId, (AxiRegisters.MapVersion << 16) | adapter.VariantNumber, adapter.Caps)
        {
            Name = "registers", WriteAddress = aw, WriteData = w, WriteResponseReady = bReady, ReadAddress = ar, ReadDataReady = rReady,
        });
        var assembler = d.Add(new AxiStreamBlockAssembler<W> { Name = "assembler", Input = sAxis, Control = bank.Control });
        // An AEAD core has registers of its own beside the bank (which stays as it is for every other core).
        AxiAeadRegisters? aeadRegisters = null;
        AxiAeadAttachment? aead = null;
        AxiCoreAttachment core;
        if (adapter is IAxiAeadCoreAdapter aeadAdapter)
        {
            aeadRegisters = d.Add(new AxiAeadRegisters(aeadAdapter.AnyIvLength, aeadAdapter.MinTagBytes)
            {
                Name = "aead_registers", WriteAddress = aw, WriteData = w, WriteTaken = bank.WriteAddressReady, ReadAddress = ar, ReadTaken = bank.ReadAddressReady,
            });
            aead = aeadAdapter.AttachAead(d, assembler.Output, bank.Config, aeadRegisters.Config, bank.Control);
            core = aead.Core;
        }
        else core = adapter.Attach(d, assembler.Output, bank.Config, bank.Control);
        assembler.OutputReady = core.InputReady;
        var drain = d.Add(new CoreFlowDrain(core.OnePerPacket)
        {
            Name = "drain", CoreInput = core.CountedInput, CoreInputReady = core.CountedInputReady,
            CoreOutput = core.Output, CoreOutputReady = core.OutputReady, Control = bank.Control, Closing = core.Closing,
        });
        var serializer = d.Add(new AxiStreamBlockSerializer<W> { Name = "serializer", Control = bank.Control, OutputReady = mAxisReady });
        var gate = d.Add(new CoreOutputGate
        {
            Name = "gate", Input = core.Output, Drain = drain.Drain, OutputReady = serializer.InputReady, CoreOutputReady = core.OutputReady,
        });
        serializer.Input = gate.Output;

        IStreamControl mAxis = serializer.Output;
        IReady sAxisReady = assembler.InputReady;

        bank.CoreInput = aead?.Boundary ?? assembler.Output;
        bank.CoreInputReady = aead?.BoundaryReady ?? core.InputReady;
        bank.CoreOutput = gate.Output;
        bank.CoreOutputReady = serializer.InputReady;
        bank.StreamIn = sAxis;
        bank.StreamInReady = sAxisReady;
        bank.StreamOut = mAxis;
        bank.StreamOutReady = mAxisReady;
        if (aead is not null)
        {
            // A message without data sends no packet: the bank sees a TLAST for it all the same (BUSY, PACKETS_OUT);
            // an empty message comes in no packet either: the bank sees an s_axis TLAST for it.
            var noData = d.Add(new AxiAeadNoDataCount
            {
                Name = "aead_no_data", Result = aead.Result, Stream = mAxis, StreamReady = mAxisReady, InputStream = sAxis, InputStreamReady = sAxisReady,
                EmptyBegun = aead.EmptyBegun, Control = bank.Control,
            });
            var view = d.Add(new AxiAeadStreamView
            {
                Name = "aead_stream_view", Stream = mAxis, StreamReady = mAxisReady, InputStream = sAxis, InputStreamReady = sAxisReady, NoData = noData.Pending,
            });
            bank.StreamOut = view.Output;
            bank.StreamOutReady = view.OutputReady;
            bank.StreamIn = view.Input;
            bank.StreamInReady = view.InputReady;
        }
        bank.InputError = assembler.Error;
        bank.CoreError = core.Error;
        bank.Drain = drain.Drain;
        IAxiLiteReadData readData = bank.ReadData;
        if (aeadRegisters is not null && aead is not null)
        {
            aeadRegisters.Boundary = aead.Boundary;
            aeadRegisters.Drain = drain.Drain;
            aeadRegisters.Result = aead.Result;
            aeadRegisters.AdapterError = core.Error;
            bank.CoreError = aeadRegisters.Error;
            readData = d.Add(new AxiAeadReadMerge { Name = "aead_read", Bank = bank.ReadData, Aead = aeadRegisters.ReadValue }).Output;
        }

        d.Output(sAxisReady, SAxisReady);
        d.Output(mAxis, MAxis);
        d.Output(bank.WriteAddressReady, WriteAddressReady);
        d.Output(bank.WriteDataReady, WriteDataReady);
        d.Output(bank.WriteResponse, WriteResponse);
        d.Output(bank.ReadAddressReady, ReadAddressReady);
        d.Output(readData, ReadData);

        return new AxiWrapperDesign(d, new AxiWrapperPorts
        {
            StreamBits = streamBits, SAxis = sAxis, SAxisReady = sAxisReady, MAxis = mAxis, MAxisReady = mAxisReady,
            WriteAddress = aw, WriteAddressReady = bank.WriteAddressReady, WriteData = w, WriteDataReady = bank.WriteDataReady,
            WriteResponse = bank.WriteResponse, WriteResponseReady = bReady, ReadAddress = ar, ReadAddressReady = bank.ReadAddressReady,
            ReadData = readData, ReadDataReady = rReady,
        });
    }
}
