using Hdl;
using Xunit;

namespace Engine.Tests.Errors;

/// <summary>
/// One test per error the kernel reports, asserting that the message names what a designer needs:
/// the process, the bus and signal, and the cycle (for errors that happen while simulating).
/// </summary>
public class KernelErrorTests
{
    static HardwareException Fails(Action action) => Assert.Throws<HardwareException>(action);

    static void Contains(HardwareException e, params string[] parts)
    {
        foreach (var part in parts)
            Assert.True(e.Message.Contains(part, StringComparison.Ordinal), $"message lacks \"{part}\": {e.Message}");
    }

    // ---- two writers -------------------------------------------------------------------------

    [Fact]
    public void TwoClockedWritersOfOneSignal()
    {
        var d = new Design("two_writers");
        var first = d.Add(new ConstantSource(1));
        var second = d.Add(new ConstantSource(2));
        second.Output = first.Output;
        d.Output(first.Output, "shared");
        var sim = new Simulation(d);
        var e = Fails(sim.Step);
        Contains(e, "cycle 0", "process ConstantSource_1", "shared.Value", "process ConstantSource_0", "one writer");
    }

    [Fact]
    public void TwoCombinationalWritersOfOneSignal()
    {
        var d = new Design("two_combinational_writers");
        var a = d.Add(new Incrementer { Name = "Left" });
        var b = d.Add(new Incrementer { Name = "Right" });
        a.Input = b.Input = d.Input(Bus.Create<IWord>(), "source");
        b.Output = a.Output;
        d.Output(a.Output, "sum");
        var sim = new Simulation(d);
        sim.Port<IWord>("source").Value = 5;
        var e = Fails(sim.Settle);
        Contains(e, "cycle 0", "sum.Value", "Left", "Right", "one writer");
    }

    [Fact]
    public void ASecondWriterIsReportedInTheCycleItFirstWrites()
    {
        var d = new Design("late_second_writer");
        var early = d.Add(new ConstantSource(7));
        var late = d.Add(new LateSource(3));
        late.Output = early.Output;
        d.Output(early.Output, "shared");
        var sim = new Simulation(d);
        sim.Run(3);
        var e = Fails(sim.Step);
        Contains(e, "cycle 3", "process LateSource writes shared.Value", "process ConstantSource also writes");
    }

    [Fact]
    public void AProcessWritingATopLevelInputItReads()
    {
        var d = new Design("process_writes_input");
        var meddler = d.Add(new CombinationalMeddler());
        meddler.Input = d.Input(Bus.Create<IWord>(), "source");
        d.Output(meddler.Output, "copy");
        var sim = new Simulation(d);
        sim.Port<IWord>("source").Value = 1;
        var e = Fails(sim.Settle);
        Contains(e, "cycle 0", "process CombinationalMeddler writes source.Value", "the testbench");
    }

    [Fact]
    public void ATopLevelInputDeclaredAsAProcessOutput()
    {
        var d = new Design("input_as_output");
        var source = d.Add(new ConstantSource(1));
        d.Input(source.Output, "driven");
        var e = Fails(() => new Simulation(d));
        Contains(e, "bus driven", "top-level input", "process ConstantSource writes it");
    }

    [Fact]
    public void TheTestbenchWritingASignalThatIsNotATopLevelInput()
    {
        var d = new Design("testbench_writes_output");
        var source = d.Add(new ConstantSource(1));
        d.Output(source.Output, "constant");
        var sim = new Simulation(d);
        var e = Fails(() => sim.Port<IWord>("constant").Value = 3);
        Contains(e, "cycle 0", "the testbench writes constant.Value", "not a top-level input");
    }

    // ---- reading what nobody wrote --------------------------------------------------------------

