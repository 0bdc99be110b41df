using Hdl;
using Xunit;

namespace Engine.Tests.Errors;

/// <summary>
/// Regression tests for the kernel problems found while writing the engine's tests (all fixed). The
/// comment above each says what the kernel did before the fix.
/// </summary>
public class KernelIssueTests
{
    static HardwareException Fails(Action action) => Assert.Throws<HardwareException>(action);

    static void Contains(HardwareException e, params string[] parts)
    {
        foreach (var part in parts)
            Assert.True(e.Message.Contains(part, StringComparison.Ordinal), $"message lacks \"{part}\": {e.Message}");
    }

    // KERNEL ISSUE 1 (confusing message): Netlist.SortCombinational prints the loop in dependency
    // order (reader -> the process it reads from), the reverse of the data flow: for A feeds B feeds C
    // feeds A it says "StageA -> StageC -> StageB -> StageA". A designer reads "->" as "drives".
    [Fact]
    public void ACombinationalLoopIsListedInTheDirectionTheDataFlows()
    {
        var d = new Design("loop_direction");
        var a = d.Add(new Incrementer { Name = "StageA" });
        var b = d.Add(new Incrementer { Name = "StageB" });
        var c = d.Add(new Incrementer { Name = "StageC" });
        b.Input = a.Output;
        c.Input = b.Output;
        a.Input = c.Output;
        d.Output(c.Output, "result");
        var e = Fails(() => new Simulation(d));
        string[] rotations = ["StageA -> StageB -> StageC -> StageA", "StageB -> StageC -> StageA -> StageB", "StageC -> StageA -> StageB -> StageC"];
        Assert.True(rotations.Any(e.Message.Contains), $"loop not in data-flow order: {e.Message}");
    }

    // KERNEL ISSUE 2 (misleading message): Simulation.ClaimOrFail checks "someone else already owns
    // the signal" before "the bus is not one of the writer's [OutputBus] fields". When the bus's real
    // writer runs first, a process writing a bus it only reads is told "..., which process
    // ConstantSource also writes; a signal has one writer" instead of the actual mistake.
    [Fact]
    public void WritingAnInputBusIsReportedAsSuchEvenWhenItsWriterRanFirst()
    {
        var d = new Design("writes_its_input_late");
        var source = d.Add(new ConstantSource(4));  // runs first and owns the signal
        var meddler = d.Add(new InputMeddler());
        meddler.Input = source.Output;
        d.Output(meddler.Output, "copy");
        var sim = new Simulation(d);
        var e = Fails(sim.Step);
        Contains(e, "cycle 0", "process InputMeddler", "not one of its [OutputBus] fields");
    }

    // KERNEL ISSUE 3 (missed latch): a combinational process owns a signal only from its first write
    // (Simulation.ClaimOrFail fills `owned`), so CheckNoLatch cannot see a signal it skips before
    // that. A gate whose enable is low from cycle 0 raises nothing; with an [InitialValue] on the
    // output, readers silently see the initial value (the C# run and the VHDL then disagree).
    // The netlist knows the process's [OutputBus] buses at elaboration: every signal of them that no
    // other process writes could be owned from the start.
    [Fact]
    public void ALatchIsReportedEvenBeforeTheFirstWrite()
    {
        var d = new Design("latch_from_start");
        var gate = d.Add(new LatchingGateWithInitialValue());
        gate.Input = d.Input(Bus.Create<IGate>(), "gate_in");
        d.Output(gate.Output, "gate_out");
        var sim = new Simulation(d);
        var input = sim.Port<IGate>("gate_in");
        input.Enable = false;
        input.Value = 1;
        var e = Fails(sim.Settle);
        Contains(e, "cycle 0", "LatchingGateWithInitialValue", "gate_out.Value", "latch");
    }

    // KERNEL ISSUE 4 (lost diagnostics): Settle/Clock wrap an exception thrown in OnTick into a new
    // HardwareException(message) without the original as InnerException, so its stack trace (the
    // line in OnTick that threw) is gone.
    [Fact]
    public void AnExceptionInOnTickKeepsTheOriginalAsInnerException()
    {
        var d = new Design("inner_exception");
        var file = d.Add(new UncheckedRegisterFile());
        file.Input = d.Input(Bus.Create<IWord>(), "index");
        d.Output(file.Output, "data");
        var sim = new Simulation(d);
        sim.Port<IWord>("index").Value = 100;
        var e = Fails(sim.Step);
        Assert.IsType<IndexOutOfRangeException>(e.InnerException);
    }

