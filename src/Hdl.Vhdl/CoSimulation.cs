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
        if (!Ghdl.IsAvailable) throw new ToolException("ghdl is not installed: run ./scripts/setup (or apt-get install ghdl)");
        var sw = Stopwatch.StartNew();
        if (Directory.Exists(workDir)) Directory.Delete(workDir, recursive: true);
        Directory.CreateDirectory(workDir);
        var files = VhdlGenerator.Generate(netlist).Append(TestbenchWriter.Write(netlist)).ToList();
        foreach (var f in files) File.WriteAllText(Path.Combine(workDir, f.FileName), f.Content, new UTF8Encoding(false));
        trace.Save(Path.Combine(workDir, "trace.txt"));

        var tb = $"{VhdlGenerator.TopName(netlist)}_tb";
        Ghdl.Analyse(workDir, files.Select(f => f.FileName));
        Ghdl.Elaborate(workDir, tb);
        var run = Ghdl.Simulate(workDir, tb, ["-gtrace_path=trace.txt"]);
        var mismatches = MismatchLine().Matches(run.Output).Select(m => m.Groups[1].Value.Trim()).ToList();
        var pass = PassLine().Match(run.Output);
        bool passed = run.ExitCode == 0 && pass.Success && mismatches.Count == 0;
        long compared = pass.Success ? long.Parse(pass.Groups[1].Value) : 0;
        string? vcd = null;
        if (!passed)
        {
            vcd = Path.Combine(workDir, "wave.vcd");
            Ghdl.Simulate(workDir, tb, ["-gtrace_path=trace.txt", $"--vcd={vcd}"]);
            if (!File.Exists(vcd)) vcd = null;
        }
        return new CoSimResult(passed, compared, mismatches, run.Output, sw.Elapsed, workDir, vcd);
    }

    [GeneratedRegex(@"MISMATCH (cycle [^\r\n]*)")]
    private static partial Regex MismatchLine();

    [GeneratedRegex(@"PASS: (\d+) cycles compared")]
    private static partial Regex PassLine();
}
