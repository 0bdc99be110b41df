using Crypto.Aes;
using Crypto.Catalog;
using Crypto.ChaCha;
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
        ["aes"] = AesKnownAnswers.Fips197AppendixC,
        ["aes-gcm"] = AesKnownAnswers.GcmTestCase4,
        ["md5"] = v => HashKnownAnswers.Check(v, "RFC 1321 A.5 \"message digest\"", "message digest"u8.ToArray(), "f96b697d7cb7938d525a2f31aaf161d0"),
        ["sha224"] = v => HashKnownAnswers.Check(v, "FIPS 180-4 SHA-224 \"abc\"", "abc"u8.ToArray(), "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"),
        ["sha256"] = v => HashKnownAnswers.Check(v, "FIPS 180-4 SHA-256 \"abc\"", "abc"u8.ToArray(), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ["sha384"] = v => HashKnownAnswers.Check(v, "FIPS 180-4 SHA-384 \"abc\"", "abc"u8.ToArray(),
            "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"),
        ["sha512"] = v => HashKnownAnswers.Check(v, "FIPS 180-4 SHA-512 \"abc\"", "abc"u8.ToArray(),
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"),
        ["chacha20"] = ChaChaKnownAnswers.Rfc8439Section242,
        ["poly1305"] = ChaChaKnownAnswers.Rfc8439Section252,
        ["chacha20-poly1305"] = ChaChaKnownAnswers.Rfc8439Section282,
    };

    static readonly Lazy<CoreFamilies> lazyDefault = new(() => new CoreFamilies(
        [.. CoreRegistry.All.GroupBy(v => v.Core).Select(g => new CoreFamily(g.Key, [.. g],
            knownAnswers.GetValueOrDefault(g.Key) ?? (_ => throw new InvalidOperationException($"no known-answer test for core {g.Key} in the CLI"))))]));

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

/// <summary>Published AES and AES-GCM known-answer tests run through the simulation.</summary>
public static class AesKnownAnswers
{
    /// <summary>FIPS-197 Appendix C.1, C.2, C.3: the key of each size (code 0, 1, 2) and its ciphertext of 00112233...ff.</summary>
    static readonly (string Name, string Key, string Ciphertext)[] appendixC =
    [
        ("FIPS-197 C.1", "000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"),
        ("FIPS-197 C.2", "000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"),
        ("FIPS-197 C.3", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "8ea2b7ca516745bfeafc49904b496089"),
    ];

    /// <summary>
    /// FIPS-197 Appendix C (C.1, AES-128, unless the build takes one other key size): key, plaintext
    /// and ciphertext as published, as one block through the variant: decryption variants go back
    /// from the ciphertext; a CTR core gets the plaintext as its counter block and zero data, CBC
    /// cores a zero IV, so the published block comes out either way.
    /// </summary>
    public static KnownAnswerResult Fips197AppendixC(ICoreVariant variant)
    {
        var core = variant as AesVariant ?? AesCatalog.Find(variant.Variant);
        var (name, keyHex, ciphertextHex) = appendixC[core.KeySizes[0]];
        var key = AesKey.FromBytes(Convert.FromHexString(keyHex));
        var plaintext = AesModel.FromHex("00112233445566778899aabbccddeeff");
        var ciphertext = AesModel.FromHex(ciphertextHex);
        bool ctr = core.Mode == AesMode.Ctr;
        var job = new AesBlockJob(key, ctr ? 0 : core.Decrypt ? ciphertext : plaintext, 0, true, ctr ? plaintext : 0);
        var run = AesCatalog.RunInOrder(core, [job]);
        string expected = AesModel.ToHex(core.Decrypt ? plaintext : ciphertext);
        string got = run.Outputs.Count == 1 ? AesModel.ToHex(run.Outputs[0].Block) : "nothing";
        return new KnownAnswerResult(core.Decrypt ? $"{name} (inverse)" : name, got == expected, expected, got, run.Cycles);
    }

    /// <summary>
    /// Test case 4 of McGrew and Viega's GCM specification (AES-128, 96-bit IV, 20 bytes of AAD, 60 bytes of plaintext):
    /// ciphertext and tag through the GCM core.
    /// </summary>
    public static KnownAnswerResult GcmTestCase4(ICoreVariant variant)
    {
        var gcm = variant as AesGcmVariant ?? throw new InvalidOperationException($"{variant} is not an AES-GCM core");
        byte[] key = Convert.FromHexString("feffe9928665731c6d6a8f9467308308"), iv = Convert.FromHexString("cafebabefacedbaddecaf888"),
            aad = Convert.FromHexString("feedfacedeadbeeffeedfacedeadbeefabaddad2"),
            plaintext = Convert.FromHexString("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39");
        const string sealedText = "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091" +
            "5bc94fbc3221a5db94fae95ae7121a47";
        var (outcome, cycles, _) = gcm.Process(new AesGcmMessage(key, iv, aad, plaintext));
        string got = Convert.ToHexStringLower([.. outcome.Text, .. outcome.Tag]);
        return new KnownAnswerResult("GCM test case 4", got == sealedText, sealedText, got, cycles);
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

/// <summary>Published ChaCha20, Poly1305 and ChaCha20-Poly1305 known-answer tests run through the simulation.</summary>
public static class ChaChaKnownAnswers
{
    /// <summary>RFC 8439 §2.4.2: key 00..1f, nonce 00:00:00:00:00:00:00:4a:00:00:00:00, initial counter 1, the "sunscreen" plaintext.</summary>
    public static KnownAnswerResult Rfc8439Section242(ICoreVariant variant)
    {
        byte[] key = Convert.FromHexString("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
        byte[] nonce = Convert.FromHexString("000000000000004a00000000");
        byte[] plaintext = "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it."u8.ToArray();
        const string ciphertext =
            "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0bf91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8" +
            "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab77937365af90bbf74a35be6b40b8eedf2785e42874d";
        var run = ChaChaCatalog.Encrypt(variant.Variant, key, nonce, 1, plaintext);
        string got = Convert.ToHexStringLower(run.Output);
        return new KnownAnswerResult("RFC 8439 2.4.2", got == ciphertext, ciphertext, got, run.Cycles);
    }

    /// <summary>RFC 8439 §2.5.2: the Poly1305 tag of "Cryptographic Forum Research Group".</summary>
    public static KnownAnswerResult Rfc8439Section252(ICoreVariant variant)
    {
        byte[] key = Convert.FromHexString("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b");
        const string tag = "a8061dc1305136c6c22b8baf0c0127a9";
        var (got, cycles) = Poly1305Catalog.Mac(variant.Variant, key, "Cryptographic Forum Research Group"u8.ToArray());
        string hex = Convert.ToHexStringLower(got);
        return new KnownAnswerResult("RFC 8439 2.5.2", hex == tag, tag, hex, cycles);
    }

    /// <summary>RFC 8439 §2.8.2: AEAD_CHACHA20_POLY1305 of the "sunscreen" plaintext with 12 bytes of AAD: ciphertext, then tag.</summary>
    public static KnownAnswerResult Rfc8439Section282(ICoreVariant variant)
    {
        byte[] key = Convert.FromHexString("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f");
        byte[] nonce = Convert.FromHexString("070000004041424344454647");
        byte[] aad = Convert.FromHexString("50515253c0c1c2c3c4c5c6c7");
        byte[] plaintext = "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it."u8.ToArray();
        const string sealedText =
            "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36" +
            "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc3ff4def08e4b7a9de576d26586cec64b6116" +
            "1ae10b594f09e26a7e902ecbd0600691";
        var run = ChaChaPolyCatalog.Run(variant.Variant, key, nonce, aad, plaintext, decrypt: false);
        string got = Convert.ToHexStringLower([.. run.Output, .. run.Tag]);
        return new KnownAnswerResult("RFC 8439 2.8.2", got == sealedText, sealedText, got, run.Cycles);
    }
}
