using System.Text.RegularExpressions;
using Engine.Tests.Constructs;
using Hdl;
using Hdl.Vhdl;
using Hdl.Vhdl.Tools;
using Xunit;

namespace Engine.Tests.Soundness;

public interface IWideResult : IBus
{
    ulong Mask { get; set; }
    ulong Pick { get; set; }
}

/// <summary>
/// Constants wider than 32 bits, not all zeros, in the logic: a byte-lane mask built lane by lane
/// (as the AXI downsizer, since removed, zeroed the lanes outside TKEEP) and a choice of two 64-bit
/// constants. GHDL 2.0 wrote each such constant into its Verilog netlist as a quoted string.
/// </summary>
public sealed class WideConstants : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public IWideResult Output = Bus.Create<IWideResult>();

    protected override void OnTick()
    {
        byte keep = (byte)Input.A;
        ulong mask = 0;
        for (int i = 0; i < 8; i++)
            mask = (mask << 8) | (((keep >> (7 - i)) & 1) != 0 ? 0xFFUL : 0UL);
        Output.Mask = mask;
        Output.Pick = (Input.B & 1) != 0 ? 0x0123_4567_89AB_CDEFUL : 0x8000_0000_0000_0001UL;
    }
}

/// <summary>
/// A switch on a word address (as the AXI register bank decodes its registers) with four labels and
/// a default for every other address, and a second switch whose default section comes first.
/// </summary>
public sealed class IntegerSwitch : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public IWideResult Output = Bus.Create<IWideResult>();

    protected override void OnTick()
    {
        ulong r;
        byte address = (byte)(Input.A & 0xFC);
        switch (address)
        {
            case 0: r = 10; break;
            case 4: r = 20; break;
            case 8: r = 30; break;
            case 20: r = 40; break;
            default: r = 99; break;
        }
        Output.Mask = r;
        ulong pick = Input.B;
        byte low = (byte)(Input.A & 3);
        switch (low)
        {
            default: pick += 1; break;
            case 2: pick = 0; break;
        }
        Output.Pick = pick;
    }
}

/// <summary>
/// The Verilog netlist that <c>ghdl --synth --out=verilog</c> makes of a design (what yosys
/// synthesizes, Verilator runs and the formal checks read) computes what the C# simulation computes.
/// GHDL 2.0.0 wrote every non-zero constant wider than 32 bits as a Verilog string (ASCII codes, not
/// bits), so the netlist was wrong where the VHDL was right; <see cref="Ghdl.SynthesizeVerilog"/>
/// rewrites those literals.
/// </summary>
public class VerilogNetlistTests
{
    [Fact]
    public void QuotedBitStringsBecomeSizedBinaryLiterals()
    {
        const string ghdl = "  assign n12_o = s ? \"0000000000000000000000000000000000000000000000000000000011111111\" : 64'b0;\n" +
                            "  assign n9_o = s ? \"100000000000000000000000011111111\" : \"000000000000000000000000000000001\";\n";
        Assert.Equal("  assign n12_o = s ? 64'b0000000000000000000000000000000000000000000000000000000011111111 : 64'b0;\n" +
                     "  assign n9_o = s ? 33'b100000000000000000000000011111111 : 33'b000000000000000000000000000000001;\n",
            Ghdl.SizedBitConstants(ghdl));
        Assert.Equal("(* keep = \"true\" *) wire a;", Ghdl.SizedBitConstants("(* keep = \"true\" *) wire a;"));
    }

    [Fact]
    public void SelectsOfLiteralsBecomeTheSelectedBits()
    {
        const string ghdl = "  assign n88_o = {{64{64'b0000000000000000000000000000000001111111111111111111111111111111[63]}}, 64'b0000000000000000000000000000000001111111111111111111111111111111}; // sext\n" +
                            "  assign n9_o = {{4{8'b10010110[7]}}, 8'b10010110[5:2], 3'b011[0]};\n";
        Assert.Equal("  assign n88_o = {{64{1'b0}}, 64'b0000000000000000000000000000000001111111111111111111111111111111}; // sext\n" +
                     "  assign n9_o = {{4{1'b1}}, 4'b0101, 1'b1};\n",
            Ghdl.LiteralSelects(ghdl));
        Assert.Equal("  assign a = b[3];", Ghdl.LiteralSelects("  assign a = b[3];"));
    }

