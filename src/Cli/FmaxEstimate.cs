using System.Text.Json;

namespace Crypto.Cli;

/// <summary>
/// One row of the 2021 SME crypto library's table (Vivado estimates for the Zynq-7020), typed in from
/// ../shared/docs/anchors.md §1: the only figures in the report not produced by a command.
/// <paramref name="OurVariant"/> names the variant of this project with the same structure (it may not
/// exist yet); <paramref name="Calibrates"/> says whether the f_max estimate is fitted on it.
/// </summary>
public sealed record Reference2021(string Core, string Structure, string? OurVariant, double FmaxMHz, string ClocksPerBlock,
    string MBps, int Lut, int Ff, int Bram, bool Calibrates);

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
}

/// <summary>A calibration point: a variant's weighted depth beside the 2021 f_max of the same structure.</summary>
public sealed record CalibrationPoint(string Core, string Variant, double WeightedDepth, int LutLevels, double Fmax2021MHz, double EstimateMHz);

/// <summary>
/// The f_max estimate: clock period = <see cref="OverheadNs"/> + <see cref="LevelNs"/> × weighted logic
/// depth (docs/estimates.md). Always an estimate: no placement, no routing, no timing analysis.
/// </summary>
public sealed record FmaxModel(double OverheadNs, double LevelNs, string Basis, IReadOnlyList<CalibrationPoint> Points)
{
    /// <summary>Where <c>calibrate</c> writes the fitted model and the report reads it.</summary>
    public const string CalibrationFile = "docs/estimate-calibration.json";

    /// <summary>The model before calibration: assumed typical 7-series (-1) figures.</summary>
    public static FmaxModel Assumed { get; } = new(1.0, 0.6, "assumed (not calibrated): 1.0 ns register overhead, 0.6 ns per LUT level with routing", []);

    public double PeriodNs(double weightedDepth) => OverheadNs + LevelNs * weightedDepth;

    public double EstimateMHz(double weightedDepth) => 1000.0 / PeriodNs(weightedDepth);

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
    /// (each point weighs 1/period²). One point, or points of a single depth: the overhead stays at
    /// the assumed value and only the per-level delay is fitted. A negative overhead is refitted as 0.
    /// </summary>
    public static FmaxModel Fit(IReadOnlyList<(string Core, string Variant, double Depth, int LutLevels, double Fmax2021)> points, string basis)
    {
        if (points.Count == 0) throw new ArgumentException("no calibration point: none of the 2021 structures exists as a variant here");
        double a, b;
        var p = points.Select(x => (d: x.Depth, t: 1000.0 / x.Fmax2021, w: Math.Pow(x.Fmax2021 / 1000.0, 2))).ToList();
        double FitSlope(double overhead) => p.Sum(x => x.w * (x.t - overhead) * x.d) / p.Sum(x => x.w * x.d * x.d);
        if (p.Select(x => x.d).Distinct().Count() < 2)
        {
            a = Assumed.OverheadNs;
            b = FitSlope(a);
        }
        else
        {
            double sw = p.Sum(x => x.w), sd = p.Sum(x => x.w * x.d), sdd = p.Sum(x => x.w * x.d * x.d);
            double st = p.Sum(x => x.w * x.t), sdt = p.Sum(x => x.w * x.d * x.t);
            double det = sw * sdd - sd * sd;
            b = (sw * sdt - sd * st) / det;
            a = (st - b * sd) / sw;
            if (a < 0) { a = 0; b = FitSlope(0); }
        }
        var model = new FmaxModel(Math.Round(a, 4), Math.Round(b, 4), basis, []);
        return model with
        {
            Points = [.. points.Select(x => new CalibrationPoint(x.Core, x.Variant, x.Depth, x.LutLevels, x.Fmax2021,
                Math.Round(model.EstimateMHz(x.Depth), 2)))],
        };
    }
}
