using Crypto.Aes;
using Crypto.Catalog;
using Crypto.ChaCha;
using Crypto.Hashing;
using Crypto.Streams;

namespace Crypto.Cli;

/// <summary>
/// One algorithm family: its CLI name, every variant from its catalog, and a published known-answer
/// test that runs through the cycle-accurate simulation of a variant.
/// </summary>
public sealed record CoreFamily(string Core, IReadOnlyList<ICoreVariant> Variants, Func<ICoreVariant, KnownAnswerResult> KnownAnswer);

/// <summary>
/// The cores a run of the CLI works on: the variants of <see cref="CoreRegistry.All"/> grouped by
/// core, each core with its published known-answer test. Tests pass their own set.
/// </summary>
public sealed class CoreFamilies(IReadOnlyList<CoreFamily> families)
{
    static readonly Lazy<CoreFamilies> lazyDefault = new(() => new CoreFamilies(
        [.. CoreRegistry.All.GroupBy(v => v.Core).Select(g => new CoreFamily(g.Key, [.. g], v => v.KnownAnswer()))]));

    /// <summary>Every variant of every core built into this repository (from <see cref="CoreRegistry"/>).</summary>
    public static CoreFamilies Default => lazyDefault.Value;

    public IReadOnlyList<CoreFamily> Families { get; } = families;

    public IEnumerable<ICoreVariant> Variants => Families.SelectMany(f => f.Variants);

    /// <summary>
    /// The builds for <paramref name="keyBits"/> (the <c>--key-bits</c> option: "all", 128, 192, 256),
    /// or, when it is not given, every build: the default ones and the AES-128 builds.
    /// </summary>
    public IEnumerable<ICoreVariant> Builds(string? keyBits)
    {
        if (keyBits is null) return Variants;
        int bits;
        try { bits = AesKeyBits.Parse(keyBits); }
        catch (ArgumentException e) { throw new UsageException(e.Message); }
        if (bits is 192 or 256)
            return Variants.OfType<IAesKeySizeBuild>().Where(v => v.KeyBits == AesKeyBits.Name(AesKeyBits.All)).Select(v => v.ForKeyBits(bits));
        return Variants.Where(v => v.KeyBits == AesKeyBits.Name(bits));
    }

    public CoreFamily FindCore(string core) =>
        Families.FirstOrDefault(f => string.Equals(f.Core, core, StringComparison.OrdinalIgnoreCase))
        ?? throw new UsageException($"unknown core '{core}'; known cores: {string.Join(", ", Families.Select(f => f.Core))}");

    /// <summary>
    /// The variant of a core, by name (case-insensitive, like the catalogs), built for
    /// <paramref name="keyBits"/> (the <c>--key-bits</c> option; only AES has builds of one key size).
    /// </summary>
    public ICoreVariant Find(string core, string variant, string keyBits = "all")
    {
        var family = FindCore(core);
        try { return CoreRegistry.Find(family.Variants, core, variant, keyBits); }
        catch (ArgumentException e) { throw new UsageException(e.Message); }
    }
}
