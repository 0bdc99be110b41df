using System.Reflection;
using System.Text.RegularExpressions;
using Hdl.Vhdl;
using Hdl.Vhdl.Tools;

namespace Hdl.Fuzz;

/// <summary>What went wrong with a design, in the order the pipeline runs.</summary>
public enum FailureKind
{
    None,
    /// <summary>The generated C# does not compile (a generator defect).</summary>
    Compile,
    /// <summary>Building or elaborating the design threw.</summary>
    Elaboration,
    /// <summary>The C# simulation threw.</summary>
    Simulation,
    /// <summary>The transpiler threw.</summary>
    Transpile,
    /// <summary>GHDL rejected the VHDL (analysis or elaboration of the co-simulation).</summary>
    GhdlAnalysis,
    /// <summary>The GHDL run stopped without comparing every cycle, and without a value mismatch.</summary>
    GhdlRun,
    /// <summary>GHDL computed different outputs than the C# simulation.</summary>
    Mismatch,
    /// <summary>The VHDL does not analyse as VHDL-93, <c>ghdl --synth</c> fails, or yosys finds latches in its Verilog netlist.</summary>
    Synthesis,
    /// <summary>GHDL's synthesized netlist computed different outputs than the C# simulation (or its replay stopped): synthesis read the VHDL otherwise than simulation.</summary>
    NetlistMismatch,
}

/// <summary>The outcome of one pipeline run over one or more units.</summary>
public sealed record RunOutcome(FailureKind Kind, string Detail, IReadOnlyList<int> MismatchedUnits, string? WorkDir)
{
    public bool Passed => Kind == FailureKind.None;
    public static readonly RunOutcome Pass = new(FailureKind.None, "", [], null);
    /// <summary>Seconds per stage (compile, simulate, transpile, co-simulate, synthesize) of a passing run.</summary>
    public string Timing { get; init; } = "";
}

/// <summary>
/// The pipeline for generated units: compile with Roslyn, build one design holding every unit,
/// simulate it in C# with a random stimulus while tracing, transpile, replay the trace in GHDL
/// (every output compared every cycle), run <c>ghdl --synth</c> and check its Verilog netlist for latches,
/// then replay the trace once more against the synthesized netlist (<see cref="CoSimulation.RunSynthesized"/>).
/// </summary>
public static partial class DesignRunner
{
    public const int DefaultCycles = 48;

    /// <param name="stopAfter">
    /// Skips the stages a shrink of that kind of failure does not need: the co-simulations when only
    /// synthesis matters, synthesis and the netlist's replay when only the co-simulation does.
    /// </param>
    /// <param name="netlist">Replays the trace against GHDL's synthesized netlist too (<see cref="FailureKind.NetlistMismatch"/>).</param>
    public static RunOutcome Run(IReadOnlyList<UnitModel> units, string workDir, int cycles = DefaultCycles, FailureKind? stopAfter = null, bool netlist = false) =>
        Run([.. units.Select(DesignSource.Of)], workDir, cycles, stopAfter, netlist);

    public static RunOutcome Run(IReadOnlyList<DesignSource> units, string workDir, int cycles = DefaultCycles, FailureKind? stopAfter = null, bool netlist = false)
    {
        try { return RunStages(units, workDir, cycles, stopAfter, netlist); }
        // each run is a new assembly that is never translated again: release its compilation
        finally { VhdlGenerator.ForgetSources(); }
    }

