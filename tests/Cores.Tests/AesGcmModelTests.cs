using System.Security.Cryptography;
using System.Text.Json;
using Crypto.Aes;
using Xunit;

namespace Cores.Tests;

/// <summary>The AES-GCM software model and GHASH arithmetic against the GCM specification, Wycheproof and .NET.</summary>
public class AesGcmModelTests
{
    static byte[] H(string hex) => Convert.FromHexString(hex);

    const string Tc3Key = "feffe9928665731c6d6a8f9467308308", Tc3Iv = "cafebabefacedbaddecaf888",
        Tc3Plaintext = "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255",
        Tc4Aad = "feedfacedeadbeeffeedfacedeadbeefabaddad2";

    /// <summary>Test cases 1-6 of McGrew and Viega, "The Galois/Counter Mode of Operation (GCM)", typed in.</summary>
    public static TheoryData<string, string, string, string, string, string> SpecificationCases() => new()
    {
        { "00000000000000000000000000000000", "000000000000000000000000", "", "", "", "58e2fccefa7e3061367f1d57a4e7455a" },
        { "00000000000000000000000000000000", "000000000000000000000000", "00000000000000000000000000000000", "", "0388dace60b6a392f328c2b971b2fe78", "ab6e47d42cec13bdf53a67b21257bddf" },
        { Tc3Key, Tc3Iv, Tc3Plaintext, "",
            "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985", "4d5c2af327cd64a62cf35abd2ba6fab4" },
        { Tc3Key, Tc3Iv, Tc3Plaintext[..120], Tc4Aad,
            "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091", "5bc94fbc3221a5db94fae95ae7121a47" },
        { Tc3Key, "cafebabefacedbad", Tc3Plaintext[..120], Tc4Aad,
            "61353b4c2806934a777ff51fa22a4755699b2a714fcdc6f83766e5f97b6c742373806900e49f24b22b097544d4896b424989b5e1ebac0f07c23f4598", "3612d2e79e3b0785561be14aaca2fccb" },
        { Tc3Key, "9313225df88406e555909c5aff5269aa6a7a9538534f7da1e4c303d2a318a728c3c0c95156809539fcf0e2429a6b525416aedbf5a0de6a57a637b39b",
            Tc3Plaintext[..120], Tc4Aad,
            "8ce24998625615b603a033aca13fb894be9112a5c3a211a8ba262a3cca7e2ca701e4a9a4fba43c90ccdcb281d48c7c6fd62875d2aca417034c34aee5", "619cc5aefffe0bfa462af43c1699d050" },
    };

    [Theory]
    [MemberData(nameof(SpecificationCases))]
    public void SealsAndOpensTheSpecificationCases(string key, string iv, string plaintext, string aad, string ciphertext, string tag)
    {
        var (c, t) = AesGcmModel.Seal(H(key), H(iv), H(plaintext), H(aad));
        Assert.Equal(ciphertext, Convert.ToHexStringLower(c));
        Assert.Equal(tag, Convert.ToHexStringLower(t));
        Assert.Equal(plaintext, Convert.ToHexStringLower(AesGcmModel.Open(H(key), H(iv), c, H(aad), t)!));
        t[^1] ^= 0x80;
        Assert.Null(AesGcmModel.Open(H(key), H(iv), c, H(aad), t));
    }

    /// <summary>
    /// Every case of Wycheproof's aes_gcm_test.json (IVs of 0 to 2056 bits, counter wrap, modified tags): valid ones
    /// seal to the published ciphertext and tag and open again; invalid ones are rejected (an empty IV with a clear error).
    /// </summary>
    [Fact]
    public void WycheproofAesGcm()
    {
        var (valid, invalid) = RunWycheproof("aes_gcm_test.json", authenticateOnly: false);
        Assert.Equal((229, 87), (valid, invalid));
    }

    /// <summary>Every case of Wycheproof's aes_gmac_test.json: the message is authenticated only (AAD, no ciphertext).</summary>
    [Fact]
    public void WycheproofAesGmac()
    {
        var (valid, invalid) = RunWycheproof("aes_gmac_test.json", authenticateOnly: true);
        Assert.Equal((90, 324), (valid, invalid));
    }

