using System.Globalization;
using Crypto.Streams;
using Hdl.Vhdl;

namespace Crypto.Cli;

/// <summary>Outcome of verifying one variant: a PASS/FAIL line and, on failure, the first differences.</summary>
public sealed record VerifyOutcome(bool Passed, string Summary, IReadOnlyList<string> Details);

/// <summary>
/// <c>verify</c>: a seeded, traced simulation run with input gaps and output back-pressure, checked
/// against the software model; then the generated VHDL replays the trace in GHDL and must agree every
/// cycle. On a pass the VHDL goes to vhdl-out/&lt;core&gt;-&lt;variant&gt;/ with verified.json.
/// </summary>
public static class VerifyCommand
{
    public const int DefaultBlocks = 64;
    public const int DefaultSeed = 1;
    public const double GapProbability = 0.25;
    public const double StallProbability = 0.25;
    const int ShownDifferences = 10;

    public static int Execute(CliEnvironment env, string core, string variant, int blocks, int seed, string keyBits = "all", bool netlist = false)
    {
        var v = env.Cores.Find(core, variant, keyBits);
        if (blocks < 1) throw new UsageException($"verify: --blocks must be at least 1, got {blocks}");
        var outcome = Verify(v, blocks, seed, env.RepositoryRoot, netlist);
        Report(env.Out, outcome);
        return outcome.Passed ? ExitCodes.Success : ExitCodes.Failure;
    }

    public static void Report(TextWriter output, VerifyOutcome outcome)
    {
        output.Write(outcome.Summary + "\n");
        foreach (var d in outcome.Details) output.Write("  " + d + "\n");
    }

    /// <summary>
    /// Runs both checks, and with <paramref name="replayNetlist"/> the replay against GHDL's synthesized
    /// netlist after them (the VHDL's record is written when the VHDL passes, whatever the netlist
    /// does: a netlist that disagrees is a defect of the synthesis, which Vivado does not share).
    /// Throws <see cref="ToolException"/> when GHDL is missing.
    /// </summary>
    public static VerifyOutcome Verify(ICoreVariant v, int blocks, int seed, string repositoryRoot, bool replayNetlist = false)
    {
        string name = $"{v.Name}";
        var traced = v.RunTraced(blocks, new StreamOptions(seed, GapProbability, StallProbability));
        if (traced.Mismatches.Count > 0 || traced.ProtocolErrors.Count > 0)
            return new VerifyOutcome(false,
                $"FAIL {name}: the C# simulation disagrees with the software model ({traced.Mismatches.Count} wrong outputs, " +
                $"{traced.ProtocolErrors.Count} stream protocol errors; {blocks} blocks, seed {seed})",
                [.. traced.Mismatches.Take(ShownDifferences).Select(m => m.ToString()), .. traced.ProtocolErrors.Take(ShownDifferences)]);

        var netlist = traced.Simulation.Netlist;
        var workDir = Directory.CreateTempSubdirectory($"sme-crypto-verify-{name}-").FullName;
        var result = CoSimulation.Run(netlist, traced.Trace, workDir);
        string seconds = result.Duration.TotalSeconds.ToString("0.0", CultureInfo.InvariantCulture);
        if (!result.Passed)
        {
            var details = Differences(result);
            if (result.VcdPath is not null) details.Add($"waveform: {result.VcdPath}");
            return new VerifyOutcome(false,
                $"FAIL {name}: GHDL disagrees with the C# simulation ({result.Mismatches.Count} mismatches, " +
                $"{result.CyclesCompared} cycles compared, {seconds} s; {blocks} blocks, seed {seed})",
                details);
        }

        var folder = VhdlFolder.Of(repositoryRoot, v);
        VhdlFolder.Replace(netlist, folder);
        VhdlFolder.WriteRecord(folder, new VerificationRecord(v.Core, v.Variant,
            VhdlFolder.Sha256(folder) ?? throw new InvalidOperationException($"no VHDL written into {folder}"),
            result.CyclesCompared, seed, blocks));
        try { Directory.Delete(workDir, true); } catch (IOException) { }
        var pass = $"PASS {name}: {result.CyclesCompared} cycles compared in GHDL ({seconds} s)";
        if (!replayNetlist) return new VerifyOutcome(true, pass, []);

        var synthesized = CoSimulation.RunSynthesized(netlist, traced.Trace, workDir + "-netlist");
        string netlistSeconds = synthesized.Duration.TotalSeconds.ToString("0.0", CultureInfo.InvariantCulture);
        if (synthesized.Passed && synthesized.CyclesCompared == traced.Trace.Rows)
        {
            try { Directory.Delete(synthesized.WorkDir, true); } catch (IOException) { }
            return new VerifyOutcome(true, $"{pass}; GHDL's synthesized netlist: {synthesized.CyclesCompared} cycles compared ({netlistSeconds} s)", []);
        }
        return new VerifyOutcome(false,
            $"FAIL {name}: the VHDL passed ({result.CyclesCompared} cycles, recorded), but GHDL's synthesized netlist disagrees with the C# simulation " +
            $"({synthesized.Mismatches.Count} mismatches, {synthesized.CyclesCompared} cycles compared, {netlistSeconds} s)", Differences(synthesized));
    }

    /// <summary>The first differences of a failed replay (or, with none, the end of its log) and its work folder.</summary>
    static List<string> Differences(CoSimResult result)
    {
        var details = new List<string>(result.Mismatches.Take(ShownDifferences));
        if (result.Mismatches.Count == 0) details.AddRange(LastLines(result.Log, ShownDifferences));
        details.Add($"work folder: {result.WorkDir}");
        return details;
    }

    static IEnumerable<string> LastLines(string log, int count) =>
        log.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).TakeLast(count);
}
