using Crypto.Streams;

namespace Crypto.Axi.Testbench;

/// <summary>
/// The models' view of an AXI4-Stream bus of either width (<see cref="IAxiStreamBeat{W}"/> of ulong,
/// 64 bits, or of uint, 32 bits): TDATA as a ulong and TKEEP as a byte, whatever the lanes.
/// </summary>
public sealed class AxiStreamChannel
{
    readonly IAxiStreamBeat<ulong>? wide;
    readonly IAxiStreamBeat<uint>? narrow;
    readonly IStreamControl control;

    public AxiStreamChannel(IStreamControl bus)
    {
        control = bus;
        wide = bus as IAxiStreamBeat<ulong>;
        narrow = bus as IAxiStreamBeat<uint>;
        if (wide is null && narrow is null) throw new ArgumentException($"{bus.GetType().Name} is not an AXI4-Stream beat bus", nameof(bus));
        BeatBytes = wide is null ? 4 : 8;
    }

    /// <summary>Byte lanes of the bus: 8 or 4.</summary>
    public int BeatBytes { get; }

    public ulong Data
    {
        get => wide?.Data ?? narrow!.Data;
        set { if (wide is not null) wide.Data = value; else narrow!.Data = (uint)value; }
    }

    public byte Keep
    {
        get => wide?.Keep ?? narrow!.Keep;
        set { if (wide is not null) wide.Keep = value; else narrow!.Keep = value; }
    }

    public bool Last { get => control.Last; set => control.Last = value; }
    public bool Valid { get => control.Valid; set => control.Valid = value; }
}

/// <summary>
/// A DMA-like AXI4-Stream source (what AXI DMA MM2S does): sends queued packets as beats of the bus's
/// width (64 or 32 bits), the final beat with TLAST and a partial TKEEP when the packet ends inside it;
/// TVALID gaps at random; holds each beat until TREADY. <see cref="Abort"/> drops the rest of the
/// current packet (the DMA engine was reset).
/// </summary>
public sealed class AxiStreamSource(AxiStreamChannel bus, IReady ready, Random rng, double gapProbability)
{
    /// <summary>A source on <paramref name="bus"/>, an <see cref="IAxiStreamBeat{W}"/> of ulong or uint.</summary>
    public AxiStreamSource(IStreamControl bus, IReady ready, Random rng, double gapProbability)
        : this(new AxiStreamChannel(bus), ready, rng, gapProbability) { }

    readonly Queue<byte[]> packets = new();
    byte[]? current;
    int offset;
    bool offering;
    (ulong Data, byte Keep, bool Last) beat;

    public long BeatsTaken { get; private set; }
    public long FirstBeatCycle { get; private set; } = -1;
    /// <summary>Whether the source may start its next packet (a scenario holds it back to order events).</summary>
    public bool Hold { get; set; }
    public bool Idle => current is null && packets.Count == 0;
    /// <summary>Bytes of the current packet already taken (0 when between packets).</summary>
    public int CurrentOffset => current is null ? 0 : offset;
    public int Queued => packets.Count + (current is null ? 0 : 1);
    /// <summary>Probability per cycle of a TVALID gap before a beat.</summary>
    public double GapProbability { get; set; } = gapProbability;

    public void Enqueue(byte[] packet)
    {
        if (packet.Length == 0) throw new ArgumentException("an AXI4-Stream packet has at least one byte");
        packets.Enqueue(packet);
    }

    public void Abort()
    {
        current = null;
        offering = false;
    }

    public void Drive()
    {
        if (current is null && !Hold && packets.Count > 0)
        {
            current = packets.Dequeue();
            offset = 0;
        }
        if (current is not null && !offering && rng.NextDouble() >= GapProbability)
        {
            offering = true;
            int lanes = bus.BeatBytes;
            int n = Math.Min(lanes, current.Length - offset);
            ulong data = 0;
            for (int i = 0; i < n; i++) data |= (ulong)current[offset + i] << (8 * i);
            // Lanes without packet data carry junk, as a DMA may: the wrapper must ignore them.
            if (n < lanes) data |= (ulong)rng.NextInt64() << (8 * n);
            data &= AxiMath.LowBytesMask((byte)lanes);
            beat = (data, (byte)((1 << n) - 1), offset + n == current.Length);
        }
        // The beat holds, unchanged, until it is taken.
        bus.Data = offering ? beat.Data : 0;
        bus.Keep = offering ? beat.Keep : (byte)0;
        bus.Last = offering && beat.Last;
        bus.Valid = offering;
    }

