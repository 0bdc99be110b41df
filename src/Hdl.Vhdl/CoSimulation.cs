using System.Diagnostics;
using System.Text;
using System.Text.RegularExpressions;
using Hdl.Vhdl.Testbench;
using Hdl.Vhdl.Tools;

namespace Hdl.Vhdl;

/// <summary>
/// Proves that the generated VHDL does what the C# simulation did, cycle for cycle: writes the
/// design, a replaying testbench and the trace into a fresh folder, analyses, elaborates and runs it
/// in GHDL. Any mismatch fails the run; GHDL is then run once more to write a VCD for GTKWave.
/// </summary>
public static partial class CoSimulation
{
    public static CoSimResult Run(Netlist netlist, TraceRecorder trace, string workDir)
    {
        var sw = Stopwatch.StartNew();
        NewFolder(workDir);
        var files = VhdlGenerator.Generate(netlist).Append(TestbenchWriter.Write(netlist)).ToList();
        VhdlSource.WriteAll(workDir, files);
        return Replay(netlist, trace, workDir, [.. files.Select(f => f.FileName)], [], sw);
    }

    /// <summary>
    /// The same replay against what synthesis made of the design: GHDL's synthesized netlist
    /// (<c>ghdl --synth --out=vhdl</c>, its gates, multiplexers, registers and memories) in place of the
    /// generated VHDL. It fails where synthesis reads the VHDL otherwise than simulation does, which
    /// neither analysis nor a successful <c>--synth</c> shows. The generated VHDL is synthesized where
    /// <see cref="Synthesis.Run"/> analysed it (<paramref name="synthesized"/>), or else in <c>rtl/</c>
    /// beside; <see cref="SimulableNetlist"/> makes GHDL's netlist simulable. Assertions of the IEEE
    /// packages are off: a netlist computes both inputs of every multiplexer, also the one never chosen
    /// (metavalues before a register's first write).
    /// </summary>
    public static CoSimResult RunSynthesized(Netlist netlist, TraceRecorder trace, string workDir, SynthesisResult? synthesized = null)
    {
        var sw = Stopwatch.StartNew();
        NewFolder(workDir);
        var design = VhdlGenerator.Generate(netlist);
        var rtl = synthesized?.WorkDir ?? Path.Combine(workDir, "rtl");
        if (synthesized is null)
        {
            Directory.CreateDirectory(rtl);
            VhdlSource.WriteAll(rtl, design);
            Ghdl.Analyse(rtl, design.Select(f => f.FileName));
        }
        var top = VhdlGenerator.TopName(netlist);
        // GHDL keeps each unit's context clause: the netlist names the design package
        var package = design.Single(f => f.FileName == $"{top}_pkg.vhd");
        var files = new List<VhdlSource>
        {
            package, SimulableNetlist.Division, new($"{top}_netlist.vhd", SimulableNetlist.Of(Ghdl.SynthesizeVhdl(rtl, top))), TestbenchWriter.Write(netlist),
        };
        VhdlSource.WriteAll(workDir, files);
        return Replay(netlist, trace, workDir, [.. files.Select(f => f.FileName)], ["--ieee-asserts=disable"], sw);
    }

    static CoSimResult Replay(Netlist netlist, TraceRecorder trace, string workDir, IReadOnlyList<string> files, IReadOnlyList<string> runOptions, Stopwatch sw)
    {
        trace.Save(Path.Combine(workDir, "trace.txt"));
        var tb = $"{VhdlGenerator.TopName(netlist)}_tb";
        Ghdl.Analyse(workDir, files);
        Ghdl.Elaborate(workDir, tb);
        var run = Ghdl.Simulate(workDir, tb, ["-gtrace_path=trace.txt", .. runOptions]);
        var mismatches = MismatchLine().Matches(run.Output).Select(m => m.Groups[1].Value.Trim()).ToList();
        var pass = PassLine().Match(run.Output);
        bool passed = run.ExitCode == 0 && pass.Success && mismatches.Count == 0;
        long compared = pass.Success ? long.Parse(pass.Groups[1].Value) : 0;
        string? vcd = null;
        if (!passed)
        {
            vcd = Path.Combine(workDir, "wave.vcd");
            Ghdl.Simulate(workDir, tb, ["-gtrace_path=trace.txt", .. runOptions, $"--vcd={vcd}"]);
            if (!File.Exists(vcd)) vcd = null;
        }
        return new CoSimResult(passed, compared, mismatches, run.Output, sw.Elapsed, workDir, vcd);
    }

    static void NewFolder(string workDir)
    {
        if (!Ghdl.IsAvailable) throw new ToolException("ghdl is not installed: run ./scripts/setup (or apt-get install ghdl)");
        if (Directory.Exists(workDir)) Directory.Delete(workDir, recursive: true);
        Directory.CreateDirectory(workDir);
    }

    [GeneratedRegex(@"MISMATCH (cycle [^\r\n]*)")]
    private static partial Regex MismatchLine();

    [GeneratedRegex(@"PASS: (\d+) cycles compared")]
    private static partial Regex PassLine();
}