    static (int Valid, int Invalid) RunWycheproof(string file, bool authenticateOnly)
    {
        using var doc = JsonDocument.Parse(File.ReadAllBytes(Path.Combine(TestVectors.Directory("aes-gcm"), file)));
        int valid = 0, invalid = 0;
        foreach (var group in doc.RootElement.GetProperty("testGroups").EnumerateArray())
            foreach (var t in group.GetProperty("tests").EnumerateArray())
            {
                int id = t.GetProperty("tcId").GetInt32();
                byte[] key = H(t.GetProperty("key").GetString()!), iv = H(t.GetProperty("iv").GetString()!),
                    msg = H(t.GetProperty("msg").GetString()!), tag = H(t.GetProperty("tag").GetString()!);
                byte[] aad = authenticateOnly ? msg : H(t.GetProperty("aad").GetString()!);
                byte[] text = authenticateOnly ? [] : msg, ct = authenticateOnly ? [] : H(t.GetProperty("ct").GetString()!);
                if (t.GetProperty("result").GetString() == "valid")
                {
                    var (c, g) = AesGcmModel.Seal(key, iv, text, aad);
                    Assert.True(ct.AsSpan().SequenceEqual(c), $"{file} tcId {id}: ciphertext differs");
                    Assert.True(tag.AsSpan().SequenceEqual(g), $"{file} tcId {id}: tag differs");
                    Assert.True(text.AsSpan().SequenceEqual(AesGcmModel.Open(key, iv, ct, aad, tag)), $"{file} tcId {id}: does not open");
                    valid++;
                }
                else
                {
                    Assert.Equal("invalid", t.GetProperty("result").GetString());
                    if (iv.Length == 0)
                        Assert.Throws<ArgumentException>(() => AesGcmModel.Open(key, iv, ct, aad, tag));
                    else
                        Assert.True(AesGcmModel.Open(key, iv, ct, aad, tag) is null, $"{file} tcId {id}: an invalid case opened");
                    invalid++;
                }
            }
        Assert.Equal(doc.RootElement.GetProperty("numberOfTests").GetInt32(), valid + invalid);
        return (valid, invalid);
    }

    [Fact]
    public void SealMatchesDotNetAesGcm()
    {
        Assert.SkipUnless(AesGcm.IsSupported, "System.Security.Cryptography.AesGcm is not supported on this platform");
        const int seed = 3821;
        var rng = new Random(seed);
        for (int i = 0; i < 200; i++)
        {
            byte[] key = new byte[16 + 8 * rng.Next(3)], nonce = new byte[12], plaintext = new byte[rng.Next(0, 300)], aad = new byte[rng.Next(0, 40)];
            rng.NextBytes(key);
            rng.NextBytes(nonce);
            rng.NextBytes(plaintext);
            rng.NextBytes(aad);
            int tagBytes = rng.Next(AesGcmModel.MinTagBytes, AesGcmModel.TagBytes + 1);
            byte[] ct = new byte[plaintext.Length], tag = new byte[tagBytes];
            using (var aead = new AesGcm(key, tagBytes)) aead.Encrypt(nonce, plaintext, ct, tag, aad);
            var (c, g) = AesGcmModel.Seal(key, nonce, plaintext, aad);
            Assert.True(ct.AsSpan().SequenceEqual(c) && tag.AsSpan().SequenceEqual(g.AsSpan(0, tagBytes)), $"seed {seed}, case {i}: differs from .NET AesGcm");
            Assert.True(plaintext.AsSpan().SequenceEqual(AesGcmModel.Open(key, nonce, c, aad, tag)), $"seed {seed}, case {i}: a {tagBytes}-byte tag does not open");
        }
    }

    [Fact]
    public void OpenRefusesTagsShorterThan96BitsOrLongerThan128()
    {
        byte[] key = new byte[16], iv = new byte[12];
        Assert.Throws<ArgumentException>(() => AesGcmModel.Open(key, iv, [], [], new byte[11]));
        Assert.Throws<ArgumentException>(() => AesGcmModel.Open(key, iv, [], [], new byte[17]));
    }

