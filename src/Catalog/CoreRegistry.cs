using Crypto.Aes;
using Crypto.Axi;
using Crypto.ChaCha;
using Crypto.Md5;
using Crypto.Sha2;
using Crypto.Streams;

namespace Crypto.Catalog;

/// <summary>
/// The one list of cores: a module per core folder (<see cref="ICoreModule"/>), and every variant of
/// every core, what the CLI, the tests, the VHDL export and the report iterate. A new core is a folder
/// and a line here.
/// </summary>
public static class CoreRegistry
{
    public static IReadOnlyList<ICoreModule> Modules { get; } =
    [
        new AesModule(),
        new Md5Module(),
        new Sha2Module(),
        new ChaChaModule(),
    ];

    public static IReadOnlyList<ICoreVariant> All { get; } = [.. Modules.SelectMany(m => m.Variants)];

    /// <summary>The cores with builds for one key size (<see cref="IAesKeySizeBuild"/>): aes, aes-gcm.</summary>
    public static IReadOnlyList<string> KeySizeCores { get; } = [.. All.OfType<IAesKeySizeBuild>().Select(v => v.Core).Distinct()];

    /// <summary>
    /// The variant built for <paramref name="keyBits"/> (the <c>--key-bits</c> option: "all", or 128,
    /// 192, 256 for AES and AES-GCM), or an exception whose message is one line naming what exists.
    /// </summary>
    public static ICoreVariant Find(string core, string variant, string keyBits = "all") => Find(All, core, variant, keyBits);

    /// <summary><see cref="Find(string, string, string)"/> among <paramref name="variants"/> (case-insensitive names).</summary>
    public static ICoreVariant Find(IEnumerable<ICoreVariant> variants, string core, string variant, string keyBits)
    {
        var ofCore = variants.Where(v => string.Equals(v.Core, core, StringComparison.OrdinalIgnoreCase)).ToList();
        if (ofCore.Count == 0)
            throw new ArgumentException($"unknown core '{core}'; known cores: {string.Join(", ", variants.Select(v => v.Core).Distinct())}");
        int bits = AesKeyBits.ParseFor(core, keyBits, KeySizeCores);
        var named = ofCore.Where(v => string.Equals(v.Variant, variant, StringComparison.OrdinalIgnoreCase)).ToList();
        if (named.Count == 0)
            throw new ArgumentException($"unknown {core} variant '{variant}'; known variants: {string.Join(", ", ofCore.Select(v => v.Variant).Distinct())}");
        return named.FirstOrDefault(v => v.KeyBits == AesKeyBits.Name(bits))
            ?? ((IAesKeySizeBuild)named[0]).ForKeyBits(bits);
    }

    /// <summary>The build called <paramref name="name"/> (its vhdl-out folder name, e.g. aes128-proc11).</summary>
    public static ICoreVariant FindByName(string name) =>
        All.FirstOrDefault(v => v.Name == name) ?? throw new ArgumentException($"no build named '{name}'");

    /// <summary>The folder of a variant's generated VHDL, relative to the repository root.</summary>
    public static string VhdlFolder(ICoreVariant v) => Path.Combine("vhdl-out", $"{v.Name}");

    /// <summary>The repository root: the nearest folder upwards holding Crypto.sln.</summary>
    public static string FindRepositoryRoot(string? start = null)
    {
        for (var d = new DirectoryInfo(start ?? Directory.GetCurrentDirectory()); d is not null; d = d.Parent)
            if (File.Exists(Path.Combine(d.FullName, "Crypto.sln"))) return d.FullName;
        throw new DirectoryNotFoundException("not inside the repository: no Crypto.sln found in this folder or above it");
    }
}
