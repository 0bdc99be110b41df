using Crypto.Streams;
using Hdl;
using Hdl.Vhdl;
using Xunit;

namespace Engine.Tests.Resets;

/// <summary>
/// Which registers keep the synchronous reset in the generated VHDL: bool and enum registers, those
/// whose value reaches a decision (in their own process or, through buses and combinational logic,
/// in another), and those marked [KeepReset]; every other register is assigned in the clocked branch
/// only and keeps just its signal's initial value.
/// </summary>
public class ResetAnalysisTests
{
    static string Vhdl(Design d, string file) =>
        VhdlGenerator.Generate(d.Elaborate()).Single(f => f.FileName == file).Content;

    /// <summary>The lines of the <c>if rst = '1'</c> branch of an entity (empty when it has none).</summary>
    static string ResetBranch(string vhdl)
    {
        int from = vhdl.IndexOf("if rst = '1' then\n", StringComparison.Ordinal);
        if (from < 0) return "";
        int to = vhdl.IndexOf("      else\n", from, StringComparison.Ordinal);
        return vhdl[from..to];
    }

    static void Resets(string vhdl, string register) =>
        Assert.True(ResetBranch(vhdl).Contains($"        {register} <= ", StringComparison.Ordinal), $"expected {register} in the reset branch of:\n{vhdl}");

    static void DoesNotReset(string vhdl, string register) =>
        Assert.False(ResetBranch(vhdl).Contains($"        {register} <= ", StringComparison.Ordinal), $"did not expect {register} in the reset branch of:\n{vhdl}");

    static Design DataOnlyDesign()
    {
        var d = new Design("reset_none");
        var input = d.Input(Bus.Create<IResetCode>(), "in");
        var delay = d.Add(new DataDelay { Input = input });
        d.Output(delay.Output, "out");
        return d;
    }

    static Design StageDesign()
    {
        var d = new Design("reset_stage");
        var input = d.Input(Bus.Create<IResetWord>(), "in");
        var ready = d.Input(Bus.Create<IReady>(), "out_ready");
        var control = d.Add(new PipelineControl { OutputReady = ready });
        var stage = d.Add(new DataStage { Input = input, Advance = control.Advance });
        control.Output = stage.Output;
        d.Output(stage.Output, "out");
        d.Output(control.Advance, "in_ready");
        return d;
    }

    [Fact]
    public void AStageKeepsTheResetOfItsValidBitAndDropsThatOfItsBlock()
    {
        var vhdl = Vhdl(StageDesign(), "DataStage.vhd");
        Resets(vhdl, "valid_reg");
        Resets(vhdl, "Output_Valid");
        DoesNotReset(vhdl, "block_reg");
        DoesNotReset(vhdl, "Output_Word");
        // The block is still a register with its power-up value, assigned in the clocked branch.
        Assert.Contains("signal block_reg : hdl_u32 := unsigned'(x\"00000000\");", vhdl);
        // The output port is driven from a register signal with the power-up value (GHDL's synthesis drops a port's default).
        Assert.Matches(@"Output_Word : out hdl_u32\s", vhdl);
        Assert.Contains("signal Output_Word_reg : hdl_u32 := (others => '0');", vhdl);
        Assert.Contains("Output_Word <= Output_Word_reg;", vhdl);
        Assert.Contains("-- Datapath, no reset (the reset value is never observed): block_reg, Output_Word_reg", vhdl);
        // Read after it is written, through a variable; the signal is written with it where the tick writes it.
        Assert.Matches(@"\n +(\w+) := [^\n]+;\n +block_reg <= \1;\n", vhdl);
    }

    /// <summary><c>W.CreateTruncating</c> is a cast: data through it, in a tick or in a generic helper, stays data.</summary>
    [Fact]
    public void DataThroughCreateTruncatingStaysData()
    {
        var d = new Design("reset_truncating");
        var stage = d.Add(new TruncatingStage<byte> { Input = d.Input(Bus.Create<IResetWord>(), "in") });
        d.Output(stage.Output, "out");
        var vhdl = Vhdl(d, "TruncatingStage_Byte.vhd");
        Resets(vhdl, "valid_reg");
        Resets(vhdl, "Output_Valid");
        DoesNotReset(vhdl, "narrow_reg");
        DoesNotReset(vhdl, "held_reg");
        DoesNotReset(vhdl, "Output_Word");
        Assert.Matches(@"-- Datapath, no reset \(the reset value is never observed\): narrow_reg, held_reg,\s+(--\s+)?Output_Word_reg", vhdl);
    }

