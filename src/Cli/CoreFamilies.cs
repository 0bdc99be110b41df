using Crypto.Aes;
using Crypto.Catalog;
using Crypto.Hashing;
using Crypto.Streams;

namespace Crypto.Cli;

/// <summary>Outcome of a core's published known-answer test run through the simulation of one variant.</summary>
public sealed record KnownAnswerResult(string Name, bool Passed, string Expected, string Got, long Cycles);

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
    /// <summary>The known-answer test of each core (a core without one fails the demo).</summary>
    static readonly Dictionary<string, Func<ICoreVariant, KnownAnswerResult>> knownAnswers = new()
    {
        ["aes"] = AesKnownAnswers.Fips197C1,
        ["md5"] = v => HashKnownAnswers.Check(v, "RFC 1321 A.5 \"message digest\"", "message digest"u8.ToArray(), "f96b697d7cb7938d525a2f31aaf161d0"),
    };

    static readonly Lazy<CoreFamilies> lazyDefault = new(() => new CoreFamilies(
        [.. CoreRegistry.All.GroupBy(v => v.Core).Select(g => new CoreFamily(g.Key, [.. g],
            knownAnswers.GetValueOrDefault(g.Key) ?? (_ => throw new InvalidOperationException($"no known-answer test for core {g.Key} in the CLI"))))]));

    /// <summary>Every variant of every core built into this repository (from <see cref="CoreRegistry"/>).</summary>
    public static CoreFamilies Default => lazyDefault.Value;

    public IReadOnlyList<CoreFamily> Families { get; } = families;

    public IEnumerable<ICoreVariant> Variants => Families.SelectMany(f => f.Variants);

    public CoreFamily FindCore(string core) =>
        Families.FirstOrDefault(f => string.Equals(f.Core, core, StringComparison.OrdinalIgnoreCase))
        ?? throw new UsageException($"unknown core '{core}'; known cores: {string.Join(", ", Families.Select(f => f.Core))}");

    /// <summary>The variant of a core, by name (case-insensitive, like the catalogs).</summary>
    public ICoreVariant Find(string core, string variant)
    {
        var family = FindCore(core);
        return family.Variants.FirstOrDefault(v => string.Equals(v.Variant, variant, StringComparison.OrdinalIgnoreCase))
            ?? throw new UsageException(
                $"unknown {core} variant '{variant}'; known variants: {string.Join(", ", family.Variants.Select(v => v.Variant))}");
    }
}

/// <summary>Published AES known-answer tests run through the simulation.</summary>
public static class AesKnownAnswers
{
    /// <summary>
    /// FIPS-197 Appendix C.1 (AES-128): key, plaintext and ciphertext as published, as one block through
    /// the variant: decryption variants go back from the ciphertext; a CTR core gets the plaintext as its
    /// counter block and zero data, CBC cores a zero IV, so the published block comes out either way.
    /// </summary>
    public static KnownAnswerResult Fips197C1(ICoreVariant variant)
    {
        var key = AesKey.FromBytes(Convert.FromHexString("000102030405060708090a0b0c0d0e0f"));
        var plaintext = AesModel.FromHex("00112233445566778899aabbccddeeff");
        var ciphertext = AesModel.FromHex("69c4e0d86a7b0430d8cdb78070b4c55a");
        var core = AesCatalog.Find(variant.Variant);
        bool ctr = core.Mode == AesMode.Ctr;
        var job = new AesBlockJob(key, ctr ? 0 : core.Decrypt ? ciphertext : plaintext, 0, true, ctr ? plaintext : 0);
        var run = AesCatalog.RunInOrder(core, [job]);
        string expected = AesModel.ToHex(core.Decrypt ? plaintext : ciphertext);
        string got = run.Outputs.Count == 1 ? AesModel.ToHex(run.Outputs[0].Block) : "nothing";
        return new KnownAnswerResult(core.Decrypt ? "FIPS-197 C.1 (inverse)" : "FIPS-197 C.1", got == expected, expected, got, run.Cycles);
    }
}

/// <summary>Published hash known-answer tests run through the simulation.</summary>
public static class HashKnownAnswers
{
    /// <summary>Hashes <paramref name="message"/> through <paramref name="variant"/> and compares with the published digest.</summary>
    public static KnownAnswerResult Check(ICoreVariant variant, string name, byte[] message, string digest)
    {
        var hash = variant as IHashVariant ?? throw new InvalidOperationException($"{variant} is not a hash core");
        var run = hash.Hash([message]);
        string got = run.Digests[0] is { } d ? Convert.ToHexStringLower(d) : "nothing";
        return new KnownAnswerResult(name, got == digest, digest, got, run.Cycles);
    }
}