    public void Observe(long cycle)
    {
        if (!offering || !ready.Ready) return;
        if (FirstBeatCycle < 0) FirstBeatCycle = cycle;
        BeatsTaken++;
        offset += bus.BeatBytes;
        offering = false;
        if (offset >= current!.Length) current = null;
    }
}

/// <summary>One packet received by <see cref="AxiStreamSink"/>, with the cycles of its first and last beats.</summary>
public sealed record ReceivedPacket(byte[] Data, long FirstBeatCycle, long LastBeatCycle);

/// <summary>
/// A DMA-like AXI4-Stream sink (what AXI DMA S2MM does), for a bus of either width: TREADY low at random (back-pressure);
/// collects the bytes TKEEP marks into packets ending at TLAST; checks the master's rules (TVALID and
/// the beat hold until taken; TKEEP a run of lanes from lane 0, partial only with TLAST).
/// <see cref="Abort"/> drops a partly received packet (the DMA engine was reset). A soft reset of the
/// wrapper is no excuse: the rules hold across it (only ARESETn may drop TVALID).
/// </summary>
public sealed class AxiStreamSink(AxiStreamChannel bus, IReady ready, Random rng, double stallProbability)
{
    /// <summary>A sink on <paramref name="bus"/>, an <see cref="IAxiStreamBeat{W}"/> of ulong or uint.</summary>
    public AxiStreamSink(IStreamControl bus, IReady ready, Random rng, double stallProbability)
        : this(new AxiStreamChannel(bus), ready, rng, stallProbability) { }

    readonly List<ReceivedPacket> packets = [];
    readonly List<byte> partial = [];
    long partialFirst = -1;
    readonly List<string> errors = [];
    bool held;
    (ulong Data, byte Keep, bool Last) heldBeat;

    public IReadOnlyList<ReceivedPacket> Packets => packets;
    public IReadOnlyList<string> ProtocolErrors => errors;
    public long BeatsTaken { get; private set; }
    public long LastBeatCycle { get; private set; } = -1;
    public int PartialBytes => partial.Count;
    public double StallProbability { get; set; } = stallProbability;

    /// <summary>Drops a partly received packet (the DMA engine was reset).</summary>
    public void Abort()
    {
        partial.Clear();
        partialFirst = -1;
        held = false;
    }

    public void Drive() => ready.Ready = rng.NextDouble() >= StallProbability;

    public void Observe(long cycle)
    {
        bool valid = bus.Valid;
        if (held)
        {
            if (!valid) errors.Add($"cycle {cycle}: m_axis TVALID dropped before the beat was taken");
            else if ((bus.Data, bus.Keep, bus.Last) != heldBeat) errors.Add($"cycle {cycle}: m_axis beat changed before it was taken");
        }
        held = false;
        if (!valid) return;
        var beat = (bus.Data, bus.Keep, bus.Last);
        if (!ready.Ready)
        {
            held = true;
            heldBeat = beat;
            return;
        }
        int lanes = bus.BeatBytes;
        int n = AxiMath.KeepBytes(beat.Keep);
        if (n == 0xFF || n == 0 || n > lanes || (!beat.Last && n != lanes))
            errors.Add($"cycle {cycle}: m_axis TKEEP 0x{beat.Keep:X2} {(beat.Last ? "on the last beat" : "on a beat before the last")}");
        n = n == 0xFF || n > lanes ? lanes : n;
        if (n < 8 && (beat.Data >> (8 * n)) != 0)
            errors.Add($"cycle {cycle}: m_axis lanes outside TKEEP 0x{beat.Keep:X2} are not zero");
        if (partialFirst < 0) partialFirst = cycle;
        for (int i = 0; i < n; i++) partial.Add((byte)(beat.Data >> (8 * i)));
        BeatsTaken++;
        LastBeatCycle = cycle;
        if (beat.Last)
        {
            packets.Add(new ReceivedPacket([.. partial], partialFirst, cycle));
            partial.Clear();
            partialFirst = -1;
        }
    }
}
