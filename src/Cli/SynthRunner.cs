using System.Diagnostics;
using System.Text.Json;
using Crypto.Streams;
using Hdl;
using Hdl.Vhdl;
using Hdl.Vhdl.Tools;

namespace Crypto.Cli;

/// <summary>
/// What synthesis of one variant gave: 7-series resources and logic depth from yosys, for the VHDL
/// whose SHA-256 is <paramref name="VhdlSha256"/>, by the tool flow <paramref name="Flow"/>.
/// </summary>
public sealed record SynthFigures(string Core, string Variant, string VhdlSha256, string Flow,
    XilinxResources Resources, LogicDepth Depth, double GhdlSeconds, double YosysSeconds);

/// <summary>
/// Synthesis of a variant: the generated VHDL into a temporary folder, <c>ghdl --synth --out=verilog</c>,
/// yosys <c>synth_xilinx</c> (with the memories' style attributes, which GHDL drops, set again), and
/// the JSON netlist's resources and depth. Results are cached by the
/// SHA-256 of the VHDL and the tool flow: in vhdl-out/&lt;core&gt;-&lt;variant&gt;/synth.json when
/// that folder holds the same VHDL (committed, so a rerun of the report is fast), otherwise in
/// .cache/synth/ of the repository (ignored by git).
/// </summary>
public static class SynthRunner
{
    public const string CacheFile = "synth.json";

    /// <summary>The cache for VHDL that is not the committed vhdl-out/ (ignored by git).</summary>
    public const string LocalCacheFolder = ".cache/synth";

