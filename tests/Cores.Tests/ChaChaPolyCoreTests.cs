using System.Buffers.Binary;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using Crypto.ChaCha;
using Crypto.Streams;
using Hdl;
using Hdl.Vhdl;
using Xunit;

namespace Cores.Tests;

/// <summary>
/// The ChaCha20-Poly1305 cores (AEAD_CHACHA20_POLY1305 in one design) against RFC 8439 §2.8.2,
/// every Wycheproof case and .NET's ChaCha20Poly1305, in the engine and in GHDL.
/// </summary>
public class ChaChaPolyCoreTests
{
    static byte[] H(string hex) => Convert.FromHexString(hex);

    public static TheoryData<string> Variants() => [.. ChaChaPolyCatalog.Variants.Select(v => v.Variant)];

    /// <summary>One message for a stream test, and what must come out for it.</summary>
    sealed record Message(string Name, ChaChaPolyWord[] Words, byte[] Output, byte[] Tag, bool TagMismatch);

    /// <summary>
    /// Runs every message through one instance of the core, back to back, and checks each message's
    /// data words and End word against what it must give.
    /// </summary>
    static void RunAndCheck(string variant, IReadOnlyList<Message> messages, StreamOptions options)
    {
        var words = messages.SelectMany(m => m.Words).ToList();
        int expectedOutputs = messages.Sum(m => m.Words.Count(w => w.Kind == ChaChaPolyKind.Data) + 1);
        var run = ChaChaPolyCatalog.Find(variant).Run(words, options);
        Assert.True(run.Stream.ProtocolErrors.Count == 0, $"seed {options.Seed}: {string.Join("; ", run.Stream.ProtocolErrors.Take(5))}");
        var outputs = run.Stream.Outputs;
        Assert.True(outputs.Count == expectedOutputs, $"seed {options.Seed}: {outputs.Count} output words, expected {expectedOutputs}");
        int next = 0;
        foreach (var m in messages)
        {
            var data = new List<byte>();
            while (outputs[next].Kind == ChaChaPolyKind.Data)
            {
                Assert.False(outputs[next].Last, $"seed {options.Seed}, {m.Name}: a data word with Last");
                data.AddRange(ChaChaPolyCatalog.Bytes(outputs[next]).AsSpan(0, outputs[next].ByteCount));
                Assert.True(ChaChaPolyCatalog.Bytes(outputs[next]).AsSpan(outputs[next].ByteCount).IndexOfAnyExcept((byte)0) < 0,
                    $"seed {options.Seed}, {m.Name}: bytes past the count are not zero");
                next++;
            }
            var end = outputs[next++];
            Assert.True(end.Last, $"seed {options.Seed}, {m.Name}: End word without Last");
            Assert.True(m.Output.AsSpan().SequenceEqual(data.ToArray()), $"seed {options.Seed}, {m.Name}: output bytes differ");
            var tag = new byte[16];
            BinaryPrimitives.WriteUInt128LittleEndian(tag, end.Tag);
            Assert.True(m.Tag.AsSpan().SequenceEqual(tag), $"seed {options.Seed}, {m.Name}: tag {Convert.ToHexStringLower(tag)}, expected {Convert.ToHexStringLower(m.Tag)}");
            Assert.True(m.TagMismatch == end.TagMismatch, $"seed {options.Seed}, {m.Name}: tag mismatch flag {end.TagMismatch}, expected {m.TagMismatch}");
        }
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void Rfc8439Section282(string variant)
    {
        byte[] key = H("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"), nonce = H("070000004041424344454647"),
            aad = H("50515253c0c1c2c3c4c5c6c7"), plaintext = Encoding.ASCII.GetBytes(ChaChaModelTests.SunscreenPlaintext);
        var ciphertext = H("d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36" +
                           "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc3ff4def08e4b7a9de576d26586cec64b6116");
        var tag = H("1ae10b594f09e26a7e902ecbd0600691");
        var sealed_ = ChaChaPolyCatalog.Run(variant, key, nonce, aad, plaintext, decrypt: false);
        Assert.Equal(ciphertext, sealed_.Output);
        Assert.Equal(tag, sealed_.Tag);
        Assert.False(sealed_.TagMismatch);
        var opened = ChaChaPolyCatalog.Run(variant, key, nonce, aad, ciphertext, decrypt: true, tag);
        Assert.Equal(plaintext, opened.Output);
        Assert.False(opened.TagMismatch);
        tag[15] ^= 0x80;
        Assert.True(ChaChaPolyCatalog.Run(variant, key, nonce, aad, ciphertext, decrypt: true, tag).TagMismatch);
    }

    /// <summary>
    /// Every case of Wycheproof's chacha20_poly1305_test.json through the simulated core, all in one
    /// stream: valid cases seal to the published ciphertext and tag and open with no mismatch; invalid
    /// cases with a 96-bit nonce are opened and flagged; the others are refused for their nonce length
    /// before they reach the core.
    /// </summary>
    [Theory]
    [MemberData(nameof(Variants))]
    public void WycheproofThroughTheCore(string variant)
    {
        var path = Path.Combine(TestVectors.Directory("chacha20"), "supplementary", "chacha20_poly1305_test.json");
        using var doc = JsonDocument.Parse(File.ReadAllBytes(path));
        var messages = new List<Message>();
        int valid = 0, invalid = 0, refused = 0;
        foreach (var group in doc.RootElement.GetProperty("testGroups").EnumerateArray())
            foreach (var t in group.GetProperty("tests").EnumerateArray())
            {
                int id = t.GetProperty("tcId").GetInt32();
                byte[] key = H(t.GetProperty("key").GetString()!), iv = H(t.GetProperty("iv").GetString()!), msg = H(t.GetProperty("msg").GetString()!),
                    aad = H(t.GetProperty("aad").GetString()!), ct = H(t.GetProperty("ct").GetString()!), tag = H(t.GetProperty("tag").GetString()!);
                if (iv.Length != ChaChaModel.NonceBytes)
                {
                    Assert.Equal("invalid", t.GetProperty("result").GetString());
                    Assert.Throws<ArgumentException>(() => ChaChaPolyCatalog.Words(key, iv, aad, ct, decrypt: true, tag));
                    refused++;
                }
                else if (t.GetProperty("result").GetString() == "valid")
                {
                    messages.Add(new Message($"tcId {id} seal", ChaChaPolyCatalog.Words(key, iv, aad, msg, decrypt: false, tag: null), ct, tag, false));
                    messages.Add(new Message($"tcId {id} open", ChaChaPolyCatalog.Words(key, iv, aad, ct, decrypt: true, tag), msg, tag, false));
                    valid++;
                }
                else
                {
                    // The core computes the right tag of what it got and flags that it differs from the received one.
                    var right = Poly1305Model.Mac(Poly1305Model.OneTimeKey(key, iv), Poly1305Model.AeadMacData(aad, ct));
                    Assert.False(right.AsSpan().SequenceEqual(tag), $"tcId {id}: an invalid case with the right tag");
                    messages.Add(new Message($"tcId {id} open (invalid)", ChaChaPolyCatalog.Words(key, iv, aad, ct, decrypt: true, tag),
                        ChaChaModel.Encrypt(key, iv, 1, ct), right, true));
                    invalid++;
                }
            }
        Assert.Equal((256, 60, 9), (valid, invalid, refused));
        RunAndCheck(variant, messages, StreamOptions.FullSpeed);
    }

    /// <summary>
    /// Seeded random messages (AAD and data of 0..300 bytes) against .NET's ChaCha20Poly1305, sealed and
    /// opened (a third of the openings with a tag one bit off) in one stream under random input gaps and
    /// output back-pressure.
    /// </summary>
    [Theory]
    [InlineData("iterative", 0.3, 0.3)]
    [InlineData("proc10", 0.0, 0.0)]
    [InlineData("proc10", 0.3, 0.5)]
    public void MatchesDotNetUnderGapsAndBackPressure(string variant, double gaps, double stalls)
    {
        Assert.SkipUnless(ChaCha20Poly1305.IsSupported, "System.Security.Cryptography.ChaCha20Poly1305 is not supported on this platform");
        int seed = 4000 + (int)(100 * gaps) + (int)(10 * stalls) + variant.Length;
        var rng = new Random(seed);
        var messages = new List<Message>();
        for (int i = 0; i < 60; i++)
        {
            byte[] key = new byte[32], nonce = new byte[12], plaintext = new byte[rng.Next(4) == 0 ? 0 : rng.Next(1, 300)], aad = new byte[rng.Next(3) == 0 ? 0 : rng.Next(1, 100)];
            rng.NextBytes(key);
            rng.NextBytes(nonce);
            rng.NextBytes(plaintext);
            rng.NextBytes(aad);
            byte[] ct = new byte[plaintext.Length], tag = new byte[16];
            using (var aead = new ChaCha20Poly1305(key)) aead.Encrypt(nonce, plaintext, ct, tag, aad);
            if (rng.Next(2) == 0)
                messages.Add(new Message($"message {i} seal", ChaChaPolyCatalog.Words(key, nonce, aad, plaintext, decrypt: false, tag: null), ct, tag, false));
            else
            {
                bool forged = rng.Next(3) == 0;
                var received = (byte[])tag.Clone();
                if (forged) received[rng.Next(16)] ^= (byte)(1 << rng.Next(8));
                messages.Add(new Message($"message {i} open{(forged ? " (forged tag)" : "")}", ChaChaPolyCatalog.Words(key, nonce, aad, ct, decrypt: true, received),
                    plaintext, tag, forged));
            }
        }
        RunAndCheck(variant, messages, new StreamOptions(seed, gaps, stalls));
    }

    /// <summary>
    /// Clocks per 64-byte data word at full speed: the iterative ChaCha20's 10 (Poly1305 waits),
    /// proc10's 4 (Poly1305's 16 bytes per clock); and the latency to the first data word.
    /// </summary>
    [Theory]
    [InlineData("iterative", 10.0, 25)]
    [InlineData("proc10", 4.0, 16)]
    public void MeasuredClocksPerBlockAndLatency(string variant, double clocksPerBlock, long latency)
    {
        var m = ChaChaPolyCatalog.Find(variant).Measure(32);
        Assert.Equal(clocksPerBlock, m.ClocksPerBlock);
        Assert.Equal(latency, m.Latency);
    }

    /// <summary>The core's VHDL replays a traced run with gaps and back-pressure in GHDL, and passes ghdl --synth.</summary>
    [Theory]
    [MemberData(nameof(Variants))]
    public void GhdlReplaysTheCoreAndSynthesizesIt(string variant)
    {
        const int seed = 2026;
        var run = ChaChaPolyCatalog.Find(variant).RunTraced(40, new StreamOptions(seed, GapProbability: 0.25, StallProbability: 0.25));
        Assert.True(run.Mismatches.Count == 0, $"seed {seed}: C# simulation mismatches: {string.Join("; ", run.Mismatches.Take(5))}");
        Assert.Empty(run.ProtocolErrors);
        var dir = Path.Combine(Path.GetTempPath(), "sme-crypto-tests", $"cosim-chacha20-poly1305-{variant}-{Environment.ProcessId}");
        var result = CoSimulation.Run(run.Simulation.Netlist, run.Trace, dir);
        Assert.True(result.Passed, $"seed {seed}: GHDL disagrees with the C# simulation (work dir {dir}):\n{string.Join("\n", result.Mismatches.Take(20))}\n{result.Log}");
        Assert.Equal(run.Trace.Rows, result.CyclesCompared);
        Directory.Delete(dir, recursive: true);
        var synth = Synthesis.Run(run.Simulation.Netlist, dir + "-synth");
        Assert.Equal(VhdlGenerator.TopName(run.Simulation.Netlist), synth.Top);
        Directory.Delete(dir + "-synth", recursive: true);
    }
}
