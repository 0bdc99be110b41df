using Crypto.Aes;
using Crypto.ChaCha;
using Crypto.Md5;
using Crypto.Sha2;
using Crypto.Streams;

namespace Crypto.Catalog;

/// <summary>Every variant of every core: what the CLI, the tests, the VHDL export and the report iterate.</summary>
public static class CoreRegistry
{
    public static IReadOnlyList<ICoreVariant> All { get; } =
    [
        .. AesCatalog.All,
        .. Md5Catalog.Variants,
        .. Sha2Catalog.Variants,
        .. ChaChaCatalog.Variants,
        .. Poly1305Catalog.Variants,
    ];

    /// <summary>The variant, or an exception whose message is one line naming what exists.</summary>
    public static ICoreVariant Find(string core, string variant)
    {
        var ofCore = All.Where(v => v.Core == core).ToList();
        if (ofCore.Count == 0)
            throw new ArgumentException($"unknown core '{core}'; known cores: {string.Join(", ", All.Select(v => v.Core).Distinct())}");
        return ofCore.FirstOrDefault(v => v.Variant == variant)
            ?? throw new ArgumentException($"unknown {core} variant '{variant}'; known variants: {string.Join(", ", ofCore.Select(v => v.Variant))}");
    }

    /// <summary>The folder of a variant's generated VHDL, relative to the repository root.</summary>
    public static string VhdlFolder(ICoreVariant v) => Path.Combine("vhdl-out", $"{v.Core}-{v.Variant}");

    /// <summary>The repository root: the nearest folder upwards holding Crypto.sln.</summary>
    public static string FindRepositoryRoot(string? start = null)
    {
        for (var d = new DirectoryInfo(start ?? Directory.GetCurrentDirectory()); d is not null; d = d.Parent)
            if (File.Exists(Path.Combine(d.FullName, "Crypto.sln"))) return d.FullName;
        throw new DirectoryNotFoundException("not inside the repository: no Crypto.sln found in this folder or above it");
    }
}
