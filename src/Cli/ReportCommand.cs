using System.Diagnostics;
using System.Globalization;
using System.Runtime.InteropServices;
using System.Text;
using Crypto.Hashing;
using Crypto.Streams;
using Hdl.Vhdl;
using Hdl.Vhdl.Tools;

namespace Crypto.Cli;

/// <summary>
/// One row of the report: measured in simulation, synthesized, and modelled from both. <paramref name="Build"/>
/// is the build's name (<c>aes128-proc11</c>), <paramref name="KeyBits"/> its key sizes as <c>--key-bits</c> spells them.
/// </summary>
public sealed record ReportRow(string Core, string Variant, string Build, string KeyBits, int BlockBytes, double ClocksPerBlock, double? LongMessageClocksPerBlock,
    long Latency, int Stages, bool VhdlVerified, SynthFigures? Synth, double? FmaxEstimateMHz,
    double? CoreMBps, double? LongMessageMBps, double? ZedboardMBps, double? MBpsPerKLut)
{
    /// <summary>
    /// The build's name without its variant: the core, or for a build of one key size <c>aes128</c> (192, 256);
    /// <c>aes-gcm</c> and <c>aes128-gcm</c> for the GCM builds (aes-proc11-gcm, aes128-proc11-gcm).
    /// </summary>
    public string CoreLabel
    {
        get
        {
            int at = Build.LastIndexOf($"-{Variant}", StringComparison.Ordinal);
            bool segment = at > 0 && (at + Variant.Length + 1 == Build.Length || Build[at + Variant.Length + 1] == '-');
            return segment ? Build.Remove(at, Variant.Length + 1) : Core;
        }
    }

    /// <summary>A pipeline: a block per clock (within the hash cores' padding block) with more than one block in flight.</summary>
    public bool IsPipeline => ClocksPerBlock <= 1.05 && Stages > 1;
}

/// <summary>
/// <c>report</c>: every variant (with <c>--quick</c> the first variant of each core) measured in
/// simulation, synthesized with yosys, with the f_max estimate and modelled throughput; writes
/// RESULTS.md beside the 2021 table, and three SVG plots made with gnuplot.
/// </summary>
public static class ReportCommand
{
    public const string ResultsFile = "RESULTS.md";
    public const string PlotThroughput = "results-throughput-area.svg";
    public const string PlotClocks = "results-clocks-per-block.svg";
    public const string PlotDepth = "results-depth-stages.svg";

    /// <summary>The Zedboard bus model: one AXI HP port, 64 bits, one beat per clock, at most 150 MHz.</summary>
    public const int BusBytesPerBeat = 8;
    public const double BusMaxMHz = 150;

    /// <summary>
    /// The Zedboard's XC7Z020 programmable logic: LUTs (LUT-RAM and shift registers take LUTs too;
    /// each such cell is counted as one LUT, a lower bound for the multi-LUT RAM cells such as RAM64M),
    /// flip-flops, RAMB36 and DSP48E1, with what a design uses of each.
    /// </summary>
    public static readonly (string Name, int Capacity, Func<XilinxResources, double> Used)[] Zynq7020 =
    [
        ("LUT", 53200, x => x.Lut + x.LutRam + x.Srl),
        ("FF", 106400, x => x.Ff),
        ("BRAM36", 140, x => x.Bram36),
        ("DSP", 220, x => x.Dsp),
    ];

    /// <summary>"yes" when the design is within every XC7Z020 resource, else "no: " and the most over-used one ("no: LUT 3.46x").</summary>
    public static string FitsZynq7020(XilinxResources x)
    {
        var worst = Zynq7020.Select(r => (r.Name, Share: r.Used(x) / r.Capacity)).MaxBy(r => r.Share);
        return worst.Share <= 1 ? "yes" : $"no: {worst.Name} {F(worst.Share, "0.00")}x";
    }

    /// <summary>Blocks of one long message for the single-message rate of hash cores.</summary>
    public const int LongMessageBlocks = 16;

    static string F(double x, string format) => x.ToString(format, CultureInfo.InvariantCulture);
    static string F(double? x, string format) => x is { } v && double.IsFinite(v) ? F(v, format) : "-";

