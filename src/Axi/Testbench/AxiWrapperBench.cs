using Hdl;

namespace Crypto.Axi.Testbench;

/// <summary>
/// A wrapper design in simulation with its three masters and slaves attached: an AXI4-Lite master
/// (the CPU through the interconnect), a DMA-like stream source on s_axis and sink on m_axis (64 or
/// 32 bits wide, as the wrapper). Each
/// cycle drives all inputs, settles, lets the models see the handshakes, and clocks. Register accesses
/// are synchronous calls that run the simulation until they complete, while the streams keep moving.
/// </summary>
public sealed class AxiWrapperBench
{
    public IAxiCoreAdapter Adapter { get; }
    public AxiWrapperDesign Wrapper { get; }
    public Simulation Simulation { get; }
    public TraceRecorder? Trace { get; }
    public AxiLiteMaster Lite { get; }
    public AxiStreamSource Source { get; }
    public AxiStreamSink Sink { get; }
    public long MaxCycles { get; set; } = 5_000_000;

    public AxiWrapperBench(IAxiCoreAdapter adapter, int seed, double liteDelay, double gapProbability, double stallProbability, bool trace,
        int streamBits = AxiWrapper.DefaultStreamBits)
    {
        Adapter = adapter;
        Wrapper = AxiWrapper.Build(adapter, streamBits);
        Simulation = new Simulation(Wrapper.Design);
        Trace = trace ? Simulation.EnableTrace() : null;
        var p = Wrapper.Ports;
        // Separate random streams, so that changing one model's behaviour leaves the others' alone.
        Lite = new AxiLiteMaster(p, new Random(seed * 3 + 1), liteDelay);
        Source = new AxiStreamSource(p.SAxis, p.SAxisReady, new Random(seed * 3 + 2), gapProbability);
        Sink = new AxiStreamSink(p.MAxis, p.MAxisReady, new Random(seed * 3 + 3), stallProbability);
    }

    public long Cycle => Simulation.Cycle;

    public IEnumerable<string> ProtocolErrors => Lite.ProtocolErrors.Concat(Sink.ProtocolErrors);

    /// <summary>One clock cycle of the whole bench.</summary>
    public void Step()
    {
        if (Simulation.Cycle >= MaxCycles)
            throw new HardwareException($"the AXI bench stopped after {MaxCycles} cycles");
        Lite.Drive();
        Source.Drive();
        Sink.Drive();
        Simulation.Settle();
        long c = Simulation.Cycle;
        Lite.Observe(c);
        Source.Observe(c);
        Sink.Observe(c);
        Simulation.Clock();
    }

    /// <summary>Steps until <paramref name="done"/> holds, or fails after <paramref name="limit"/> cycles saying what it waited for.</summary>
    public void RunUntil(Func<bool> done, string what, long limit = 1_000_000)
    {
        long start = Cycle;
        while (!done())
        {
            if (Cycle - start > limit) throw new HardwareException($"cycle {Cycle}: waited {limit} cycles for {what}");
            Step();
        }
    }

    public void Run(long cycles)
    {
        for (long i = 0; i < cycles; i++) Step();
    }

    public uint Read(byte address)
    {
        var a = Lite.Read(address);
        RunUntil(() => a.Done, $"the read of register 0x{address:X2}", 10_000);
        return a.Result;
    }

    public void Write(byte address, uint value, byte strobes = 0xF)
    {
        var a = Lite.Write(address, value, strobes);
        RunUntil(() => a.Done, $"the write of register 0x{address:X2}", 10_000);
    }

    /// <summary>Writes key, IV and CONFIG, and for an AEAD wrapper AAD_LEN, IV_LEN, TAG_LEN and TAG0..3 (the staged registers; START loads them).</summary>
    public void WriteSettings(AxiCoreSettings s)
    {
        for (int i = 0; i < s.Key.Length / 4; i++) Write((byte)(AxiRegisters.Key0 + 4 * i), LittleEndianWord(s.Key, 4 * i));
        for (int i = 0; i < 4; i++) Write((byte)(AxiRegisters.Iv0 + 4 * i), LittleEndianWord(s.Iv, 4 * i));
        Write(AxiRegisters.Config, s.ConfigValue);
        if (s.Aead is { } aead)
        {
            Write(AxiRegisters.AadLength, aead.AadBytes);
            Write(AxiRegisters.IvLength, aead.IvBytes);
            Write(AxiRegisters.TagLength, aead.TagBytes);
            for (int i = 0; i < 4; i++) Write((byte)(AxiRegisters.Tag0 + 4 * i), LittleEndianWord(aead.ExpectedTag, 4 * i));
        }
    }

    /// <summary>TAG0..3 read back: the tag of the last message that ended (AEAD wrappers).</summary>
    public byte[] ReadTag()
    {
        var tag = new byte[16];
        for (int i = 0; i < 4; i++) System.Buffers.Binary.BinaryPrimitives.WriteUInt32LittleEndian(tag.AsSpan(4 * i), Read((byte)(AxiRegisters.Tag0 + 4 * i)));
        return tag;
    }

    public static uint LittleEndianWord(byte[] bytes, int offset) =>
        (uint)(bytes[offset] | bytes[offset + 1] << 8 | bytes[offset + 2] << 16 | bytes[offset + 3] << 24);
}