    [Fact]
    public void AProcessReadingASignalNobodyWroteYet()
    {
        var d = new Design("read_unwritten");
        var source = d.Add(new LateSource(2));
        var incrementer = d.Add(new Incrementer());
        incrementer.Input = source.Output;
        d.Output(incrementer.Output, "result");
        var sim = new Simulation(d);
        var e = Fails(sim.Settle);
        Contains(e, "cycle 0", "process Incrementer reads LateSource_Output.Value", "nothing has written", "[InitialValue]");
    }

    [Fact]
    public void AProcessReadingATopLevelInputTheTestbenchDidNotWrite()
    {
        var d = new Design("input_not_driven_by_testbench");
        var incrementer = d.Add(new Incrementer());
        incrementer.Input = d.Input(Bus.Create<IWord>(), "source");
        d.Output(incrementer.Output, "result");
        var sim = new Simulation(d);
        sim.Port<IWord>("source").Value = 1;
        sim.Step();
        sim.Settle(); // values hold: a written input keeps its value in later cycles
        Assert.Equal(2u, sim.Port<IWord>("result").Value);

        var d2 = new Design("input_never_written");
        var incrementer2 = d2.Add(new Incrementer());
        incrementer2.Input = d2.Input(Bus.Create<IWord>(), "source");
        d2.Output(incrementer2.Output, "result");
        var sim2 = new Simulation(d2);
        var e = Fails(sim2.Settle);
        Contains(e, "cycle 0", "process Incrementer reads source.Value", "nothing has written");
    }

    [Fact]
    public void TheTestbenchReadingAnOutputNobodyWroteYet()
    {
        var d = new Design("testbench_reads_unwritten");
        var source = d.Add(new LateSource(2));
        d.Output(source.Output, "late");
        var sim = new Simulation(d);
        sim.Step();
        sim.Settle();
        var e = Fails(() => _ = sim.Port<IWord>("late").Value);
        Contains(e, "cycle 1", "the testbench reads late.Value", "nothing has written");
        sim.Clock();
        sim.Clock();
        Assert.Equal(2u, sim.Port<IWord>("late").Value);
    }

    // ---- combinational loops --------------------------------------------------------------------

    [Fact]
    public void ACombinationalLoopNamesEveryProcessInIt()
    {
        var d = new Design("loop");
        var a = d.Add(new Incrementer { Name = "StageA" });
        var b = d.Add(new Incrementer { Name = "StageB" });
        var c = d.Add(new Incrementer { Name = "StageC" });
        b.Input = a.Output;
        c.Input = b.Output;
        a.Input = c.Output;
        d.Output(c.Output, "result");
        var e = Fails(() => new Simulation(d));
        Contains(e, "combinational loop", "StageA", "StageB", "StageC", "clocked process");
    }

    [Fact]
    public void ACombinationalProcessReadingItsOwnOutputIsALoop()
    {
        var d = new Design("self_loop");
        var a = d.Add(new Incrementer { Name = "Feedback" });
        a.Input = a.Output;
        d.Output(a.Output, "result");
        var e = Fails(() => new Simulation(d));
        Contains(e, "combinational loop", "Feedback -> Feedback");
    }

    [Fact]
    public void ALoopThroughARegisterIsNotACombinationalLoop()
    {
        var d = new Design("registered_loop");
        var add = d.Add(new Incrementer());
        var register = d.Add(new WordRegister());
        register.Input = add.Output;
        add.Input = register.Output;
        d.Output(register.Output, "count");
        var sim = new Simulation(d); // elaborates: the loop goes through a register
        Assert.Equal(["Incrementer"], sim.Netlist.CombinationalOrder.Select(p => p.Name));
    }

    [Fact]
    public void CombinationalProcessesRunInDependencyOrderWhateverTheOrderTheyWereAdded()
    {
        var d = new Design("reverse_added_chain");
        var third = d.Add(new Incrementer { Name = "Third" });
        var second = d.Add(new Incrementer { Name = "Second" });
        var first = d.Add(new Incrementer { Name = "First" });
        first.Input = d.Input(Bus.Create<IWord>(), "source");
        second.Input = first.Output;
        third.Input = second.Output;
        d.Output(third.Output, "result");
        var sim = new Simulation(d);
        Assert.Equal(["First", "Second", "Third"], sim.Netlist.CombinationalOrder.Select(p => p.Name));
        sim.Port<IWord>("source").Value = 10;
        sim.Settle();
        Assert.Equal(13u, sim.Port<IWord>("result").Value);
    }

