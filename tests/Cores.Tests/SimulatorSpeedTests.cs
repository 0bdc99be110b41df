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
        var core = AesCatalog.Find("iterative").Build();
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
    public void ACountedSignalMustBeAOneBitOutput()
    {
        var core = AesCatalog.Find("iterative").Build();
        var netlist = core.Design.Elaborate();
        var block = core.Design.Outputs.Single(b => b.Name == "out").Signals.Single(s => s.Name == "Block");
        var e = Assert.Throws<ArgumentException>(() => FreeRunningTestbench.Write(netlist, new FreeRunningStimulus(new Dictionary<SignalBase, UInt128>(), [block])));
        Assert.Equal("out.Block is not a one-bit top-level output of aes_iterative", e.Message);
    }
}
