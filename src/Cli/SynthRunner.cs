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
/// yosys <c>synth_xilinx</c>, and the JSON netlist's resources and depth. Results are cached by the
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
        return $"{ghdl} --synth --out=verilog; {Yosys.Version()} synth_xilinx {Yosys.SynthOptions}; " +
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
    public static SynthFigures Run(ICoreVariant v, string repositoryRoot, out bool cached) =>
        Run(v, repositoryRoot, cachedOnly: false, out cached)!;

    /// <summary>The cached figures of <paramref name="v"/>'s current VHDL, or null (nothing is synthesized).</summary>
    public static SynthFigures? Cached(ICoreVariant v, string repositoryRoot) => Run(v, repositoryRoot, cachedOnly: true, out _);

    static SynthFigures? Run(ICoreVariant v, string repositoryRoot, bool cachedOnly, out bool cached)
    {
        RequireTools();
        var netlist = v.BuildDesign().Elaborate();
        var work = Directory.CreateTempSubdirectory($"sme-crypto-synth-{v.Core}-{v.Variant}-").FullName;
        try
        {
            VhdlGenerator.WriteTo(netlist, work);
            var sha = VhdlFolder.Sha256(work) ?? throw new InvalidOperationException($"no VHDL generated for {v.Core}-{v.Variant}");
            var folder = VhdlFolder.Of(repositoryRoot, v);
            bool folderCurrent = VhdlFolder.Sha256(folder) == sha;
            var tempCache = Path.Combine(repositoryRoot, LocalCacheFolder, $"{v.Core}-{v.Variant}-{sha[..16]}.json");
            foreach (var candidate in new[] { folderCurrent ? Path.Combine(folder, CacheFile) : null, tempCache })
                if (candidate is not null && Load(candidate) is { } hit && hit.VhdlSha256 == sha && hit.Flow == Flow
                    && hit.Core == v.Core && hit.Variant == v.Variant)
                {
                    cached = true;
                    return hit;
                }

            cached = false;
            if (cachedOnly) return null;
            var ghdlClock = Stopwatch.StartNew();
            var synthesis = Synthesis.Run(netlist, work, writeVerilog: true);
            ghdlClock.Stop();
            var yosysClock = Stopwatch.StartNew();
            var (json, _) = Yosys.SynthXilinx(work, Path.GetFileName(synthesis.VerilogPath!), synthesis.Top);
            var (resources, depth) = XilinxNetlist.AnalyseFile(json, synthesis.Top);
            yosysClock.Stop();
            var figures = new SynthFigures(v.Core, v.Variant, sha, Flow, resources, depth,
                Math.Round(ghdlClock.Elapsed.TotalSeconds, 1), Math.Round(yosysClock.Elapsed.TotalSeconds, 1));
            var text = JsonSerializer.Serialize(figures, VhdlFolder.Json) + "\n";
            Directory.CreateDirectory(Path.GetDirectoryName(tempCache)!);
            AtomicFile.WriteAllText(tempCache, text);
            if (folderCurrent) AtomicFile.WriteAllText(Path.Combine(folder, CacheFile), text);
            return figures;
        }
        finally
        {
            try { Directory.Delete(work, true); } catch (IOException) { }
        }
    }

    static SynthFigures? Load(string path)
    {
        if (!File.Exists(path)) return null;
        try { return JsonSerializer.Deserialize<SynthFigures>(File.ReadAllText(path), VhdlFolder.Json); }
        catch (JsonException) { return null; }
        catch (NotSupportedException) { return null; }
    }
}