    public static int Execute(CliEnvironment env, bool quick, string? outDir, bool cachedSynthOnly = false, int jobs = 1)
    {
        if (jobs < 1) throw new UsageException($"report: --jobs is at least 1, got {jobs}");
        var root = env.RepositoryRoot;
        SynthRunner.RequireTools();
        if (!ToolRunner.OnPath("gnuplot")) throw new ToolException("gnuplot is not installed: run ./scripts/setup (or apt-get install gnuplot-nox)");
        var output = outDir is null ? Path.Combine(root, "docs") : env.UserPath(outDir);
        Directory.CreateDirectory(output);
        var clock = Stopwatch.StartNew();
        var variants = quick
            ? env.Cores.Families.Select(f => f.Variants[0]).ToList()
            : env.Cores.Variants.ToList();
        var model = FmaxModel.Load(root);
        var synthesized = new Dictionary<ICoreVariant, SynthFigures?>();
        if (cachedSynthOnly)
            foreach (var v in variants) synthesized[v] = SynthRunner.Cached(v, root);
        else
        {
            var figures = SynthRunner.RunAll(variants, root, jobs,
                line => env.Error.WriteLine($"report: synthesis: {line} ({F(clock.Elapsed.TotalSeconds, "0")} s)"));
            for (int i = 0; i < variants.Count; i++) synthesized[variants[i]] = figures[i];
        }
        var rows = new List<ReportRow>();
        for (int i = 0; i < variants.Count; i++)
        {
            var v = variants[i];
            string name = $"{v.Name}";
            env.Error.WriteLine($"report: [{i + 1}/{variants.Count}] {name}: measuring in simulation ({F(clock.Elapsed.TotalSeconds, "0")} s)");
            if (synthesized[v] is null)
                env.Error.WriteLine($"report:   {name}: no cached synthesis result: its synthesis columns say so " +
                    $"(run ./sme-crypto synth --core {v.Core} --variant {v.Variant}{(v.KeyBits == "all" ? "" : $" --key-bits {v.KeyBits}")})");
            var m = v.Measure(ListCommand.MeasuredBlocks);
            double? longMessage = v is IHashVariant h ? h.MeasureSingleMessage(LongMessageBlocks) : null;
            rows.Add(Row(v, m, longMessage, VhdlFolder.IsVerified(VhdlFolder.Of(root, v), v.Core, v.Variant), model, synthesized[v]));
        }
        var duration = clock.Elapsed;
        env.Error.WriteLine($"report: plotting with gnuplot ({F(duration.TotalSeconds, "0")} s)");
        Plots(rows, output);
        var markdown = Markdown(rows, model, quick, cachedSynthOnly, clock.Elapsed, root);
        AtomicFile.WriteAllText(Path.Combine(output, ResultsFile), markdown);
        env.Error.WriteLine($"report: {rows.Count} variants in {F(clock.Elapsed.TotalSeconds, "0")} s; wrote {CliEnvironment.Show(Path.Combine(output, ResultsFile), root)} and 3 plots");
        return ExitCodes.Success;
    }

    /// <summary>
    /// A variant's row from its measurement <paramref name="m"/> (and one long message's clocks per block
    /// for a hash core) and its synthesis figures: the f_max estimate is the model's figure for the
    /// weighted depth, the same for any design of that depth (nothing per variant).
    /// </summary>
    public static ReportRow Row(ICoreVariant v, Measurement m, double? longMessage, bool vhdlVerified, FmaxModel model, SynthFigures? synth)
    {
        double? fmax = synth is null ? null : model.EstimateMHz(synth);
        int bytes = v.BlockBytes;
        double? Rate(double? mhz, double cpb) => mhz is { } f && cpb > 0 ? f * bytes / cpb : null;
        double? core = Rate(fmax, m.ClocksPerBlock);
        double? busMHz = fmax is { } fm ? Math.Min(fm, BusMaxMHz) : null;
        double? zed = Rate(busMHz, m.ClocksPerBlock) is { } z ? Math.Min(z, BusBytesPerBeat * busMHz!.Value) : null;
        int stages = m.ClocksPerBlock > 0 ? Math.Max(1, (int)Math.Round(m.Latency / m.ClocksPerBlock)) : 1;
        return new ReportRow(v.Core, v.Variant, v.Name, v.KeyBits, bytes, m.ClocksPerBlock, longMessage, m.Latency, stages,
            vhdlVerified, synth, fmax,
            core, longMessage is { } lm ? Rate(fmax, lm) : null, zed,
            core is { } c && synth is { Resources.Lut: > 0 } ? c / (synth.Resources.Lut / 1000.0) : null);
    }

