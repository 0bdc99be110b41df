using System.Security.Cryptography;
using System.Text.Json;
using System.Text.Json.Serialization;
using Crypto.Catalog;
using Crypto.Streams;
using Hdl;
using Hdl.Vhdl;

namespace Crypto.Cli;

/// <summary>What verify records in vhdl-out/&lt;core&gt;-&lt;variant&gt;/verified.json after GHDL agreed.</summary>
public sealed record VerificationRecord(string Core, string Variant, string VhdlSha256, long CyclesCompared, int Seed, int Blocks);

/// <summary>
/// A folder of generated VHDL (vhdl-out/&lt;core&gt;-&lt;variant&gt;): writing it, hashing it, and
/// its verification record.
/// </summary>
public static class VhdlFolder
{
    public const string RecordFile = "verified.json";

    /// <summary>The variant's folder under vhdl-out/ of the repository at <paramref name="repositoryRoot"/>.</summary>
    public static string Of(string repositoryRoot, ICoreVariant variant) =>
        Path.Combine(repositoryRoot, CoreRegistry.VhdlFolder(variant));

    internal static readonly JsonSerializerOptions Json = new()
    {
        PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
        WriteIndented = true,
        NumberHandling = JsonNumberHandling.Strict,
        // Plain text for files and terminals (no \u escapes for '+' or '<'); never embedded in HTML.
        Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
    };

    /// <summary>The .vhd files of <paramref name="dir"/>, sorted by file name (ordinal).</summary>
    public static IReadOnlyList<string> VhdlFiles(string dir) =>
        Directory.Exists(dir)
            ? [.. Directory.GetFiles(dir, "*.vhd").OrderBy(Path.GetFileName, StringComparer.Ordinal)]
            : [];

    /// <summary>
    /// SHA-256 (lowercase hex) of the contents of the .vhd files of <paramref name="dir"/>, sorted by
    /// name and concatenated; null when there are none.
    /// </summary>
    public static string? Sha256(string dir)
    {
        var files = VhdlFiles(dir);
        if (files.Count == 0) return null;
        using var hash = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
        foreach (var f in files) hash.AppendData(File.ReadAllBytes(f));
        return Convert.ToHexStringLower(hash.GetHashAndReset());
    }

    /// <summary>
    /// Writes the design's VHDL into <paramref name="dir"/>, replacing every .vhd file there. The files
    /// are generated into a sibling folder first, so a failing generator leaves the old ones untouched.
    /// </summary>
    public static IReadOnlyList<string> Replace(Netlist netlist, string dir)
    {
        dir = Path.GetFullPath(dir);
        var parent = Path.GetDirectoryName(dir) ?? throw new UsageException($"cannot write VHDL into {dir}");
        Directory.CreateDirectory(parent);
        var staging = Path.Combine(parent, $".{Path.GetFileName(dir)}.staging-{Environment.ProcessId}");
        if (Directory.Exists(staging)) Directory.Delete(staging, true);
        try
        {
            VhdlGenerator.WriteTo(netlist, staging);
            var generated = VhdlFiles(staging);
            if (generated.Count == 0) throw new InvalidOperationException($"the VHDL generator wrote no .vhd file for design {netlist.Design.Name}");
            Directory.CreateDirectory(dir);
            foreach (var old in VhdlFiles(dir)) File.Delete(old);
            var written = new List<string>();
            foreach (var f in generated)
            {
                var target = Path.Combine(dir, Path.GetFileName(f));
                File.Move(f, target);
                written.Add(target);
            }
            return written;
        }
        finally
        {
            if (Directory.Exists(staging)) Directory.Delete(staging, true);
        }
    }

    /// <summary>
    /// True when <paramref name="dir"/> holds a verification record whose VHDL hash equals the hash of
    /// the .vhd files there now (so the VHDL has not changed since GHDL agreed with the simulation).
    /// </summary>
    public static bool IsVerified(string dir, string core, string variant)
    {
        var path = Path.Combine(dir, RecordFile);
        if (!File.Exists(path)) return false;
        VerificationRecord? record;
        try { record = JsonSerializer.Deserialize<VerificationRecord>(File.ReadAllText(path), Json); }
        catch (JsonException) { return false; }
        return record is not null && record.Core == core && record.Variant == variant
            && record.VhdlSha256 is not null && record.VhdlSha256 == Sha256(dir);
    }

    /// <summary>Writes the verification record (deterministic content, no timestamps).</summary>
    public static void WriteRecord(string dir, VerificationRecord record) =>
        AtomicFile.WriteAllText(Path.Combine(dir, RecordFile), JsonSerializer.Serialize(record, Json) + "\n");
}

/// <summary>Writes a file through a temporary sibling and a rename, so readers never see half a file.</summary>
public static class AtomicFile
{
    public static void WriteAllText(string path, string text)
    {
        path = Path.GetFullPath(path);
        var temp = path + $".tmp-{Environment.ProcessId}";
        try
        {
            File.WriteAllText(temp, text, new System.Text.UTF8Encoding(false));
            File.Move(temp, path, overwrite: true);
        }
        finally
        {
            if (File.Exists(temp)) File.Delete(temp);
        }
    }
}
