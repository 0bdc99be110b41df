using Crypto.Axi;
using Crypto.Axi.Testbench;
using Crypto.Streams;
using Hdl;
using Xunit;

namespace Axi.Tests;

/// <summary>
/// The stream converters of either width back to back, as in a wrapper without its core:
/// <see cref="AxiStreamBlockAssembler{W}"/> (beats into blocks) feeding
/// <see cref="AxiStreamBlockSerializer{W}"/> (blocks into beats), with 64-bit (ulong) and 32-bit (uint)
/// beats, between the testbench's DMA-like source and sink (which check the AXI4-Stream rules: the beat
/// held until taken, TKEEP a run of lanes from lane 0 and partial only with TLAST, lanes outside TKEEP
/// zero): packets come out as they went in, at one beat per clock, with gaps, back-pressure and
/// packets that end on any byte; a flush keeps the beat on offer and closes the cut packet.
/// </summary>
public class StreamConverterTests
{
    /// <summary>The two converters in a design of their own, with the source on the input and the sink on the output.</summary>
    sealed class ConverterBench
    {
        readonly Simulation sim;
        readonly IAxiStreamControl control;
        public AxiStreamSource Source { get; }
        public AxiStreamSink Sink { get; }
        public IStreamControl Input { get; }
        public IReady InputReady { get; }
        public IStreamControl Output { get; }

        public ConverterBench(int bits, int seed, double gaps, double stalls)
        {
            var d = new Design("converters");
            control = d.Input(Bus.Create<IAxiStreamControl>(), "control");
            var outReady = d.Input(Bus.Create<IReady>(), "out_ready");
            (Input, InputReady, Output) = bits == 32 ? Chain<uint>(d, control, outReady) : Chain<ulong>(d, control, outReady);
            d.Output((IBus)InputReady, "in_ready");
            d.Output((IBus)Output, "out");
            sim = new Simulation(d);
            control.Enabled = true;
            control.Flush = false;
            Source = new AxiStreamSource(new AxiStreamChannel(Input), InputReady, new Random(seed * 2 + 1), gaps);
            Sink = new AxiStreamSink(new AxiStreamChannel(Output), outReady, new Random(seed * 2 + 2), stalls);
        }

        static (IStreamControl, IReady, IStreamControl) Chain<W>(Design d, IAxiStreamControl control, IReady outReady)
            where W : unmanaged, System.Numerics.IBinaryInteger<W>, System.Numerics.IUnsignedNumber<W>
        {
            var input = d.Input(Bus.Create<IAxiStreamBeat<W>>(), "in");
            var assembler = d.Add(new AxiStreamBlockAssembler<W> { Name = "assembler", Input = input, Control = control });
            var serializer = d.Add(new AxiStreamBlockSerializer<W> { Name = "serializer", Input = assembler.Output, Control = control, OutputReady = outReady });
            assembler.OutputReady = serializer.InputReady;
            return (input, assembler.InputReady, serializer.Output);
        }

        public long Cycle => sim.Cycle;

        public void Step(bool flush = false)
        {
            control.Flush = flush;
            Source.Drive();
            Sink.Drive();
            sim.Settle();
            Source.Observe(sim.Cycle);
            Sink.Observe(sim.Cycle);
            sim.Clock();
        }

        public void RunUntilDelivered(int packets, string context)
        {
            long limit = sim.Cycle + 100_000;
            while (Sink.Packets.Count < packets)
            {
                Assert.True(sim.Cycle < limit, $"{context}: {Sink.Packets.Count} of {packets} packets out after 100000 cycles");
                Step();
            }
        }
    }

    /// <summary>Packet lengths with every ending: 1 byte, a whole 32-bit beat, 12 bytes (three beats: ends on an odd beat), partial odd and even beats.</summary>
    static readonly int[] Lengths = [1, 12, 4, 8, 3, 5, 7, 9, 13, 16, 17, 20, 31, 64, 2, 6, 10, 11, 15, 100];

