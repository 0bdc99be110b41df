using Hdl;
using Xunit;

namespace Engine.Tests.Designs;

public class RamTests
{
    [Theory]
    [InlineData(41)]
    [InlineData(42)]
    public void ReadsAreRegisteredAndReadFirstAgainstAnArrayModel(int seed)
    {
        var model = new uint[RamPortsDesign.Depth];
        uint? expected = null; // the result register; unknown until the first read
        Testbench.Run(RamPortsDesign.Build, (sim, c) => RamPortsDesign.Drive(sim, c, seed), (sim, cycle) =>
        {
            var write = sim.Port<IMemoryWrite<uint>>("write");
            var read = sim.Port<IMemoryRead>("read");
            var data = sim.Port<IMemoryData<uint>>("read_data");
            if (expected is uint e) Expect.Equal(e, data.Data, $"seed {seed}, cycle {cycle}, read data");
            if (read.Enable) expected = model[read.Address];      // read-first: the old word
            if (write.Enable) model[write.Address] = write.Data;
        }, 800);
    }

    [Fact]
    public void ReadingTheResultBeforeTheFirstReadIsAnError()
    {
        var sim = new Simulation(RamPortsDesign.Build());
        sim.Port<IMemoryRead>("read").Enable = false;
        sim.Port<IMemoryWrite<uint>>("write").Enable = false;
        sim.Step();
        sim.Settle();
        var e = Assert.Throws<HardwareException>(() => sim.Port<IMemoryData<uint>>("read_data").Data);
        Assert.Contains("read_data.Data", e.Message);
    }

    [Fact]
    public void InitialContentsAreReadBack()
    {
        var words = Enumerable.Range(0, 8).Select(i => (ushort)(i * 1111)).ToArray();
        var d = new Design("ram_initial");
        var ram = d.Add(new Ram<ushort>(8, words) { Name = "Preloaded" });
        ram.Write = d.Input(Bus.Create<IMemoryWrite<ushort>>(), "write");
        ram.Read = d.Input(Bus.Create<IMemoryRead>(), "read");
        d.Output(ram.Result, "data");
        var sim = new Simulation(d);
        var read = sim.Port<IMemoryRead>("read");
        sim.Port<IMemoryWrite<ushort>>("write").Enable = false;
        read.Enable = true;
        for (uint a = 0; a < 8; a++)
        {
            read.Address = 7 - a;
            sim.Step();
            sim.Settle();
            Assert.Equal(words[7 - a], sim.Port<IMemoryData<ushort>>("data").Data);
        }
        words[0] = 1; // the RAM copied its initial contents
        Assert.Equal((ushort)0, ram.Contents[0]);
    }

    [Fact]
    public void RomReadsItsContentsOneCycleLater()
    {
        var table = Enumerable.Range(0, 16).Select(i => (byte)(i * i)).ToArray();
        var d = new Design("rom_read");
        var rom = d.Add(new Rom<byte>(table) { Name = "Squares" });
        rom.Read = d.Input(Bus.Create<IMemoryRead>(), "read");
        d.Output(rom.Result, "data");
        var sim = new Simulation(d);
        var read = sim.Port<IMemoryRead>("read");
        var data = sim.Port<IMemoryData<byte>>("data");
        read.Enable = true;
        for (uint a = 0; a < 20; a++)
        {
            read.Address = (a * 5) % 16;
            sim.Settle();
            if (a > 0) Assert.Equal(table[((a - 1) * 5) % 16], data.Data);
            sim.Clock();
        }
    }

    [Theory]
    [InlineData(51)]
    [InlineData(52)]
    public void DelayLineOutputsTheInputDelayedByItsDelay(int seed)
    {
        var inputs = new List<uint>();
        Testbench.Run(RamDelayLineDesign.Build, (sim, c) => RamDelayLineDesign.Drive(sim, c, seed), (sim, cycle) =>
        {
            inputs.Add(sim.Port<ISample>("samples").Data);
            if (cycle < 2) return; // the first read result is registered at the end of cycle 1
            int from = cycle - RamDelayLineDesign.Delay;
            uint expected = from >= 0 ? inputs[from] : 0u; // before that, the RAM's initial zeros
            Expect.Equal(expected, sim.Port<IMemoryData<uint>>("delayed").Data, $"seed {seed}, cycle {cycle}");
        }, 300);
    }

