using System.Text;
using Crypto.Catalog;
using Crypto.Streams;
using Hdl.Vhdl.Tools;
using Xunit;

namespace Crypto.Cli.Tests;

/// <summary>
/// The f_max model: the constrained fit, the leave-one-out errors (worked out by hand), the calibration
/// table, and that the estimate of a pipeline depends on its weighted depth only.
/// </summary>
public class FmaxEstimateTests
{
    /// <summary>(build, depth, LUT levels, f_max) points with period = overhead + level × depth exactly.</summary>
    static (string, double, int, double)[] OnLine(double overhead, double level, params double[] depths) =>
        [.. depths.Select((d, i) => ($"p{i}", d, (int)d, 1000 / (overhead + level * d)))];

    /// <summary>The fit's objective: the sum of squared relative period errors.</summary>
    static double RelativeError(IEnumerable<(string, double Depth, int, double Fmax)> points, double overhead, double level) =>
        points.Sum(p => Math.Pow((overhead + level * p.Depth - 1000 / p.Fmax) / (1000 / p.Fmax), 2));

    [Fact]
    public void FitRecoversOverheadAndPerLevelDelay()
    {
        // period = 1.2 ns + 0.5 ns x depth at depths 2, 10, 20: 454.5, 161.3 and 89.3 MHz.
        var model = FmaxModel.Fit(OnLine(1.2, 0.5, 2, 10, 20), "test");
        Assert.Equal(1.2, model.OverheadNs, 3);
        Assert.Equal(0.5, model.LevelNs, 3);
        Assert.Equal(3, model.Points.Count);
        Assert.Equal(1000 / 6.2, model.Points[1].EstimateMHz, 1);
        // Points on the line: every leave-one-out fit finds the same line, so no error.
        Assert.All(model.Points, p => Assert.Equal(0, p.LeaveOneOutError!.Value, 3));
    }

    [Theory]
    [InlineData(0.1, FmaxModel.MinOverheadNs)] // the free fit would say 0.1 ns
    [InlineData(3.0, FmaxModel.MaxOverheadNs)] // ... or 3 ns
    public void FitHoldsTheOverheadInItsRangeAndRefitsThePerLevelDelay(double trueOverhead, double expectedOverhead)
    {
        var points = OnLine(trueOverhead, 0.4, 4, 12, 30);
        var model = FmaxModel.Fit(points, "test");
        Assert.Equal(expectedOverhead, model.OverheadNs);
        // The per-level delay is the best one for that overhead: moving it either way fits worse.
        double best = RelativeError(points, model.OverheadNs, model.LevelNs);
        Assert.True(best < RelativeError(points, model.OverheadNs, model.LevelNs + 0.001), "a longer per-level delay fits better");
        Assert.True(best < RelativeError(points, model.OverheadNs, model.LevelNs - 0.001), "a shorter per-level delay fits better");
        // ... and better than the free line's slope with the overhead held.
        Assert.True(best < RelativeError(points, model.OverheadNs, 0.4));
    }

