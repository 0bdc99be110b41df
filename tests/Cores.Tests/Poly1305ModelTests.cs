using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using Crypto.ChaCha;
using Xunit;

namespace Cores.Tests;

/// <summary>The Poly1305 and AEAD_CHACHA20_POLY1305 software models against RFC 8439, Wycheproof and .NET.</summary>
public class Poly1305ModelTests
{
    static byte[] H(string hex) => Convert.FromHexString(hex);

    public const string Section252Key = "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b";
    public const string Section252Message = "Cryptographic Forum Research Group";
    public const string Section252Tag = "a8061dc1305136c6c22b8baf0c0127a9";

    [Fact]
    public void MacRfc8439Section252()
    {
        Assert.Equal(Section252Tag, Convert.ToHexStringLower(Poly1305Model.Mac(H(Section252Key), Encoding.ASCII.GetBytes(Section252Message))));
    }

    [Fact]
    public void ClampRfc8439Section252()
    {
        var r = Poly1305Math.Clamp(System.Buffers.Binary.BinaryPrimitives.ReadUInt128LittleEndian(H(Section252Key)));
        Assert.Equal(UInt128.Parse("806d5400e52447c036d555408bed685", System.Globalization.NumberStyles.HexNumber), r);
    }

    [Fact]
    public void OneTimeKeyRfc8439Section262() =>
        Assert.Equal("8ad5a08b905f81cc815040274ab29471a833b637e3fd0da508dbb8e2fdd1a646",
            Convert.ToHexStringLower(Poly1305Model.OneTimeKey(H("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"), H("000000000001020304050607"))));

    [Fact]
    public void AeadRfc8439Section282()
    {
        byte[] key = H("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"), nonce = H("070000004041424344454647"),
            aad = H("50515253c0c1c2c3c4c5c6c7"), plaintext = Encoding.ASCII.GetBytes(ChaChaModelTests.SunscreenPlaintext);
        var (ciphertext, tag) = Poly1305Model.Seal(key, nonce, plaintext, aad);
        Assert.Equal("d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36" +
                     "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc3ff4def08e4b7a9de576d26586cec64b6116", Convert.ToHexStringLower(ciphertext));
        Assert.Equal("1ae10b594f09e26a7e902ecbd0600691", Convert.ToHexStringLower(tag));
        Assert.Equal(plaintext, Poly1305Model.Open(key, nonce, ciphertext, aad, tag));
        tag[0] ^= 1;
        Assert.Null(Poly1305Model.Open(key, nonce, ciphertext, aad, tag));
    }

    /// <summary>
    /// Every case of Wycheproof's chacha20_poly1305_test.json: valid ones seal to the published
    /// ciphertext and tag and open again; invalid ones (modified tags, ciphertexts, nonces of other
    /// sizes) are rejected.
    /// </summary>
    [Fact]
    public void WycheproofAead()
    {
        var path = Path.Combine(TestVectors.Directory("chacha20"), "supplementary", "chacha20_poly1305_test.json");
        using var doc = JsonDocument.Parse(File.ReadAllBytes(path));
        int valid = 0, invalid = 0;
        foreach (var group in doc.RootElement.GetProperty("testGroups").EnumerateArray())
            foreach (var t in group.GetProperty("tests").EnumerateArray())
            {
                int id = t.GetProperty("tcId").GetInt32();
                byte[] key = H(t.GetProperty("key").GetString()!), iv = H(t.GetProperty("iv").GetString()!),
                    aad = H(t.GetProperty("aad").GetString()!), msg = H(t.GetProperty("msg").GetString()!),
                    ct = H(t.GetProperty("ct").GetString()!), tag = H(t.GetProperty("tag").GetString()!);
                string result = t.GetProperty("result").GetString()!;
                if (result == "valid")
                {
                    var (c, g) = Poly1305Model.Seal(key, iv, msg, aad);
                    Assert.True(ct.AsSpan().SequenceEqual(c), $"tcId {id}: ciphertext differs");
                    Assert.True(tag.AsSpan().SequenceEqual(g), $"tcId {id}: tag differs");
                    Assert.True(msg.AsSpan().SequenceEqual(Poly1305Model.Open(key, iv, ct, aad, tag)), $"tcId {id}: does not open");
                    valid++;
                }
                else
                {
                    Assert.Equal("invalid", result);
                    byte[]? opened = null;
                    try { opened = Poly1305Model.Open(key, iv, ct, aad, tag); }
                    catch (ArgumentException) when (iv.Length != ChaChaModel.NonceBytes) { }
                    Assert.True(opened is null, $"tcId {id}: an invalid case opened");
                    invalid++;
                }
            }
        Assert.Equal(doc.RootElement.GetProperty("numberOfTests").GetInt32(), valid + invalid);
        Assert.Equal((256, 69), (valid, invalid));
    }

    [Fact]
    public void SealMatchesDotNetChaCha20Poly1305()
    {
        Assert.SkipUnless(ChaCha20Poly1305.IsSupported, "System.Security.Cryptography.ChaCha20Poly1305 is not supported on this platform");
        const int seed = 1305;
        var rng = new Random(seed);
        for (int i = 0; i < 200; i++)
        {
            byte[] key = new byte[32], nonce = new byte[12], plaintext = new byte[rng.Next(0, 300)], aad = new byte[rng.Next(0, 40)];
            rng.NextBytes(key);
            rng.NextBytes(nonce);
            rng.NextBytes(plaintext);
            rng.NextBytes(aad);
            byte[] ct = new byte[plaintext.Length], tag = new byte[16];
            using (var aead = new ChaCha20Poly1305(key)) aead.Encrypt(nonce, plaintext, ct, tag, aad);
            var (c, g) = Poly1305Model.Seal(key, nonce, plaintext, aad);
            Assert.True(ct.AsSpan().SequenceEqual(c) && tag.AsSpan().SequenceEqual(g), $"seed {seed}, case {i}: differs from .NET ChaCha20Poly1305");
        }
    }
}
