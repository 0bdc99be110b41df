using Crypto.Streams;

namespace Crypto.ChaCha;

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
