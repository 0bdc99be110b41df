using System.Diagnostics;
using System.Globalization;
using System.Numerics;
using System.Text;
using System.Text.RegularExpressions;
using Crypto.Streams;
using Hdl;
using Hdl.Vhdl;
using Hdl.Vhdl.Tools;

namespace Crypto.Axi.Formal;

/// <summary>
/// A formal check of one AXI kit process (or a whole wrapper): the design (built from the C# process,
/// transpiled to VHDL, turned into Verilog by <c>ghdl --synth</c>), the harness module that binds the
/// property checkers of src/Axi/Formal/*.sv around it, the depth of the bounded model check, and
/// whether k-induction (a proof for every depth) is expected to converge within that depth.
/// </summary>
/// <param name="Component">Name on the command line (<c>sme-crypto formal --component NAME</c>).</param>
/// <param name="Harness">The harness's top module (in src/Axi/Formal/harnesses.sv).</param>
/// <param name="Build">The design under check; its top entity's ports are what the harness connects.</param>
/// <param name="Depth">Clock cycles of the bounded model check from reset (and the longest induction tried).</param>
/// <param name="InductionExpected">The induction converges within <paramref name="Depth"/>: not converging is a failure.</param>
/// <param name="Quick">Finishes in seconds: run in CI (tests/Axi.Tests/FormalTests.cs).</param>
/// <param name="InductionTried">Run the induction steps too; false: the bounded model check alone
/// (<c>-tempinduct-baseonly</c>), for a whole wrapper, where each step is a million SAT variables.</param>
public sealed record FormalCheck(string Component, string Description, string Harness, Func<Design> Build, int Depth, bool InductionExpected, bool Quick,
    bool InductionTried = true);

/// <summary>The solver of a check: yosys' own SAT pass (<c>sat -tempinduct</c>), or yosys-smtbmc with z3.</summary>
public enum FormalEngine { Sat, Smtbmc }

/// <summary>The outcome of a check.</summary>
/// <param name="BmcPassed">No assertion fails in any of the first <see cref="BmcDepth"/> cycles from reset.</param>
/// <param name="BmcDepth">The depth the bounded check reached (the check's, or the cycle of the counterexample).</param>
/// <param name="InductionLength">The k at which induction proved every assertion for all depths, or null.</param>
/// <param name="Trace">The counterexample (VCD) when the bounded check failed, else null.</param>
public sealed record FormalResult(FormalCheck Check, bool BmcPassed, int BmcDepth, int? InductionLength, TimeSpan Duration, string? Trace, string Log)
{
    /// <summary>The bounded check passed and, where the check expects it, the induction converged.</summary>
    public bool Passed => BmcPassed && (!Check.InductionExpected || InductionLength is not null);
}

/// <summary>
/// The formal checks of the AXI kit (docs/axi.md, "Formal checks"): AXI4-Lite slave rules on the
/// register bank, AXI4-Stream rules on s_axis (assumed) and m_axis (asserted) of the converters, the
/// soft reset's packet closing, the drain and the gate; and bounded model checking of a whole wrapper.
/// Tools: ghdl (synthesis to Verilog) and yosys: read_verilog -formal, prep, and its SAT-based
/// temporal induction (<c>sat -tempinduct</c>: the base cases are the bounded model check from reset,
/// the induction steps the proof). yosys-smtbmc with Debian's z3 4.8.12 did not finish step 0 of the
/// serializer's model in minutes, and Debian's boolector 1.5.118 does not speak yosys-smtbmc 0.23's
/// protocol, so the solver is yosys' own (docs/axi.md, "Formal checks").
/// </summary>
public static class AxiFormal
{
    /// <summary>The property files (embedded from src/Axi/Formal): checker modules and harnesses.</summary>
    public static IReadOnlyList<string> PropertyFiles { get; } = ["axi_rules.sv", "axi_lite_rules.sv", "harnesses.sv"];

