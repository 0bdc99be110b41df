using System.Globalization;
using System.Text.Json;
using Crypto.Streams;

namespace Crypto.Cli;

/// <summary>
/// One row of the 2021 SME crypto library's table (Vivado estimates for the Zynq-7020), typed in from
/// ../shared/docs/anchors.md §1: the only figures in the report not produced by a command.
/// <paramref name="OurVariant"/> names the variant of this project with the same structure (it may not
/// exist yet); <paramref name="Calibrates"/> says whether the f_max estimate is fitted on it.
/// </summary>
public sealed record Reference2021(string Core, string Structure, string? OurVariant, double FmaxMHz, string ClocksPerBlock,
    string MBps, int Lut, int Ff, int Bram, bool Calibrates)
{
    /// <summary>
    /// The key sizes of our build that matches it: the 2021 AES cores took AES-128 keys only
    /// (anchors.md §1), so their counterpart is the AES-128 build; the other cores have one build.
    /// </summary>
    public string OurKeyBits => Core == "aes" ? "128" : "all";

    /// <summary>Our build of the same structure among <paramref name="builds"/>, or null when it does not exist.</summary>
    public ICoreVariant? Ours(IEnumerable<ICoreVariant> builds) =>
        OurVariant is null ? null : builds.FirstOrDefault(v => v.Core == Core && v.Variant == OurVariant && v.KeyBits == OurKeyBits);

    /// <summary>Clocks per block as a number: the first number of <see cref="ClocksPerBlock"/> (the claimed figure where there are several).</summary>
    public double ClocksPerBlockValue => double.Parse(new string(ClocksPerBlock.SkipWhile(c => !char.IsDigit(c)).TakeWhile(char.IsDigit).ToArray()), CultureInfo.InvariantCulture);

    /// <summary>MB/s per thousand LUT of the 2021 figures: f_max × bytes per block ÷ clocks per block ÷ (LUT ÷ 1000).</summary>
    public double MBpsPerKLut(int blockBytes) => FmaxMHz * blockBytes / ClocksPerBlockValue / (Lut / 1000.0);
}

/// <summary>The 2021 figures (source: ../shared/docs/anchors.md, "The 2021 SME crypto library").</summary>
public static class References2021
{
    public const string Source = "../shared/docs/anchors.md §1 (2021 SME crypto library, Zedboard Zynq-7020, Vivado estimates, no board run)";

    public static readonly Reference2021[] Rows =
    [
        new("md5", "naive (64 steps in one cycle)", "naive", 2.38, "1", "152", 11607, 2304, 0, true),
        new("md5", "64-stage pipeline", "proc64", 115, "2 (independent msgs), 66 (one long msg)", "3209 / 112", 10350, 39718, 0, true),
        new("sha256", "naive", "naive", 2.1, "1", "134", 24330, 2560, 0, true),
        new("sha256", "4-stage pipeline", "proc4", 8.0, "2 / 6", "224 / 85", 24466, 8938, 0, true),
        new("aes", "naive", "naive", 22, "1", "352", 10612, 3195, 0, true),
        new("aes", "T-box", "tbox", 25, "1", "400", 16458, 3195, 0, true),
        new("aes", "4-stage", "proc4", 68, "2", "544", 16474, 2817, 0, true),
        new("aes", "11-stage (round per stage)", "proc11", 208, "2", "1663", 15659, 4383, 0, true),
        new("aes", "22-stage", "proc22", 217, "2", "1662", 15454, 7401, 0, true),
        new("aes", "11-stage, T-tables in BRAM", "bram11", 195, "claimed 2, really >= 4", "1556 claimed", 10012, 10398, 72, false),
        new("chacha20", "naive", "naive", 1.25, "1", "80", 14670, 3457, 0, true),
        new("chacha20", "22-stage", "proc22", 82, "2", "2557", 17565, 32420, 0, true),
    ];

    /// <summary>
    /// The 2021 AES-128 pipeline our AES cores are measured against in MB/s per thousand LUT (issue #26):
    /// the 11-stage, round-per-stage pipeline, 208 MHz × 16 bytes ÷ 2 clocks ÷ 15.659 kLUT = 106 MB/s per kLUT.
    /// </summary>
    public static Reference2021 AesPipeline => Rows.Single(r => r.Core == "aes" && r.OurVariant == "proc11");
}

/// <summary>
/// A calibration point: a build's weighted depth (<paramref name="Build"/>: its name, as <c>aes128-proc11</c>) beside the 2021 f_max of the same structure, the
/// model's estimate, and the leave-one-out estimate (the model fitted on the other points only) with
/// its relative error, (leave-one-out − 2021) ÷ 2021; null when there is no other point to fit on.
/// </summary>
public sealed record CalibrationPoint(string Build, double WeightedDepth, int LutLevels, double Fmax2021MHz, double EstimateMHz,
    double? LeaveOneOutMHz = null, double? LeaveOneOutError = null);