    [Theory]
    [InlineData(32)]
    [InlineData(64)]
    public void PacketsPassUnchangedUnderGapsAndBackPressure(int bits)
    {
        for (int seed = 1; seed <= 6; seed++)
        {
            double gaps = seed % 3 * 0.3, stalls = seed % 4 * 0.25;
            string context = $"{bits}-bit beats, seed {seed} (gaps {gaps}, stalls {stalls})";
            var bench = new ConverterBench(bits, seed, gaps, stalls);
            var rng = new Random(seed);
            var sent = Lengths.Concat(Enumerable.Range(0, 10).Select(_ => rng.Next(1, 80))).Select(n =>
            {
                var p = new byte[n];
                rng.NextBytes(p);
                return p;
            }).ToList();
            foreach (var p in sent) bench.Source.Enqueue(p);
            bench.RunUntilDelivered(sent.Count, context);
            for (int i = 0; i < 8; i++) bench.Step();

            Assert.True(bench.Sink.ProtocolErrors.Count == 0, $"{context}: {string.Join("; ", bench.Sink.ProtocolErrors.Take(5))}");
            Assert.Equal(sent.Count, bench.Sink.Packets.Count);
            for (int i = 0; i < sent.Count; i++)
                Assert.True(sent[i].AsSpan().SequenceEqual(bench.Sink.Packets[i].Data),
                    $"{context}: packet {i} ({sent[i].Length} bytes) came out as {Convert.ToHexString(bench.Sink.Packets[i].Data)}, sent {Convert.ToHexString(sent[i])}");
            // Beats out: as many as the width needs for each packet (a 12-byte packet is two 64-bit beats, three 32-bit beats).
            int outBytes = bits / 8;
            Assert.Equal(sent.Sum(p => (p.Length + outBytes - 1) / outBytes), bench.Sink.BeatsTaken);
        }
    }

    /// <summary>
    /// With no gaps and no back-pressure the 32-bit streams move one beat every clock, in and out. (Not
    /// so the 64-bit pair back to back, where each block has two clocks: the assembler's block waits for
    /// the next beat to know its Last while the serializer takes a block only every other clock; in a
    /// wrapper the core's registers sit between them, and verify-axi measures the wrappers. The 64-bit
    /// assembler alone runs at a beat per clock in <see cref="AssemblerTests"/>.)
    /// </summary>
    [Theory]
    [InlineData(32)]
    public void FullSpeedIsOneBeatPerClock(int bits)
    {
        var bench = new ConverterBench(bits, seed: 1, gaps: 0, stalls: 0);
        var rng = new Random(5);
        // 1 KiB packets and packets of 12 bytes (ending inside a block) back to back.
        for (int i = 0; i < 4; i++)
        {
            var p = new byte[i % 2 == 0 ? 1024 : 12];
            rng.NextBytes(p);
            bench.Source.Enqueue(p);
        }
        int warmUp = 12;
        for (int i = 0; i < warmUp; i++) bench.Step();
        long inBefore = bench.Source.BeatsTaken, outBefore = bench.Sink.BeatsTaken;
        const int measured = 400;
        for (int i = 0; i < measured; i++) bench.Step();
        Assert.Equal(measured, bench.Source.BeatsTaken - inBefore, 3.0);
        Assert.Equal(measured, bench.Sink.BeatsTaken - outBefore, 3.0);
        bench.RunUntilDelivered(4, $"{bits}-bit beats at full speed");
        Assert.Empty(bench.Sink.ProtocolErrors);
    }

