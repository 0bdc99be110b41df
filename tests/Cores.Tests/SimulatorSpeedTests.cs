using Crypto.Aes;
using Hdl;
using Hdl.Vhdl.Testbench;
using Hdl.Vhdl.Tools;
using Xunit;

namespace Cores.Tests;

/// <summary>
/// The free-running testbench behind the simulator-speed figures (bench simulators): GHDL running the
/// generated VHDL with constant full-speed inputs must count exactly the output transfers that the
/// engine counts for the same inputs and cycles.
/// </summary>
public class SimulatorSpeedTests
{
    [Fact]
    public void GhdlCountsTheSameTransfersAsTheEngineOnAFullSpeedStream()
    {
        const long cycles = 1500;
        var (core, netlist, sim, inputs) = FullSpeedStream("iterative");
        var valid = core.Design.Outputs.Single(b => b.Name == "out").Signals.Single(s => s.Name == "Valid");

        long engineTransfers = 0;
        for (long i = 0; i < cycles; i++)
        {
            sim.Settle();
            if (core.Output.Valid)
            {
                engineTransfers++;
                Assert.Equal("69c4e0d86a7b0430d8cdb78070b4c55a", AesModel.ToHex(core.Output.Block));
            }
            sim.Clock();
        }
        Assert.InRange(engineTransfers, cycles / 12, cycles / 10); // about one block per 10 clocks

        var dir = Path.Combine(Path.GetTempPath(), "sme-crypto-tests", $"speed-aes-iterative-{Environment.ProcessId}");
        var call = System.Diagnostics.Stopwatch.StartNew();
        var result = SimulatorSpeed.MeasureGhdl(netlist, new FreeRunningStimulus(inputs, [valid]), cycles, dir);
        call.Stop();
        Assert.Equal(engineTransfers, result.Transfers);
        Assert.Equal(cycles, result.Cycles);
        // The rate is over the simulation run alone, which is part of the call: at least cycles / call time.
        Assert.InRange(result.CyclesPerSecond, cycles / call.Elapsed.TotalSeconds, double.MaxValue);
        Directory.Delete(dir, recursive: true);
    }

    [Fact]
    public void AChangingStreamSwitchesTheDataAtEveryClockInTheEngineAndInGhdlAlike()
    {
        const long cycles = 600;
        var (core, netlist, sim, inputs) = FullSpeedStream("bram11");
        var block = core.Design.Inputs.Single(b => b.Name == "in").Signals.Single(s => s.Name == "Block");
        UInt128 other = AesModel.FromHex("3243f6a8885a308d313198a2e0370734");
        var valid = core.Design.Outputs.Single(b => b.Name == "out").Signals.Single(s => s.Name == "Valid");

        // Cycle i (from 1, after reset) takes the alternate block when i is odd, as the testbench drives it.
        long engineTransfers = 0;
        var seen = new HashSet<string>();
        for (long i = 1; i <= cycles; i++)
        {
            core.Input.Block = i % 2 == 1 ? other : AesModel.FromHex("00112233445566778899aabbccddeeff");
            sim.Settle();
            if (core.Output.Valid) { engineTransfers++; seen.Add(AesModel.ToHex(core.Output.Block)); }
            sim.Clock();
        }
        // FIPS-197 C.1 and the other block's ciphertext under the same key (by .NET's AES): both come out, one per clock in turn.
        using var aes = System.Security.Cryptography.Aes.Create();
        aes.Key = Convert.FromHexString("000102030405060708090a0b0c0d0e0f");
        var otherOut = Convert.ToHexStringLower(aes.EncryptEcb(Convert.FromHexString("3243f6a8885a308d313198a2e0370734"), System.Security.Cryptography.PaddingMode.None));
        Assert.Equal(new[] { "69c4e0d86a7b0430d8cdb78070b4c55a", otherOut }.Order(StringComparer.Ordinal), seen.Order(StringComparer.Ordinal));
        Assert.InRange(engineTransfers, cycles - 60, cycles); // all but the key expansion and the pipeline's latency

        var stimulus = new FreeRunningStimulus(inputs, [valid]) { Alternate = new Dictionary<SignalBase, UInt128> { [block] = other } };
        var bench = FreeRunningTestbench.Write(netlist, stimulus).Content;
        Assert.Contains("in_Block <= \"" + Bits(other) + "\";", bench);
        Assert.DoesNotContain("  in_Block <= \"", bench.Split("drive : process")[0]); // not held by a concurrent assignment
        var dir = Path.Combine(Path.GetTempPath(), "sme-crypto-tests", $"speed-changing-aes-bram11-{Environment.ProcessId}");
        var result = SimulatorSpeed.MeasureGhdl(netlist, stimulus, cycles, dir);
        Assert.Equal(engineTransfers, result.Transfers);
        Directory.Delete(dir, recursive: true);
    }

    /// <summary>
    /// An AES-128 core of the variant held at a full-speed stream of the FIPS-197 C.1 block (input
    /// Valid and output Ready high, Last low), settled; its netlist and the inputs' values.
    /// </summary>
    static (AesCoreDesign Core, Netlist Netlist, Simulation Sim, Dictionary<SignalBase, UInt128> Inputs) FullSpeedStream(string variant)
    {
        var core = AesCatalog.Find(variant).Build();
        var netlist = core.Design.Elaborate();
        var sim = new Simulation(core.Design);
        core.Input.Valid = true;
        core.Input.Last = false;
        core.Input.Tag = 0x5a;
        core.Input.KeyHigh = AesModel.FromHex("000102030405060708090a0b0c0d0e0f");
        core.Input.KeyLow = 0;
        core.Input.KeySize = 0;
        core.Input.Side = 0;
        core.Input.Block = AesModel.FromHex("00112233445566778899aabbccddeeff");
        core.OutputReady.Ready = true;
        sim.Settle();
        var inputs = core.Design.Inputs.SelectMany(b => b.Signals).ToDictionary(s => s, s => s.Bits);
        return (core, netlist, sim, inputs);
    }

    static string Bits(UInt128 x) => string.Concat(Enumerable.Range(0, 128).Select(i => ((x >> (127 - i)) & 1) == 1 ? '1' : '0'));

    [Fact]
    public void AnAlternateValueMustBeForATopLevelInput()
    {
        var core = AesCatalog.Find("iterative").Build();
        var netlist = core.Design.Elaborate();
        var valid = core.Design.Outputs.Single(b => b.Name == "out").Signals.Single(s => s.Name == "Valid");
        var block = core.Design.Outputs.Single(b => b.Name == "out").Signals.Single(s => s.Name == "Block");
        var stimulus = new FreeRunningStimulus(new Dictionary<SignalBase, UInt128>(), [valid]) { Alternate = new Dictionary<SignalBase, UInt128> { [block] = 1 } };
        var e = Assert.Throws<ArgumentException>(() => FreeRunningTestbench.Write(netlist, stimulus));
        Assert.Equal("out.Block is not a top-level input of aes_iterative", e.Message);
    }

    [Fact]
    public void ACountedSignalMustBeAOneBitOutput()
    {
        var core = AesCatalog.Find("iterative").Build();
        var netlist = core.Design.Elaborate();
        var block = core.Design.Outputs.Single(b => b.Name == "out").Signals.Single(s => s.Name == "Block");
        var e = Assert.Throws<ArgumentException>(() => FreeRunningTestbench.Write(netlist, new FreeRunningStimulus(new Dictionary<SignalBase, UInt128>(), [block])));
        Assert.Equal("out.Block is not a one-bit top-level output of aes_iterative", e.Message);
    }
}