    // KERNEL ISSUE 5 (missing cycle): Ram/Rom throw HardwareException for an address outside the
    // memory from OnTick; Simulation.Clock only adds "cycle N: process P" to non-Hardware exceptions,
    // so the message is just "RAM Memory: address 9 is outside its 8 words", with no cycle.
    [Fact]
    public void ARamAddressOutOfRangeIsReportedWithTheCycle()
    {
        var d = new Design("ram_out_of_range");
        var ram = d.Add(new Ram<uint>(8) { Name = "Memory" });
        ram.Write = d.Input(Bus.Create<IMemoryWrite<uint>>(), "write");
        ram.Read = d.Input(Bus.Create<IMemoryRead>(), "read");
        d.Output(ram.Result, "data");
        var sim = new Simulation(d);
        var read = sim.Port<IMemoryRead>("read");
        sim.Port<IMemoryWrite<uint>>("write").Enable = false;
        read.Enable = true;
        read.Address = 1;
        sim.Run(2);
        read.Address = 9;
        var e = Fails(sim.Step);
        Contains(e, "cycle 2", "Memory", "address 9");
    }

    // KERNEL ISSUE 6 (bad default name, and a false duplicate): Netlist.NameProcesses names a process
    // after Type.Name, which for the generic memories is "Ram`1" / "Rom`1" (a backtick: no VHDL
    // identifier, and bus names such as "Ram`1_Result" follow). Worse, grouping is by closed type, so
    // a Ram<uint> and a Ram<ushort> in one design are both named "Ram`1" and elaboration fails with
    // "two processes are named Ram`1".
    [Fact]
    public void GenericMemoriesGetIdentifierNamesAndDoNotClash()
    {
        var d = new Design("two_rams");
        var words = d.Add(new Ram<uint>(8));
        var halves = d.Add(new Ram<ushort>(8));
        words.Write = d.Input(Bus.Create<IMemoryWrite<uint>>(), "write_words");
        words.Read = d.Input(Bus.Create<IMemoryRead>(), "read_words");
        halves.Write = d.Input(Bus.Create<IMemoryWrite<ushort>>(), "write_halves");
        halves.Read = d.Input(Bus.Create<IMemoryRead>(), "read_halves");
        d.Output(words.Result, "words");
        d.Output(halves.Result, "halves");
        var netlist = d.Elaborate();
        Assert.All(netlist.Processes, p => Assert.Matches("^[A-Za-z][A-Za-z0-9_]*$", p.Name!));
    }

    // KERNEL ISSUE 7 (confusing message): Signal.CheckWidth prints the offending value as bare hex
    // of the C# bits: "writes 1000 to narrow.Value" for 0x1000 (= 4096) reads as decimal 1000, and a
    // signed -17 into [Width(5)] prints "FFFFFFEF".
    [Fact]
    public void AWidthErrorShowsTheValueUnambiguously()
    {
        var d = new Design("width_message");
        var writer = d.Add(new NarrowWriter());
        writer.Input = d.Input(Bus.Create<IWord>(), "source");
        d.Output(writer.Output, "narrow");
        var sim = new Simulation(d);
        sim.Port<IWord>("source").Value = 0x10;
        var e = Fails(sim.Step);
        Assert.True(e.Message.Contains("4096") || e.Message.Contains("0x1000"), e.Message);

        var d2 = new Design("signed_width_message");
        var signed = d2.Add(new SignedNarrowWriter());
        signed.Input = d2.Input(Bus.Create<IWord>(), "source");
        d2.Output(signed.Output, "small");
        var sim2 = new Simulation(d2);
        sim2.Port<IWord>("source").Value = unchecked((uint)-17);
        Contains(Fails(sim2.Step), "-17");
    }

    // KERNEL ISSUE 8 (silent sim/VHDL disagreement): an [InitialValue] is not checked against the
    // signal's [Width]: with [Width(4), InitialValue(100u)] the C# simulation reads 100 while the
    // trace (masked to 4 bits) and the VHDL see 4. Bus.Create should reject it.
    [Fact]
    public void AnInitialValueMustFitItsWidth()
    {
        var e = Fails(() => Bus.Create<IInitialTooWideBus>());
        Contains(e, "IInitialTooWideBus.Value", "[Width(4)]");
    }

    // KERNEL ISSUE 9 (messages without the signal): errors in a bus declaration do not say which
    // signal: "[Width(40)] does not fit in UInt32 (32 bits)", "[Width] applies to integer types, not
    // Boolean", "type Double is not a hardware type: ...", and an [InitialValue(-1)] on a uint escapes
    // as a raw OverflowException ("Value was either too large or too small for a UInt32.").
    [Fact]
    public void BusDeclarationErrorsNameTheBusAndSignal()
    {
        Contains(Fails(() => Bus.Create<ITooWideBus>()), "ITooWideBus.Value");
        Contains(Fails(() => Bus.Create<IWidthOnBoolBus>()), "IWidthOnBoolBus.Flag");
        Contains(Fails(() => Bus.Create<IFloatBus>()), "IFloatBus.Level");
        Contains(Fails(() => Bus.Create<INegativeInitialBus>()), "INegativeInitialBus.Value", "[InitialValue]");
    }

