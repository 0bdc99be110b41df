using Crypto.Axi;
using Crypto.Axi.Testbench;
using Crypto.Streams;
using Hdl;
using Xunit;

namespace Axi.Tests;

/// <summary>
/// The 32-bit stream option's width converters alone (<see cref="AxiStreamUpsizer"/>,
/// <see cref="AxiStreamDownsizer"/>, and the two back to back), between the testbench's DMA-like
/// source and sink (which check the AXI4-Stream rules: the beat held until taken, TKEEP a run of lanes
/// from lane 0 and partial only with TLAST, lanes outside TKEEP zero): packets come out as they went
/// in, at one 32-bit beat per clock, with gaps, back-pressure and packets that end on any byte.
/// </summary>
public class StreamWidthConverterTests
{
    public enum Chain { Upsizer, Downsizer, UpsizerThenDownsizer }

    /// <summary>A converter (or both) in a design of its own, with the source on its input and the sink on its output.</summary>
    sealed class ConverterBench
    {
        readonly Simulation sim;
        readonly IAxiStreamControl control;
        public AxiStreamSource Source { get; }
        public AxiStreamSink Sink { get; }
        public IStreamControl Input { get; }
        public IReady InputReady { get; }
        public IStreamControl Output { get; }

        public ConverterBench(Chain chain, int seed, double gaps, double stalls)
        {
            var d = new Design("converters");
            control = d.Input(Bus.Create<IAxiStreamControl>(), "control");
            var outReady = d.Input(Bus.Create<IReady>(), "out_ready");
            if (chain == Chain.Downsizer)
            {
                var input = d.Input(Bus.Create<IAxiStreamBeat>(), "in");
                var down = d.Add(new AxiStreamDownsizer { Name = "downsizer", Input = input, Control = control, OutputReady = outReady });
                (Input, InputReady, Output) = (input, down.InputReady, down.Output);
            }
            else
            {
                var input = d.Input(Bus.Create<IAxiStreamBeat32>(), "in");
                var up = d.Add(new AxiStreamUpsizer { Name = "upsizer", Input = input, Control = control });
                (Input, InputReady) = (input, up.InputReady);
                if (chain == Chain.Upsizer)
                {
                    up.OutputReady = outReady;
                    Output = up.Output;
                }
                else
                {
                    var down = d.Add(new AxiStreamDownsizer { Name = "downsizer", Input = up.Output, Control = control, OutputReady = outReady });
                    up.OutputReady = down.InputReady;
                    Output = down.Output;
                }
            }
            d.Output((IBus)InputReady, "in_ready");
            d.Output((IBus)Output, "out");
            sim = new Simulation(d);
            control.Enabled = true;
            control.Flush = false;
            Source = new AxiStreamSource(new AxiStreamChannel(Input), InputReady, new Random(seed * 2 + 1), gaps);
            Sink = new AxiStreamSink(new AxiStreamChannel(Output), outReady, new Random(seed * 2 + 2), stalls);
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
    [InlineData(Chain.Upsizer)]
    [InlineData(Chain.Downsizer)]
    [InlineData(Chain.UpsizerThenDownsizer)]
    public void PacketsPassUnchangedUnderGapsAndBackPressure(Chain chain)
    {
        for (int seed = 1; seed <= 6; seed++)
        {
            double gaps = seed % 3 * 0.3, stalls = seed % 4 * 0.25;
            string context = $"{chain}, seed {seed} (gaps {gaps}, stalls {stalls})";
            var bench = new ConverterBench(chain, seed, gaps, stalls);
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
            // Beats out: as many as the output width needs for each packet (a 12-byte packet is two 64-bit beats, three 32-bit beats).
            int outBytes = chain == Chain.Upsizer ? 8 : 4;
            Assert.Equal(sent.Sum(p => (p.Length + outBytes - 1) / outBytes), bench.Sink.BeatsTaken);
        }
    }

    /// <summary>With no gaps and no back-pressure the 32-bit side moves one beat every clock, in and out.</summary>
    [Theory]
    [InlineData(Chain.Upsizer, 1.0, 0.5)]
    [InlineData(Chain.Downsizer, 0.5, 1.0)]
    [InlineData(Chain.UpsizerThenDownsizer, 1.0, 1.0)]
    public void FullSpeedIsOne32BitBeatPerClock(Chain chain, double inBeatsPerClock, double outBeatsPerClock)
    {
        var bench = new ConverterBench(chain, seed: 1, gaps: 0, stalls: 0);
        var rng = new Random(5);
        // 1 KiB packets and packets of 12 bytes (ending on an odd 32-bit beat) back to back.
        for (int i = 0; i < 4; i++)
        {
            var p = new byte[i % 2 == 0 ? 1024 : 12];
            rng.NextBytes(p);
            bench.Source.Enqueue(p);
        }
        int warmUp = 4;
        for (int i = 0; i < warmUp; i++) bench.Step();
        long inBefore = bench.Source.BeatsTaken, outBefore = bench.Sink.BeatsTaken;
        const int measured = 400;
        for (int i = 0; i < measured; i++) bench.Step();
        Assert.Equal(inBeatsPerClock * measured, bench.Source.BeatsTaken - inBefore, 3.0);
        Assert.Equal(outBeatsPerClock * measured, bench.Sink.BeatsTaken - outBefore, 3.0);
        bench.RunUntilDelivered(4, $"{chain} at full speed");
        Assert.Empty(bench.Sink.ProtocolErrors);
    }

    /// <summary>
    /// A packet ending on an odd 32-bit beat: the upsizer sends its last beat alone in a 64-bit beat
    /// with TKEEP in lanes 0..3 and TLAST; a partial last beat keeps only its bytes (lanes outside
    /// TKEEP, junk from the source, leave as zero).
    /// </summary>
    [Theory]
    [InlineData(12, 0x0F)]
    [InlineData(1, 0x01)]
    [InlineData(7, 0x7F)]
    [InlineData(11, 0x07)]
    public void UpsizerEndsAPacketInTheBeatItsLastByteIsIn(int length, int lastKeep)
    {
        var bench = new ConverterBench(Chain.Upsizer, seed: 3, gaps: 0, stalls: 0);
        var packet = Enumerable.Range(0x41, length).Select(b => (byte)b).ToArray();
        bench.Source.Enqueue(packet);
        var beats = new List<(ulong Data, byte Keep, bool Last)>();
        var output = new AxiStreamChannel(bench.Output);
        for (int i = 0; i < 12; i++)
        {
            bench.Step();
            if (output.Valid) beats.Add((output.Data, output.Keep, output.Last));
        }
        Assert.Equal((length + 7) / 8, beats.Count);
        Assert.All(beats.SkipLast(1), b => Assert.Equal((byte)0xFF, b.Keep));
        Assert.All(beats.SkipLast(1), b => Assert.False(b.Last));
        Assert.Equal((byte)lastKeep, beats[^1].Keep);
        Assert.True(beats[^1].Last);
        ulong expectedLast = 0;
        for (int i = 0; i < (length - 1) % 8 + 1; i++) expectedLast |= (ulong)packet[(beats.Count - 1) * 8 + i] << (8 * i);
        Assert.Equal(expectedLast, beats[^1].Data);
        Assert.Equal(packet, bench.Sink.Packets.Single().Data);
    }

    /// <summary>
    /// A 32-bit beat that is partial before TLAST makes a 64-bit TKEEP that is not a run from lane 0
    /// (the assembler reports STATUS error 2 on it).
    /// </summary>
    [Fact]
    public void UpsizerPassesAPartialBeatBeforeTlastOnAsABadTkeep()
    {
        var d = new Design("upsizer_keep");
        var control = d.Input(Bus.Create<IAxiStreamControl>(), "control");
        var outReady = d.Input(Bus.Create<IReady>(), "out_ready");
        var input = d.Input(Bus.Create<IAxiStreamBeat32>(), "in");
        var up = d.Add(new AxiStreamUpsizer { Name = "upsizer", Input = input, Control = control, OutputReady = outReady });
        d.Output(up.InputReady, "in_ready");
        d.Output(up.Output, "out");
        var sim = new Simulation(d);
        control.Enabled = true;
        control.Flush = false;
        outReady.Ready = true;
        (uint Data, byte Keep, bool Last)[] beats = [(0x11223344, 0x3, false), (0x55667788, 0xF, true)];
        int next = 0;
        byte? keepOut = null;
        for (int cycle = 0; cycle < 8 && keepOut is null; cycle++)
        {
            bool offer = next < beats.Length;
            input.Valid = offer;
            (input.Data, input.Keep, input.Last) = offer ? beats[next] : (0u, (byte)0, false);
            sim.Settle();
            if (offer && up.InputReady.Ready) next++;
            if (up.Output.Valid) keepOut = up.Output.Keep;
            sim.Clock();
        }
        Assert.Equal((byte)0xF3, keepOut);
        Assert.Equal(0xFF, AxiMath.KeepBytes(keepOut!.Value));
    }

    /// <summary>
    /// A flush (soft reset) in the middle of a packet, with the consumer holding TREADY low across it: the
    /// upsizer drops what it holds; the downsizer (which drives m_axis) keeps the beat
    /// on offer unchanged until taken and ends the cut packet with one closing zero byte and TLAST; the
    /// next packet passes whole. The sink checks that TVALID and the beat held (no soft-reset excuse).
    /// </summary>
    [Fact]
    public void FlushKeepsTheOutputBeatAndClosesTheCutPacket()
    {
        var bench = new ConverterBench(Chain.UpsizerThenDownsizer, seed: 2, gaps: 0, stalls: 0.5);
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
        // Beats taken before the flush, the held one (4 bytes) and the closing byte.
        Assert.True(cut.Length == before + 4 + 1, $"the cut packet has {cut.Length} bytes, expected {before} taken, the held beat and one closing byte");
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
