using System.Buffers.Binary;
using Crypto.Aes;
using Crypto.Bench.Aes256Cbc;
using Hdl;
using Hdl.Vhdl;
using Hdl.Vhdl.Testbench;
using Hdl.Vhdl.Tools;
using Xunit;

namespace Cores.Tests;

/// <summary>
/// The one-process AES-256-CBC design of the simulator benchmark (bench/Aes256Cbc) against .NET's
/// AES-256-CBC: NIST SP 800-38A F.2.5 and seeded random keys, IVs and blocks, with idle cycles
/// between, in the C# simulation and replayed on its generated VHDL in GHDL, which also passes ghdl --synth.
/// </summary>
public class Aes256CbcOneProcessTests
{
    /// <summary>One message: a key load (with the IV), then its blocks.</summary>
    sealed record Message(byte[] Key, byte[] Iv, byte[] Plaintext);

    /// <summary>What the host puts on the core's inputs in one cycle.</summary>
    readonly record struct Request(bool LoadKey, bool DataReady, byte[] Key, UInt128 Data);

    static UInt128 Block(ReadOnlySpan<byte> bytes) => BinaryPrimitives.ReadUInt128BigEndian(bytes);

    /// <summary>A 32-byte key and a block onto the core's data inputs.</summary>
    static void Put(ICbcData input, byte[] key, UInt128 data)
    {
        input.Key0 = BinaryPrimitives.ReadUInt64BigEndian(key.AsSpan(0));
        input.Key1 = BinaryPrimitives.ReadUInt64BigEndian(key.AsSpan(8));
        input.Key2 = BinaryPrimitives.ReadUInt64BigEndian(key.AsSpan(16));
        input.Key3 = BinaryPrimitives.ReadUInt64BigEndian(key.AsSpan(24));
        input.Data0 = (ulong)(data >> 64);
        input.Data1 = (ulong)data;
    }

    static byte[] RandomBytes(Random rng, int count)
    {
        var bytes = new byte[count];
        rng.NextBytes(bytes);
        return bytes;
    }

    /// <summary>
    /// The cycles of the messages: each key load (DataReady sometimes high with it: LoadKey wins),
    /// then each block, with idle cycles carrying garbage on the data inputs now and then.
    /// </summary>
    static List<Request> Schedule(IEnumerable<Message> messages, Random rng)
    {
        var requests = new List<Request>();
        void Idle()
        {
            while (rng.NextDouble() < 0.3)
                requests.Add(new Request(false, false, RandomBytes(rng, 32), Block(RandomBytes(rng, 16))));
        }
        foreach (var m in messages)
        {
            Idle();
            requests.Add(new Request(true, rng.Next(2) == 1, m.Key, Block(m.Iv)));
            for (int i = 0; i < m.Plaintext.Length; i += 16)
            {
                Idle();
                requests.Add(new Request(false, true, RandomBytes(rng, 32), Block(m.Plaintext.AsSpan(i, 16))));
            }
        }
        Idle();
        return requests;
    }