    [Fact, Trait("Category", CoSim.Category)]
    public void WideConstantsInTheNetlistMatchTheSimulation()
    {
        if (!ToolRunner.OnPath("yosys")) throw new ToolException("yosys is not installed (apt-get install yosys)");
        var d = new Design("sound_wide_constants");
        var p = d.Add(new WideConstants());
        p.Input = d.Input(Bus.Create<IOperands>(), Operands.Port);
        d.Output(p.Output, "result");
        var sim = new Simulation(d);
        var cases = new List<(uint A, uint B, ulong Mask, ulong Pick)>();
        var operands = sim.Port<IOperands>(Operands.Port);
        var result = sim.Port<IWideResult>("result");
        foreach (uint a in new uint[] { 0x07, 0xA5, 0x01, 0xFF, 0x80, 0x00 })
        {
            operands.A = a;
            operands.B = a & 1;
            sim.Settle();
            cases.Add((a, a & 1, result.Mask, result.Pick));
            sim.Step();
        }
        Assert.Equal(0x0000_0000_00FF_FFFFUL, cases[0].Mask); // the C# side itself

        var values = EvaluateNetlist(sim.Netlist, cases.Select(c => (c.A, c.B)), "result_Mask", "result_Pick");
        for (int i = 0; i < cases.Count; i++)
        {
            var c = cases[i];
            Assert.True(values[i][0] == c.Mask, $"keep {c.A:X2}: the netlist's mask is {values[i][0]:X16}, the simulation's {c.Mask:X16}");
            Assert.True(values[i][1] == c.Pick, $"B {c.B}: the netlist picks {values[i][1]:X16}, the simulation {c.Pick:X16}");
        }
    }

    /// <summary>
    /// A switch on an integer whose default section does the work for the values no label names. GHDL
    /// 2.0's Verilog netlist of a VHDL case dropped the others branch (the fault of the enum switch
    /// below), so the netlist gave the old value, not the default's, for those selectors; every switch
    /// is now an if/elsif chain.
    /// </summary>
    [Fact, Trait("Category", CoSim.Category)]
    public void AnIntegerSwitchKeepsItsDefaultInTheNetlist()
    {
        var d = new Design("sound_integer_switch");
        var p = d.Add(new IntegerSwitch());
        p.Input = d.Input(Bus.Create<IOperands>(), Operands.Port);
        d.Output(p.Output, "result");
        var sim = new Simulation(d);
        var operands = sim.Port<IOperands>(Operands.Port);
        var result = sim.Port<IWideResult>("result");
        var cases = new List<(uint A, uint B, ulong Mask, ulong Pick)>();
        foreach (uint a in new uint[] { 0, 4, 8, 12, 16, 20, 24, 252, 1, 6 })
        {
            operands.A = a;
            operands.B = 0x5A + a;
            sim.Settle();
            cases.Add((a, operands.B, result.Mask, result.Pick));
            sim.Step();
        }
        Assert.Equal(99UL, cases[3].Mask); // the C# side itself: 12 has no label
        Assert.Equal(0x5AUL + 12 + 1, cases[3].Pick);

        var values = EvaluateNetlist(sim.Netlist, cases.Select(c => (c.A, c.B)), "result_Mask", "result_Pick");
        for (int i = 0; i < cases.Count; i++)
        {
            var c = cases[i];
            Assert.True(values[i][0] == c.Mask && values[i][1] == c.Pick,
                $"selector {c.A}: the netlist gives ({values[i][0]}, {values[i][1]}), the simulation ({c.Mask}, {c.Pick})");
        }
    }