    static RunOutcome RunStages(IReadOnlyList<DesignSource> units, string workDir, int cycles, FailureKind? stopAfter, bool netlist)
    {
        var clock = System.Diagnostics.Stopwatch.StartNew();
        var timing = new List<string>();
        void Lap(string stage) { timing.Add($"{stage} {clock.Elapsed.TotalSeconds:0.0}"); clock.Restart(); }
        Assembly assembly;
        try { assembly = DesignCompiler.Compile([.. units.Select(u => (u.FileName, u.Text))]); }
        catch (GeneratedCodeException e) { return Fail(FailureKind.Compile, e.Message); }

        var seed = units[0].Seed;
        string name = $"fuzz_s{(uint)seed}_u{units[0].Index}" + (units.Count == 1 ? "" : $"_n{units.Count}");
        Simulation sim;
        TraceRecorder trace;
        var design = new Design(name);
        try
        {
            foreach (var u in units)
                assembly.GetType(u.BuilderClass, throwOnError: true)!.GetMethod("Build")!.Invoke(null, [design]);
            sim = new Simulation(design);
            trace = sim.EnableTrace();
        }
        catch (Exception e) { return Fail(FailureKind.Elaboration, Message(e)); }

        Lap("compile");
        var drivers = units.Select(u => new UnitStimulus(u, sim)).ToList();
        try
        {
            for (int cycle = 0; cycle < cycles; cycle++)
            {
                foreach (var d in drivers) d.Drive(cycle);
                sim.Step();
            }
        }
        catch (Exception e) { return Fail(FailureKind.Simulation, Message(e)); }

        Lap("simulate");
        try { VhdlGenerator.Generate(sim.Netlist); }
        catch (Exception e) { return Fail(FailureKind.Transpile, Message(e)); }
        Lap("transpile");

        if (stopAfter is not FailureKind.Synthesis)
        {
            CoSimResult co;
            try { co = CoSimulation.Run(sim.Netlist, trace, workDir); }
            catch (ToolException e) when (e.Message.Contains("not installed")) { throw; }
            catch (ToolException e) { return Fail(FailureKind.GhdlAnalysis, e.Message, workDir); }
            if (Compare(co, trace.Rows, FailureKind.Mismatch, FailureKind.GhdlRun) is { } failed) return failed;
            Lap("co-simulate");
        }
        SynthesisResult? synth = null;
        if (stopAfter is null or FailureKind.Synthesis or FailureKind.NetlistMismatch)
        {
            try
            {
                // The Verilog netlist is what yosys, Verilator and the formal checks read: it must not
                // hold latches the VHDL does not describe.
                synth = Synthesis.Run(sim.Netlist, workDir + "-synth", writeVerilog: true);
                var latches = Yosys.Latches(synth.WorkDir, Path.GetFileName(synth.VerilogPath!), synth.Top);
                if (latches.Count > 0)
                    return Fail(FailureKind.Synthesis, $"yosys infers {latches.Count} latch(es) from GHDL's Verilog netlist: {string.Join(", ", latches.Take(5))}", workDir + "-synth");
            }
            catch (ToolException e) when (e.Message.Contains("not installed")) { throw; }
            catch (ToolException e) { return Fail(FailureKind.Synthesis, e.Message, workDir + "-synth"); }
            Lap("synthesize");
        }
        if (netlist && (stopAfter is null or FailureKind.NetlistMismatch))
        {
            var dir = workDir + "-netlist";
            CoSimResult co;
            try { co = CoSimulation.RunSynthesized(sim.Netlist, trace, dir, synth); }
            catch (ToolException e) when (e.Message.Contains("not installed")) { throw; }
            catch (ToolException e) { return Fail(FailureKind.NetlistMismatch, e.Message, dir); }
            if (Compare(co, trace.Rows, FailureKind.NetlistMismatch, FailureKind.NetlistMismatch) is { } failed) return failed;
            Lap("netlist");
        }
        return RunOutcome.Pass with { Timing = string.Join(", ", timing) };
    }

    /// <summary>
    /// A replay's failure, or null when it compared every cycle and found no difference: a mismatch
    /// names the units whose ports differ (so a batch splits straight to them).
    /// </summary>
    static RunOutcome? Compare(CoSimResult co, long rows, FailureKind mismatch, FailureKind stopped)
    {
        if (!co.Passed)
        {
            if (co.Mismatches.Count > 0)
            {
                var failing = co.Mismatches.Select(m => UnitOfPort().Match(m)).Where(m => m.Success)
                    .Select(m => int.Parse(m.Groups[1].Value)).Distinct().Order().ToList();
                return new RunOutcome(mismatch, string.Join("\n", co.Mismatches.Take(10)), failing, co.WorkDir);
            }
            return Fail(stopped, Ghdl(co.Log), co.WorkDir);
        }
        if (co.CyclesCompared != rows) return Fail(stopped, $"GHDL compared {co.CyclesCompared} of {rows} cycles", co.WorkDir);
        return null;
    }

