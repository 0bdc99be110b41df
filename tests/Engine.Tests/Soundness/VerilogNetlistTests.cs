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
/// (as the AXI downsizer zeroes the lanes outside TKEEP: AxiMath.LaneMask) and a choice of two 64-bit
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

        var work = Directory.CreateTempSubdirectory("engine-tests-verilog-").FullName;
        var synth = Synthesis.Run(sim.Netlist, work, writeVerilog: true);
        var evals = string.Concat(cases.Select(c =>
            $"eval -set {Operands.Port}_A {c.A} -set {Operands.Port}_B {c.B} -show result_Mask -show result_Pick\n"));
        File.WriteAllText(Path.Combine(work, "eval.ys"), $"read_verilog {Path.GetFileName(synth.VerilogPath!)}\nprep -top {synth.Top}\nflatten\nselect {synth.Top}\n{evals}");
        var run = ToolRunner.Run("yosys", ["-q", "-l", "eval.log", "eval.ys"], work, TimeSpan.FromMinutes(2));
        Assert.True(run.ExitCode == 0, $"yosys failed: {run.Output}");
        var values = EvalResult.Matches(File.ReadAllText(Path.Combine(work, "eval.log")))
            .Select(m => (Name: m.Groups[1].Value, Value: Convert.ToUInt64(m.Groups[2].Value, 2))).ToList();
        Assert.Equal(2 * cases.Count, values.Count);
        for (int i = 0; i < cases.Count; i++)
        {
            var c = cases[i];
            Assert.True(values[2 * i] == ("result_Mask", c.Mask),
                $"keep {c.A:X2}: the netlist's mask is {values[2 * i].Value:X16}, the simulation's {c.Mask:X16}");
            Assert.True(values[2 * i + 1] == ("result_Pick", c.Pick),
                $"B {c.B}: the netlist picks {values[2 * i + 1].Value:X16}, the simulation {c.Pick:X16}");
        }
        Directory.Delete(work, recursive: true);
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