    /// <summary>
    /// The checks of the kit's processes, one by one; the cores add the checks of their own processes
    /// and whole wrappers (<see cref="ICoreModule.FormalChecks"/>), and the catalog lists them all.
    /// </summary>
    public static IReadOnlyList<FormalCheck> KitChecks { get; } =
    [
        new("registers", "AxiLiteRegisterBank: AXI4-Lite slave rules, reset, Flush a one-cycle pulse", "check_registers",
            () => Registers(), 12, InductionExpected: false, Quick: true),
        new("serializer", "AxiStreamBlockSerializer<ulong> driving m_axis (64-bit wrapper): AXI4-Stream master rules, the soft reset closes the packet", "check_serializer",
            () => Serializer(closesPacketOnFlush: true), 12, InductionExpected: false, Quick: true),
        new("serializer32", "AxiStreamBlockSerializer<uint> driving m_axis (32-bit wrapper): AXI4-Stream master rules, the soft reset closes the packet", "check_serializer32",
            () => Serializer(closesPacketOnFlush: true, streamBits: 32), 12, InductionExpected: false, Quick: true),
        new("assembler", "AxiStreamBlockAssembler<ulong> on s_axis (64-bit wrapper): source rules assumed; TREADY low in reset and until enabled; its block stream held, 1..16 bytes", "check_assembler",
            () => Assembler(), 12, InductionExpected: false, Quick: true),
        new("assembler32", "AxiStreamBlockAssembler<uint> on s_axis (32-bit wrapper): source rules assumed; TREADY low in reset and until enabled; its block stream held, 1..16 bytes", "check_assembler32",
            () => Assembler(streamBits: 32), 12, InductionExpected: false, Quick: true),
        new("gate", "CoreOutputGate: passes the core's blocks unless the drain discards, never holds the core while it does", "check_gate",
            () => Gate(), 4, InductionExpected: true, Quick: true),
        new("drain", "CoreFlowDrain (a block per input): drops nothing without a soft reset, discards only while the core owes outputs", "check_drain",
            () => Drain(onePerPacket: false), 12, InductionExpected: false, Quick: true),
        new("drain-per-packet", "CoreFlowDrain (one output per packet): as drain", "check_drain_per_packet",
            () => Drain(onePerPacket: true), 12, InductionExpected: false, Quick: true),
        new("aead-splitter", "AxiAeadSplitter (AEAD wrappers): the item on offer to the core held until taken, across a soft reset too; items of 1..16 bytes, End with Last", "check_aead_splitter",
            () => AeadSplitter(), 12, InductionExpected: false, Quick: true),
    ];

    /// <summary>
    /// Cycles from reset of the collector checks: a word of four blocks taken, a soft reset, the message
    /// closed fit; each further cycle about doubles the solver's time.
    /// </summary>
    public const int CollectorDepth = 10;

    /// <summary>
    /// A wrapper collector's buses as the top-level outputs its harness reads (in_ready, out, closing,
    /// error): check_hash_collector and check_chacha_collector of harnesses.sv name the same ports.
    /// </summary>
    public static void CollectorOutputs<TOut>(Design design, IReady inputReady, TOut output, IAxiDrain closing, IAxiErrorReport error)
        where TOut : IBus
    {
        design.Output(inputReady, "in_ready");
        design.Output(output, "out");
        design.Output(closing, "closing");
        design.Output(error, "error");
    }

    /// <summary>Cycles from reset of the whole-wrapper checks: what finishes in minutes here (docs/axi.md).</summary>
    public const int WrapperDepth = 8;