    [Fact]
    public void LeaveOneOutPredictsEachPointFromTheOthers()
    {
        // On the line 1 ns + 0.5 ns x depth at depths 2 and 10 (500 and 166.7 MHz); at depth 20 the 2021
        // figure is 83.3 MHz (12 ns) instead of the line's 11 ns.
        var model = FmaxModel.Fit([("a", 2, 2, 500), ("b", 10, 9, 1000 / 6.0), ("c", 20, 18, 1000 / 12.0)], "test");
        var (a, b, c) = (model.Points[0], model.Points[1], model.Points[2]);
        // c from a and b: the line itself, 11 ns: 90.91 MHz, +9.09 %.
        Assert.Equal(90.91, c.LeaveOneOutMHz);
        Assert.Equal(0.0909, c.LeaveOneOutError);
        // b from a and c: through (2, 2 ns) and (20, 12 ns): 0.8889 ns + 0.5556 ns x depth, 6.444 ns at 10: 155.17 MHz, -6.90 %.
        Assert.Equal(155.17, b.LeaveOneOutMHz);
        Assert.Equal(-0.069, b.LeaveOneOutError);
        // a from b and c: the free line through (10, 6 ns) and (20, 12 ns) has no overhead, so it is held at
        // 0.5 ns and the per-level delay refitted with weights 1/6² and 1/12²:
        // (5.5 x 10 / 36 + 11.5 x 20 / 144) / (100 / 36 + 400 / 144) = 0.5625 ns; at 2: 1.625 ns, 615.38 MHz, +23.08 %.
        Assert.Equal(615.38, a.LeaveOneOutMHz);
        Assert.Equal(0.2308, a.LeaveOneOutError);
        Assert.Equal("Leave-one-out (each point predicted by the fit on the others) over 3 points: mean |error| 13.0 %, largest +23.1 % (a).",
            CalibrationTable.Summary(model));
    }

    [Fact]
    public void FitOnOnePointKeepsTheAssumedOverheadAndHasNoLeaveOneOut()
    {
        var model = FmaxModel.Fit([("aes128-proc11", 7, 6, 200)], "test");
        Assert.Equal(FmaxModel.Assumed.OverheadNs, model.OverheadNs);
        Assert.Equal((5.0 - FmaxModel.Assumed.OverheadNs) / 7, model.LevelNs, 4);
        Assert.Equal(200, model.EstimateMHz(7), 1);
        var point = Assert.Single(model.Points);
        Assert.Null(point.LeaveOneOutMHz);
        Assert.Null(point.LeaveOneOutError);
        Assert.StartsWith("Leave-one-out: not computable with 1 calibration point", CalibrationTable.Summary(model));
    }

    [Fact]
    public void FitRefusesAModelWhereDeeperIsFaster()
    {
        // 100 MHz at depth 2, 1000 MHz at depth 20: the overhead is held at 1.5 ns, and the 1 ns period at
        // depth 20 then needs a negative per-level delay.
        var e = Assert.Throws<ArgumentException>(() => FmaxModel.Fit([("a", 2, 2, 100), ("b", 20, 18, 1000)], "test"));
        Assert.Contains("no positive delay per level", e.Message);
    }

    [Fact]
    public void APointWhoseOthersFitNoModelHasNoLeaveOneOutAndIsNamed()
    {
        // 10 ns at depth 2, 1.4 ns at depth 10, 20 ns at depth 40: all three fit a positive per-level
        // delay (0.5 ns + 0.122 ns per level), but without the deepest point the other two say deeper is faster.
        var model = FmaxModel.Fit([("a", 2, 2, 100), ("b", 10, 9, 1000 / 1.4), ("c", 40, 36, 50)], "test");
        Assert.Equal(0.5, model.OverheadNs);
        Assert.Equal(0.1223, model.LevelNs);
        Assert.NotNull(model.Points[0].LeaveOneOutError);
        Assert.NotNull(model.Points[1].LeaveOneOutError);
        Assert.Null(model.Points[2].LeaveOneOutMHz);
        Assert.Null(model.Points[2].LeaveOneOutError);
        Assert.EndsWith("; none for c (the others alone fit no positive per-level delay).", CalibrationTable.Summary(model));
    }

