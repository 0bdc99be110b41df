using System.Globalization;
using Crypto.Axi.Formal;
using Crypto.Catalog;
using Hdl.Vhdl;

namespace Crypto.Cli;

/// <summary>
/// <c>formal</c>: the formal checks of the AXI kit and of the cores' AXI parts (<see cref="AxiCatalog.FormalChecks"/>, run by <see cref="AxiFormal"/>): for each check, its
/// design through <c>ghdl --synth</c> to Verilog, the property harness of src/Axi/Formal around it,
/// and yosys' temporal induction (bounded model check from reset, then induction). Prints one line per
/// check: component, the bounded check's result and depth, the induction's, seconds; a failure names
/// the assertions and the counterexample trace (VCD). Exit 1 when a check fails.
/// </summary>
public static class FormalCommand
{
    public static int Execute(CliEnvironment env, string? component, bool all, bool quick, string? workDir, string engineName = "sat")
    {
        if ((component is null ? 0 : 1) + (all ? 1 : 0) + (quick ? 1 : 0) != 1)
            throw new UsageException("formal: give one of --component NAME, --quick or --all");
        IReadOnlyList<FormalCheck> checks;
        try { checks = component is not null ? [AxiCatalog.FindFormalCheck(component)] : [.. AxiCatalog.FormalChecks.Where(c => all || c.Quick)]; }
        catch (ArgumentException e) { throw new UsageException("formal: " + e.Message); }
        var engine = engineName switch
        {
            "sat" => FormalEngine.Sat,
            "smtbmc" => FormalEngine.Smtbmc,
            _ => throw new UsageException($"formal: --engine is sat or smtbmc, got {engineName}"),
        };
        string root = workDir is null ? Directory.CreateTempSubdirectory("sme-crypto-formal-").FullName : env.UserPath(workDir);
        bool passed = true;
        env.Out.WriteLine($"{"component",-22} {"bounded model check",-24} {"induction",-26} {"seconds",8}");
        foreach (var check in checks)
        {
            FormalResult r;
            try { r = AxiFormal.Run(check, Path.Combine(root, check.Component), engine: engine); }
            catch (ToolException e) { throw new UsageException("formal: " + e.Message); }
            string bmc = r.BmcPassed ? $"PASS depth {r.BmcDepth}" : $"FAIL at cycle {r.BmcDepth}";
            string induction = r.InductionLength is { } k ? $"PROVEN k={k}"
                : check.InductionExpected ? $"FAIL (none up to {check.Depth})"
                : !check.InductionTried ? "not tried" : $"not converged (to {check.Depth})";
            env.Out.WriteLine($"{check.Component,-22} {bmc,-24} {induction,-26} {r.Duration.TotalSeconds.ToString("0.0", CultureInfo.InvariantCulture),8}");
            if (!r.Passed)
            {
                env.Out.WriteLine($"  {AxiFormal.FailedAssertion(r)}");
                env.Out.WriteLine($"  counterexample: {r.Trace ?? "(no trace written)"}");
            }
            env.Out.Flush();
            passed &= r.Passed;
        }
        env.Out.WriteLine($"work folder: {root}");
        return passed ? ExitCodes.Success : ExitCodes.Failure;
    }
}