    /// <summary>
    /// The combinational design's Verilog netlist (GHDL synthesis, as yosys reads it) evaluated by yosys
    /// for each pair of operands: the 64-bit <paramref name="outputs"/>, in order, per pair.
    /// </summary>
    static List<ulong[]> EvaluateNetlist(Netlist netlist, IEnumerable<(uint A, uint B)> operands, params string[] outputs)
    {
        if (!ToolRunner.OnPath("yosys")) throw new ToolException("yosys is not installed (apt-get install yosys)");
        var list = operands.ToList();
        var work = Directory.CreateTempSubdirectory("engine-tests-verilog-").FullName;
        var synth = Synthesis.Run(netlist, work, writeVerilog: true);
        var shows = string.Concat(outputs.Select(o => $" -show {o}"));
        var evals = string.Concat(list.Select(c => $"eval -set {Operands.Port}_A {c.A} -set {Operands.Port}_B {c.B}{shows}\n"));
        File.WriteAllText(Path.Combine(work, "eval.ys"), $"read_verilog {Path.GetFileName(synth.VerilogPath!)}\nprep -top {synth.Top}\nflatten\nselect {synth.Top}\n{evals}");
        var run = ToolRunner.Run("yosys", ["-q", "-l", "eval.log", "eval.ys"], work, TimeSpan.FromMinutes(2));
        Assert.True(run.ExitCode == 0, $"yosys failed: {run.Output}");
        var log = File.ReadAllText(Path.Combine(work, "eval.log"));
        var values = EvalResult.Matches(log).Select(m => (Name: m.Groups[1].Value, Value: Convert.ToUInt64(m.Groups[2].Value, 2))).ToList();
        var failed = log.Split('\n').FirstOrDefault(l => l.StartsWith("Failed to evaluate", StringComparison.Ordinal));
        Assert.True(failed is null, $"yosys cannot evaluate the netlist (a latch: a value no assignment gives): {failed} (work dir {work})");
        Assert.Equal(outputs.Length * list.Count, values.Count);
        var rows = new List<ulong[]>();
        for (int i = 0; i < list.Count; i++)
        {
            for (int j = 0; j < outputs.Length; j++)
                Assert.Equal(outputs[j], values[outputs.Length * i + j].Name);
            rows.Add([.. values.Skip(outputs.Length * i).Take(outputs.Length).Select(v => v.Value)]);
        }
        Directory.Delete(work, recursive: true);
        return rows;
    }

    /// <summary>
    /// A switch over an enum of five states (three bits, three encodings unused), no default: GHDL 2.0
    /// wrote a VHDL case as a one-hot Verilog case without its default, so yosys made latches of it
    /// (717 in the AES-GCM core) and lost the others branch. The switch is now an if/elsif chain and
    /// the mapped netlist has flip-flops only.
    /// </summary>
    [Fact, Trait("Category", CoSim.Category)]
    public void ASwitchOverAnEnumSynthesizesWithoutLatches()
    {
        var netlist = Designs.SequenceDetectorDesign.Build().Elaborate();
        var work = Directory.CreateTempSubdirectory("engine-tests-switch-latches-").FullName;
        var synth = Synthesis.Run(netlist, work, writeVerilog: true);
        var (json, _) = Yosys.SynthXilinx(work, Path.GetFileName(synth.VerilogPath!), synth.Top);
        var (resources, _) = XilinxNetlist.AnalyseFile(json, synth.Top);
        var latches = resources.CellTypes.Where(c => c.Key.StartsWith("LD", StringComparison.Ordinal)).ToList();
        Assert.True(latches.Count == 0, $"latches in the netlist: {string.Join(", ", latches)} (work dir {work})");
        Assert.True(resources.Ff >= 3 + 32, $"the state and the match count are not all in flip-flops: {resources.Ff} FF");
        Directory.Delete(work, recursive: true);
    }

    static readonly Regex EvalResult = new(@"Eval result: \\(\w+) = 64'([01]{64})\.");
}