    // ---- undriven and unmarked buses ------------------------------------------------------------

    [Fact]
    public void AnInputBusNobodyDrives()
    {
        var d = new Design("undriven_input");
        var incrementer = d.Add(new Incrementer());
        incrementer.Input = Bus.Create<IWord>();
        d.Output(incrementer.Output, "result");
        var e = Fails(() => new Simulation(d));
        Contains(e, "process Incrementer reads bus IWord (field Input)", "no process writes it", "not a top-level input");
    }

    [Fact]
    public void AnInputBusFieldLeftNull()
    {
        var d = new Design("null_input");
        var incrementer = d.Add(new Incrementer());
        d.Output(incrementer.Output, "result");
        var e = Fails(() => new Simulation(d));
        Contains(e, "process Incrementer", "bus field Input is null");
    }

    [Fact]
    public void ATopLevelOutputNobodyWrites()
    {
        var d = new Design("unwritten_output");
        d.Add(new ConstantSource(1));
        d.Output(Bus.Create<IWord>(), "orphan");
        var e = Fails(() => new Simulation(d));
        Contains(e, "top-level output bus orphan", "written by no process");
    }

    [Fact]
    public void ABusFieldMarkedNeitherInputNorOutput()
    {
        var d = new Design("unmarked_bus");
        var p = d.Add(new UnmarkedBusHolder());
        d.Output(p.Output, "result");
        var e = Fails(() => new Simulation(d));
        Contains(e, "process UnmarkedBusHolder", "bus field Stray", "[InputBus] or [OutputBus]");
    }

    [Fact]
    public void ABusFieldMarkedBothInputAndOutput()
    {
        var d = new Design("doubly_marked_bus");
        d.Add(new DoublyMarkedBusHolder());
        var e = Fails(() => new Simulation(d));
        Contains(e, "process DoublyMarkedBusHolder", "bus field Both", "either [InputBus] or [OutputBus]");
    }

    [Fact]
    public void AFieldMarkedAsABusWhoseTypeIsNotABus()
    {
        var d = new Design("not_a_bus");
        d.Add(new NotABusField());
        var e = Fails(() => new Simulation(d));
        Contains(e, "process NotABusField", "field Number", "not a bus interface");
    }

    [Fact]
    public void ABusThatIsBothTopLevelInputAndOutput()
    {
        var d = new Design("in_and_out");
        var incrementer = d.Add(new Incrementer());
        incrementer.Input = d.Input(Bus.Create<IWord>(), "source");
        d.Output(incrementer.Input, "echo");
        d.Output(incrementer.Output, "result");
        var e = Fails(() => new Simulation(d));
        Contains(e, "both a top-level input and a top-level output");
    }

    // ---- latches --------------------------------------------------------------------------------

    [Fact]
    public void ACombinationalProcessThatSkipsItsOutputOnSomeCycleIsALatch()
    {
        var d = new Design("latch");
        var gate = d.Add(new LatchingGate());
        gate.Input = d.Input(Bus.Create<IGate>(), "gate_in");
        d.Output(gate.Output, "gate_out");
        var sim = new Simulation(d);
        var input = sim.Port<IGate>("gate_in");
        input.Value = 9;
        input.Enable = true;
        sim.Step();
        sim.Step();
        input.Enable = false;
        var e = Fails(sim.Settle);
        Contains(e, "cycle 2", "combinational process LatchingGate", "did not write gate_out.Value", "latch");
    }

    // ---- writing a bus that is not an output ----------------------------------------------------

