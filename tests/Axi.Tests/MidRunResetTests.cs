using Crypto.Axi;
using Crypto.Axi.Testbench;
using Crypto.Catalog;
using Hdl;
using Hdl.Vhdl;
using Xunit;

namespace Axi.Tests;

/// <summary>
/// A hardware reset (rst) of a whole wrapper in the middle of a packet, with the core full, done as
/// the generated VHDL does it: the registers the back end leaves without reset
/// (<see cref="VhdlGenerator.ResetPlan"/>) take random bits. After it the host configures the core
/// again and every packet it sends must come out as the oracle says.
/// </summary>
public class MidRunResetTests
{
    public static TheoryData<string> Wrappers() => [.. WrapperSample.TwoPerCore.Select(a => a.Name)];

    [Theory]
    [MemberData(nameof(Wrappers))]
    public void PacketsAfterAResetMidPacketEqualTheOracle(string name)
    {
        var adapter = AxiCatalog.FindByName(name);
        foreach (int seed in new[] { 31, 32 })
        {
            var bench = new AxiWrapperBench(adapter, seed, liteDelay: 0.3, gapProbability: 0.2, stallProbability: 0.3, trace: false);
            var rng = new Random(seed);
            byte[] Bytes(int n)
            {
                var b = new byte[n];
                rng.NextBytes(b);
                return b;
            }
            bench.Run(3);
            var first = adapter.DefaultSettings(Bytes(16)) with { Iv = Bytes(16) };
            bench.WriteSettings(first);
            bench.Write(AxiRegisters.Control, AxiRegisters.ControlStart);
            bench.Source.Enqueue(Bytes(1024));
            bench.RunUntil(() => bench.Source.CurrentOffset >= 256 + 16 * (seed % 4), "a quarter of the packet the reset interrupts");

            var plan = VhdlGenerator.ResetPlan(bench.Simulation.Netlist);
            Assert.NotEmpty(plan.UnresetFields);
            bench.Simulation.Reset(plan, new Random(seed));
            bench.Source.Abort(); // the DMA channels are reset with the wrapper
            bench.Sink.Abort();
            int before = bench.Sink.Packets.Count;

            var second = adapter.DefaultSettings(Bytes(16)) with { Iv = Bytes(16) };
            bench.WriteSettings(second);
            bench.Write(AxiRegisters.Control, AxiRegisters.ControlStart);
            var packets = new[] { Bytes(64), Bytes(96), Bytes(48) };
            foreach (var p in packets) bench.Source.Enqueue(p);
            bench.RunUntil(() => bench.Sink.Packets.Count >= before + packets.Length && bench.Source.Idle, "the packets after the reset", 200_000);
            for (int i = 0; i < packets.Length; i++)
                Assert.True(bench.Sink.Packets[before + i].Data.AsSpan().SequenceEqual(adapter.Expected(second, packets[i])),
                    $"{name}, seed {seed}: packet {i} after the reset differs from the oracle");
            Assert.True(!bench.ProtocolErrors.Any(), $"{name}, seed {seed}: {string.Join("; ", bench.ProtocolErrors.Take(3))}");
        }
    }
}
