using System.Globalization;
using System.Text.Json;
using Crypto.Streams;

namespace Crypto.Cli;

/// <summary>What <c>synth --json</c> prints: the synthesis figures and the f_max estimate with its model.</summary>
public sealed record SynthReport(SynthFigures Synthesis, double FmaxEstimateMHz, string FmaxModel, bool Cached);

/// <summary>
/// <c>synth</c>: a variant's VHDL through GHDL synthesis and yosys synth_xilinx (7-series): resources,
/// logic depth and an f_max estimate. <c>calibrate</c>: fits the estimate to the 2021 Vivado figures.
/// </summary>
public static class SynthCommand
{
    static string F(double x, string format = "0.0") => x.ToString(format, CultureInfo.InvariantCulture);

    public static int Execute(CliEnvironment env, string core, string variant, bool json, string keyBits = "all")
    {
        var v = env.Cores.Find(core, variant, keyBits);
        var root = env.RepositoryRoot;
        SynthRunner.RequireTools();
        env.Error.WriteLine($"synth: {v.Name}: GHDL synthesis and yosys synth_xilinx (minutes for a large core)...");
        var figures = SynthRunner.Run(v, root, out bool cached);
        var model = FmaxModel.Load(root);
        var report = new SynthReport(figures, Math.Round(model.EstimateMHz(figures), 2), Describe(model), cached);
        if (json) env.Out.Write(JsonSerializer.Serialize(report, VhdlFolder.Json) + "\n");
        else Write(env.Out, v.Name, report);
        return ExitCodes.Success;
    }

    public static string Describe(FmaxModel m) =>
        $"period = {F(m.OverheadNs, "0.###")} ns + {F(m.LevelNs, "0.####")} ns x weighted depth; {m.Basis}";

    static void Write(TextWriter o, string build, SynthReport report)
    {
        var s = report.Synthesis;
        var r = s.Resources;
        var d = s.Depth;
        o.Write($"{build}: yosys synth_xilinx, 7-series (Zynq-7020){(report.Cached ? ", cached result" : "")}\n");
        o.Write($"  LUT      {r.Lut,8}   (apart: LUT-RAM {r.LutRam}, SRL {r.Srl}, INV {r.Inv})\n");
        o.Write($"  FF       {r.Ff,8}\n");
        o.Write($"  CARRY4   {r.Carry4,8}\n");
        o.Write($"  MUXF7    {r.MuxF7,8}\n");
        o.Write($"  MUXF8    {r.MuxF8,8}\n");
        o.Write($"  BRAM36   {F(r.Bram36, "0.#"),8}\n");
        o.Write($"  DSP      {r.Dsp,8}\n");
        o.Write($"  logic depth: {d.LutLevels} LUT levels; longest path {d.CellLevels} cells; weighted depth {F(d.WeightedDepth, "0.##")} " +
            $"(critical path: {string.Join(", ", d.CriticalPath.Select(p => $"{p.Value} {p.Key}"))})\n");
        if (d.PathFrom is not null || d.PathTo is not null)
            o.Write($"  that path runs from {d.PathFrom ?? "?"} to {d.PathTo ?? "?"} (yosys's flattened net names)\n");
        if (d.DeepestByInstance is { Count: > 0 } deepest)
            o.Write($"  deepest path into each instance (weighted): {string.Join(", ", deepest.Select(p => $"{p.Key} {p.Value.ToString("0.##", CultureInfo.InvariantCulture)}"))}\n");
        if (d.LoopCells > 0) o.Write($"  warning: {d.LoopCells} cells on combinational loops were left out of the depth\n");
        int latches = r.CellTypes.Where(c => c.Key.StartsWith("LD", StringComparison.Ordinal)).Sum(c => c.Value);
        if (latches > 0) o.Write($"  warning: {latches} latches (LD* cells): the design or its Verilog netlist is faulty\n");
        o.Write($"  f_max ESTIMATE {F(report.FmaxEstimateMHz)} MHz ({report.FmaxModel}); not a timing analysis\n");
    }

    /// <summary>
    /// <c>calibrate</c>: synthesizes every build that has a 2021 structure marked for calibration (for
    /// AES the AES-128 build, as the 2021 cores were), fits the model with each point's leave-one-out
    /// error, writes docs/estimate-calibration.json and rewrites the marked calibration table of
    /// docs/estimates.md when the page has one.
    /// </summary>
    public static int Calibrate(CliEnvironment env, bool cachedSynthOnly = false)
    {
        var root = env.RepositoryRoot;
        SynthRunner.RequireTools();
        var points = new List<(string, double, int, double)>();
        foreach (var reference in References2021.Rows.Where(r => r.Calibrates))
        {
            var v = reference.Ours(env.Cores.Variants);
            if (v is null) continue;
            env.Error.WriteLine($"calibrate: {v.Name} (2021: {reference.Structure}, {F(reference.FmaxMHz, "0.##")} MHz)...");
            var f = cachedSynthOnly ? SynthRunner.Cached(v, root) : SynthRunner.Run(v, root, out _);
            if (f is null)
            {
                env.Error.WriteLine($"calibrate: {v.Name}: no cached synthesis result, left out");
                continue;
            }
            points.Add((v.Name, f.Depth.WeightedDepth, f.Depth.LutLevels, reference.FmaxMHz));
        }
        if (points.Count == 0) throw new UsageException("calibrate: no 2021 structure has a synthesized build here");
        FmaxModel model;
        try { model = FmaxModel.Fit(points, $"fitted on the 2021 Vivado f_max of {string.Join(", ", points.Select(p => p.Item1))} (sme-crypto calibrate)"); }
        catch (ArgumentException e) { throw new UsageException($"calibrate: {e.Message}"); }
        var table = CalibrationTable.Markdown(model);
        var page = Path.Combine(root, CalibrationTable.EstimatesPage);
        string? rewritten = File.Exists(page) ? CalibrationTable.Replace(File.ReadAllText(page), table) : null;
        var path = Path.Combine(root, FmaxModel.CalibrationFile);
        Directory.CreateDirectory(Path.GetDirectoryName(path)!);
        AtomicFile.WriteAllText(path, JsonSerializer.Serialize(model, VhdlFolder.Json) + "\n");
        if (rewritten is not null) AtomicFile.WriteAllText(page, rewritten);
        env.Out.Write($"{Describe(model)}\n");
        foreach (var p in model.Points)
            env.Out.Write($"  {p.Build}: weighted depth {F(p.WeightedDepth, "0.##")}, {p.LutLevels} LUT levels: " +
                $"estimate {F(p.EstimateMHz)} MHz, 2021 Vivado {F(p.Fmax2021MHz, "0.##")} MHz ({F(p.EstimateMHz / p.Fmax2021MHz, "0.00")}x); " +
                $"leave-one-out {(p.LeaveOneOutMHz is { } l ? $"{F(l)} MHz ({F(p.LeaveOneOutError!.Value * 100, "+0.0;-0.0")} %)" : "-")}\n");
        env.Out.Write($"{CalibrationTable.Summary(model)}\n");
        env.Out.Write($"written to {FmaxModel.CalibrationFile}{(rewritten is not null ? $" and the calibration table of {CalibrationTable.EstimatesPage}" : "")}\n");
        return ExitCodes.Success;
    }
}
