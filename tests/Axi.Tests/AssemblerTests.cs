using Crypto.Axi;
using Crypto.Axi.Testbench;
using Crypto.Streams;
using Hdl;
using Xunit;

namespace Axi.Tests;

/// <summary>
/// <see cref="AxiStreamBlockAssembler{W}"/> alone, with 64-bit and 32-bit beats: packets that end with a
/// null beat (TKEEP 0 with TLAST, allowed by AXI4-Stream) at a block boundary or after the first beats
/// of a block, and a packet of that null beat alone, under random gaps and back-pressure; one beat per
/// clock at full speed; a TKEEP error for a partial beat before TLAST.
/// </summary>
public class AssemblerTests
{
    readonly record struct Beat(ulong Data, byte Keep, bool Last);
    readonly record struct Block(UInt128 Data, int Bytes, bool Last);

    /// <summary>
    /// Feeds <paramref name="beats"/> through the assembler with <paramref name="bits"/>-bit beats (64 or
    /// 32); returns its blocks, its error pulses and the cycles taken.
    /// </summary>
    static (List<Block> Blocks, int Errors, long Cycles) Run(int bits, IReadOnlyList<Beat> beats, int seed, double gaps, double stalls)
    {
        var d = new Design("assembler_alone");
        var control = d.Input(Bus.Create<IAxiStreamControl>(), "control");
        var outReady = d.Input(Bus.Create<IReady>(), "out_ready");
        IStreamControl inputBus;
        IReady inputReady;
        IAxiBlock output;
        IAxiErrorReport error;
        if (bits == 32)
        {
            var a = d.Add(new AxiStreamBlockAssembler<uint> { Name = "assembler", Input = d.Input(Bus.Create<IAxiStreamBeat<uint>>(), "in"), Control = control, OutputReady = outReady });
            (inputBus, inputReady, output, error) = (a.Input, a.InputReady, a.Output, a.Error);
        }
        else
        {
            var a = d.Add(new AxiStreamBlockAssembler<ulong> { Name = "assembler", Input = d.Input(Bus.Create<IAxiStreamBeat<ulong>>(), "in"), Control = control, OutputReady = outReady });
            (inputBus, inputReady, output, error) = (a.Input, a.InputReady, a.Output, a.Error);
        }
        d.Output(inputReady, "in_ready");
        d.Output(output, "out");
        d.Output(error, "error");
        var input = new AxiStreamChannel(inputBus);
        var sim = new Simulation(d);
        var random = new Random(seed);
        control.Enabled = true;
        control.Flush = false;
        var blocks = new List<Block>();
        int next = 0, errors = 0;
        bool offering = false;
        long idle = 0;
        while (next < beats.Count || idle < 20)
        {
            // A source keeps its beat on offer until taken; it may pause between beats.
            if (!offering && next < beats.Count) offering = random.NextDouble() >= gaps;
            input.Valid = offering;
            (input.Data, input.Keep, input.Last) = offering ? (beats[next].Data, beats[next].Keep, beats[next].Last) : (0UL, (byte)0, false);
            outReady.Ready = random.NextDouble() >= stalls;
            sim.Settle();
            if (offering && inputReady.Ready) { next++; offering = false; }
            if (output.Valid && outReady.Ready) blocks.Add(new Block(output.Data, output.Bytes, output.Last));
            if (error.Error) errors++;
            if (next >= beats.Count) idle++;
            Assert.True(sim.Cycle < 100_000, $"seed {seed}: {next} of {beats.Count} beats taken after 100000 cycles");
            sim.Clock();
        }
        return (blocks, errors, sim.Cycle - idle);
    }

    /// <summary>
    /// The <paramref name="bits"/>-bit beats of a packet of <paramref name="bytes"/> (byte i is i + first),
    /// optionally followed by a null final beat.
    /// </summary>
    static IEnumerable<Beat> Packet(int bits, int bytes, bool nullFinalBeat, byte first = 1)
    {
        int beatBytes = bits / 8;
        for (int at = 0; at < bytes; at += beatBytes)
        {
            int n = Math.Min(beatBytes, bytes - at);
            ulong data = 0;
            for (int i = 0; i < n; i++) data |= (ulong)(byte)(first + at + i) << (8 * i);
            yield return new Beat(data, AxiMath.KeepOf((byte)n), !nullFinalBeat && at + n == bytes);
        }
        if (nullFinalBeat) yield return new Beat(bits == 32 ? 0xDEAD_BEEF : 0xDEAD_BEEF_DEAD_BEEF, 0, true); // data in null lanes is not data
    }

