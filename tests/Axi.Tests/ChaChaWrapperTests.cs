using System.Buffers.Binary;
using Crypto.Axi;
using Crypto.Axi.Cores;
using Crypto.Axi.Testbench;
using Crypto.Catalog;
using Crypto.ChaCha;
using Hdl.Vhdl;
using Xunit;

namespace Axi.Tests;

/// <summary>
/// What the generic scenario does not reach in the ChaCha20 wrappers: a packet that runs past block
/// counter 2^32-1 (output cut after that block, STATUS error code 4, the wrapper goes on with the next
/// packet), under gaps and back-pressure, in the C# simulation and for one variant in GHDL.
/// </summary>
public class ChaChaWrapperTests
{
    public static TheoryData<string> Variants() => [.. ChaChaCatalog.Variants.Select(v => v.Variant)];

    /// <summary>The bench after the run, and the packets it expected.</summary>
    static (AxiWrapperBench Bench, List<string> Failures) RunExhaustion(string variant, int seed, bool trace)
    {
        var adapter = AxiCatalog.Find("chacha20", variant);
        var bench = new AxiWrapperBench(adapter, seed, liteDelay: 0.3, gapProbability: 0.3, stallProbability: 0.4, trace);
        var rng = new Random(seed);
        var failures = new List<string>();
        var key = new byte[32];
        rng.NextBytes(key);
        var iv = new byte[16];
        rng.NextBytes(iv);
        BinaryPrimitives.WriteUInt32LittleEndian(iv, uint.MaxValue - 1); // blocks 2^32-2 and 2^32-1 are left
        var settings = new AxiCoreSettings(key, iv, AxiRegisters.ModeCtr, Decrypt: false);
        var exhausting = new byte[200]; // 4 blocks: the third would need counter 2^32
        var fitting = new byte[100];    // 2 blocks: exactly what is left
        rng.NextBytes(exhausting);
        rng.NextBytes(fitting);

        bench.Run(3);
        bench.WriteSettings(settings);
        bench.Write(AxiRegisters.Control, AxiRegisters.ControlStart);
        bench.Source.Enqueue(exhausting);
        bench.Source.Enqueue(fitting);
        bench.RunUntil(() => bench.Sink.Packets.Count >= 2 && bench.Source.Idle, "the two packets", 20_000);
        uint status = bench.Read(AxiRegisters.Status);
        if ((status & AxiRegisters.StatusError) == 0 || status >> AxiRegisters.StatusErrorCodeShift != AxiRegisters.ErrorCounterExhausted)
            failures.Add($"STATUS reads 0x{status:X8}, expected ERROR with code {AxiRegisters.ErrorCounterExhausted} (seed {seed})");
        uint blocksOut = bench.Read(AxiRegisters.BlocksOut);
        if (blocksOut != 8 + 7) failures.Add($"BLOCKS_OUT reads {blocksOut}, expected 15: 128 bytes of the cut packet and 100 of the next (seed {seed})");
        bench.Run(4);

        var nonce = iv.AsSpan(4, 12);
        byte[][] expected =
        [
            ChaChaModel.Encrypt(key, nonce, uint.MaxValue - 1, exhausting.AsSpan(0, 128)), // the two blocks the counter allows
            ChaChaModel.Encrypt(key, nonce, uint.MaxValue - 1, fitting),
        ];
        var got = bench.Sink.Packets;
        if (got.Count != 2) failures.Add($"{got.Count} packets came out, expected 2 (seed {seed})");
        for (int i = 0; i < Math.Min(2, got.Count); i++)
            if (!got[i].Data.AsSpan().SequenceEqual(expected[i]))
                failures.Add($"packet {i}: {got[i].Data.Length} bytes out, expected {expected[i].Length} bytes of the model (seed {seed})");
        failures.AddRange(bench.ProtocolErrors.Take(5).Select(e => $"{e} (seed {seed})"));
        return (bench, failures);
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void CounterExhaustionCutsThePacketRaisesTheErrorAndTheNextPacketPasses(string variant)
    {
        var failures = new List<string>();
        for (int seed = 1; seed <= 3; seed++) failures.AddRange(RunExhaustion(variant, seed, trace: false).Failures);
        Assert.True(failures.Count == 0, string.Join("\n", failures));
    }

    [Fact]
    public void CounterExhaustionReplaysInGhdl()
    {
        var (bench, failures) = RunExhaustion("naive", seed: 5, trace: true);
        Assert.True(failures.Count == 0, string.Join("\n", failures));
        var dir = Path.Combine(Path.GetTempPath(), "axi-tests", $"cosim-chacha-exhaustion-{Environment.ProcessId}");
        var cosim = CoSimulation.Run(bench.Simulation.Netlist, bench.Trace!, dir);
        Assert.True(cosim.Passed, $"GHDL disagrees:\n{string.Join("\n", cosim.Mismatches)}\n{Hdl.Vhdl.Tools.Ghdl.Tail(cosim.Log, 30)}");
        Assert.Equal(bench.Trace!.Rows, cosim.CyclesCompared);
        Directory.Delete(dir, true);
    }

    [Fact]
    public void TheIvRegisterHoldsTheCounterThenTheNonce()
    {
        var adapter = (ChaChaAxiCore)AxiCatalog.Find("chacha20", "naive");
        var iv = new byte[16];
        BinaryPrimitives.WriteUInt32LittleEndian(iv, uint.MaxValue);
        var settings = new AxiCoreSettings(new byte[32], iv, AxiRegisters.ModeCtr, Decrypt: false);
        Assert.True(ChaChaAxiCore.Exhausts(settings, 65));
        Assert.False(ChaChaAxiCore.Exhausts(settings, 64));
        Assert.Equal(64, adapter.Expected(settings, new byte[100]).Length);
    }
}
