using Crypto.Axi;
using Crypto.Streams;
using Hdl;
using Xunit;

namespace Axi.Tests;

/// <summary>
/// <see cref="AxiStreamBlockAssembler"/> alone: packets that end with a null beat (TKEEP 0 with TLAST,
/// allowed by AXI4-Stream) at a block boundary or after the first beat of a block, and a packet of that
/// null beat alone, under random gaps and back-pressure; and one beat per clock at full speed.
/// </summary>
public class AssemblerTests
{
    readonly record struct Beat(ulong Data, byte Keep, bool Last);
    readonly record struct Block(UInt128 Data, int Bytes, bool Last);

    /// <summary>Feeds <paramref name="beats"/> through the assembler; returns its blocks, its error pulses and the cycles taken.</summary>
    static (List<Block> Blocks, int Errors, long Cycles) Run(IReadOnlyList<Beat> beats, int seed, double gaps, double stalls)
    {
        var d = new Design("assembler_alone");
        var control = d.Input(Bus.Create<IAxiStreamControl>(), "control");
        var outReady = d.Input(Bus.Create<IReady>(), "out_ready");
        var input = d.Input(Bus.Create<IAxiStreamBeat>(), "in");
        var a = d.Add(new AxiStreamBlockAssembler { Name = "assembler", Input = input, Control = control, OutputReady = outReady });
        d.Output(a.InputReady, "in_ready");
        d.Output(a.Output, "out");
        d.Output(a.Error, "error");
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
            if (offering && a.InputReady.Ready) { next++; offering = false; }
            if (a.Output.Valid && outReady.Ready) blocks.Add(new Block(a.Output.Data, a.Output.Bytes, a.Output.Last));
            if (a.Error.Error) errors++;
            if (next >= beats.Count) idle++;
            Assert.True(sim.Cycle < 100_000, $"seed {seed}: {next} of {beats.Count} beats taken after 100000 cycles");
            sim.Clock();
        }
        return (blocks, errors, sim.Cycle - idle);
    }

    /// <summary>The beats of a packet of <paramref name="bytes"/> (byte i is i + first), optionally followed by a null final beat.</summary>
    static IEnumerable<Beat> Packet(int bytes, bool nullFinalBeat, byte first = 1)
    {
        for (int at = 0; at < bytes; at += 8)
        {
            int n = Math.Min(8, bytes - at);
            ulong data = 0;
            for (int i = 0; i < n; i++) data |= (ulong)(byte)(first + at + i) << (8 * i);
            yield return new Beat(data, AxiMath.KeepOf((byte)n), !nullFinalBeat && at + n == bytes);
        }
        if (nullFinalBeat) yield return new Beat(0xDEAD_BEEF_DEAD_BEEF, 0, true); // data in null lanes is not data
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
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void NullFinalBeatEndsThePacketAndAnEmptyPacketMakesNoBlock(int seed)
    {
        // 32 and 16 bytes: the null beat comes at a block boundary and makes the block before it the
        // last; 8 and 24 bytes: it ends a block after its first beat; 0 bytes: a packet of the null beat alone.
        (int Bytes, bool NullBeat)[] packets = [(32, true), (20, false), (8, true), (0, true), (16, true), (24, true), (0, true), (40, false), (48, true)];
        var beats = packets.SelectMany(p => Packet(p.Bytes, p.NullBeat, (byte)p.Bytes)).ToList();
        var want = packets.SelectMany(p => Blocks(p.Bytes, (byte)p.Bytes)).ToList();
        var (got, errors, _) = Run(beats, seed, gaps: 0.3, stalls: 0.4);
        Assert.True(want.SequenceEqual(got),
            $"seed {seed}: blocks (bytes, last) {string.Join(" ", got.Select(b => $"{b.Bytes}{(b.Last ? "L" : "")}"))}, " +
            $"expected {string.Join(" ", want.Select(b => $"{b.Bytes}{(b.Last ? "L" : "")}"))} (or the data differs)");
        Assert.True(errors == 0, $"seed {seed}: {errors} TKEEP error pulses for packets with valid TKEEP");
    }

    /// <summary>A whole block waits for the next beat to know its Last; the input still runs at one beat per clock.</summary>
    [Fact]
    public void FullSpeedIsOneBeatPerClock()
    {
        var beats = Enumerable.Range(0, 4).SelectMany(_ => Packet(1024, nullFinalBeat: false)).ToList();
        var (got, errors, cycles) = Run(beats, seed: 1, gaps: 0, stalls: 0);
        Assert.Equal(4 * 64, got.Count);
        Assert.Equal(0, errors);
        Assert.InRange(cycles, beats.Count, beats.Count + 4);
    }
}
