using Crypto.Streams;
using Hdl;

namespace Crypto.Axi;

/// <summary>
/// AXI4-Lite slave (32-bit data, 8-bit byte addresses) with the wrapper's registers (see
/// <see cref="AxiRegisters"/>): id, version and capabilities; staged key, IV and configuration;
/// control (start, soft reset, clear error); status and counters.
/// <para>
/// Key, IV and configuration writes go to staged registers. CTRL.START asks for them to be loaded
/// into the configuration in force at the next packet boundary on the core's input: at once when the
/// last block that entered the core ended a packet (or none entered since reset), otherwise when the
/// current packet's final block enters the core. So a packet never sees a mix of two keys, and the
/// key is loaded whole even though software writes it 32 bits at a time. START also enables the
/// input stream (TREADY is low from reset until the first START).
/// </para>
/// <para>
/// CTRL.SOFT_RESET disables the input stream and raises Flush for one cycle: the input converters drop
/// what they hold, blocks still in the core are drained and dropped, and the counters, status and error
/// are cleared. The output keeps the AXI4-Stream rules (the consumer is not reset with the wrapper): the
/// beat on offer on m_axis stays until taken and a packet in progress ends with a closing beat; this
/// bank watches m_axis to report it (STATUS.CLOSING until that packet's TLAST has gone, error 5 when
/// the packet was cut) and leaves that packet out of PACKETS_OUT. The staged registers are kept:
/// software writes START, which takes effect once STATUS.DRAINING has cleared.
/// </para>
/// <para>
/// Handshakes as in Xilinx's AXI4-Lite slaves: AWREADY and WREADY rise together for one cycle once both
/// AWVALID and WVALID are high and no write response is pending; BVALID follows; ARREADY rises for one
/// cycle when ARVALID is high and no read data is pending; RVALID follows with the data. Every output
/// is a register. Responses are always OKAY; unmapped addresses read 0 and ignore writes.
/// </para>
/// </summary>
public sealed class AxiLiteRegisterBank : ClockedProcess
{
    [InputBus] public IAxiLiteAddress WriteAddress = null!;
    [InputBus] public IAxiLiteWriteData WriteData = null!;
    [InputBus] public IReady WriteResponseReady = null!;
    [InputBus] public IAxiLiteAddress ReadAddress = null!;
    [InputBus] public IReady ReadDataReady = null!;
    [OutputBus] public IReady WriteAddressReady = Bus.Create<IReady>();
    [OutputBus] public IReady WriteDataReady = Bus.Create<IReady>();
    [OutputBus] public IAxiLiteWriteResponse WriteResponse = Bus.Create<IAxiLiteWriteResponse>();
    [OutputBus] public IReady ReadAddressReady = Bus.Create<IReady>();
    [OutputBus] public IAxiLiteReadData ReadData = Bus.Create<IAxiLiteReadData>();

    /// <summary>Blocks entering the core (for the packet boundary and BLOCKS_IN).</summary>
    [InputBus] public IStreamControl CoreInput = null!;
    [InputBus] public IReady CoreInputReady = null!;
    /// <summary>Blocks leaving the core towards the output stream (BLOCKS_OUT).</summary>
    [InputBus] public IStreamControl CoreOutput = null!;
    [InputBus] public IReady CoreOutputReady = null!;
    /// <summary>s_axis and its TREADY, m_axis and its TREADY (BUSY, PACKETS_OUT).</summary>
    [InputBus] public IStreamControl StreamIn = null!;
    [InputBus] public IReady StreamInReady = null!;
    [InputBus] public IStreamControl StreamOut = null!;
    [InputBus] public IReady StreamOutReady = null!;
    /// <summary>Errors of the input converter and of the core adapter.</summary>
    [InputBus] public IAxiErrorReport InputError = null!;
    [InputBus] public IAxiErrorReport CoreError = null!;
    /// <summary>Whether blocks left by a soft reset are still being drained (STATUS.DRAINING).</summary>
    [InputBus] public IAxiDrain Drain = null!;