    // KERNEL ISSUE 10 (confusing message): Netlist.InstanceFields reports the compiler's backing
    // field: "auto-property <Counter>k__BackingField is not allowed" instead of the property's name.
    [Fact]
    public void TheAutoPropertyErrorNamesTheProperty()
    {
        var d = new Design("auto_property_name");
        var p = d.Add(new AutoPropertyProcess());
        d.Output(p.Output, "result");
        var e = Fails(() => new Simulation(d));
        Contains(e, "auto-property Counter ");
        Assert.DoesNotContain("k__BackingField", e.Message);
    }

    // KERNEL ISSUE 11 (accepted, then broken ports): a bus can be declared a top-level port twice
    // (Design.Input(b, "x"); Design.Input(b, "y")): the design keeps it twice in Inputs, it is renamed
    // to the last name, and the trace records its signals twice under one port name (the VHDL top
    // entity would declare duplicate ports). Design.Input/Output or the netlist should reject it.
    [Fact]
    public void ABusDeclaredTwiceAsATopLevelPortIsRejected()
    {
        var d = new Design("port_twice");
        var register = d.Add(new WordRegister());
        var input = Bus.Create<IWord>();
        register.Input = d.Input(input, "first_name");
        d.Input(input, "second_name");
        d.Output(register.Output, "result");
        Fails(() => new Simulation(d));
    }

    // KERNEL ISSUE 12 (silent rename of a chosen port name): two top-level buses given the same name
    // are accepted; Netlist.NameBuses renames the second to "data_2", so the VHDL port is not the name
    // the designer gave. Names chosen with Design.Input/Output should be unique or an error.
    [Fact]
    public void TwoTopLevelBusesWithOneNameAreRejected()
    {
        var d = new Design("same_port_name");
        var register = d.Add(new WordRegister());
        register.Input = d.Input(Bus.Create<IWord>(), "data");
        d.Output(register.Output, "DATA");
        var e = Fails(() => new Simulation(d));
        Contains(e, "data");
    }

    // KERNEL ISSUE 13 (unchecked enum values): Signal<T>.Write checks [Width] for integers only; a
    // value cast into an enum that names no member (here (Phase)3 for a 3-member enum) is accepted,
    // although the VHDL enumeration type has no such value. It should be reported like a width error.
    [Fact]
    public void AnEnumValueThatIsNoMemberIsReported()
    {
        var d = new Design("enum_out_of_range");
        var caster = d.Add(new PhaseCaster());
        caster.Input = d.Input(Bus.Create<IWord>(), "source");
        d.Output(caster.Output, "phase");
        var sim = new Simulation(d);
        var source = sim.Port<IWord>("source");
        source.Value = 2;
        sim.Step();
        source.Value = 3;
        var e = Fails(sim.Step);
        Contains(e, "cycle 1", "PhaseCaster", "phase.Value");
    }

    // KERNEL ISSUE 14 (input silently applied a cycle late): a top-level input written after Settle()
    // and before Clock() is not seen by that clock edge: Clock() does not settle again, the clocked
    // processes read the old value, the trace records the old value, and the write only commits after
    // the edge. A testbench that reads outputs and then reacts (sets Valid from Ready, say) drifts by a
    // cycle without any error. Clock() should either settle again when inputs changed since Settle(),
    // or report "the testbench writes X after Settle; write inputs before Settle".
    [Fact]
    public void AnInputWrittenAfterSettleIsSeenByThatClockEdgeOrReported()
    {
        var sim = new Simulation(Designs.EnabledCounterDesign.Build());
        var control = sim.Port<Designs.ICounterControl>("control");
        var output = sim.Port<Designs.ICounterValue>("counter");
        control.Clear = false;
        control.Enable = false;
        sim.Settle();
        Exception? reported = Record.Exception(() =>
        {
            control.Enable = true;   // after Settle, before the edge
            sim.Clock();
        });
        if (reported is null)
        {
            sim.Settle();
            Assert.Equal(1u, output.Count); // the edge counted the enabled cycle
        }
        else Assert.IsType<HardwareException>(reported);
    }

    // KERNEL ISSUE 15 ([Width] on register fields unchecked): WidthAttribute applies to fields and
    // its documentation says "the simulation checks that written values fit", but only bus signals are
    // checked. A [Width(4)] field counting past 15 goes on to 16, 17, ... in C#, while the VHDL register
    // wraps to 0: the two disagree and only co-simulation would notice. The kernel should report it
    // (process, field, cycle) or the transpiler should refuse narrowed fields.
    [Fact]
    public void ARegisterFieldOutsideItsWidthIsReported()
    {
        var d = new Design("narrow_field");
        var counter = d.Add(new NarrowFieldCounter());
        d.Output(counter.Output, "count");
        // Resolved by refusing [Width] on fields at elaboration.
        var e = Fails(() => new Simulation(d));
        Contains(e, "NarrowFieldCounter", "nibble", "[Width]");
    }
}
