using Engine.Tests.Constructs;
using Hdl;
using Xunit;

namespace Engine.Tests.Soundness;

/// <summary>
/// One test per kind of failure the VHDL back end once had: each design simulates right in C#, and
/// its VHDL must analyse (VHDL-93 and -2008), match the C# simulation on every output every cycle in
/// GHDL, and pass ghdl --synth (<see cref="CoSim.Check"/>). What cannot be hardware is an error instead.
/// </summary>
public class SoundnessTests
{
    const int Cycles = 200;

    static Design Single(string name, Process p, Action<IOperands> connect, IBus result) =>
        Operands.Single(name, p, connect, result);

    static void CoSimulate(Func<Design> build, Action<Simulation, int>? drive = null) =>
        CoSim.Check(build, drive ?? Operands.Drive, Cycles);

    [Fact, Trait("Category", CoSim.Category)]
    public void ConditionalEvaluatesOnlyTheTakenBranch() => CoSimulate(() =>
    {
        var p = new GuardedBranches();
        return Single("sound_guarded_branches", p, bus => p.Input = bus, p.Output);
    });

    /// <summary>B is never 0 in C# (and A / B never overflows), but it is 0 while the VHDL is in reset.</summary>
    [Fact, Trait("Category", CoSim.Category)]
    public void DivisionByAnInputThatIsZeroDuringReset() => CoSimulate(() =>
    {
        var p = new DivisionByInput();
        return Single("sound_division_by_input", p, bus => p.Input = bus, p.Output);
    }, (sim, cycle) =>
    {
        var operands = sim.Port<IOperands>(Operands.Port);
        operands.A = Stimulus.Word(Operands.Seed, cycle, 0);
        operands.B = (Stimulus.Word(Operands.Seed, cycle, 1) & 0x7FFF_FFFFu) | 1u;
    });

    [Fact, Trait("Category", CoSim.Category)]
    public void SignedRemainderSynthesizes() => CoSimulate(() =>
    {
        var p = new SignedRemainderInLoop();
        return Single("sound_signed_remainder", p, bus => p.Input = bus, p.Output);
    });

    [Fact, Trait("Category", CoSim.Category)]
    public void SwitchWithDefaultFirst() => CoSimulate(() =>
    {
        var p = new DefaultFirstSwitch();
        return Single("sound_default_first", p, bus => p.Input = bus, p.Output);
    });

    [Fact, Trait("Category", CoSim.Category)]
    public void NegativeLoopVariableCastToUnsigned() => CoSimulate(() =>
    {
        var p = new NegativeLoopVariable();
        return Single("sound_negative_loop_variable", p, bus => p.Input = bus, p.Output);
    });

    [Fact, Trait("Category", CoSim.Category)]
    public void NamesLikeTypesLiteralsConstantsLabelsAndHiddenFields() => CoSimulate(() =>
    {
        var d = new Design("sound_names");
        var clocked = d.Add(new NamesLikeVhdlNames(tick: 3));
        var combinational = d.Add(new GenericNamedLogic(logic: 7, rtl: 0x55));
        var input = d.Input(Bus.Create<IOperands>(), Operands.Port);
        var hiding = d.Add(new HidingCounter());
        clocked.Input = input;
        combinational.Input = input;
        hiding.Input = input;
        d.Output(clocked.Output, "result");
        d.Output(combinational.Output, "other");
        d.Output(hiding.Output, "hidden");
        return d;
    });

    [Fact, Trait("Category", CoSim.Category)]
    public void SameShortNameInTwoNestedClasses() => CoSimulate(() =>
    {
        var p = new SameShortNames();
        return Single("sound_same_short_names", p, bus => p.Input = bus, p.Output);
    });