    [OutputBus] public IAxiStreamControl Control = Bus.Create<IAxiStreamControl>();
    [OutputBus] public IAxiCoreConfig Config = Bus.Create<IAxiCoreConfig>();

    /// <summary>ID register value.</summary>
    readonly uint coreId;
    /// <summary>VERSION register value.</summary>
    readonly uint version;
    /// <summary>CAPS register value: what CONFIG may select.</summary>
    readonly uint caps;

    bool writeReady, writeResponseValid, readAddressReady, readDataValid;
    // Key and IV words are separate registers, not arrays: GHDL 2.0's synthesis crashes inferring a
    // memory from a register array written at a computed index (netlists-memories.adb:1413).
    uint key0, key1, key2, key3, key4, key5, key6, key7;
    uint iv0, iv1, iv2, iv3;
    uint config;
    bool enabled, flush, loadPending;
    bool error;
    byte errorCode;
    uint blocksIn, blocksOut, busyCycles, packetsOut;
    /// <summary>The last block that entered the core did not end its packet.</summary>
    bool coreMidPacket;
    /// <summary>The last beat taken on s_axis did not end its packet.</summary>
    bool streamMidPacket;
    /// <summary>Packets whose last beat came in on s_axis but has not gone out on m_axis.</summary>
    ushort packetsInFlight;
    /// <summary>The last beat taken on m_axis did not end its packet.</summary>
    bool outputMidPacket;
    /// <summary>The packet on m_axis at the last soft reset has not had its TLAST yet (STATUS.CLOSING).</summary>
    bool closingOutput;

    public AxiLiteRegisterBank(uint coreId, uint version, uint caps)
    {
        this.coreId = coreId;
        this.version = version;
        this.caps = caps;
    }