    /// <summary>
    /// The last beat of a packet carries its last bytes, TKEEP marking them and TLAST; a partial last
    /// beat keeps only its bytes (lanes outside TKEEP, junk from the source, leave as zero).
    /// </summary>
    [Theory]
    [InlineData(32, 12, 0x0F)]
    [InlineData(32, 1, 0x01)]
    [InlineData(32, 7, 0x07)]
    [InlineData(32, 18, 0x03)]
    [InlineData(64, 12, 0x0F)]
    [InlineData(64, 7, 0x7F)]
    [InlineData(64, 16, 0xFF)]
    public void APacketEndsInTheBeatItsLastByteIsIn(int bits, int length, int lastKeep)
    {
        int beatBytes = bits / 8;
        var bench = new ConverterBench(bits, seed: 3, gaps: 0, stalls: 0);
        var packet = Enumerable.Range(0x41, length).Select(b => (byte)b).ToArray();
        bench.Source.Enqueue(packet);
        var beats = new List<(ulong Data, byte Keep, bool Last)>();
        var output = new AxiStreamChannel(bench.Output);
        for (int i = 0; i < 20; i++)
        {
            bench.Step();
            if (output.Valid) beats.Add((output.Data, output.Keep, output.Last));
        }
        Assert.Equal((length + beatBytes - 1) / beatBytes, beats.Count);
        byte whole = (byte)((1 << beatBytes) - 1);
        Assert.All(beats.SkipLast(1), b => Assert.Equal(whole, b.Keep));
        Assert.All(beats.SkipLast(1), b => Assert.False(b.Last));
        Assert.Equal((byte)lastKeep, beats[^1].Keep);
        Assert.True(beats[^1].Last);
        ulong expectedLast = 0;
        for (int i = 0; i < (length - 1) % beatBytes + 1; i++) expectedLast |= (ulong)packet[(beats.Count - 1) * beatBytes + i] << (8 * i);
        Assert.Equal(expectedLast, beats[^1].Data);
        Assert.Equal(packet, bench.Sink.Packets.Single().Data);
    }

    /// <summary>
    /// A flush (soft reset) in the middle of a packet, with the consumer holding TREADY low across it: the
    /// assembler drops what it holds; the serializer (which drives m_axis) keeps the beat on offer
    /// unchanged until taken and ends the cut packet with one closing zero byte and TLAST; the next
    /// packet passes whole. The sink checks that TVALID and the beat held (no soft-reset excuse).
    /// </summary>
    [Theory]
    [InlineData(32)]
    [InlineData(64)]
    public void FlushKeepsTheOutputBeatAndClosesTheCutPacket(int bits)
    {
        var bench = new ConverterBench(bits, seed: 2, gaps: 0, stalls: 0.5);
        var rng = new Random(9);
        var interrupted = new byte[200];
        rng.NextBytes(interrupted);
        bench.Source.Enqueue(interrupted);
        for (int i = 0; i < 30; i++) bench.Step();
        bench.Sink.StallProbability = 1;
        bench.Step();
        Assert.True(bench.Source.CurrentOffset > 0 && bench.Sink.PartialBytes > 0 && bench.Output.Valid,
            "the packet is not in flight with a beat on offer when the flush comes");
        int before = bench.Sink.PartialBytes;
        bench.Step(flush: true);
        bench.Source.Abort();
        for (int i = 0; i < 5; i++) bench.Step();
        Assert.True(bench.Output.Valid, "m_axis TVALID fell after the flush without a transfer");
        bench.Sink.StallProbability = 0.3;
        bench.RunUntilDelivered(1, "the cut packet");
        var cut = bench.Sink.Packets.Single().Data;
        // Beats taken before the flush, the held one (a whole beat) and the closing byte.
        Assert.True(cut.Length == before + bits / 8 + 1, $"the cut packet has {cut.Length} bytes, expected {before} taken, the held beat and one closing byte");
        Assert.Equal(interrupted.AsSpan(0, cut.Length - 1).ToArray(), cut[..^1]);
        Assert.Equal(0, cut[^1]);

        var after = new byte[12];
        rng.NextBytes(after);
        bench.Source.Enqueue(after);
        bench.RunUntilDelivered(2, "after the flush");
        Assert.Equal(after, bench.Sink.Packets[1].Data);
        Assert.Empty(bench.Sink.ProtocolErrors);
    }
}