    /// <summary>Without their reset the data registers start from their signals' initial values, in GHDL as in C#.</summary>
    [Fact, Trait("Category", CoSim.Category)]
    public void DesignsWithDataRegistersWithoutResetMatchTheSimulationInGhdl()
    {
        CoSim.Check(StageDesign, (sim, cycle) =>
        {
            var input = sim.Port<IResetWord>("in");
            input.Valid = Stimulus.Chance(3, cycle, 0, 0.6);
            input.Word = Stimulus.Word(3, cycle, 1);
            input.Last = false;
            sim.Port<IReady>("out_ready").Ready = Stimulus.Chance(3, cycle, 2, 0.7);
        }, 120);
        // Its output starts at its [InitialValue] in the first cycle, though nothing resets it.
        CoSim.Check(DataOnlyDesign, (sim, cycle) =>
        {
            var input = sim.Port<IResetCode>("in");
            input.Valid = true;
            input.Code = (byte)Stimulus.Word(5, cycle, 0);
        }, 60);
        foreach (var decided in new[] { true, false }) // the code with its reset, and without it (a port with an initial value)
            CoSim.Check(() => CodeDesign(decided), (sim, cycle) =>
            {
                var input = sim.Port<IResetWord>("in");
                input.Valid = Stimulus.Chance(4, cycle, 0, 0.5);
                input.Word = Stimulus.Word(4, cycle, 1);
                input.Last = false;
            }, 120);
    }

    [Fact]
    public void ACounterReadInAConditionAnEnumAndAKeepResetFieldKeepTheirReset()
    {
        var d = new Design("reset_counting");
        var input = d.Input(Bus.Create<IResetCode>(), "in");
        var stage = d.Add(new CountingStage { Input = input });
        d.Output(stage.Output, "out");
        var vhdl = Vhdl(d, "CountingStage.vhd");
        Resets(vhdl, "count_reg");
        Resets(vhdl, "phase_reg");
        Resets(vhdl, "total_reg");
        Resets(vhdl, "marks_reg");
        Resets(vhdl, "Output_Flag");
        DoesNotReset(vhdl, "last_reg");
        DoesNotReset(vhdl, "Output_Value");
    }

    static Design CodeDesign(bool decided)
    {
        var d = new Design(decided ? "reset_code_decided" : "reset_code_data");
        var input = d.Input(Bus.Create<IResetWord>(), "in");
        var writer = d.Add(new CodeWriter { Input = input });
        var increment = d.Add(new CodeIncrement { Input = writer.Output });
        if (decided)
        {
            var reader = d.Add(new CodeReader { Input = increment.Output });
            d.Output(reader.Output, "out");
        }
        else d.Output(increment.Output, "out");
        return d;
    }

    [Fact]
    public void AByteThatAnotherProcessDecidesOnKeepsItsResetThroughBusesAndCombinationalLogic()
    {
        var vhdl = Vhdl(CodeDesign(decided: true), "CodeWriter.vhd");
        Resets(vhdl, "code_reg");
        Resets(vhdl, "payload_reg"); // Code is computed from it too
        Resets(vhdl, "Output_Code");
        Resets(vhdl, "Output_Valid");
    }

    [Fact]
    public void TheSameByteOnlyCarriedToATopLevelOutputLosesItsReset()
    {
        var vhdl = Vhdl(CodeDesign(decided: false), "CodeWriter.vhd");
        DoesNotReset(vhdl, "code_reg");
        DoesNotReset(vhdl, "payload_reg");
        DoesNotReset(vhdl, "Output_Code");
        Resets(vhdl, "Output_Valid");
    }

    [Fact]
    public void TheResetPlanIsTheVhdlsDecision()
    {
        var netlist = CodeDesign(decided: false).Elaborate();
        var plan = VhdlGenerator.ResetPlan(netlist);
        var writer = netlist.Processes.OfType<CodeWriter>().Single();
        Assert.Equal(["code", "payload"], plan.UnresetFields.Select(f => f.Field.Name).Order());
        Assert.Equal([$"{writer.Output}.Code"], plan.UnresetSignals.Select(s => s.FullName));
        var decisions = VhdlGenerator.ResetDecisions(netlist);
        Assert.Equal(8 + 32 + 8, decisions.Where(x => !x.Reset).Sum(x => x.Bits));
        Assert.Equal(1, decisions.Where(x => x.Reset).Sum(x => x.Bits));
    }

    [Fact]
    public void AProcessOfDataOnlyResetsNothingAndHoldsDuringReset()
    {
        var vhdl = Vhdl(DataOnlyDesign(), "DataDelay.vhd");
        Assert.DoesNotContain("rst = '1'", vhdl);
        // The registers hold during reset (as in C#, where the simulation starts after it).
        Assert.Contains("    -- Datapath only, no reset (the reset value is never observed); they hold during reset: previous_reg,\n" +
            "    --   Output_Value_reg\n    if rising_edge(clk) then\n      if rst = '0' then\n", vhdl);
        // Read before it is written: the register is its signal, no variable copy.
        Assert.Contains("Output_Value_reg <= hdl_add(previous_reg, ", vhdl);
        Assert.DoesNotContain("variable previous", vhdl);
    }
}
