using System.Buffers.Binary;
using Crypto.ChaCha;
using Crypto.Streams;
using Hdl;

namespace Crypto.Axi.Cores;

/// <summary>
/// Between the wrapper and a ChaCha20 core: collects four 16-byte wrapper blocks, or fewer at the end
/// of a packet, into one 64-byte word of the core's stream (the same byte order: byte 0 in the least
/// significant bits of Data0), with the key (KEY0..7), the initial block counter (IV0) and the nonce
/// (IV1..3) in force. One packet is one message; the core reads key, nonce and counter on its first
/// word and numbers the blocks itself.
/// <para>
/// Counter exhaustion is caught here, before the core sees it: a word that would use block counter
/// 2^32-1 while the packet goes on is sent as the message's final word (so the output packet ends
/// there, with TLAST), the rest of the input packet is taken and dropped, and the error is reported
/// (STATUS error code <see cref="AxiRegisters.ErrorCounterExhausted"/>). The core itself never stops,
/// so the wrapper goes on with the next packet.
/// </para>
/// <para>
/// A soft reset drops the word being collected. A word on offer to the core stays on offer until the
/// core takes it (a stream's valid is never withdrawn); when the interrupted message is then still
/// open (the core has taken words of it but not its final one), a one-byte final word closes it.
/// <see cref="Closing"/> is high until the message is closed, and the wrapper's drain drops what
/// comes of it.
/// </para>
/// </summary>
public sealed class ChaChaAxiWordCollector : ClockedProcess
{
    [InputBus] public IAxiBlock Input = null!;
    [InputBus] public IAxiCoreConfig Config = null!;
    [InputBus] public IAxiStreamControl Control = null!;
    /// <summary>The core's input ready.</summary>
    [InputBus] public IReady CoreReady = null!;
    /// <summary>Ready for a wrapper block (a register).</summary>
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();
    /// <summary>The core's input bus (assigned when wiring).</summary>
    [OutputBus] public IChaChaDataIn Output = Bus.Create<IChaChaDataIn>();
    [OutputBus] public IAxiDrain Closing = Bus.Create<IAxiDrain>();
    /// <summary>Counter exhaustion (a one-cycle pulse).</summary>
    [OutputBus] public IAxiErrorReport Error = Bus.Create<IAxiErrorReport>();

    bool ready, outputValid, outputLast, closing;
    /// <summary>The core has taken words of a message but not its final one.</summary>
    bool midMessage;
    /// <summary>Words of the packet being collected have been sent: <see cref="nextCounter"/> is the next word's block counter.</summary>
    bool inPacket;
    /// <summary>The packet ran out of block counters: its remaining blocks are taken and dropped.</summary>
    bool dropping;
    uint nextCounter;
    /// <summary>Wrapper blocks collected into the word being built (0..3).</summary>
    byte count;
    /// <summary>Message bytes in the word being built.</summary>
    byte bytes;
    UInt128 lane0, lane1, lane2;

