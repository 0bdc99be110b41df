using Crypto.Streams;

namespace Crypto.Aes;

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