    [Fact]
    public void CalibrationTableIsWrittenBetweenTheMarkersOnly()
    {
        var model = FmaxModel.Fit([("a", 2, 2, 500), ("b", 10, 9, 1000 / 6.0), ("c", 20, 18, 1000 / 12.0)], "test basis");
        var table = CalibrationTable.Markdown(model);
        Assert.Contains("| b | 10 | 9 | 166.67 | ", table);
        Assert.Contains("| 155.2 | -6.9 % |", table);
        Assert.Contains("| 615.4 | +23.1 % |", table);
        Assert.Contains("(overhead held in 0.5-1.5 ns); test basis.", table);
        string page = $"# Title\n\nbefore\n{CalibrationTable.Begin}\nold table\n{CalibrationTable.End}\nafter\n";
        var rewritten = CalibrationTable.Replace(page, table);
        Assert.Equal($"# Title\n\nbefore\n{CalibrationTable.Begin}\n\n{table}\n{CalibrationTable.End}\nafter\n", rewritten);
        Assert.Equal(rewritten, CalibrationTable.Replace(rewritten!, table)); // the same again: nothing grows
        Assert.Null(CalibrationTable.Replace("# no markers\n", table));
        Assert.Null(CalibrationTable.Replace($"{CalibrationTable.End}\n{CalibrationTable.Begin}\n", table));
    }

    static SynthFigures FiguresAt(ICoreVariant v, double weightedDepth, int lut = 5000) => new(v.Core, v.Variant, "sha", "flow",
        new XilinxResources(lut, 0, 0, 1000, 0, 0, 0, 0, 0, 0, new Dictionary<string, int>()),
        new LogicDepth((int)weightedDepth, (int)weightedDepth, weightedDepth, new Dictionary<string, int>(), 0), 1, 1);

    /// <summary>
    /// Issue #26: no pipelined build is estimated above what the model gives a 2021 design of the same
    /// depth. Every pipelined build of the registry (a block per clock, more than one block in flight,
    /// measured), given synthesis figures at the depth of each 2021 calibration point, gets exactly the
    /// model's figure for that point, and less one level deeper.
    /// </summary>
    [Fact]
    public void NoPipelineIsEstimatedAboveA2021DesignOfTheSameDepth()
    {
        // A model fitted on 2021 AES f_max at depths like ours (naive 83, proc4 22, proc11 12, proc22 10).
        var model = FmaxModel.Fit([("aes128-naive", 83.3, 54, 22), ("aes128-proc4", 21.75, 18, 68), ("aes128-proc11", 12, 8, 208), ("aes128-proc22", 10, 7, 217)], "test");
        var pipelines = new List<string>();
        foreach (var v in CoreFamilies.Default.Variants)
        {
            var m = v.Measure(ListCommand.MeasuredBlocks);
            if (!ReportCommand.Row(v, m, null, false, model, null).IsPipeline) continue;
            pipelines.Add(v.Name);
            foreach (var p in model.Points)
            {
                var atDepth = ReportCommand.Row(v, m, null, false, model, FiguresAt(v, p.WeightedDepth));
                Assert.True(atDepth.FmaxEstimateMHz <= model.EstimateMHz(p.WeightedDepth),
                    $"{v.Name} at the depth of 2021 {p.Build} ({p.WeightedDepth}): {atDepth.FmaxEstimateMHz} MHz, above the model's {model.EstimateMHz(p.WeightedDepth)} MHz");
                Assert.Equal(p.EstimateMHz, atDepth.FmaxEstimateMHz!.Value, 2);
                var deeper = ReportCommand.Row(v, m, null, false, model, FiguresAt(v, p.WeightedDepth + 1));
                Assert.True(deeper.FmaxEstimateMHz < atDepth.FmaxEstimateMHz, $"{v.Name}: one level deeper is not slower");
            }
        }
        // The AES, hash and ChaCha20 pipelines of both key-size builds are there (not an empty loop).
        Assert.Contains("aes128-proc11", pipelines);
        Assert.Contains("aes-proc22", pipelines);
        Assert.Contains("aes128-bram11-dec", pipelines);
        Assert.Contains("md5-proc64", pipelines);
        Assert.Contains("chacha20-proc10", pipelines);
        Assert.DoesNotContain("aes128-iterative", pipelines); // 10 clocks per block
        Assert.Contains("poly1305-naive", pipelines); // two stages at one block per clock: the accumulator, then the tag
    }
}