    /// <summary>inc_32 wraps within the low 32 bits and leaves the rest of the counter block alone.</summary>
    [Fact]
    public void Increment32WrapsInTheLowWord()
    {
        Assert.Equal(new UInt128(0x0123456789abcdefUL, 0xfedcba9800000000UL), AesGcmModel.Increment32(new UInt128(0x0123456789abcdefUL, 0xfedcba98ffffffffUL)));
        Assert.Equal(new UInt128(0, 2), AesGcmModel.Increment32(new UInt128(0, 1)));
    }

    /// <summary>
    /// Products against a carry-less multiply written independently (bit-reversed operands, polynomial product,
    /// reduction), the field's laws, and H^1 = H.
    /// </summary>
    [Fact]
    public void MultiplyIsTheFieldProduct()
    {
        const int seed = 128;
        var rng = new Random(seed);
        for (int i = 0; i < 300; i++)
        {
            UInt128 a = Random128(rng), b = Random128(rng), c = Random128(rng);
            Assert.True(ReferenceMultiply(a, b) == GhashMath.Multiply(a, b), $"seed {seed}, case {i}: product differs");
            Assert.True(GhashMath.Multiply(a, b) == GhashMath.Multiply(b, a), $"seed {seed}, case {i}: not commutative");
            Assert.True(GhashMath.Multiply(a, b ^ c) == (GhashMath.Multiply(a, b) ^ GhashMath.Multiply(a, c)), $"seed {seed}, case {i}: not distributive");
        }
        // The unit is x^0, GCM's top bit.
        UInt128 one = UInt128.One << 127, h = Random128(rng);
        Assert.Equal(h, GhashMath.Multiply(one, h));
        Assert.Equal(h, GhashMath.Power(h, 1));
    }

    /// <summary>The d-way interleaved GHASH a pipelined multiplier computes equals GHASH for every depth and length.</summary>
    [Fact]
    public void InterleavedGhashEqualsGhash()
    {
        const int seed = 2026;
        var rng = new Random(seed);
        UInt128 h = Random128(rng);
        for (int n = 0; n <= 20; n++)
        {
            var blocks = Enumerable.Range(0, n).Select(_ => Random128(rng)).ToArray();
            UInt128 expected = GhashMath.Ghash(h, blocks);
            for (int depth = 1; depth <= 8; depth++)
                Assert.True(expected == GhashMath.GhashInterleaved(h, blocks, depth), $"seed {seed}: {n} blocks, depth {depth}");
        }
    }

    static UInt128 Random128(Random rng) => new((ulong)rng.NextInt64() ^ ((ulong)rng.Next() << 40), (ulong)rng.NextInt64() ^ ((ulong)rng.Next() << 40));

    /// <summary>
    /// GF(2^128) product by the textbook route: reverse the bits (so bit i is the coefficient of x^i), multiply the
    /// polynomials carry-less into 255 bits, reduce x^128 = x^7 + x^2 + x + 1 from the top, reverse back.
    /// </summary>
    static UInt128 ReferenceMultiply(UInt128 a, UInt128 b)
    {
        var ra = Reverse(a); var rb = Reverse(b);
        var product = new bool[255];
        for (int i = 0; i < 128; i++)
            for (int j = 0; j < 128; j++)
                if (Bit(ra, i) && Bit(rb, j)) product[i + j] ^= true;
        for (int k = 254; k >= 128; k--)
            if (product[k])
            {
                product[k] = false;
                foreach (int e in new[] { 7, 2, 1, 0 }) product[k - 128 + e] ^= true;
            }
        UInt128 r = 0;
        for (int i = 0; i < 128; i++) if (product[i]) r |= UInt128.One << i;
        return Reverse(r);
    }

    static bool Bit(UInt128 x, int i) => ((x >> i) & 1) != 0;

    static UInt128 Reverse(UInt128 x)
    {
        UInt128 r = 0;
        for (int i = 0; i < 128; i++) if (Bit(x, i)) r |= UInt128.One << (127 - i);
        return r;
    }
}