    [Fact]
    public void RomsWithTheSameContentsShareOneEntity()
    {
        var d = new Design("rom_sharing");
        uint[] a = [1, 2, 3, 4], b = [5, 6, 7, 8];
        var read = d.Input(Bus.Create<IMemoryRead>(), "read");
        var roms = new[] { ("First", a), ("Second", a), ("Third", b) }.Select(r => d.Add(new Rom<uint>(r.Item2) { Name = r.Item1, Read = read })).ToList();
        for (int i = 0; i < roms.Count; i++) d.Output(roms[i].Result, $"data{i}");
        var files = Hdl.Vhdl.VhdlGenerator.Generate(d.Elaborate());
        Assert.Equal(["First_memory.vhd", "Third_memory.vhd"], files.Select(f => f.FileName).Where(n => n.EndsWith("_memory.vhd")));
        Assert.Contains("ROM First and 1 more instances with the same contents", files.Single(f => f.FileName == "First_memory.vhd").Content);
        var top = files.Single(f => f.FileName == "rom_sharing.vhd").Content;
        Assert.Equal(2, top.Split("entity work.First_memory").Length - 1);
        Assert.Equal(1, top.Split("entity work.Third_memory").Length - 1);
    }

    /// <summary>
    /// Two ROMs with the same 256 x 16-bit contents, one left to the tool and one in block RAM, and a
    /// 16-word RAM in LUT RAM.
    /// </summary>
    static Design StyledMemories()
    {
        var d = new Design("styled_memories");
        ushort[] table = [.. Enumerable.Range(0, 256).Select(i => (ushort)(i * 40503 >> 3))];
        var read = d.Input(Bus.Create<IMemoryRead>(), "read");
        var block = d.Add(new Rom<ushort>(table, MemoryStyle.Block) { Name = "BlockTable", Read = read });
        var auto = d.Add(new Rom<ushort>(table) { Name = "AutoTable", Read = read });
        var lutRam = d.Add(new Ram<uint>(16, style: MemoryStyle.Distributed) { Name = "LutRam", Read = read });
        lutRam.Write = d.Input(Bus.Create<IMemoryWrite<uint>>(), "write");
        d.Output(block.Result, "block_data");
        d.Output(auto.Result, "auto_data");
        d.Output(lutRam.Result, "ram_data");
        return d;
    }

    [Fact]
    public void AMemoryStyleIsWrittenAsVivadosAttributeAndKeepsItsOwnEntity()
    {
        var files = Hdl.Vhdl.VhdlGenerator.Generate(StyledMemories().Elaborate()).ToDictionary(f => f.FileName, f => f.Content);
        Assert.Equal(["AutoTable_memory.vhd", "BlockTable_memory.vhd", "LutRam_memory.vhd"], files.Keys.Where(n => n.EndsWith("_memory.vhd")).Order());
        Assert.Contains("  attribute rom_style of memory : signal is \"block\";\n", files["BlockTable_memory.vhd"]);
        Assert.Contains("  attribute ram_style of memory : signal is \"distributed\";\n", files["LutRam_memory.vhd"]);
        Assert.DoesNotContain("attribute", files["AutoTable_memory.vhd"]);
    }

    /// <summary>
    /// GHDL's synthesis drops the style attributes, so the synthesis step reads them back from the
    /// VHDL and yosys sets them again: the block-style ROM becomes one RAMB18, its twin without a style
    /// stays in LUTs (yosys's choice for a table this small) and the RAM is LUT RAM.
    /// </summary>
    [Fact, Trait("Category", CoSim.Category)]
    public void YosysBuildsEachMemoryInTheResourceItsStyleNames()
    {
        var netlist = StyledMemories().Elaborate();
        var work = Path.Combine(Path.GetTempPath(), "engine-tests-memory-style");
        var synthesis = Hdl.Vhdl.Synthesis.Run(netlist, work, writeVerilog: true);
        Assert.Equal(
            [new("BlockTable_memory", "rom_style", "block"), new("LutRam_memory", "ram_style", "distributed")],
            synthesis.MemoryStyles.OrderBy(s => s.Entity).ToArray<Hdl.Vhdl.MemoryStyleAttribute>());
        var (json, _) = Hdl.Vhdl.Tools.Yosys.SynthXilinx(work, Path.GetFileName(synthesis.VerilogPath!), synthesis.Top, synthesis.MemoryStyles);
        var (resources, _) = Hdl.Vhdl.Tools.XilinxNetlist.AnalyseFile(json, synthesis.Top);
        Assert.Equal(0.5, resources.Bram36);
        Assert.Equal(["RAMB18E1"], resources.CellTypes.Keys.Where(t => t.StartsWith("RAMB")));
        Assert.True(resources.LutRam > 0, $"no LUT RAM: {string.Join(", ", resources.CellTypes)}");
        Assert.True(resources.Lut > 16, $"the ROM left to yosys is not in LUTs: {resources.Lut} LUTs");
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void CoSimulationOfThePorts() => CoSim.Check(RamPortsDesign.Build, (sim, c) => RamPortsDesign.Drive(sim, c, 2), 300);

    [Fact, Trait("Category", CoSim.Category)]
    public void CoSimulationOfTheDelayLine() => CoSim.Check(RamDelayLineDesign.Build, (sim, c) => RamDelayLineDesign.Drive(sim, c, 3), 200);
}