/// <summary>
/// The f_max estimate: clock period = <see cref="OverheadNs"/> + <see cref="LevelNs"/> × weighted logic
/// depth (docs/estimates.md). Always an estimate: no placement, no routing, no timing analysis. The
/// estimate is a function of the weighted depth alone: any design, ours or a 2021 one, at the same depth
/// gets the same figure.
/// </summary>
public sealed record FmaxModel(double OverheadNs, double LevelNs, string Basis, IReadOnlyList<CalibrationPoint> Points)
{
    /// <summary>Where <c>calibrate</c> writes the fitted model and the report reads it.</summary>
    public const string CalibrationFile = "docs/estimate-calibration.json";

    /// <summary>
    /// The range the fitted overhead is held in: what a register-to-register path costs on a 7-series
    /// part besides its LUT levels (clock-to-out, setup, clock skew and uncertainty, the last route into
    /// the flip-flop). An assumption of the model, not a measured figure (docs/estimates.md).
    /// </summary>
    public const double MinOverheadNs = 0.5, MaxOverheadNs = 1.5;

    /// <summary>The model before calibration: assumed typical 7-series (-1) figures.</summary>
    public static FmaxModel Assumed { get; } = new(1.0, 0.6, "assumed (not calibrated): 1.0 ns register overhead, 0.6 ns per LUT level with routing", []);

    public double PeriodNs(double weightedDepth) => OverheadNs + LevelNs * weightedDepth;

    public double EstimateMHz(double weightedDepth) => 1000.0 / PeriodNs(weightedDepth);

    /// <summary>The estimate of a synthesized design: from its weighted depth only, whatever the design.</summary>
    public double EstimateMHz(SynthFigures synth) => EstimateMHz(synth.Depth.WeightedDepth);

    /// <summary>The calibrated model of the repository, or <see cref="Assumed"/> when there is none.</summary>
    public static FmaxModel Load(string repositoryRoot)
    {
        var path = Path.Combine(repositoryRoot, CalibrationFile);
        if (!File.Exists(path)) return Assumed;
        try { return JsonSerializer.Deserialize<FmaxModel>(File.ReadAllText(path), VhdlFolder.Json) ?? Assumed; }
        catch (JsonException) { return Assumed; }
    }

    /// <summary>
    /// Fits overhead and per-level delay to the 2021 periods by least squares on the relative error
    /// (each point weighs 1/period²), with the overhead held in [<see cref="MinOverheadNs"/>,
    /// <see cref="MaxOverheadNs"/>]: when the free fit falls outside, the overhead is the nearer bound
    /// and the per-level delay is refitted (the error is a convex function of both, so that is the best
    /// fit in the range). One point, or points of a single depth, cannot place the overhead: it stays at
    /// the assumed 1.0 ns and only the per-level delay is fitted. Each point also gets its leave-one-out
    /// estimate: the same fit on the other points, evaluated at its depth.
    /// </summary>
    public static FmaxModel Fit(IReadOnlyList<(string Build, double Depth, int LutLevels, double Fmax2021)> points, string basis)
    {
        if (points.Count == 0) throw new ArgumentException("no calibration point: none of the 2021 structures exists as a variant here");
        var (a, b) = FitConstants([.. points.Select(x => (x.Depth, x.Fmax2021))]);
        var model = new FmaxModel(Math.Round(a, 4), Math.Round(b, 4), basis, []);
        var fitted = new List<CalibrationPoint>();
        for (int i = 0; i < points.Count; i++)
        {
            var x = points[i];
            var others = points.Where((_, j) => j != i).Select(o => (o.Depth, o.Fmax2021)).ToList();
            double? loo = null, error = null;
            if (others.Count > 0)
            {
                try
                {
                    var (la, lb) = FitConstants(others);
                    loo = 1000.0 / (la + lb * x.Depth);
                    error = Math.Round(loo.Value / x.Fmax2021 - 1, 4);
                    loo = Math.Round(loo.Value, 2);
                }
                catch (ArgumentException)
                {
                    // The other points alone fit no positive per-level delay: no leave-one-out estimate (Summary names the point).
                }
            }
            fitted.Add(new CalibrationPoint(x.Build, x.Depth, x.LutLevels, x.Fmax2021, Math.Round(model.EstimateMHz(x.Depth), 2), loo, error));
        }
        return model with { Points = fitted };
    }