    [Fact]
    public void AProcessWritingABusItHasNotDeclaredAsOutput()
    {
        var d = new Design("writes_its_input");
        var meddler = d.Add(new InputMeddler());   // runs before the bus's own writer
        var source = d.Add(new ConstantSource(4));
        meddler.Input = source.Output;
        d.Output(meddler.Output, "copy");
        var sim = new Simulation(d);
        var e = Fails(sim.Step);
        Contains(e, "cycle 0", "process InputMeddler writes ConstantSource_Output.Value",
            "bus ConstantSource_Output is not one of its [OutputBus] fields");
    }

    // ---- reuse ----------------------------------------------------------------------------------

    [Fact]
    public void ADesignSimulatedTwice()
    {
        var d = new Design("reused");
        var source = d.Add(new ConstantSource(1));
        d.Output(source.Output, "constant");
        var first = new Simulation(d);
        first.Run(2);
        var e = Fails(() => new Simulation(d));
        Contains(e, "bus constant", "already belongs to another simulation", "fresh design");
        first.Settle();
        Assert.Equal(1u, first.Port<IWord>("constant").Value); // the first simulation is unharmed
    }

    [Fact]
    public void ABusSharedByTwoDesigns()
    {
        var shared = Bus.Create<IWord>();
        var d1 = new Design("first_owner");
        var r1 = d1.Add(new WordRegister());
        r1.Input = d1.Input(shared, "shared_in");
        d1.Output(r1.Output, "out1");
        _ = new Simulation(d1);

        var d2 = new Design("second_owner");
        var r2 = d2.Add(new WordRegister());
        r2.Input = d2.Input(shared, "shared_in");
        d2.Output(r2.Output, "out2");
        var e = Fails(() => new Simulation(d2));
        Contains(e, "bus shared_in", "already belongs to another simulation");
    }

    // ---- exceptions inside OnTick ---------------------------------------------------------------

    [Fact]
    public void AnExceptionInAClockedProcessIsReportedWithProcessAndCycle()
    {
        var d = new Design("throws_clocked");
        var file = d.Add(new UncheckedRegisterFile());
        file.Input = d.Input(Bus.Create<IWord>(), "index");
        d.Output(file.Output, "data");
        var sim = new Simulation(d);
        var index = sim.Port<IWord>("index");
        for (uint i = 0; i < 3; i++) { index.Value = i * 3; sim.Step(); }
        index.Value = 9;
        var e = Fails(sim.Step);
        Contains(e, "cycle 3", "process UncheckedRegisterFile", nameof(IndexOutOfRangeException));
    }

    [Fact]
    public void AnExceptionInACombinationalProcessIsReportedWithProcessAndCycle()
    {
        var d = new Design("throws_combinational");
        var lookup = d.Add(new UncheckedLookup());
        lookup.Input = d.Input(Bus.Create<IWord>(), "index");
        d.Output(lookup.Output, "prime");
        var sim = new Simulation(d);
        var index = sim.Port<IWord>("index");
        index.Value = 7;
        sim.Settle();
        Assert.Equal(19u, sim.Port<IWord>("prime").Value);
        sim.Clock();
        sim.Step();
        index.Value = 8;
        var e = Fails(sim.Settle);
        Contains(e, "cycle 2", "process UncheckedLookup", nameof(IndexOutOfRangeException));
    }

    // ---- widths ---------------------------------------------------------------------------------

    [Fact]
    public void AValueTooWideForItsWidthAttribute()
    {
        var d = new Design("too_wide");
        var writer = d.Add(new NarrowWriter());
        writer.Input = d.Input(Bus.Create<IWord>(), "source");
        d.Output(writer.Output, "narrow");
        var sim = new Simulation(d);
        var source = sim.Port<IWord>("source");
        source.Value = 0xF; // 0xF00 fits in 12 bits
        sim.Step();
        sim.Settle();
        Assert.Equal(0xF00u, sim.Port<INarrowWord>("narrow").Value);
        source.Value = 0x10; // 0x1000 does not
        var e = Fails(sim.Step);
        Contains(e, "cycle 1", "process NarrowWriter", "narrow.Value", "[Width(12)]");
    }