    /// <summary>
    /// Runs <paramref name="check"/> in <paramref name="workDir"/> (created; left there with the Verilog,
    /// the yosys script and log and any counterexample trace). <paramref name="design"/> replaces the
    /// check's own design (a mutant). <paramref name="engine"/>: yosys' SAT pass, or yosys-smtbmc with z3.
    /// </summary>
    public static FormalResult Run(FormalCheck check, string workDir, Design? design = null, FormalEngine engine = FormalEngine.Sat)
    {
        var tools = engine == FormalEngine.Sat ? new[] { "ghdl", "yosys" } : ["ghdl", "yosys", "yosys-smtbmc", "z3"];
        foreach (var tool in tools)
            if (!ToolRunner.OnPath(tool)) throw new ToolException($"{tool} is not installed: apt-get install ghdl yosys z3");
        Directory.CreateDirectory(workDir);
        var netlist = (design ?? check.Build()).Elaborate();
        string top = VhdlGenerator.TopName(netlist);
        var synthesis = Synthesis.Run(netlist, Path.Combine(workDir, "vhdl"), writeVerilog: true);
        File.Copy(synthesis.VerilogPath!, Path.Combine(workDir, "dut.v"), overwrite: true);
        foreach (var file in PropertyFiles) File.WriteAllText(Path.Combine(workDir, file), PropertyFile(file), new UTF8Encoding(false));
        string trace = check.Component + ".vcd";
        File.Delete(Path.Combine(workDir, trace));
        // The harness instantiates the design as "dut_top": one harness serves every design with the same ports.
        // async2sync: GHDL writes a one-hot case without a default as a process yosys reads as a latch
        // (the register bank's read mux); as a sampled mux it is the same logic and the solvers take it.
        // memory_map: neither solver takes memory cells; a register file or ROM becomes registers and muxes.
        // opt -fast -purge: without the netlist's internal wires the SAT problem is about half the variables
        // (the chacha-collector check to depth 6 took 7 s instead of 17).
        string depth = check.Depth.ToString(CultureInfo.InvariantCulture);
        string model =
            $"read_verilog dut.v\nrename {top} dut_top\nread_verilog -formal -sv {string.Join(" ", PropertyFiles)}\n" +
            $"prep -top {check.Harness}\nflatten\nmemory_map\nopt -fast -purge\nasync2sync\nopt -fast -purge\n";
        return engine == FormalEngine.Sat ? RunSat(check, workDir, model, depth, trace) : RunSmtbmc(check, workDir, model, depth, trace);
    }

