using Engine.Tests.Designs;
using Hdl;
using Xunit;

namespace Engine.Tests;

/// <summary>The trace that co-simulation replays: one row per cycle of settled top-level ports.</summary>
public class TraceTests
{
    [Fact]
    public void RecordsEveryTopLevelSignalOncePerCycleAfterSettling()
    {
        var sim = new Simulation(EnabledCounterDesign.Build());
        var trace = sim.EnableTrace();
        Assert.Equal(["control_Enable", "control_Clear", "counter_Count", "counter_Wrapped"], trace.Signals.Select(TraceRecorder.PortName));
        Assert.Equal(2, trace.InputSignals.Count);
        var control = sim.Port<ICounterControl>("control");
        control.Clear = false;
        for (int cycle = 0; cycle < 12; cycle++)
        {
            control.Enable = cycle != 3;
            sim.Step();
        }
        Assert.Equal(12, trace.Rows);
        for (int row = 0; row < 12; row++)
        {
            Assert.Equal(row != 3 ? 1u : 0u, trace.Value(row, 0));
            Assert.Equal((UInt128)0u, trace.Value(row, 1));
            uint count = (uint)(row <= 3 ? row : row - 1) % EnabledCounterDesign.Modulus;
            Assert.Equal((UInt128)count, trace.Value(row, 2));
        }
        Assert.Equal((UInt128)1u, trace.Value(11, 3)); // wrapped from 9 to 0 at the end of cycle 10
    }

    [Fact]
    public void SavesHexFieldsOfTheSignalWidthAndUForUnknownValues()
    {
        var sim = new Simulation(RamPortsDesign.Build());
        var trace = sim.EnableTrace();
        var write = sim.Port<IMemoryWrite<uint>>("write");
        var read = sim.Port<IMemoryRead>("read");
        write.Enable = true;
        write.Address = 3;
        write.Data = 0xCAFE_F00D;
        read.Enable = false;
        read.Address = 0;
        sim.Step();
        write.Enable = false;
        read.Enable = true;
        read.Address = 3;
        sim.Step();
        sim.Step();

        string path = Path.Combine(Path.GetTempPath(), $"engine-tests-trace-{Environment.ProcessId}.txt");
        try
        {
            trace.Save(path);
            var lines = File.ReadAllLines(path);
            Assert.Equal("cycle write_Enable write_Address write_Data read_Enable read_Address read_data_Data", lines[0]);
            Assert.Equal("00000000 1 00000003 CAFEF00D 0 00000000 UUUUUUUU", lines[1]);
            Assert.Equal("00000001 0 00000003 CAFEF00D 1 00000003 UUUUUUUU", lines[2]);
            Assert.Equal("00000002 0 00000003 CAFEF00D 1 00000003 CAFEF00D", lines[3]);
            Assert.Equal(4, lines.Length);
        }
        finally { File.Delete(path); }
    }

    [Fact]
    public void NarrowSignedSignalsAreRecordedAsTwosComplementInTheirWidth()
    {
        var sim = new Simulation(Constructs.WidthCase.Build());
        var trace = sim.EnableTrace();
        var result = sim.Port<Constructs.IWidthOutput>("result");
        var values = new List<sbyte>();
        for (int cycle = 0; cycle < 40; cycle++)
        {
            Constructs.WidthCase.Drive(sim, cycle);
            sim.Settle();
            values.Add(result.Centered);
            sim.Clock();
        }
        int centered = trace.Signals.ToList().FindIndex(s => s.Name == "Centered");
        Assert.Equal(6, trace.Signals[centered].Type.Width);
        Assert.Contains(values, v => v < 0);
        for (int row = 0; row < trace.Rows; row++)
            Assert.Equal((UInt128)(uint)(values[row] & 0x3F), trace.Value(row, centered));
    }
}