    [Fact]
    public void ASignedValueOutsideItsWidth()
    {
        var d = new Design("signed_too_wide");
        var writer = d.Add(new SignedNarrowWriter());
        writer.Input = d.Input(Bus.Create<IWord>(), "source");
        d.Output(writer.Output, "small");
        var sim = new Simulation(d);
        var source = sim.Port<IWord>("source");
        foreach (int ok in new[] { -16, 15, 0, -1 })
        {
            source.Value = (uint)ok;
            sim.Step();
            sim.Settle();
            Assert.Equal(ok, sim.Port<ISignedNarrow>("small").Value);
        }
        source.Value = unchecked((uint)-17);
        var e = Fails(sim.Step);
        Contains(e, "cycle 4", "process SignedNarrowWriter", "small.Value", "[Width(5)]");
    }

    [Fact]
    public void TheTestbenchWritingATooWideInput()
    {
        var d = new Design("testbench_too_wide");
        var copy = d.Add(new NarrowCopy());
        copy.Input = d.Input(Bus.Create<INarrowWord>(), "narrow_in");
        d.Output(copy.Output, "copy");
        var sim = new Simulation(d);
        var input = sim.Port<INarrowWord>("narrow_in");
        input.Value = 0xFFF;
        sim.Step();
        var e = Fails(() => input.Value = 0x1000);
        Contains(e, "cycle 1", "the testbench", "narrow_in.Value", "[Width(12)]");
    }

    // ---- process and design rules ---------------------------------------------------------------

    [Fact]
    public void ACombinationalProcessWithAMutableField()
    {
        var d = new Design("stateful_combinational");
        var p = d.Add(new StatefulCombinational());
        p.Input = d.Input(Bus.Create<IWord>(), "source");
        d.Output(p.Output, "result");
        var e = Fails(() => new Simulation(d));
        Contains(e, "combinational process StatefulCombinational", "field last", "readonly");
    }

    [Fact]
    public void AProcessWithAMutableStaticField()
    {
        var d = new Design("static_state");
        var p = d.Add(new SharedStateProcess());
        d.Output(p.Output, "result");
        var e = Fails(() => new Simulation(d));
        Contains(e, "process SharedStateProcess", "static field shared", "mutable");
    }

    [Fact]
    public void AProcessWithAnAutoProperty()
    {
        var d = new Design("auto_property");
        var p = d.Add(new AutoPropertyProcess());
        d.Output(p.Output, "result");
        var e = Fails(() => new Simulation(d));
        Contains(e, "AutoPropertyProcess", "auto-property", "Counter");
    }

    [Fact]
    public void AProcessAddedTwice()
    {
        var d = new Design("added_twice");
        var p = new ConstantSource(1);
        d.Add(p);
        d.Add(p);
        d.Output(p.Output, "constant");
        var e = Fails(() => new Simulation(d));
        Contains(e, "design added_twice", "twice");
    }

    [Fact]
    public void TwoProcessesWithTheSameNameIgnoringCase()
    {
        var d = new Design("same_names");
        var a = d.Add(new ConstantSource(1) { Name = "Source" });
        var b = d.Add(new ConstantSource(2) { Name = "SOURCE" });
        d.Output(a.Output, "a");
        d.Output(b.Output, "b");
        var e = Fails(() => new Simulation(d));
        Contains(e, "two processes are named", "case-insensitive");
    }

    [Fact]
    public void AnEmptyDesign()
    {
        var e = Fails(() => new Simulation(new Design("empty")));
        Contains(e, "design empty has no processes");
    }