    static readonly Lazy<string> flow = new(() =>
    {
        var ghdl = ToolRunner.Run("ghdl", ["--version"], Directory.GetCurrentDirectory(), TimeSpan.FromMinutes(1)).Stdout
            .Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).FirstOrDefault() ?? "GHDL";
        var w = PathWeights.Default;
        return $"{ghdl} --synth --out=verilog; {Yosys.Version()} synth_xilinx {Yosys.SynthOptions}, {Yosys.LutMapping}; " +
            $"path weights LUT {w.Lut}, MUXF7 {w.MuxF7}, MUXF8 {w.MuxF8}, CARRY4 {w.Carry4}, LUT-RAM {w.LutRam}";
    });

    /// <summary>The tools and settings that made a result (a cached result of another flow is not used).</summary>
    public static string Flow => flow.Value;

    /// <summary>Throws <see cref="ToolException"/> (one line) when GHDL or yosys is missing.</summary>
    public static void RequireTools()
    {
        if (!Ghdl.IsAvailable) throw new ToolException("ghdl is not installed: run ./scripts/setup (or apt-get install ghdl)");
        if (!Yosys.IsAvailable) throw new ToolException("yosys is not installed: run ./scripts/setup (or apt-get install yosys)");
    }

    /// <summary>Synthesizes <paramref name="v"/> or returns the cached figures; <paramref name="cached"/> says which.</summary>
    public static SynthFigures Run(ICoreVariant v, string repositoryRoot, out bool cached)
    {
        using var job = Prepare(v, repositoryRoot);
        cached = job.CachedResult is not null;
        return Finish(job);
    }

    /// <summary>The cached figures of <paramref name="v"/>'s current VHDL, or null (nothing is synthesized).</summary>
    public static SynthFigures? Cached(ICoreVariant v, string repositoryRoot)
    {
        using var job = Prepare(v, repositoryRoot);
        return job.CachedResult;
    }

    /// <summary>
    /// The synthesis of several variants, <paramref name="parallel"/> at a time (each GHDL + yosys run
    /// uses one core and up to a few GiB): the VHDL is generated one variant after the other, then the
    /// tools run in parallel. Results in the order of <paramref name="variants"/>; <paramref name="progress"/>
    /// gets a line as each variant starts and ends (from several threads, one call at a time).
    /// </summary>
    public static IReadOnlyList<SynthFigures> RunAll(IReadOnlyList<ICoreVariant> variants, string repositoryRoot, int parallel, Action<string> progress)
    {
        var jobs = new List<SynthJob>();
        try
        {
            foreach (var v in variants) jobs.Add(Prepare(v, repositoryRoot));
            var results = new SynthFigures[jobs.Count];
            var gate = new object();
            void Say(string line) { lock (gate) progress(line); }
            int pending = jobs.Count(j => j.CachedResult is null), done = 0;
            Say($"{jobs.Count - pending} of {jobs.Count} variants cached; synthesizing {pending}, {parallel} at a time");
            Parallel.For(0, jobs.Count, new ParallelOptions { MaxDegreeOfParallelism = Math.Max(1, parallel) }, i =>
            {
                var job = jobs[i];
                if (job.CachedResult is null) Say($"{job.Name}: GHDL synthesis and yosys started");
                results[i] = Finish(job);
                if (job.CachedResult is null)
                    Say($"{job.Name}: synthesized in {results[i].GhdlSeconds + results[i].YosysSeconds:0} s ({Interlocked.Increment(ref done)} of {pending})");
            });
            return results;
        }
        finally
        {
            foreach (var j in jobs) j.Dispose();
        }
    }

    /// <summary>
    /// A variant's synthesis, prepared: its VHDL generated into a temporary folder (the transpiler runs
    /// on one thread), its hash, and the cached result when there is one for that VHDL and flow.
    /// </summary>
    /// <param name="FolderCache">vhdl-out/&lt;core&gt;-&lt;variant&gt;/synth.json when that folder holds the same VHDL, else null.</param>
    sealed record SynthJob(ICoreVariant Variant, string Work, IReadOnlyList<string> Files, string Top, string Sha,
        string? FolderCache, string TempCache, SynthFigures? CachedResult) : IDisposable
    {
        public string Name => $"{Variant.Name}";

        public void Dispose()
        {
            try { Directory.Delete(Work, true); } catch (IOException) { }
        }
    }

    static SynthJob Prepare(ICoreVariant v, string repositoryRoot)
    {
        RequireTools();
        var netlist = v.BuildDesign().Elaborate();
        var work = Directory.CreateTempSubdirectory($"sme-crypto-synth-{v.Name}-").FullName;
        try
        {
            var files = VhdlGenerator.WriteTo(netlist, work).Select(Path.GetFileName).ToList();
            var sha = VhdlFolder.Sha256(work) ?? throw new InvalidOperationException($"no VHDL generated for {v.Name}");
            var folder = VhdlFolder.Of(repositoryRoot, v);
            var folderCache = VhdlFolder.Sha256(folder) == sha ? Path.Combine(folder, CacheFile) : null;
            var tempCache = Path.Combine(repositoryRoot, LocalCacheFolder, $"{v.Name}-{sha[..16]}.json");
            var hit = new[] { folderCache, tempCache }.Select(c => c is null ? null : Load(c))
                .FirstOrDefault(h => h is not null && h.VhdlSha256 == sha && h.Flow == Flow && h.Core == v.Core && h.Variant == v.Variant);
            return new SynthJob(v, work, files!, VhdlGenerator.TopName(netlist), sha, folderCache, tempCache, hit);
        }
        catch
        {
            try { Directory.Delete(work, true); } catch (IOException) { }
            throw;
        }
    }

    /// <summary>The job's cached result, or GHDL synthesis and yosys on its folder (the cache is written).</summary>
    static SynthFigures Finish(SynthJob job)
    {
        if (job.CachedResult is { } hit) return hit;
        var ghdlClock = Stopwatch.StartNew();
        var synthesis = Synthesis.RunOnFolder(job.Work, job.Files, job.Top, writeVerilog: true);
        ghdlClock.Stop();
        var yosysClock = Stopwatch.StartNew();
        var (json, _) = Yosys.SynthXilinx(job.Work, Path.GetFileName(synthesis.VerilogPath!), synthesis.Top, synthesis.MemoryStyles);
        var (resources, depth) = XilinxNetlist.AnalyseFile(json, synthesis.Top);
        yosysClock.Stop();
        var figures = new SynthFigures(job.Variant.Core, job.Variant.Variant, job.Sha, Flow, resources, depth,
            Math.Round(ghdlClock.Elapsed.TotalSeconds, 1), Math.Round(yosysClock.Elapsed.TotalSeconds, 1));
        var text = JsonSerializer.Serialize(figures, VhdlFolder.Json) + "\n";
        Directory.CreateDirectory(Path.GetDirectoryName(job.TempCache)!);
        AtomicFile.WriteAllText(job.TempCache, text);
        if (job.FolderCache is { } folderCache) AtomicFile.WriteAllText(folderCache, text);
        return figures;
    }

    static SynthFigures? Load(string path)
    {
        if (!File.Exists(path)) return null;
        try { return JsonSerializer.Deserialize<SynthFigures>(File.ReadAllText(path), VhdlFolder.Json); }
        catch (JsonException) { return null; }
        catch (NotSupportedException) { return null; }
    }
}
