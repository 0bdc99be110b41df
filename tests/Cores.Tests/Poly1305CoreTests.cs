using System.Text;
using System.Text.Json;
using Crypto.ChaCha;
using Crypto.Streams;
using Hdl;
using Xunit;

namespace Cores.Tests;

/// <summary>The Poly1305 core simulated cycle by cycle, and AEAD_CHACHA20_POLY1305 through the simulated ChaCha20 and Poly1305 cores.</summary>
public class Poly1305CoreTests
{
    static byte[] H(string hex) => Convert.FromHexString(hex);

    [Fact]
    public void MacRfc8439Section252AndTheEmptyMessage()
    {
        var (tag, cycles) = Poly1305Catalog.Mac("naive", H(Poly1305ModelTests.Section252Key), Encoding.ASCII.GetBytes(Poly1305ModelTests.Section252Message));
        Assert.Equal(Poly1305ModelTests.Section252Tag, Convert.ToHexStringLower(tag));
        // Three blocks taken at cycles 0..2, the final accumulator registered at the third edge, the tag
        // at the fourth, taken in cycle 4.
        Assert.Equal(5, cycles);
        var (empty, _) = Poly1305Catalog.Mac("naive", H(Poly1305ModelTests.Section252Key), []);
        Assert.Equal(Poly1305Model.Mac(H(Poly1305ModelTests.Section252Key), []), empty);
        Assert.Equal(H(Poly1305ModelTests.Section252Key)[16..], empty);
    }

    [Theory]
    [InlineData(1301, 0.3, 0.3)]
    [InlineData(1302, 0.0, 0.8)]
    [InlineData(1303, 0.8, 0.0)]
    [InlineData(1304, 0.0, 0.0)]
    public void RandomMessagesUnderGapsAndBackPressureMatchTheModel(int seed, double gap, double stall)
    {
        var words = Poly1305Catalog.RandomWords(1500, seed);
        Assert.Contains(words, w => w.KeyR == UInt128.MaxValue);
        Assert.Contains(words, w => w.Last && w.ByteCount == 0);
        var expected = Poly1305Catalog.Expected(words);
        var run = Poly1305Catalog.Find("naive").Run(words, new StreamOptions(seed, gap, stall));
        var context = $"seed {seed}, gap {gap}, stall {stall}";
        Assert.True(run.Stream.ProtocolErrors.Count == 0, $"{context}: {string.Join("; ", run.Stream.ProtocolErrors)}");
        var mismatches = StreamTestbench<IPoly1305In, IPoly1305Out>.Compare(expected, run.Stream.Outputs);
        Assert.True(mismatches.Count == 0, $"{context}: {mismatches.Count} mismatches, first: {string.Join("; ", mismatches.Take(3))}");
    }

    [Fact]
    public void OneBlockPerClock()
    {
        var m = Poly1305Catalog.Find("naive").Measure(200);
        Assert.Equal(1.0, m.ClocksPerBlock);
        Assert.Equal(2, m.Latency);
        // A long message: one block per clock, then the tag's clock and its transfer cycle.
        var rng = new Random(77);
        var key = new byte[32];
        var message = new byte[16 * 500 - 3];
        rng.NextBytes(key);
        rng.NextBytes(message);
        var (tag, cycles) = Poly1305Catalog.Mac("naive", key, message);
        Assert.Equal(Poly1305Model.Mac(key, message), tag);
        Assert.Equal(500 + 2, cycles);
    }

    [Fact]
    public void AeadRfc8439Section282ThroughTheCores()
    {
        byte[] key = H("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"), nonce = H("070000004041424344454647"),
            aad = H("50515253c0c1c2c3c4c5c6c7"), plaintext = Encoding.ASCII.GetBytes(ChaChaModelTests.SunscreenPlaintext);
        foreach (var chacha in ChaChaCatalog.Variants)
        {
            var (ciphertext, tag) = Poly1305Catalog.Seal(chacha.Variant, "naive", key, nonce, plaintext, aad);
            Assert.Equal(Poly1305Model.Seal(key, nonce, plaintext, aad).Ciphertext, ciphertext);
            Assert.Equal("1ae10b594f09e26a7e902ecbd0600691", Convert.ToHexStringLower(tag));
        }
    }

    /// <summary>
    /// Every Wycheproof case through the simulated naive ChaCha20 and Poly1305 cores: valid ones seal to
    /// the published ciphertext and tag and open again; invalid ones with a 96-bit nonce are rejected
    /// (the others are rejected for their nonce length before any simulation).
    /// </summary>
    [Fact]
    public void WycheproofThroughTheCores()
    {
        var path = Path.Combine(TestVectors.Directory("chacha20"), "supplementary", "chacha20_poly1305_test.json");
        using var doc = JsonDocument.Parse(File.ReadAllBytes(path));
        int valid = 0, invalid = 0;
        foreach (var group in doc.RootElement.GetProperty("testGroups").EnumerateArray())
            foreach (var t in group.GetProperty("tests").EnumerateArray())
            {
                int id = t.GetProperty("tcId").GetInt32();
                byte[] key = H(t.GetProperty("key").GetString()!), iv = H(t.GetProperty("iv").GetString()!), msg = H(t.GetProperty("msg").GetString()!),
                    aad = H(t.GetProperty("aad").GetString()!), ct = H(t.GetProperty("ct").GetString()!), tag = H(t.GetProperty("tag").GetString()!);
                if (t.GetProperty("result").GetString() == "valid")
                {
                    var (c, g) = Poly1305Catalog.Seal("naive", "naive", key, iv, msg, aad);
                    Assert.True(ct.AsSpan().SequenceEqual(c), $"tcId {id}: ciphertext differs");
                    Assert.True(tag.AsSpan().SequenceEqual(g), $"tcId {id}: tag differs");
                    Assert.True(msg.AsSpan().SequenceEqual(Poly1305Catalog.Open("naive", "naive", key, iv, ct, aad, tag)), $"tcId {id}: does not open");
                    valid++;
                }
                else if (iv.Length == ChaChaModel.NonceBytes)
                {
                    Assert.True(Poly1305Catalog.Open("naive", "naive", key, iv, ct, aad, tag) is null, $"tcId {id}: an invalid case opened");
                    invalid++;
                }
                else Assert.Throws<ArgumentException>(() => Poly1305Catalog.Open("naive", "naive", key, iv, ct, aad, tag));
            }
        Assert.Equal(256, valid);
        Assert.Equal(60, invalid);
    }

    [Fact]
    public void IdleCoreHoldsNoValidOutputAndOffersReady()
    {
        var core = Poly1305Catalog.Find("naive").Build();
        var sim = new Simulation(core.Design);
        core.Input.Valid = false;
        core.OutputReady.Ready = true;
        for (int cycle = 0; cycle < 20; cycle++)
        {
            sim.Settle();
            Assert.False(core.Output.Valid);
            Assert.True(core.InputReady.Ready);
            sim.Clock();
        }
    }
}