    static RunOutcome Fail(FailureKind kind, string detail, string? dir = null) => new(kind, detail, [], dir);

    static string Message(Exception e) => e is TargetInvocationException { InnerException: { } inner } ? Message(inner) : $"{e.GetType().Name}: {e.Message}";

    static string Ghdl(string log) => Hdl.Vhdl.Tools.Ghdl.Tail(log, 12);

    [GeneratedRegex(@"^cycle \d+ u(\d+)_")]
    private static partial Regex UnitOfPort();
}

/// <summary>
/// One design's C# source as the pipeline takes it. The namespace <c>Fuzz.S&lt;seed&gt;.U&lt;index&gt;</c>
/// names the seed and index, its class <c>U&lt;index&gt;_Design</c> builds it and <c>u&lt;index&gt;_in</c> is its input bus.
/// </summary>
public sealed partial record DesignSource(int Seed, int Index, string Text)
{
    public string FileName => $"u{Index}.cs";
    public string BuilderClass => $"Fuzz.S{(uint)Seed}.U{Index}.U{Index}_Design";
    public string InputBusName => $"u{Index}_in";

    public static DesignSource Of(UnitModel unit) => new(unit.Seed, unit.Index, unit.Render());

    /// <summary>Reads seed and index from the namespace of a generated (or shrunk and kept) source.</summary>
    public static DesignSource Parse(string text)
    {
        var m = NamespaceLine().Match(text);
        if (!m.Success) throw new ArgumentException("not a generated design: no 'namespace Fuzz.S<seed>.U<index>;' line");
        return new DesignSource((int)uint.Parse(m.Groups[1].Value), int.Parse(m.Groups[2].Value), text);
    }

    [GeneratedRegex(@"^namespace Fuzz\.S(\d+)\.U(\d+);", RegexOptions.Multiline)]
    private static partial Regex NamespaceLine();
}

/// <summary>
/// Writes a design's top-level input bus every cycle: random values (edge values often), masked to
/// [Width], enums in range. The values depend only on (seed, index), so a shrunk design that keeps
/// its input bus sees the same stimulus.
/// </summary>
sealed class UnitStimulus
{
    readonly (SignalBase Signal, int Bits, int EnumMembers)[] signals;
    readonly Rng rng;

    public UnitStimulus(DesignSource source, Simulation sim)
    {
        var b = sim.Netlist.Inputs.First(x => x.Name == source.InputBusName);
        signals = [.. b.Signals.Select(s => (s, s.Type.Width, s.Type.ClrType.IsEnum ? Enum.GetValues(s.Type.ClrType).Length : 0))];
        rng = Rng.For(source.Seed, source.Index, stream: 1);
    }

    public void Drive(int cycle)
    {
        foreach (var (s, width, members) in signals)
        {
            var bits = rng.Bits();
            if (width < 128) bits &= (UInt128.One << width) - 1;
            s.WriteValue(Value(s.Type.ClrType, members, bits));
        }
    }

    static object Value(Type t, int members, UInt128 bits)
    {
        if (t.IsEnum) return Enum.ToObject(t, (int)(bits % (UInt128)members));
        return Type.GetTypeCode(t) switch
        {
            TypeCode.Boolean => (bits & 1) != 0,
            TypeCode.Byte => (byte)bits, TypeCode.SByte => (sbyte)(byte)bits, TypeCode.UInt16 => (ushort)bits, TypeCode.Int16 => (short)(ushort)bits,
            TypeCode.UInt32 => (uint)bits, TypeCode.Int32 => (int)(uint)bits, TypeCode.UInt64 => (ulong)bits, TypeCode.Int64 => (long)(ulong)bits,
            _ when t == typeof(UInt128) => bits,
            _ when t == typeof(Int128) => (Int128)bits,
            _ => throw new ArgumentException($"no stimulus for {t}"),
        };
    }
}