    /// <summary>The blocks a packet of <paramref name="bytes"/> must make (whatever its final beat).</summary>
    static IEnumerable<Block> Blocks(int bytes, byte first = 1)
    {
        for (int at = 0; at < bytes; at += 16)
        {
            int n = Math.Min(16, bytes - at);
            UInt128 data = 0;
            for (int i = 0; i < n; i++) data |= (UInt128)(byte)(first + at + i) << (8 * i);
            yield return new Block(data, n, at + n == bytes);
        }
    }

    [Theory]
    [InlineData(64, 1)]
    [InlineData(64, 2)]
    [InlineData(64, 3)]
    [InlineData(32, 1)]
    [InlineData(32, 2)]
    [InlineData(32, 3)]
    public void NullFinalBeatEndsThePacketAndAnEmptyPacketMakesNoBlock(int bits, int seed)
    {
        // 32 and 16 bytes: the null beat comes at a block boundary and makes the block before it the
        // last; 8, 24 (and with 32-bit beats 4, 12, 28) bytes: it ends a block after its first beats;
        // 0 bytes: a packet of the null beat alone.
        (int Bytes, bool NullBeat)[] packets = [(32, true), (20, false), (8, true), (0, true), (16, true), (24, true), (0, true), (40, false), (48, true),
            .. bits == 32 ? new[] { (4, true), (12, true), (28, true), (13, false) } : []];
        var beats = packets.SelectMany(p => Packet(bits, p.Bytes, p.NullBeat, (byte)p.Bytes)).ToList();
        var want = packets.SelectMany(p => Blocks(p.Bytes, (byte)p.Bytes)).ToList();
        var (got, errors, _) = Run(bits, beats, seed, gaps: 0.3, stalls: 0.4);
        Assert.True(want.SequenceEqual(got),
            $"{bits}-bit beats, seed {seed}: blocks (bytes, last) {string.Join(" ", got.Select(b => $"{b.Bytes}{(b.Last ? "L" : "")}"))}, " +
            $"expected {string.Join(" ", want.Select(b => $"{b.Bytes}{(b.Last ? "L" : "")}"))} (or the data differs)");
        Assert.True(errors == 0, $"{bits}-bit beats, seed {seed}: {errors} TKEEP error pulses for packets with valid TKEEP");
    }

    /// <summary>A whole block waits for the next beat to know its Last; the input still runs at one beat per clock.</summary>
    [Theory]
    [InlineData(64)]
    [InlineData(32)]
    public void FullSpeedIsOneBeatPerClock(int bits)
    {
        var beats = Enumerable.Range(0, 4).SelectMany(_ => Packet(bits, 1024, nullFinalBeat: false)).ToList();
        var (got, errors, cycles) = Run(bits, beats, seed: 1, gaps: 0, stalls: 0);
        Assert.Equal(4 * 64, got.Count);
        Assert.Equal(0, errors);
        Assert.InRange(cycles, beats.Count, beats.Count + 4);
    }

    /// <summary>
    /// A beat that is partial before TLAST, or whose TKEEP is not a run from lane 0, is a TKEEP error
    /// (STATUS error 2): one pulse each, and the beat counts as whole.
    /// </summary>
    [Theory]
    [InlineData(64, 0x0F, 0xFF)]
    [InlineData(64, 0xFF, 0x05)]
    [InlineData(32, 0x3, 0xF)]
    [InlineData(32, 0xF, 0x5)]
    public void BadTkeepIsAnError(int bits, int firstKeep, int lastKeep)
    {
        Beat[] beats = [new(0x11223344, (byte)firstKeep, false), new(0x55667788, (byte)lastKeep, true)];
        var (got, errors, _) = Run(bits, beats, seed: 1, gaps: 0, stalls: 0);
        Assert.Equal(1, errors);
        var block = Assert.Single(got);
        Assert.Equal(2 * bits / 8, block.Bytes);
        Assert.True(block.Last);
    }
}