    // sat -tempinduct: base case k is the bounded check of cycles 1..k from reset; induction step k the proof.
    static FormalResult RunSat(FormalCheck check, string workDir, string model, string depth, string trace)
    {
        string script = model +
            $"sat -tempinduct{(check.InductionTried ? "" : " -tempinduct-baseonly")} -prove-asserts -set-assumes -seq 1 -maxsteps {depth} -dump_vcd {trace}\n";
        File.WriteAllText(Path.Combine(workDir, "check.ys"), script);
        var sw = Stopwatch.StartNew();
        var run = ToolRunner.Run("yosys", ["-l", "check.log", "check.ys"], workDir, TimeSpan.FromHours(2));
        sw.Stop();
        string log = File.ReadAllText(Path.Combine(workDir, "check.log"));
        CheckHarnessDriven(check, log);
        var baseProven = BaseCaseProven.Matches(log).Select(m => int.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture)).DefaultIfEmpty(0).Max();
        bool baseFailed = log.Contains(BaseCaseFailedLine, StringComparison.Ordinal);
        int? inductionLength = log.Contains(InductionProvenLine, StringComparison.Ordinal)
            ? InductionLength.Matches(log).Select(m => int.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture)).DefaultIfEmpty(0).Max()
            : null;
        if (run.ExitCode != 0 && !baseFailed) throw new ToolException($"yosys could not check {check.Component}: {Tail(run.Output)}");
        // Proved by induction before the depth: the bounded check holds for every depth.
        bool bmcPassed = !baseFailed && (baseProven >= check.Depth || inductionLength is not null);
        string tracePath = Path.Combine(workDir, trace);
        return new FormalResult(check, bmcPassed, baseFailed ? baseProven + 1 : Math.Max(baseProven, check.Depth), inductionLength, sw.Elapsed,
            !bmcPassed && File.Exists(tracePath) ? tracePath : null, log);
    }

    // yosys writes the model as SMT-LIB 2 (dffunmap: write_smt2 takes plain flip-flops); yosys-smtbmc
    // checks steps 0..depth-1 from reset (step s is cycle s + 1 of the SAT pass's numbering), then tries
    // induction (-i). --unroll: with Debian's z3 4.8.12 the model's recursive state functions kept z3 in
    // step 0 for minutes; unrolled, the same checks take seconds.
    static FormalResult RunSmtbmc(FormalCheck check, string workDir, string model, string depth, string trace)
    {
        File.WriteAllText(Path.Combine(workDir, "model.ys"), model + "dffunmap\nwrite_smt2 -wires model.smt2\n");
        var sw = Stopwatch.StartNew();
        var yosys = ToolRunner.Run("yosys", ["-l", "model.log", "model.ys"], workDir, TimeSpan.FromHours(1));
        string log = File.ReadAllText(Path.Combine(workDir, "model.log"));
        CheckHarnessDriven(check, log);
        if (yosys.ExitCode != 0) throw new ToolException($"yosys could not write the model of {check.Component}: {Tail(yosys.Output)}");
        var bmc = ToolRunner.Run("yosys-smtbmc", ["-s", "z3", "--unroll", "-t", depth, "--dump-vcd", trace, "model.smt2"], workDir, TimeSpan.FromHours(2));
        bool passed = bmc.Output.Contains(SmtbmcPassed, StringComparison.Ordinal);
        bool failed = bmc.Output.Contains(SmtbmcFailed, StringComparison.Ordinal);
        if (!passed && !failed) throw new ToolException($"yosys-smtbmc could not check {check.Component}: {Tail(bmc.Output)}");
        int failedAt = SmtbmcStep.Matches(bmc.Output).Select(m => int.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture)).DefaultIfEmpty(0).Max() + 1;
        int? inductionLength = null;
        string induction = "";
        if (passed && check.InductionTried)
        {
            var ind = ToolRunner.Run("yosys-smtbmc", ["-s", "z3", "--unroll", "-i", "-t", depth, "model.smt2"], workDir, TimeSpan.FromHours(2));
            induction = ind.Output;
            if (ind.Output.Contains(SmtbmcInductionProven, StringComparison.Ordinal))
                inductionLength = check.Depth + 1 - SmtbmcInductionStep.Matches(ind.Output).Select(m => int.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture)).DefaultIfEmpty(check.Depth).Min();
        }
        sw.Stop();
        string tracePath = Path.Combine(workDir, trace);
        return new FormalResult(check, passed, passed ? check.Depth : failedAt, inductionLength, sw.Elapsed,
            !passed && File.Exists(tracePath) ? tracePath : null, log + bmc.Output + induction);
    }

    /// <summary>A harness signal without a driver would be a free value: the checks would mean nothing.</summary>
    static void CheckHarnessDriven(FormalCheck check, string log)
    {
        string undriven = log.Split('\n').FirstOrDefault(l => l.Contains("has no driver", StringComparison.Ordinal)) ?? "";
        if (undriven.Length > 0) throw new ToolException($"the harness of {check.Component} does not match its design: {undriven.Trim()}");
    }

    const string SmtbmcPassed = "Status: PASSED", SmtbmcFailed = "Status: FAILED", SmtbmcInductionProven = "Temporal induction successful.";
    static readonly Regex SmtbmcStep = new(@"Checking assertions in step (\d+)");
    static readonly Regex SmtbmcInductionStep = new(@"Trying induction in step (\d+)");

    static readonly Regex BaseCaseProven = new(@"Base case for induction length (\d+) proven");
    static readonly Regex InductionLength = new(@"Trying induction with length (\d+)");
    const string BaseCaseFailedLine = "model found for base case", InductionProvenLine = "Induction step proven: SUCCESS!";

    /// <summary>The text of a property file (embedded from src/Axi/Formal).</summary>
    public static string PropertyFile(string name)
    {
        using var stream = typeof(AxiFormal).Assembly.GetManifestResourceStream("Crypto.Axi.Formal." + name)
            ?? throw new InvalidOperationException($"the property file {name} is not embedded in {typeof(AxiFormal).Assembly.GetName().Name}");
        using var reader = new StreamReader(stream);
        return reader.ReadToEnd();
    }

    /// <summary>What failed, for a report: the cycle of the counterexample and its trace.</summary>
    public static string FailedAssertion(FormalResult result) =>
        result.BmcPassed ? "the bounded check passed" : $"an assertion fails at cycle {result.BmcDepth} from reset (trace: {result.Trace ?? "none written"})";

    static string Tail(string s) => string.Join(" ", s.Split('\n', StringSplitOptions.RemoveEmptyEntries).TakeLast(4));

    // ---- the designs under check: one process each, its buses as top-level ports

    /// <summary>The register bank alone (AES-like ID, version and CAPS), every other bus it reads a free input.</summary>
    public static Design Registers()
    {
        var d = new Design("formal_registers");
        var bank = d.Add(new AxiLiteRegisterBank(AxiRegisters.IdValue("TEST"), (AxiRegisters.MapVersion << 16) | 1,
            AxiRegisters.CapsValue(0b111, true, true, 0b111))
        {
            Name = "registers",
            WriteAddress = d.Input(Bus.Create<IAxiLiteAddress>(), "aw"),
            WriteData = d.Input(Bus.Create<IAxiLiteWriteData>(), "w"),
            WriteResponseReady = d.Input(Bus.Create<IReady>(), "b_ready"),
            ReadAddress = d.Input(Bus.Create<IAxiLiteAddress>(), "ar"),
            ReadDataReady = d.Input(Bus.Create<IReady>(), "r_ready"),
            CoreInput = d.Input(Bus.Create<IStreamControl>(), "core_in"),
            CoreInputReady = d.Input(Bus.Create<IReady>(), "core_in_ready"),
            CoreOutput = d.Input(Bus.Create<IStreamControl>(), "core_out"),
            CoreOutputReady = d.Input(Bus.Create<IReady>(), "core_out_ready"),
            StreamIn = d.Input(Bus.Create<IStreamControl>(), "stream_in"),
            StreamInReady = d.Input(Bus.Create<IReady>(), "stream_in_ready"),
            StreamOut = d.Input(Bus.Create<IStreamControl>(), "stream_out"),
            StreamOutReady = d.Input(Bus.Create<IReady>(), "stream_out_ready"),
            InputError = d.Input(Bus.Create<IAxiErrorReport>(), "input_error"),
            CoreError = d.Input(Bus.Create<IAxiErrorReport>(), "core_error"),
            Drain = d.Input(Bus.Create<IAxiDrain>(), "drain"),
        });
        d.Output(bank.WriteAddressReady, "aw_ready");
        d.Output(bank.WriteDataReady, "w_ready");
        d.Output(bank.WriteResponse, "b");
        d.Output(bank.ReadAddressReady, "ar_ready");
        d.Output(bank.ReadData, "r");
        d.Output(bank.Control, "control");
        d.Output(bank.Config, "config");
        return d;
    }

    /// <summary>
    /// The serializer alone, with <paramref name="streamBits"/>-bit beats (64 or 32); with
    /// <paramref name="closesPacketOnFlush"/> false it drops the beat on offer at a flush (a mutant for m_axis).
    /// </summary>
    public static Design Serializer(bool closesPacketOnFlush, int streamBits = 64) => streamBits == 32
        ? Serializer<uint>(closesPacketOnFlush, "formal_serializer32")
        : Serializer<ulong>(closesPacketOnFlush, "formal_serializer");

    static Design Serializer<W>(bool closesPacketOnFlush, string name) where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
    {
        var d = new Design(name);
        var s = d.Add(new AxiStreamBlockSerializer<W>(closesPacketOnFlush)
        {
            Name = "serializer",
            Input = d.Input(Bus.Create<IAxiBlock>(), "in"),
            Control = d.Input(Bus.Create<IAxiStreamControl>(), "control"),
            OutputReady = d.Input(Bus.Create<IReady>(), "out_ready"),
        });
        d.Output(s.InputReady, "in_ready");
        d.Output(s.Output, "out");
        return d;
    }

    /// <summary>The assembler alone, with <paramref name="streamBits"/>-bit beats (64 or 32).</summary>
    public static Design Assembler(int streamBits = 64) => streamBits == 32
        ? Assembler<uint>("formal_assembler32")
        : Assembler<ulong>("formal_assembler");

    static Design Assembler<W>(string name) where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
    {
        var d = new Design(name);
        var s = d.Add(new AxiStreamBlockAssembler<W>
        {
            Name = "assembler",
            Input = d.Input(Bus.Create<IAxiStreamBeat<W>>(), "in"),
            Control = d.Input(Bus.Create<IAxiStreamControl>(), "control"),
            OutputReady = d.Input(Bus.Create<IReady>(), "out_ready"),
        });
        d.Output(s.InputReady, "in_ready");
        d.Output(s.Output, "out");
        d.Output(s.Error, "error");
        return d;
    }

    public static Design Gate()
    {
        var d = new Design("formal_gate");
        var g = d.Add(new CoreOutputGate
        {
            Name = "gate",
            Input = d.Input(Bus.Create<IAxiBlock>(), "in"),
            Drain = d.Input(Bus.Create<IAxiDrain>(), "drain"),
            OutputReady = d.Input(Bus.Create<IReady>(), "out_ready"),
        });
        d.Output(g.Output, "out");
        d.Output(g.CoreOutputReady, "core_out_ready");
        return d;
    }

    public static Design AeadSplitter()
    {
        var d = new Design("formal_aead_splitter");
        var s = d.Add(new AxiAeadSplitter(ivItems: true)
        {
            Name = "splitter",
            Input = d.Input(Bus.Create<IAxiBlock>(), "in"),
            Config = d.Input(Bus.Create<IAxiCoreConfig>(), "config"),
            Aead = d.Input(Bus.Create<IAxiAeadConfig>(), "aead"),
            Control = d.Input(Bus.Create<IAxiStreamControl>(), "control"),
            OutputReady = d.Input(Bus.Create<IReady>(), "out_ready"),
        });
        d.Output(s.InputReady, "in_ready");
        d.Output(s.Output, "out");
        d.Output(s.FirstData, "first");
        d.Output(s.Closing, "closing");
        d.Output(s.Error, "error");
        d.Output(s.EmptyBegun, "empty_begun");
        return d;
    }

    public static Design Drain(bool onePerPacket)
    {
        var d = new Design("formal_drain");
        var g = d.Add(new CoreFlowDrain(onePerPacket)
        {
            Name = "drain",
            CoreInput = d.Input(Bus.Create<IStreamControl>(), "core_in"),
            CoreInputReady = d.Input(Bus.Create<IReady>(), "core_in_ready"),
            CoreOutput = d.Input(Bus.Create<IStreamControl>(), "core_out"),
            CoreOutputReady = d.Input(Bus.Create<IReady>(), "core_out_ready"),
            Control = d.Input(Bus.Create<IAxiStreamControl>(), "control"),
            Closing = d.Input(Bus.Create<IAxiDrain>(), "closing"),
        });
        d.Output(g.Drain, "drain_out");
        return d;
    }
}