    /// <summary>The machine the figures were measured on (CPU model, cores, OS, .NET).</summary>
    public static string Machine()
    {
        string cpu = "unknown CPU";
        try
        {
            if (File.Exists("/proc/cpuinfo"))
                cpu = File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal))?.Split(':', 2)[1].Trim() ?? cpu;
        }
        catch (IOException) { }
        string load = File.Exists("/proc/loadavg") ? File.ReadAllText("/proc/loadavg").Split(' ')[0] : "unknown";
        return $"{cpu}, {Environment.ProcessorCount} logical CPUs (load average {load} at the end), {RuntimeInformation.OSDescription}, .NET {Environment.Version}";
    }

    static string Markdown(IReadOnlyList<ReportRow> rows, FmaxModel model, bool quick, bool cachedSynthOnly, TimeSpan duration, string root)
    {
        var s = new StringBuilder();
        void L(string line = "") => s.Append(line).Append('\n');
        L("# Results: cost and speed of every core variant");
        L();
        L($"Generated by `./sme-crypto report{(quick ? " --quick" : "")}{(cachedSynthOnly ? " --cached-synth" : "")}` in {F(duration.TotalMinutes, "0.0")} min on {Machine()}, " +
          $"with {SynthRunner.Flow}. Do not edit by hand: rerun the command. {(quick ? "**Quick run: the first variant of each core only.**" : "")}");
        L();
        var synthesized = rows.Where(r => r.Synth is not null).ToList();
        L($"Synthesis of the {synthesized.Count} synthesized variants took {F(synthesized.Sum(r => r.Synth!.GhdlSeconds + r.Synth.YosysSeconds) / 60, "0.0")} min " +
          "of wall time when their results were made (GHDL + yosys, recorded in vhdl-out/*/synth.json; a rerun takes them from that cache): " +
          string.Join(", ", synthesized.Select(r => $"{r.Build} {F((r.Synth!.GhdlSeconds + r.Synth.YosysSeconds) / 60, "0.0")} min")) + ".");
        L();
        L("Every f_max and MB/s figure of ours is an **ESTIMATE** from yosys's logic depth (no placement, routing or timing " +
          "analysis; model in [estimates.md](estimates.md)). Clocks per block and latency are measured in the cycle-accurate " +
          "simulation; LUT/FF/CARRY4/MUXF/BRAM/DSP are yosys `synth_xilinx` counts for the 7-series, which run 0.9-1.7x Vivado's LUT counts.");
        L();
        L($"f_max model: {SynthCommand.Describe(model)}.");
        L();
        L("## This project (measured clocks, yosys resources, estimated f_max and throughput)");
        L();
        L("| core | variant | clocks/block | one long msg clocks/block | latency | stages | GHDL verified | LUT | FF | CARRY4 | MUXF7/F8 | BRAM36 | DSP | LUT levels | f_max est. MHz | core MB/s est. | one long msg MB/s est. | Zedboard MB/s est. | MB/s per kLUT | fits Zynq-7020 |");
        L("|---|---|--:|--:|--:|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|");
        foreach (var r in rows)
        {
            var x = r.Synth?.Resources;
            string S(Func<XilinxResources, string> cell) => x is null ? "-" : cell(x);
            L($"| {r.CoreLabel} | {r.Variant} | {F(r.ClocksPerBlock, "0.00")} | {F(r.LongMessageClocksPerBlock, "0.00")} | {r.Latency} | {r.Stages} | " +
              $"{(r.VhdlVerified ? "yes" : "no")} | {S(x => $"{x.Lut}")} | {S(x => $"{x.Ff}")} | {S(x => $"{x.Carry4}")} | {S(x => $"{x.MuxF7}/{x.MuxF8}")} | " +
              $"{S(x => F(x.Bram36, "0.#"))} | {S(x => $"{x.Dsp}")} | {(r.Synth is { } sy ? sy.Depth.LutLevels.ToString(CultureInfo.InvariantCulture) : "-")} | " +
              $"{F(r.FmaxEstimateMHz, "0.0")} | {F(r.CoreMBps, "0")} | {F(r.LongMessageMBps, "0")} | {F(r.ZedboardMBps, "0")} | {F(r.MBpsPerKLut, "0.0")} | {S(FitsZynq7020)} |");
        }
        if (rows.Any(r => r.Synth is null))
            L($"\n\"-\" in the synthesis columns: {NotSynthesized} (`report --cached-synth` uses only cached results; " +
              "`./sme-crypto synth --core C --variant V [--key-bits 128]` makes one, docs/estimates.md spreads all of them over several machines): " +
              string.Join(", ", rows.Where(r => r.Synth is null).Select(r => r.Build)) + ".");
        L();
        L("- **core**: `aes` and `aes-gcm` builds take all three key sizes; `aes128` and `aes128-gcm` builds take AES-128 keys only (`--key-bits 128`).");
        L("- **stages**: blocks in flight, latency ÷ clocks per block (Little's law), rounded.");
        L("- **core MB/s est.** = f_max estimate × bytes per block ÷ clocks per block (10^6 bytes per second), core only, as in 2021.");
        L($"- **Zedboard MB/s est.**: the core on the PL clock min(f_max estimate, {F(BusMaxMHz, "0")} MHz) behind one AXI HP port of " +
          $"{BusBytesPerBeat * 8} bits moving one beat per clock in each direction: min(core rate at that clock, {BusBytesPerBeat} B × clock). " +
          "An upper bound: DMA set-up, DDR and driver overheads are not modelled (about 800 MB/s per port has been measured bare-metal at 100 MHz; 100-400 MB/s is typical under Linux with generic DMA).");
        L("- **one long msg**: hash cores, one message of " + LongMessageBlocks + " blocks alone (each block waits for the previous chaining value).");
        L("- **LUT** counts logic LUTs; LUT-RAM, SRL and yosys's reset inverters are apart (in `./sme-crypto synth`).");
        L($"- **fits Zynq-7020**: yosys's counts within the Zedboard's XC7Z020 ({string.Join(", ", Zynq7020.Select(r => $"{r.Capacity.ToString("N0", CultureInfo.InvariantCulture)} {r.Name}"))}; " +
          "LUT-RAM in the LUTs its cells take, each SRL cell as one LUT); otherwise the most over-used resource, as a multiple of the device. yosys's LUT counts run " +
          "0.9-1.7x Vivado's, so a design a little over may still fit in Vivado; the Zedboard MB/s of a design that does not fit is what it would do on a larger 7-series part.");
        L();
        L("## The 2021 SME crypto library (typed in; not produced by a command)");
        L();
        L($"Source: {References2021.Source}. Throughput there = f_max × bytes per block ÷ clocks per block, core only.");
        L();
        L("| core | structure | f_max MHz | clocks per block | MB/s | LUT | FF | BRAM |");
        L("|---|---|--:|---|---|--:|--:|--:|");
        foreach (var r in References2021.Rows)
            L($"| {r.Core} | {r.Structure} | {F(r.FmaxMHz, "0.##")} | {r.ClocksPerBlock} | {r.MBps} | {r.Lut} | {r.Ff} | {r.Bram} |");
        L();
        L("## Side by side: the same structure, 2021 (Vivado) and ours (yosys, estimated f_max)");
        L();
        L("The 2021 AES cores took AES-128 keys only: their counterparts here are the `aes128` builds.");
        L();
        L("| core | structure | ours | f_max MHz, 2021 → ours est. | clocks/block, 2021 → ours | MB/s, 2021 → ours est. | LUT, 2021 → ours | FF, 2021 → ours | BRAM36, 2021 → ours |");
        L("|---|---|---|---|---|---|---|---|---|");
        foreach (var reference in References2021.Rows)
        {
            var r = rows.FirstOrDefault(x => x.Core == reference.Core && x.Variant == reference.OurVariant && x.KeyBits == reference.OurKeyBits);
            if (r is null) continue;
            L($"| {r.Core} | {reference.Structure} | {r.Build} | {F(reference.FmaxMHz, "0.##")} → {F(r.FmaxEstimateMHz, "0.0")} | " +
              $"{reference.ClocksPerBlock} → {F(r.ClocksPerBlock, "0.00")}{(r.LongMessageClocksPerBlock is { } lm ? $" ({F(lm, "0.00")} one msg)" : "")} | " +
              $"{reference.MBps} → {F(r.CoreMBps, "0")}{(r.LongMessageMBps is { } lmb ? $" ({F(lmb, "0")} one msg)" : "")} | {reference.Lut} → {F(r.Synth?.Resources.Lut, "0")} | {reference.Ff} → {F(r.Synth?.Resources.Ff, "0")} | " +
              $"{reference.Bram} → {F(r.Synth?.Resources.Bram36, "0.#")} |");
        }
        L();
        BackEndBaseline.Markdown(s, rows);
        L("## The f_max estimate against the 2021 Vivado figures it is calibrated on");
        L();
        L("Written by `./sme-crypto calibrate` into docs/estimate-calibration.json (method in [estimates.md](estimates.md)); each point's " +
          "leave-one-out estimate is the model fitted on the other points only, its error (leave-one-out − 2021) ÷ 2021.");
        L();
        s.Append(CalibrationTable.Markdown(model));
        L();
        AesBesideAnchors(s, rows, model);
        L("## Plots");
        L();
        L($"![Throughput against area]({PlotThroughput})");
        L();
        L($"![Clocks per block]({PlotClocks})");
        L();
        L($"![Logic depth against stages]({PlotDepth})");
        L();
        BenchResults.AppendTo(s, root);
        return s.ToString();
    }

    /// <summary>What a row without synthesis figures says.</summary>
    public const string NotSynthesized = "no synthesis of the build's current VHDL is cached";

    /// <summary>The goal of issue #26: every AES pipeline at this multiple of the 2021 AES-128 pipeline's MB/s per thousand LUT.</summary>
    public const double AesGoalRatio = 2;

    /// <summary>
    /// The same-flow anchors (typed in, source given) and, for AES, every build of ours beside them and
    /// the 2021 figures in MB/s per thousand LUT, with the ratio to the 2021 AES-128 11-stage pipeline.
    /// </summary>
    public static void AesBesideAnchors(StringBuilder s, IReadOnlyList<ReportRow> rows, FmaxModel model)
    {
        void L(string line = "") => s.Append(line).Append('\n');
        var reference = References2021.AesPipeline;
        double referencePerKLut = reference.MBpsPerKLut(16);
        string Ratio(double? perKLut) => perKLut is { } x ? F(x / referencePerKLut, "0.00") : "-";
        L("## Same-flow anchors (typed in; not produced by a command)");
        L();
        L($"Source: {SameFlowAnchors.Source}. Their f_max is not measured: the column gives what our model says for their LUT levels " +
          "taken as the weighted depth; the MUXF7/F8 and CARRY4 cells on their paths are not known and would only add to the depth, so it is an upper bound, as are the MB/s figures from it.");
        L();
        L("| design | source | function | clocks per block | LUT | FF | LUT levels | f_max est. MHz (upper bound) | MB/s est. | MB/s est. per kLUT |");
        L("|---|---|---|---|--:|--:|--:|--:|--:|--:|");
        foreach (var a in SameFlowAnchors.Rows)
        {
            double fmax = model.EstimateMHz(a.LutLevels), mbps = fmax * a.BlockBytes / a.ClocksPerBlock;
            L($"| {a.Design} | {a.Origin} | {a.Function} | {a.ClocksNote} | {a.Lut} | {a.Ff}{(a.FfNote.Length > 0 ? " " + a.FfNote : "")} | {a.LutLevels} | " +
              $"{F(fmax, "0")} | {F(mbps, "0")} | {F(mbps / (a.Lut / 1000.0), "0.0")} |");
        }
        L();
        L("## AES: MB/s per thousand LUT beside the anchors and the 2021 library");
        L();
        L($"MB/s per kLUT = f_max × 16 bytes ÷ clocks per block ÷ (LUT ÷ 1000). **2021**: their Vivado f_max and LUTs (anchors.md §1); their pipelines took a block every 2 clocks, " +
          $"so the 11-stage pipeline gives {F(reference.FmaxMHz, "0")} MHz × 16 ÷ 2 = {F(reference.FmaxMHz * 16 / 2, "0")} MB/s over {F(reference.Lut / 1000.0, "0.000")} kLUT = " +
          $"**{F(referencePerKLut, "0.0")} MB/s per kLUT**, the figure the last column divides by (their 22-stage pipeline: {F(References2021.Rows.Single(r => r.Core == "aes" && r.OurVariant == "proc22").MBpsPerKLut(16), "0.0")}). " +
          "**Anchors**: the same flow, f_max from our model at their LUT levels (an upper bound, above). **Ours**: the f_max estimate from yosys's weighted depth, " +
          "clocks per block measured in simulation, yosys's logic LUTs; block RAM is not in the LUT count (the `bram11` builds hold their tables in BRAM36, see that column). Different tools on each side (Vivado against yosys, whose LUT counts run 0.9-1.7x Vivado's); every figure of ours is an estimate.");
        L();
        L($"| design | key bits | clocks/block | LUT | FF | BRAM36 | LUT levels | critical path (from → to, yosys names) | f_max MHz | MB/s per kLUT | ÷ 2021 11-stage |");
        L("|---|---|--:|--:|--:|--:|--:|---|--:|--:|--:|");
        foreach (var r in References2021.Rows.Where(r => r.Core == "aes" && r.Calibrates))
            L($"| 2021 SME {r.Structure} (Vivado) | 128 | {r.ClocksPerBlock} | {r.Lut} | {r.Ff} | {r.Bram} | - | - | {F(r.FmaxMHz, "0.#")} | {F(r.MBpsPerKLut(16), "0.0")} | {Ratio(r.MBpsPerKLut(16))} |");
        foreach (var a in SameFlowAnchors.Rows.Where(a => a.Core == "aes"))
        {
            double fmax = model.EstimateMHz(a.LutLevels), perKLut = fmax * a.BlockBytes / a.ClocksPerBlock / (a.Lut / 1000.0);
            L($"| {a.Design} (same flow) | {(a.Function.StartsWith("AES-128/256", StringComparison.Ordinal) ? "128, 256" : "128")} | {a.ClocksNote} | {a.Lut} | {a.Ff} | 0 | {a.LutLevels} | - | " +
              $"≤ {F(fmax, "0")} est. | ≤ {F(perKLut, "0.0")} | ≤ {Ratio(perKLut)} |");
        }
        var ours = rows.Where(r => r.Core == "aes").OrderBy(r => r.KeyBits == "128" ? 0 : 1).ToList();
        foreach (var r in ours)
        {
            string keys = r.KeyBits == "all" ? "128, 192, 256" : r.KeyBits;
            if (r.Synth is not { } y)
            {
                L($"| {r.Build} | {keys} | {F(r.ClocksPerBlock, "0.00")} | {NotSynthesized} | - | - | - | - | - | - | - |");
                continue;
            }
            var x = y.Resources;
            string path = y.Depth.PathFrom is null && y.Depth.PathTo is null ? "not recorded" : $"`{y.Depth.PathFrom ?? "?"}` → `{y.Depth.PathTo ?? "?"}`";
            var tied = y.Depth.DeepestByInstance?.Where(p => p.Value >= y.Depth.WeightedDepth - 0.001).Select(p => p.Key).ToList();
            if (tied is { Count: > 1 }) path += $" (as deep into: {string.Join(", ", tied)})";
            L($"| {r.Build} | {keys} | {F(r.ClocksPerBlock, "0.00")} | {x.Lut} | {x.Ff} | {F(x.Bram36, "0.#")} | {y.Depth.LutLevels} | {path} | {F(r.FmaxEstimateMHz, "0.0")} est. | " +
              $"{F(r.MBpsPerKLut, "0.0")} | {Ratio(r.MBpsPerKLut)} |");
        }
        L();
        var pipelines = ours.Where(r => r.IsPipeline).ToList();
        var measured = pipelines.Where(r => r.MBpsPerKLut is not null).ToList();
        var below = measured.Where(r => r.MBpsPerKLut!.Value / referencePerKLut < AesGoalRatio).ToList();
        L($"Goal (issue #26): every AES pipeline (a block per clock, more than one block in flight) at least {F(AesGoalRatio, "0")}x the 2021 figure, " +
          $"{F(AesGoalRatio * referencePerKLut, "0.0")} MB/s per kLUT. Of {pipelines.Count} AES pipeline builds, {measured.Count} have a synthesis of their current VHDL: " +
          $"{measured.Count - below.Count} meet it" +
          (below.Count > 0 ? $", {below.Count} do not ({string.Join(", ", below.Select(r => $"{r.Build} {Ratio(r.MBpsPerKLut)}x"))})" : "") +
          (pipelines.Count > measured.Count ? $"; not known yet for {string.Join(", ", pipelines.Except(measured).Select(r => r.Build))}" : "") + ".");
        L();
    }

    static string Quote(string s) => "\"" + s.Replace("\"", "'", StringComparison.Ordinal) + "\"";

    static void Plots(IReadOnlyList<ReportRow> rows, string output)
    {
        var work = Directory.CreateTempSubdirectory("sme-crypto-plots-").FullName;
        try
        {
            var ours = new StringBuilder();
            foreach (var r in rows.Where(r => r.CoreMBps is > 0 && r.Synth is { Resources.Lut: > 0 }))
                ours.Append($"{Quote(r.Build)} {r.Synth!.Resources.Lut} {F(r.CoreMBps!.Value, "0.###")}\n");
            var old = new StringBuilder();
            foreach (var r in References2021.Rows)
            {
                var first = new string(r.MBps.TakeWhile(c => char.IsDigit(c) || c == '.').ToArray());
                if (double.TryParse(first, CultureInfo.InvariantCulture, out var mbps))
                    old.Append($"{Quote($"2021 {r.Core} {r.Structure.Split(' ')[0].TrimEnd(',')}")} {r.Lut} {F(mbps, "0.###")}\n");
            }
            var clocks = new StringBuilder();
            foreach (var r in rows)
                clocks.Append($"{Quote(r.Build)} {F(r.ClocksPerBlock, "0.###")} {F(r.LongMessageClocksPerBlock ?? double.NaN, "0.###")}\n");
            var depth = new StringBuilder();
            foreach (var r in rows.Where(r => r.Synth is not null))
                depth.Append($"{Quote(r.Build)} {r.Stages} {r.Synth!.Depth.LutLevels}\n");
            File.WriteAllText(Path.Combine(work, "ours.dat"), ours.ToString());
            File.WriteAllText(Path.Combine(work, "old.dat"), old.ToString());
            File.WriteAllText(Path.Combine(work, "clocks.dat"), clocks.ToString());
            File.WriteAllText(Path.Combine(work, "depth.dat"), depth.ToString());
            string Svg(string file) => Quote(Path.Combine(output, file));
            // gnuplot stops on a data set without points: plot only what exists.
            string oursPlot = ours.Length == 0 ? "" : """
                "ours.dat" using 2:3 with points pt 7 ps 1.2 title "this project (estimate)", \
                     "ours.dat" using 2:3:1 with labels offset 0,1 font "sans,9" notitle,
                """;
            string depthPlot = depth.Length == 0
                ? "set label 1 \"no synthesis results\" at graph 0.5,0.5 center\nunset logscale\nplot [0:1][0:1] 2 notitle"
                : """
                plot "depth.dat" using 2:3 with points pt 7 ps 1.2 title "this project", \
                     "depth.dat" using 2:3:1 with labels offset 0,1 font "sans,9" notitle
                """;
            var script = $$"""
                set terminal svg size 960,640 font "sans,12" noenhanced
                set datafile missing NaN
                set key top left
                set grid
                set output {{Svg(PlotThroughput)}}
                set title "Throughput against area (ours: yosys LUTs, estimated f_max; 2021: Vivado)"
                set logscale xy
                set xlabel "LUT"
                set ylabel "core MB/s"
                plot {{oursPlot}} "old.dat" using 2:3 with points pt 6 ps 1.2 title "2021 library (Vivado)", \
                     "old.dat" using 2:3:1 with labels offset 0,-1 font "sans,9" notitle
                unset logscale
                set output {{Svg(PlotClocks)}}
                set title "Clocks per block (measured in simulation)"
                set logscale y
                set style data histograms
                set style histogram clustered
                set style fill solid 0.6 border -1
                set xtics rotate by -45 scale 0
                set xlabel ""
                set ylabel "clocks per block"
                set key top right
                plot "clocks.dat" using 2:xtic(1) title "many blocks / messages", \
                     "clocks.dat" using 3 title "one long message (hash)"
                unset logscale
                set style data points
                set xtics norotate autofreq
                set output {{Svg(PlotDepth)}}
                set title "Logic depth against stages"
                set logscale xy
                set xlabel "stages (blocks in flight)"
                set ylabel "LUT levels on the longest path"
                set key top right
                {{depthPlot}}
                """;
            File.WriteAllText(Path.Combine(work, "plots.gp"), script.Replace("\r", "", StringComparison.Ordinal));
            var r2 = ToolRunner.Run("gnuplot", ["plots.gp"], work, TimeSpan.FromMinutes(2));
            if (r2.ExitCode != 0) throw new ToolException($"gnuplot failed (exit {r2.ExitCode}): {Ghdl.Tail(r2.Output, 5)}");
        }
        finally
        {
            try { Directory.Delete(work, true); } catch (IOException) { }
        }
    }
}