    protected override void OnTick()
    {
        bool flushing = flush;
        flush = false;
        bool busy = streamMidPacket || packetsInFlight != 0;

        // ---- errors reported this cycle (the first one since the last clear is kept)
        bool newError = false;
        byte newCode = 0;
        if (InputError.Error) { newError = true; newCode = InputError.Code; }
        else if (CoreError.Error) { newError = true; newCode = CoreError.Code; }

        // ---- read channel
        if (readDataValid && ReadDataReady.Ready) readDataValid = false;
        if (readAddressReady && ReadAddress.Valid)
        {
            uint value = 0;
            switch ((byte)(ReadAddress.Addr & 0xFC))
            {
                case AxiRegisters.Id: value = coreId; break;
                case AxiRegisters.Version: value = version; break;
                case AxiRegisters.Caps: value = caps; break;
                case AxiRegisters.Config: value = config; break;
                case AxiRegisters.Status:
                    value = (busy ? AxiRegisters.StatusBusy : 0u)
                        | (error ? AxiRegisters.StatusError : 0u)
                        | (loadPending ? AxiRegisters.StatusLoadPending : 0u)
                        | (enabled ? AxiRegisters.StatusEnabled : 0u)
                        | (Drain.Discard ? AxiRegisters.StatusDraining : 0u)
                        | (closingOutput ? AxiRegisters.StatusClosing : 0u)
                        | ((uint)errorCode << AxiRegisters.StatusErrorCodeShift);
                    break;
                case AxiRegisters.BlocksIn: value = blocksIn; break;
                case AxiRegisters.BlocksOut: value = blocksOut; break;
                case AxiRegisters.BusyCycles: value = busyCycles; break;
                case AxiRegisters.PacketsOut: value = packetsOut; break;
                case AxiRegisters.Iv0: value = iv0; break;
                case AxiRegisters.Iv0 + 4: value = iv1; break;
                case AxiRegisters.Iv0 + 8: value = iv2; break;
                case AxiRegisters.Iv0 + 12: value = iv3; break;
                default: value = 0; break; // CTRL, KEYn (write-only) and unmapped addresses
            }
            ReadData.Data = value;
            readDataValid = true;
            readAddressReady = false;
        }
        else readAddressReady = !readAddressReady && !readDataValid && ReadAddress.Valid;

        // ---- write channels
        if (writeResponseValid && WriteResponseReady.Ready) writeResponseValid = false;
        if (writeReady && WriteAddress.Valid && WriteData.Valid)
        {
            byte address = (byte)(WriteAddress.Addr & 0xFC);
            uint data = WriteData.Data;
            byte strobes = WriteData.Strb;
            if (address == AxiRegisters.Config)
            {
                uint value = AxiMath.MergeStrobes(config, data, strobes) & ConfigBits;
                if (Supported(caps, value)) config = value;
                else if (!newError) { newError = true; newCode = AxiRegisters.ErrorConfigRefused; }
            }
            else if (address == AxiRegisters.Control)
            {
                uint bits = (strobes & 1) != 0 ? data : 0u;
                if ((bits & AxiRegisters.ControlSoftReset) != 0)
                {
                    flush = true;
                    enabled = false;
                    loadPending = false;
                }
                else if ((bits & AxiRegisters.ControlStart) != 0) loadPending = true;
                if ((bits & AxiRegisters.ControlClearError) != 0)
                {
                    error = false;
                    errorCode = 0;
                }
            }
            else
            {
                switch (address)
                {
                    case AxiRegisters.Key0: key0 = AxiMath.MergeStrobes(key0, data, strobes); break;
                    case AxiRegisters.Key0 + 4: key1 = AxiMath.MergeStrobes(key1, data, strobes); break;
                    case AxiRegisters.Key0 + 8: key2 = AxiMath.MergeStrobes(key2, data, strobes); break;
                    case AxiRegisters.Key0 + 12: key3 = AxiMath.MergeStrobes(key3, data, strobes); break;
                    case AxiRegisters.Key0 + 16: key4 = AxiMath.MergeStrobes(key4, data, strobes); break;
                    case AxiRegisters.Key0 + 20: key5 = AxiMath.MergeStrobes(key5, data, strobes); break;
                    case AxiRegisters.Key0 + 24: key6 = AxiMath.MergeStrobes(key6, data, strobes); break;
                    case AxiRegisters.Key0 + 28: key7 = AxiMath.MergeStrobes(key7, data, strobes); break;
                    case AxiRegisters.Iv0: iv0 = AxiMath.MergeStrobes(iv0, data, strobes); break;
                    case AxiRegisters.Iv0 + 4: iv1 = AxiMath.MergeStrobes(iv1, data, strobes); break;
                    case AxiRegisters.Iv0 + 8: iv2 = AxiMath.MergeStrobes(iv2, data, strobes); break;
                    case AxiRegisters.Iv0 + 12: iv3 = AxiMath.MergeStrobes(iv3, data, strobes); break;
                    default: break; // read-only and unmapped addresses ignore writes
                }
            }
            writeResponseValid = true;
            writeReady = false;
        }
        else writeReady = !writeReady && !writeResponseValid && WriteAddress.Valid && WriteData.Valid;

        if (newError && !error)
        {
            error = true;
            errorCode = newCode;
        }

        // m_axis: a beat taken this cycle, and what the stream is left with after this edge.
        bool outputTaken = StreamOut.Valid && StreamOutReady.Ready;
        bool outputHeld = StreamOut.Valid && !StreamOutReady.Ready;
        bool outputMid = outputTaken ? !StreamOut.Last : outputMidPacket;
        bool lastOut = outputTaken && StreamOut.Last;
        // The TLAST that ends the packet in progress at a soft reset is not one of the packets counted.
        bool oldPacketEnds = lastOut && closingOutput;
        if (oldPacketEnds) closingOutput = false;
        outputMidPacket = outputMid;

        if (flushing)
        {
            // The edge at which every process drops what it holds: start counting afresh. The packet
            // on m_axis, if any, is finished by the output converter (held beat, closing beat).
            blocksIn = 0;
            blocksOut = 0;
            busyCycles = 0;
            packetsOut = 0;
            coreMidPacket = false;
            streamMidPacket = false;
            packetsInFlight = 0;
            // Cut: the packet needs a closing beat, or a closing beat from an earlier soft reset is still on offer.
            bool cut = (outputHeld ? !StreamOut.Last : outputMid) || (closingOutput && errorCode == AxiRegisters.ErrorOutputCut);
            closingOutput = outputHeld || outputMid;
            error = cut;
            errorCode = cut ? AxiRegisters.ErrorOutputCut : (byte)0;
        }
        else
        {
            if (CoreInput.Valid && CoreInputReady.Ready)
            {
                blocksIn++;
                coreMidPacket = !CoreInput.Last;
            }
            if (CoreOutput.Valid && CoreOutputReady.Ready) blocksOut++;
            bool lastIn = false;
            if (StreamIn.Valid && StreamInReady.Ready)
            {
                streamMidPacket = !StreamIn.Last;
                lastIn = StreamIn.Last;
            }
            bool counted = lastOut && !oldPacketEnds;
            if (lastIn && !counted) packetsInFlight++;
            else if (counted && !lastIn) packetsInFlight--;
            if (counted) packetsOut++;
            if (busy) busyCycles++;

            // ---- load the staged configuration at a packet boundary on the core's input, once what a
            // soft reset left in the core has been dropped (so nothing of it can reach m_axis)
            if (loadPending && !coreMidPacket && !Drain.Discard)
            {
                Config.KeyLow = AxiMath.Words(key0, key1, key2, key3);
                Config.KeyHigh = AxiMath.Words(key4, key5, key6, key7);
                Config.Iv = AxiMath.Words(iv0, iv1, iv2, iv3);
                Config.Mode = (byte)(config & AxiRegisters.ConfigModeMask);
                Config.Decrypt = (config & AxiRegisters.ConfigDecrypt) != 0;
                Config.KeySize = (byte)((config >> AxiRegisters.ConfigKeySizeShift) & 3);
                loadPending = false;
                enabled = true;
            }
        }

        Control.Enabled = enabled;
        Control.Flush = flush;
        WriteAddressReady.Ready = writeReady;
        WriteDataReady.Ready = writeReady;
        WriteResponse.Valid = writeResponseValid;
        WriteResponse.Resp = 0;
        ReadAddressReady.Ready = readAddressReady;
        ReadData.Valid = readDataValid;
        ReadData.Resp = 0;
    }

    /// <summary>The CONFIG bits that exist: mode, decrypt, key size.</summary>
    const uint ConfigBits = 0x310Fu;

    /// <summary>Whether the core supports the mode, direction and key size of a CONFIG value.</summary>
    public static bool Supported(uint caps, uint config)
    {
        uint mode = config & 0xF;
        bool decrypt = (config & AxiRegisters.ConfigDecrypt) != 0;
        uint keySize = (config >> AxiRegisters.ConfigKeySizeShift) & 3;
        bool modeOk = mode < 8 && ((caps >> (int)mode) & 1) != 0;
        // The direction bit is chosen first so that no test of the (generic) caps alone is a static
        // expression: GHDL 2.0's synthesis cannot fold a static unsigned /= ("unhandled ... NE_UNS_UNS").
        uint directionBit = decrypt ? AxiRegisters.CapsDecrypt : AxiRegisters.CapsEncrypt;
        bool directionOk = (caps & directionBit) != 0;
        bool keySizeOk = keySize < 3 && ((caps >> (AxiRegisters.CapsKeySizesShift + (int)keySize)) & 1) != 0;
        return modeOk && directionOk && keySizeOk;
    }
}