    [Fact]
    public void TracingEnabledAfterTheFirstCycle()
    {
        var d = new Design("late_trace");
        var p = d.Add(new ConstantSource(1));
        d.Output(p.Output, "constant");
        var sim = new Simulation(d);
        sim.Step();
        var e = Assert.Throws<InvalidOperationException>(() => sim.EnableTrace());
        Assert.Contains("before the first cycle", e.Message);
    }

    [Fact]
    public void RamDepthMustBeAPowerOfTwo()
    {
        Contains(Fails(() => new Ram<uint>(12)), "RAM depth 12", "power of two");
        Contains(Fails(() => new Ram<uint>(8, new uint[4])), "4 words, not 8");
        Contains(Fails(() => new Rom<uint>(new uint[6])), "ROM size 6", "power of two");
    }

    // ---- bus declarations -----------------------------------------------------------------------

    [Fact]
    public void AnEnumNotNumberedFromZero()
    {
        var e = Fails(() => Bus.Create<IGappedEnumBus>());
        Contains(e, "enum GappedState", "0, 1, 2");
    }

    [Fact]
    public void ASignalOfANonHardwareType()
    {
        var e = Fails(() => Bus.Create<IFloatBus>());
        Contains(e, "type Double is not a hardware type");
    }

    [Fact]
    public void ASignalWithoutASetter()
    {
        var e = Fails(() => Bus.Create<IReadOnlySignalBus>());
        Contains(e, "signal IReadOnlySignalBus.Value", "get and set");
    }

    [Fact]
    public void ABusArrayOfNoFixedLength()
    {
        Contains(Fails(() => Bus.Create<IUnsizedArrayBus>()), "bus array IUnsizedArrayBus.Words", "[ArrayLength(n)]");
        Contains(Fails(() => Bus.Create<IEmptyArrayBus>()), "IEmptyArrayBus.Words", "[ArrayLength(0)] must be at least 1");
        Contains(Fails(() => Bus.Create<ISettableArrayBus>()), "ISettableArrayBus.Words", "get accessor only");
        Contains(Fails(() => Bus.Create<ILengthOnScalarBus>()), "ILengthOnScalarBus.Word", "needs a BusArray<T> member");
        Contains(Fails(() => Bus.Create<IArrayElementClashBus>()), "signal Word_1 is named twice");
    }

    [Fact]
    public void AWidthWiderThanItsType()
    {
        Contains(Fails(() => Bus.Create<ITooWideBus>()), "[Width(40)]", "UInt32");
        Contains(Fails(() => Bus.Create<IWidthOnBoolBus>()), "[Width] applies to integer types");
    }

    /// <summary>[ByteLanesOf(nameof(W))]: one bit per byte of the bus's word type (the signal's width, checked as a [Width]'s).</summary>
    [Fact]
    public void ByteLanesOfIsOneBitPerByteOfTheWord()
    {
        static int KeepWidth<W>() where W : unmanaged, System.Numerics.IBinaryInteger<W>, System.Numerics.IUnsignedNumber<W> =>
            Bus.Of(Bus.Create<IByteLanesBus<W>>()).Signals.Single(s => s.Name == "Keep").Type.Width;
        Assert.Equal(1, KeepWidth<byte>());
        Assert.Equal(4, KeepWidth<uint>());
        Assert.Equal(8, KeepWidth<ulong>());
        Contains(Fails(() => Bus.Create<IByteLanesOfNoSuchParameterBus<uint>>()), "[ByteLanesOf(V)]", "no type parameter V");
        Contains(Fails(() => Bus.Create<IByteLanesAndWidthBus<uint>>()), "both [Width] and [ByteLanesOf]");
        Contains(Fails(() => Bus.Create<IByteLanesNotGenericBus>()), "[ByteLanesOf(W)]", "closed generic bus interface");
    }

    [Fact]
    public void ANonPublicBusInterface()
    {
        var e = Fails(() => Bus.Create<IHiddenBus>());
        Contains(e, "IHiddenBus", "must be public");
    }
}