    [Fact]
    public void EncryptsLikeSystemAesCbcInTheSimulationAndInGhdlAndSynthesizes()
    {
        const int seed = 2511;
        var rng = new Random(seed);
        var messages = new List<Message>
        {
            new(Convert.FromHexString(AesModelTests.Sp80038aKey256), Convert.FromHexString(AesModelTests.Sp80038aCbcIv),
                Convert.FromHexString(AesModelTests.Sp80038aPlain)),
        };
        for (int i = 0; i < 3; i++)
            messages.Add(new Message(RandomBytes(rng, 32), RandomBytes(rng, 16), RandomBytes(rng, 16 * rng.Next(1, 25))));
        var expected = messages.SelectMany(m => AesModel.ToBlocks(SystemAes.Process(AesMode.Cbc, false, m.Key, m.Iv, m.Plaintext))).ToList();
        Assert.Equal(AesModelTests.Sp80038aCbc256Ciphertext, Convert.ToHexStringLower(AesModel.FromBlocks([.. expected.Take(4)])));

        var (design, control, input, output) = Aes256CbcDesign.Core();
        var sim = new Simulation(design);
        var trace = sim.EnableTrace();
        var got = new List<UInt128>();
        foreach (var r in Schedule(messages, rng))
        {
            control.LoadKey = r.LoadKey;
            control.DataReady = r.DataReady;
            Put(input, r.Key, r.Data);
            sim.Step();
            Assert.True(output.DataReady == (r.DataReady && !r.LoadKey), $"seed {seed}, cycle {sim.Cycle - 1}: DataReady out {output.DataReady}");
            if (output.DataReady) got.Add(new UInt128(output.Data0, output.Data1));
        }
        sim.Step(); // the last result into the trace
        Assert.True(expected.SequenceEqual(got), $"seed {seed}: {got.Count} blocks, first differing at {expected.Zip(got).TakeWhile(p => p.First == p.Second).Count()}");

        var dir = Path.Combine(Path.GetTempPath(), "sme-crypto-tests", $"cosim-aes256cbc-oneprocess-{Environment.ProcessId}");
        var result = CoSimulation.Run(sim.Netlist, trace, dir);
        Assert.True(result.Passed, $"seed {seed}: GHDL disagrees with the C# simulation (work dir {dir}):\n{string.Join("\n", result.Mismatches.Take(20))}\n{result.Log}");
        Assert.Equal(trace.Rows, result.CyclesCompared);
        Directory.Delete(dir, recursive: true);

        // ghdl --synth takes the fourteen rounds in one clock (about ten seconds).
        var synth = Synthesis.Run(sim.Netlist, dir + "-synth");
        Assert.Equal(VhdlGenerator.TopName(sim.Netlist), synth.Top);
        Directory.Delete(dir + "-synth", recursive: true);
    }

    /// <summary>
    /// The benchmark's design: the host loads the key once after reset, then the core encrypts a block
    /// every cycle (constant plaintext, chained), and GHDL's free-running testbench counts exactly the
    /// results that the engine counts.
    /// </summary>
    [Fact]
    public void FreeRunningDesignLoadsOnceThenEncryptsEveryCycleInTheEngineAndInGhdl()
    {
        const long cycles = 200;
        var rng = new Random(7);
        var (design, input, output) = Aes256CbcDesign.FreeRunning();
        var netlist = design.Elaborate();
        var sim = new Simulation(design);
        byte[] key = RandomBytes(rng, 32), plain = RandomBytes(rng, 16);
        // The data inputs hold the IV at the key load and then every plaintext block: the same block.
        Put(input, key, Block(plain));
        sim.Settle();
        var inputs = design.Inputs.SelectMany(b => b.Signals).ToDictionary(s => s, s => s.Bits);
        var valid = design.Outputs.Single().Signals.Single(s => s.Name == nameof(ICbcResult.DataReady));

        var got = new List<UInt128>();
        for (long i = 0; i < cycles; i++)
        {
            // Counted as the free-running testbench counts: the outputs in a cycle, before its edge.
            sim.Settle();
            if (output.DataReady) got.Add(new UInt128(output.Data0, output.Data1));
            sim.Clock();
        }
        // Edge 0 raises LoadKey, edge 1 loads the key, edges 2.. encrypt: a result in every cycle from cycle 3 on.
        Assert.Equal(cycles - 3, got.Count);
        var expected = AesModel.ToBlocks(SystemAes.Process(AesMode.Cbc, false, key, iv: plain,
            [.. Enumerable.Repeat(plain, got.Count).SelectMany(b => b)]));
        Assert.Equal(expected, got);

        var dir = Path.Combine(Path.GetTempPath(), "sme-crypto-tests", $"speed-aes256cbc-oneprocess-{Environment.ProcessId}");
        var result = SimulatorSpeed.MeasureGhdl(netlist, new FreeRunningStimulus(inputs, [valid]), cycles, dir);
        Assert.Equal(got.Count, result.Transfers);
        Directory.Delete(dir, recursive: true);
    }
}