    protected override void OnTick()
    {
        bool exhausted = false;
        if (outputValid && CoreReady.Ready)
        {
            outputValid = false;
            midMessage = !outputLast;
            if (outputLast) closing = false;
        }
        if (Control.Flush)
        {
            count = 0;
            bytes = 0;
            inPacket = false;
            dropping = false;
            // The word on offer stays; the message is closed once it is taken, unless it is the final word.
            // Closing until then, so the drain drops what comes of the words (and the bank stays disabled).
            closing = outputValid || midMessage;
        }
        else
        {
            if (ready && Input.Valid)
            {
                if (dropping)
                {
                    if (Input.Last) dropping = false;
                }
                else
                {
                    UInt128 lane = Input.Data;
                    byte total = (byte)(bytes + Input.Bytes);
                    if (count == 3 || Input.Last)
                    {
                        uint counter = inPacket ? nextCounter : (uint)Config.Iv;
                        exhausted = counter == uint.MaxValue && !Input.Last;
                        Output.Data[0] = count == 0 ? lane : lane0;
                        Output.Data[1] = count == 1 ? lane : (count > 1 ? lane1 : 0);
                        Output.Data[2] = count == 2 ? lane : (count > 2 ? lane2 : 0);
                        Output.Data[3] = count == 3 ? lane : 0;
                        Output.ByteCount = total;
                        Output.Last = Input.Last || exhausted;
                        Output.Key[0] = Config.KeyLow;
                        Output.Key[1] = Config.KeyHigh;
                        Output.Nonce = Config.Iv >> 32;
                        Output.Counter = counter;
                        outputValid = true;
                        outputLast = Input.Last || exhausted;
                        nextCounter = counter + 1;
                        inPacket = !Input.Last && !exhausted;
                        dropping = exhausted;
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
        }
        if (closing && !outputValid)
        {
            // Close the interrupted message so the core's next word starts a new one.
            for (int i = 0; i < Output.Data.Length; i++) Output.Data[i] = 0;
            Output.ByteCount = 1;
            Output.Last = true;
            outputValid = true;
            outputLast = true;
        }
        ready = !Control.Flush && !outputValid && !closing;
        Output.Valid = outputValid;
        InputReady.Ready = ready;
        Closing.Discard = closing;
        Error.Error = exhausted;
        Error.Code = exhausted ? AxiRegisters.ErrorCounterExhausted : (byte)0;
    }
}

/// <summary>A ChaCha20 output word to the wrapper (the same byte order: only the bus changes).</summary>
public sealed class ChaChaAxiOutputAdapter : CombinationalProcess
{
    [InputBus] public IChaChaDataOut Input = null!;
    [OutputBus] public IAxiWideBlock Output = Bus.Create<IAxiWideBlock>();

    protected override void OnTick()
    {
        bool valid = Input.Valid;
        Output.Valid = valid;
        Output.Last = valid && Input.Last;
        Output.ByteCount = valid ? Input.ByteCount : (byte)0;
        for (int i = 0; i < Output.Lanes.Length; i++) Output.Lanes[i] = valid ? Input.Data[i] : 0;
    }
}

/// <summary>
/// A ChaCha20 variant of <see cref="ChaChaCatalog"/> behind the AXI wrapper: a packet on s_axis (any
/// number of bytes) is one message, encrypted (or decrypted: the same) with the 256-bit key of
/// KEY0..7, the block counter of IV0 and the 96-bit nonce of IV1..3 (RFC 8439 state words 12..15, in
/// that order); the output packet has the same length, unless the packet runs past block counter
/// 2^32-1 (see <see cref="ChaChaAxiWordCollector"/>). CONFIG: mode CTR, 256-bit key, either direction.
/// </summary>
public sealed class ChaChaAxiCore(ChaChaVariant variant, ushort variantNumber) : IAxiCoreAdapter
{
    public string Core => variant.Core;
    public string Variant => variant.Variant;
    public string Description => $"AXI wrapper of {variant.Description}";
    public uint CoreId { get; } = AxiRegisters.IdValue("CC20");
    public ushort VariantNumber => variantNumber;
    public uint Caps { get; } = AxiRegisters.CapsValue(modesMask: 1 << AxiRegisters.ModeCtr, encrypt: true, decrypt: true,
        keySizesMask: 1 << AxiRegisters.KeySize256);
    public int BlockBytes => ChaChaMath.BlockBytes;

    readonly Lazy<Measurement> measured = new(() => variant.Measure());

    public Measurement MeasureCore() => measured.Value;

    public long OutputBlocks(long packetBytes) => (packetBytes + 15) / 16;

    public double IdealCyclesPerPacket(int packetBytes, int keyBytes) =>
        Math.Max((packetBytes + 7) / 8, (packetBytes + BlockBytes - 1) / BlockBytes * MeasureCore().ClocksPerBlock);

    public AxiCoreAttachment Attach(Design design, IAxiBlock input, IAxiCoreConfig config, IAxiStreamControl control)
    {
        var core = variant.Build();
        var collector = design.Add(new ChaChaAxiWordCollector
        {
            Name = "chacha_input", Input = input, Config = config, Control = control, CoreReady = core.InputReady, Output = core.Input,
        });
        foreach (var p in core.Design.Processes) design.Add(p);
        var words = design.Add(new ChaChaAxiOutputAdapter { Name = "chacha_words", Input = core.Output });
        var outputReady = Bus.Create<IReady>();
        var serializer = design.Add(new AxiWideBlockSerializer
        {
            Name = "chacha_output", Input = words.Output, OutputReady = outputReady, InputReady = core.OutputReady,
        });
        // One output packet per input packet (also when it ends early at counter exhaustion): the drain counts packets.
        return new AxiCoreAttachment(collector.InputReady, serializer.Output, outputReady, collector.Error,
            CountedInput: core.Input, CountedInputReady: core.InputReady, OnePerPacket: true, Closing: collector.Closing);
    }

    /// <summary>The project's ChaCha20 model (checked against RFC 8439 in the ChaCha tests), up to block counter 2^32-1.</summary>
    public byte[] Expected(AxiCoreSettings settings, ReadOnlySpan<byte> packet)
    {
        uint counter = BinaryPrimitives.ReadUInt32LittleEndian(settings.Iv);
        long available = (ChaChaModel.MaxBlocks - counter) * ChaChaMath.BlockBytes;
        var data = packet.Length > available ? packet[..(int)available] : packet;
        return ChaChaModel.Encrypt(settings.Key, settings.Iv.AsSpan(4, ChaChaModel.NonceBytes), counter, data);
    }

    /// <summary>Whether <paramref name="packetBytes"/> bytes under <paramref name="settings"/> run past block counter 2^32-1.</summary>
    public static bool Exhausts(AxiCoreSettings settings, long packetBytes) =>
        (packetBytes + ChaChaMath.BlockBytes - 1) / ChaChaMath.BlockBytes > ChaChaModel.MaxBlocks - BinaryPrimitives.ReadUInt32LittleEndian(settings.Iv);

    public bool NeedsWholeBlocks(AxiCoreSettings settings) => false;

    /// <summary>A 256-bit key: the given bytes, followed by their complement when fewer than 32 are given.</summary>
    public AxiCoreSettings DefaultSettings(byte[] key)
    {
        byte[] full = [.. key, .. key.Select(b => (byte)~b)];
        return new(key.Length >= 32 ? key[..32] : full[..32], new byte[16], AxiRegisters.ModeCtr, Decrypt: false);
    }
}