    /// <summary>The constrained weighted least-squares fit of (overhead, per-level delay) to (depth, f_max in MHz) points.</summary>
    public static (double OverheadNs, double LevelNs) FitConstants(IReadOnlyList<(double Depth, double FmaxMHz)> points)
    {
        if (points.Count == 0) throw new ArgumentException("no point to fit the f_max model on");
        var p = points.Select(x => (d: x.Depth, t: 1000.0 / x.FmaxMHz, w: Math.Pow(x.FmaxMHz / 1000.0, 2))).ToList();
        double FitSlope(double overhead) => p.Sum(x => x.w * (x.t - overhead) * x.d) / p.Sum(x => x.w * x.d * x.d);
        double a;
        if (p.Select(x => x.d).Distinct().Count() < 2) a = Assumed.OverheadNs;
        else
        {
            double sw = p.Sum(x => x.w), sd = p.Sum(x => x.w * x.d), sdd = p.Sum(x => x.w * x.d * x.d);
            double st = p.Sum(x => x.w * x.t), sdt = p.Sum(x => x.w * x.d * x.t);
            double b0 = (sw * sdt - sd * st) / (sw * sdd - sd * sd);
            a = Math.Clamp((st - b0 * sd) / sw, MinOverheadNs, MaxOverheadNs);
        }
        double b = FitSlope(a);
        if (!(b > 0))
            throw new ArgumentException($"the f_max model fits no positive delay per level on these points (overhead {a:0.###} ns, per level {b:0.####} ns): " +
                "a deeper design would be estimated faster");
        return (a, b);
    }
}

/// <summary>The calibration table, printed by <c>calibrate</c> into docs/estimates.md and by <c>report</c> into RESULTS.md.</summary>
public static class CalibrationTable
{
    /// <summary>The lines of docs/estimates.md between these two markers are rewritten by <c>calibrate</c>.</summary>
    public const string Begin = "<!-- calibration table: written by ./sme-crypto calibrate -->", End = "<!-- end of calibration table -->";

    /// <summary>The estimates page whose marked table <c>calibrate</c> rewrites.</summary>
    public const string EstimatesPage = "docs/estimates.md";

    static string F(double x, string format) => x.ToString(format, CultureInfo.InvariantCulture);

    /// <summary>The model, a row per calibration point with its leave-one-out estimate and error, and a summary line.</summary>
    public static string Markdown(FmaxModel model)
    {
        if (model.Points.Count == 0) return "No calibration: run `./sme-crypto calibrate` (docs/estimates.md).\n";
        var s = new System.Text.StringBuilder();
        s.Append($"Fitted model: period = {F(model.OverheadNs, "0.###")} ns + {F(model.LevelNs, "0.####")} ns × weighted depth " +
            $"(overhead held in {F(FmaxModel.MinOverheadNs, "0.0")}-{F(FmaxModel.MaxOverheadNs, "0.0")} ns); {model.Basis}.\n\n");
        s.Append("| build | weighted depth | LUT levels | 2021 Vivado MHz | estimate MHz | estimate ÷ Vivado | leave-one-out estimate MHz | leave-one-out error |\n");
        s.Append("|---|--:|--:|--:|--:|--:|--:|--:|\n");
        foreach (var p in model.Points)
            s.Append($"| {p.Build} | {F(p.WeightedDepth, "0.##")} | {p.LutLevels} | {F(p.Fmax2021MHz, "0.##")} | {F(p.EstimateMHz, "0.0")} | " +
                $"{F(p.EstimateMHz / p.Fmax2021MHz, "0.00")} | {(p.LeaveOneOutMHz is { } l ? F(l, "0.0") : "-")} | {(p.LeaveOneOutError is { } e ? F(e * 100, "+0.0;-0.0") + " %" : "-")} |\n");
        s.Append('\n').Append(Summary(model)).Append('\n');
        return s.ToString();
    }

    /// <summary>One sentence on the leave-one-out errors: how many points, mean and largest absolute error.</summary>
    public static string Summary(FmaxModel model)
    {
        var errors = model.Points.Where(p => p.LeaveOneOutError is not null).ToList();
        if (errors.Count == 0)
            return $"Leave-one-out: not computable with {model.Points.Count} calibration point{(model.Points.Count == 1 ? "" : "s")} (a point needs at least one other to be predicted from).";
        var worst = errors.MaxBy(p => Math.Abs(p.LeaveOneOutError!.Value))!;
        var unfitted = model.Points.Where(p => p.LeaveOneOutError is null).Select(p => p.Build).ToList();
        return $"Leave-one-out (each point predicted by the fit on the others) over {errors.Count} points: mean |error| " +
            $"{F(errors.Average(p => Math.Abs(p.LeaveOneOutError!.Value)) * 100, "0.0")} %, largest {F(worst.LeaveOneOutError!.Value * 100, "+0.0;-0.0")} % ({worst.Build})" +
            (unfitted.Count > 0 ? $"; none for {string.Join(", ", unfitted)} (the others alone fit no positive per-level delay)." : ".");
    }

    /// <summary>
    /// <paramref name="page"/> with the lines between <see cref="Begin"/> and <see cref="End"/> replaced
    /// by <paramref name="table"/>; null when the page has not both markers in that order.
    /// </summary>
    public static string? Replace(string page, string table)
    {
        int begin = page.IndexOf(Begin, StringComparison.Ordinal);
        int end = page.IndexOf(End, StringComparison.Ordinal);
        if (begin < 0 || end < begin) return null;
        int after = begin + Begin.Length;
        return page[..after] + "\n\n" + table + "\n" + page[end..];
    }
}