    [Fact]
    public void OneArrayInTwoProcessesIsAnElaborationError()
    {
        var d = new Design("sound_shared_array");
        var shared = new uint[4];
        var first = d.Add(new ArrayKeeper(shared) { Name = "first" });
        var second = d.Add(new ArrayKeeper(shared) { Name = "second" });
        var input = d.Input(Bus.Create<IOperands>(), Operands.Port);
        first.Input = input;
        second.Input = input;
        d.Output(first.Output, "result");
        d.Output(second.Output, "other");
        var e = Assert.Throws<HardwareException>(() => d.Elaborate());
        foreach (var part in new[] { "process second", "ArrayKeeper.words", "process first", "same array object" })
            Assert.True(e.Message.Contains(part, StringComparison.Ordinal), $"message lacks \"{part}\": {e.Message}");
    }

    /// <summary>
    /// Two processes writing disjoint signals of one bus run in C# (one writer per signal), but each
    /// writer's entity drives every signal of the bus in VHDL: the transpiler refuses the design.
    /// </summary>
    [Fact]
    public void TwoWritersOfOneBusAreATranspileError()
    {
        var d = new Design("sound_two_bus_writers");
        var x = d.Add(new HalfWriterX { Name = "left" });
        var y = d.Add(new HalfWriterY { Name = "right", Output = x.Output });
        var input = d.Input(Bus.Create<IOperands>(), Operands.Port);
        x.Input = y.Input = input;
        d.Output(x.Output, "result");
        var sim = new Simulation(d);
        Operands.Drive(sim, 0);
        sim.Step();
        Operands.Drive(sim, 1);
        sim.Settle();
        Assert.Equal(Stimulus.Word(Operands.Seed, 0, 0), sim.Port<ISoundResult>("result").X);
        Assert.Equal(Stimulus.Word(Operands.Seed, 0, 1), sim.Port<ISoundResult>("result").Y);
        var e = Assert.Throws<Hdl.Vhdl.Transpiler.TranspileException>(() => Hdl.Vhdl.VhdlGenerator.Generate(sim.Netlist));
        foreach (var part in new[] { "bus result", "left and right", "a bus of its own" })
            Assert.True(e.Message.Contains(part, StringComparison.Ordinal), $"message lacks \"{part}\": {e.Message}");
    }

    [Fact]
    public void OneArrayReadByAClockedAndACombinationalProcessIsAnElaborationError()
    {
        var d = new Design("sound_shared_table_and_register_file");
        var shared = new uint[] { 1, 2, 3, 4 };
        var reader = d.Add(new TableReader(shared) { Name = "reader" });
        var keeper = d.Add(new ArrayKeeper(shared) { Name = "keeper" });
        var input = d.Input(Bus.Create<IOperands>(), Operands.Port);
        reader.Input = input;
        keeper.Input = input;
        d.Output(reader.Output, "result");
        d.Output(keeper.Output, "other");
        var e = Assert.Throws<HardwareException>(() => d.Elaborate());
        Assert.Contains("process keeper", e.Message);
        Assert.Contains("TableReader.table of process reader", e.Message);
    }

    /// <summary>Combinational processes only read their arrays (VHDL constants): sharing one is the same in both.</summary>
    [Fact, Trait("Category", CoSim.Category)]
    public void OneTableReadByTwoCombinationalProcesses() => CoSimulate(() =>
    {
        var d = new Design("sound_shared_table");
        var shared = new uint[] { 11, 22, 33, 44 };
        var first = d.Add(new TableReader(shared) { Name = "first" });
        var second = d.Add(new TableReader(shared) { Name = "second" });
        var input = d.Input(Bus.Create<IOperands>(), Operands.Port);
        first.Input = input;
        second.Input = input;
        d.Output(first.Output, "result");
        d.Output(second.Output, "other");
        return d;
    });

    [Fact]
    public void ArraysOfTheirOwnAreFine()
    {
        var d = new Design("sound_own_arrays");
        var first = d.Add(new ArrayKeeper(new uint[4]) { Name = "first" });
        var second = d.Add(new ArrayKeeper(new uint[4]) { Name = "second" });
        var input = d.Input(Bus.Create<IOperands>(), Operands.Port);
        first.Input = input;
        second.Input = input;
        d.Output(first.Output, "result");
        d.Output(second.Output, "other");
        Assert.Equal(2, d.Elaborate().Processes.Count);
    }
}
