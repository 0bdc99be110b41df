using System.Security.Cryptography;
using System.Text.Json;
using Crypto.Aes;
using Crypto.Catalog;
using Crypto.Streams;
using Hdl;
using Hdl.Vhdl;
using Xunit;

namespace Cores.Tests;

/// <summary>
/// The AES-GCM core (an AES encryption pipeline and the GHASH core) through the cycle-accurate simulation: the
/// cases of the GCM specification, every Wycheproof case, random messages against .NET's AesGcm and the model
/// under gaps and back-pressure, its rate, and its VHDL in GHDL.
/// </summary>
public class AesGcmCoreTests
{
    static byte[] H(string hex) => Convert.FromHexString(hex);

    static AesGcmVariant Proc11(int keyBits) => AesGcmVariant.On("proc11", keyBits);

    const string P = "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255",
        K1 = "feffe9928665731c6d6a8f9467308308", Iv = "cafebabefacedbaddecaf888", Aad = "feedfacedeadbeeffeedfacedeadbeefabaddad2",
        Iv8 = "cafebabefacedbad", Iv60 = "9313225df88406e555909c5aff5269aa6a7a9538534f7da1e4c303d2a318a728c3c0c95156809539fcf0e2429a6b525416aedbf5a0de6a57a637b39b";

    /// <summary>Test cases 1-18 of McGrew and Viega, "The Galois/Counter Mode of Operation (GCM)": key, IV, plaintext, AAD, ciphertext, tag.</summary>
    static readonly (string Key, string Iv, string Plaintext, string Aad, string Ciphertext, string Tag)[] SpecificationCases =
    [
        (new('0', 32), new('0', 24), "", "", "", "58e2fccefa7e3061367f1d57a4e7455a"),
        (new('0', 32), new('0', 24), new('0', 32), "", "0388dace60b6a392f328c2b971b2fe78", "ab6e47d42cec13bdf53a67b21257bddf"),
        (K1, Iv, P, "", "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985", "4d5c2af327cd64a62cf35abd2ba6fab4"),
        (K1, Iv, P[..120], Aad, "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091", "5bc94fbc3221a5db94fae95ae7121a47"),
        (K1, Iv8, P[..120], Aad, "61353b4c2806934a777ff51fa22a4755699b2a714fcdc6f83766e5f97b6c742373806900e49f24b22b097544d4896b424989b5e1ebac0f07c23f4598", "3612d2e79e3b0785561be14aaca2fccb"),
        (K1, Iv60, P[..120], Aad, "8ce24998625615b603a033aca13fb894be9112a5c3a211a8ba262a3cca7e2ca701e4a9a4fba43c90ccdcb281d48c7c6fd62875d2aca417034c34aee5", "619cc5aefffe0bfa462af43c1699d050"),
        (new('0', 48), new('0', 24), "", "", "", "cd33b28ac773f74ba00ed1f312572435"),
        (new('0', 48), new('0', 24), new('0', 32), "", "98e7247c07f0fe411c267e4384b0f600", "2ff58d80033927ab8ef4d4587514f0fb"),
        (K1 + K1[..16], Iv, P, "", "3980ca0b3c00e841eb06fac4872a2757859e1ceaa6efd984628593b40ca1e19c7d773d00c144c525ac619d18c84a3f4718e2448b2fe324d9ccda2710acade256", "9924a7c8587336bfb118024db8674a14"),
        (K1 + K1[..16], Iv, P[..120], Aad, "3980ca0b3c00e841eb06fac4872a2757859e1ceaa6efd984628593b40ca1e19c7d773d00c144c525ac619d18c84a3f4718e2448b2fe324d9ccda2710", "2519498e80f1478f37ba55bd6d27618c"),
        (K1 + K1[..16], Iv8, P[..120], Aad, "0f10f599ae14a154ed24b36e25324db8c566632ef2bbb34f8347280fc4507057fddc29df9a471f75c66541d4d4dad1c9e93a19a58e8b473fa0f062f7", "65dcc57fcf623a24094fcca40d3533f8"),
        (K1 + K1[..16], Iv60, P[..120], Aad, "d27e88681ce3243c4830165a8fdcf9ff1de9a1d8e6b447ef6ef7b79828666e4581e79012af34ddd9e2f037589b292db3e67c036745fa22e7e9b7373b", "dcf566ff291c25bbb8568fc3d376a6d9"),
        (new('0', 64), new('0', 24), "", "", "", "530f8afbc74536b9a963b4f1c4cb738b"),
        (new('0', 64), new('0', 24), new('0', 32), "", "cea7403d4d606b6e074ec5d3baf39d18", "d0d1c8a799996bf0265b98b5d48ab919"),
        (K1 + K1, Iv, P, "", "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad", "b094dac5d93471bdec1a502270e3cc6c"),
        (K1 + K1, Iv, P[..120], Aad, "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662", "76fc6ece0f4e1768cddf8853bb2d551b"),
        (K1 + K1, Iv8, P[..120], Aad, "c3762df1ca787d32ae47c13bf19844cbaf1ae14d0b976afac52ff7d79bba9de0feb582d33934a4f0954cc2363bc73f7862ac430e64abe499f47c9b1f", "3a337dbf46a792c45e454913fe2ea8f2"),
        (K1 + K1, Iv60, P[..120], Aad, "5a8def2f0c9e53f1f75d7853659e2a20eeb2b22aafde6419a058ab4f6f746bf40fc0c3b780f244452da3ebf1c5d82cdea2418997200ef82e44ae7e3f", "a44a8266ee1c8eb0c8b5d4cf5ae9f19a"),
    ];

    /// <summary>
    /// Every specification case whose key the build takes, sealed, opened, and opened with its tag's last bit flipped,
    /// as one stream of messages under gaps and back-pressure: on proc11 for all key sizes and for AES-128, and on
    /// other AES variants under the same GCM processes (one round per clock, keys on the fly, T-tables in block RAM).
    /// </summary>
    [Theory]
    [InlineData("proc11", AesKeyBits.All)]
    [InlineData("proc11", 128)]
    [InlineData("iterative", 128)]
    [InlineData("proc11-otf", AesKeyBits.All)]
    [InlineData("bram11", 128)]
    public void SealsAndOpensTheSpecificationCases(string variant, int keyBits)
    {
        const int seed = 1800;
        var gcm = AesGcmVariant.On(variant, keyBits);
        var cases = SpecificationCases.Select((c, i) => (Number: i + 1, c.Key, c.Iv, c.Plaintext, c.Aad, c.Ciphertext, c.Tag))
            .Where(c => keyBits == AesKeyBits.All || c.Key.Length * 4 == keyBits).ToList();
        Assert.Equal(keyBits == AesKeyBits.All ? 18 : 6, cases.Count);
        var messages = new List<AesGcmMessage>();
        foreach (var c in cases)
        {
            var wrongTag = H(c.Tag);
            wrongTag[^1] ^= 1;
            messages.Add(new AesGcmMessage(H(c.Key), H(c.Iv), H(c.Aad), H(c.Plaintext)));
            messages.Add(new AesGcmMessage(H(c.Key), H(c.Iv), H(c.Aad), H(c.Ciphertext), Decrypt: true, H(c.Tag)));
            messages.Add(new AesGcmMessage(H(c.Key), H(c.Iv), H(c.Aad), H(c.Ciphertext), Decrypt: true, wrongTag));
        }
        var run = gcm.Run(messages, new StreamOptions(seed, 0.2, 0.2));
        Assert.Empty(run.Stream.ProtocolErrors);
        Assert.Equal(messages.Count, run.Outcomes.Count);
        for (int i = 0; i < cases.Count; i++)
        {
            var c = cases[i];
            var (seal, open, forged) = (run.Outcomes[3 * i], run.Outcomes[3 * i + 1], run.Outcomes[3 * i + 2]);
            Assert.True(c.Ciphertext == Convert.ToHexStringLower(seal.Text), $"test case {c.Number}: ciphertext {Convert.ToHexStringLower(seal.Text)}");
            Assert.True(c.Tag == Convert.ToHexStringLower(seal.Tag), $"test case {c.Number}: tag {Convert.ToHexStringLower(seal.Tag)}");
            Assert.False(seal.TagMismatch, $"test case {c.Number}: sealing flags a mismatch");
            Assert.True(!open.TagMismatch && c.Plaintext == Convert.ToHexStringLower(open.Text), $"test case {c.Number}: does not open");
            Assert.True(forged.TagMismatch, $"test case {c.Number}: opens with a wrong tag");
        }
    }

    /// <summary>
    /// Every Wycheproof aes_gcm and aes_gmac case whose key the build takes, in one stream per file: a valid case seals to
    /// its ciphertext and tag and opens; an invalid one is flagged (an empty IV is refused before it reaches the core).
    /// </summary>
    [Theory]
    [InlineData("aes_gcm_test.json", AesKeyBits.All, 229, 87)]
    [InlineData("aes_gmac_test.json", AesKeyBits.All, 90, 324)]
    [InlineData("aes_gcm_test.json", 128, 79, 29)]
    public void WycheproofThroughTheCore(string file, int keyBits, int validCases, int invalidCases)
    {
        bool authenticateOnly = file.Contains("gmac", StringComparison.Ordinal);
        var gcm = Proc11(keyBits);
        using var doc = JsonDocument.Parse(File.ReadAllBytes(Path.Combine(TestVectors.Directory("aes-gcm"), file)));
        var messages = new List<AesGcmMessage>();
        var expected = new List<(int Id, bool Valid, byte[] Ct, byte[] Tag, byte[] Text)>();
        int emptyIvRefused = 0;
        foreach (var group in doc.RootElement.GetProperty("testGroups").EnumerateArray())
            foreach (var t in group.GetProperty("tests").EnumerateArray())
            {
                byte[] key = H(t.GetProperty("key").GetString()!), iv = H(t.GetProperty("iv").GetString()!),
                    msg = H(t.GetProperty("msg").GetString()!), tag = H(t.GetProperty("tag").GetString()!);
                if (keyBits != AesKeyBits.All && key.Length * 8 != keyBits) continue;
                byte[] aad = authenticateOnly ? msg : H(t.GetProperty("aad").GetString()!);
                byte[] text = authenticateOnly ? [] : msg, ct = authenticateOnly ? [] : H(t.GetProperty("ct").GetString()!);
                int id = t.GetProperty("tcId").GetInt32();
                bool valid = t.GetProperty("result").GetString() == "valid";
                var open = new AesGcmMessage(key, iv, aad, ct, Decrypt: true, tag);
                if (iv.Length == 0)
                {
                    Assert.False(valid);
                    Assert.Throws<ArgumentException>(() => gcm.Items(open));
                    emptyIvRefused++;
                    continue;
                }
                if (valid) messages.Add(new AesGcmMessage(key, iv, aad, text));
                messages.Add(open);
                expected.Add((id, valid, ct, tag, text));
            }
        var run = gcm.Run(messages, StreamOptions.FullSpeed);
        Assert.Empty(run.Stream.ProtocolErrors);
        Assert.Equal(messages.Count, run.Outcomes.Count);
        int next = 0, valids = 0, invalids = emptyIvRefused;
        foreach (var (id, valid, ct, tag, text) in expected)
        {
            if (valid)
            {
                var seal = run.Outcomes[next++];
                Assert.True(ct.AsSpan().SequenceEqual(seal.Text), $"{file} tcId {id}: ciphertext differs");
                Assert.True(tag.AsSpan().SequenceEqual(seal.Tag), $"{file} tcId {id}: tag differs");
            }
            var open = run.Outcomes[next++];
            if (valid)
            {
                Assert.True(!open.TagMismatch && text.AsSpan().SequenceEqual(open.Text), $"{file} tcId {id}: does not open");
                valids++;
            }
            else
            {
                Assert.True(open.TagMismatch, $"{file} tcId {id}: an invalid case opened");
                invalids++;
            }
        }
        Assert.Equal((validCases, invalidCases), (valids, invalids));
    }

    /// <summary>Every AES-GCM build of the catalog with the input gaps and output back-pressure of its run (the first also at full speed).</summary>
    public static TheoryData<string, double, double> CatalogBuilds()
    {
        var data = new TheoryData<string, double, double>();
        (double, double)[] pressures = [(0.3, 0.3), (0.5, 0.2), (0.1, 0.6)];
        var builds = AesGcmCatalog.Variants.Concat(AesGcmCatalog.Aes128Builds).ToList();
        data.Add(builds[0].Name, 0, 0);
        for (int i = 0; i < builds.Count; i++) data.Add(builds[i].Name, pressures[i % pressures.Length].Item1, pressures[i % pressures.Length].Item2);
        return data;
    }

    /// <summary>
    /// Every GCM build of the catalog: seeded random messages (96-bit nonces, AAD and data of 0 to 90 bytes, keys of the sizes
    /// the build takes, new keys now and then) sealed and opened, some with a wrong tag of 12 to 16 bytes, against .NET's
    /// AesGcm, under input gaps and output back-pressure.
    /// </summary>
    [Theory]
    [MemberData(nameof(CatalogBuilds))]
    public void MatchesDotNetAesGcmUnderGapsAndBackPressure(string build, double gaps, double stalls)
    {
        Assert.SkipUnless(AesGcm.IsSupported, "System.Security.Cryptography.AesGcm is not supported on this platform");
        var gcm = Assert.IsType<AesGcmVariant>(CoreRegistry.FindByName(build));
        int seed = 2800 + build.Length * 7 + (int)(gaps * 10) + (int)(stalls * 100);
        var rng = new Random(seed);
        var messages = new List<AesGcmMessage>();
        var expected = new List<(byte[] Text, byte[] Tag, bool Mismatch)>();
        byte[] key = [];
        for (int i = 0; i < 16; i++)
        {
            if (i == 0 || rng.Next(4) == 0)
            {
                key = new byte[16 + 8 * gcm.BlockCipher.KeySizes[rng.Next(gcm.BlockCipher.KeySizes.Count)]];
                rng.NextBytes(key);
            }
            byte[] nonce = new byte[12], plaintext = new byte[rng.Next(3) == 0 ? 0 : rng.Next(1, 91)], aad = new byte[rng.Next(3) == 0 ? 0 : rng.Next(1, 91)];
            rng.NextBytes(nonce);
            rng.NextBytes(plaintext);
            rng.NextBytes(aad);
            int tagBytes = rng.Next(AesGcmModel.MinTagBytes, AesGcmModel.TagBytes + 1);
            byte[] ct = new byte[plaintext.Length], tag = new byte[AesGcmModel.TagBytes];
            using (var aead = new AesGcm(key, AesGcmModel.TagBytes)) aead.Encrypt(nonce, plaintext, ct, tag, aad);
            messages.Add(new AesGcmMessage(key, nonce, aad, plaintext));
            expected.Add((ct, tag, false));
            bool forge = rng.Next(3) == 0;
            byte[] offered = tag[..tagBytes];
            if (forge) offered[rng.Next(tagBytes)] ^= (byte)(1 << rng.Next(8));
            messages.Add(new AesGcmMessage(key, nonce, aad, ct, Decrypt: true, offered));
            expected.Add((plaintext, tag, forge));
        }
        var run = gcm.Run(messages, new StreamOptions(seed, gaps, stalls));
        Assert.True(run.Stream.ProtocolErrors.Count == 0, $"{build}, seed {seed}: {string.Join("; ", run.Stream.ProtocolErrors.Take(3))}");
        Assert.Equal(messages.Count, run.Outcomes.Count);
        for (int i = 0; i < messages.Count; i++)
        {
            var (text, tag, mismatch) = expected[i];
            var got = run.Outcomes[i];
            string what = $"{build}, seed {seed}, message {i} ({(messages[i].Decrypt ? "open" : "seal")}, {messages[i].Aad.Length} AAD bytes, {messages[i].Text.Length} data bytes)";
            Assert.True(text.AsSpan().SequenceEqual(got.Text), $"{what}: data differs from .NET AesGcm");
            Assert.True(tag.AsSpan().SequenceEqual(got.Tag), $"{what}: tag differs from .NET AesGcm");
            Assert.True(mismatch == got.TagMismatch, $"{what}: tag mismatch {got.TagMismatch}, expected {mismatch}");
        }
    }

    /// <summary>
    /// Seeded random messages with IVs of 1 to 40 bytes (all but the 12-byte ones take J0 from a GHASH of the IV),
    /// AAD and data of 0 to 70 bytes, against the software model under gaps and back-pressure.
    /// </summary>
    [Fact]
    public void MatchesTheModelForIvsOfAnyLength()
    {
        const int seed = 3900;
        var gcm = Proc11(AesKeyBits.All);
        var rng = new Random(seed);
        var messages = new List<AesGcmMessage>();
        for (int i = 0; i < 30; i++)
        {
            byte[] key = new byte[16 + 8 * rng.Next(3)], iv = new byte[rng.Next(1, 41)], text = new byte[rng.Next(0, 71)], aad = new byte[rng.Next(0, 71)];
            foreach (var b in new[] { key, iv, text, aad }) rng.NextBytes(b);
            messages.Add(new AesGcmMessage(key, iv, aad, text, Decrypt: rng.Next(2) == 0, Tag: new byte[16]));
        }
        var run = gcm.Run(messages, new StreamOptions(seed, 0.3, 0.3));
        Assert.True(run.Stream.ProtocolErrors.Count == 0, $"seed {seed}: {string.Join("; ", run.Stream.ProtocolErrors.Take(3))}");
        for (int i = 0; i < messages.Count; i++)
        {
            var m = messages[i];
            // Opening runs the CTR over the ciphertext and hashes it: the model's seal of the output gives the same tag.
            var (c, tag) = m.Decrypt ? (m.Text, AesGcmModel.Seal(m.Key, m.Iv, run.Outcomes[i].Text, m.Aad).Tag) : AesGcmModel.Seal(m.Key, m.Iv, m.Text, m.Aad);
            var got = run.Outcomes[i];
            string what = $"seed {seed}, message {i} ({m.Iv.Length}-byte IV, {(m.Decrypt ? "open" : "seal")})";
            if (m.Decrypt)
            {
                Assert.True(AesGcmModel.Seal(m.Key, m.Iv, got.Text, m.Aad).Ciphertext.AsSpan().SequenceEqual(m.Text), $"{what}: plaintext differs");
                Assert.True(got.TagMismatch, $"{what}: a zero tag opened");
            }
            else
                Assert.True(c.AsSpan().SequenceEqual(got.Text), $"{what}: ciphertext differs");
            Assert.True(tag.AsSpan().SequenceEqual(got.Tag), $"{what}: tag differs");
        }
    }

    /// <summary>
    /// The rate and latencies docs/aes.md gives for every catalog build, at full speed on long messages: clocks per AAD and per
    /// data block (a message of 2n blocks takes exactly n times that more than one of n: 1 for the pipelines, Nr = 10 for
    /// iterative with an AES-128 key), IV to first data block out, End item to tag out, and a data message's clocks beyond
    /// its blocks' from its first item offered to its tag taken.
    /// </summary>
    [Theory]
    [InlineData("aes-proc11-gcm", 1, 18, 28, 31)]
    [InlineData("aes128-proc11-gcm", 1, 14, 24, 27)]
    [InlineData("aes-proc22-gcm", 1, 32, 42, 45)]
    [InlineData("aes128-proc22-gcm", 1, 24, 34, 37)]
    [InlineData("aes-bram11-gcm", 1, 18, 28, 31)]
    [InlineData("aes128-bram11-gcm", 1, 14, 24, 27)]
    [InlineData("aes-proc4-gcm", 1, 7, 17, 20)]
    [InlineData("aes128-proc4-gcm", 1, 7, 17, 20)]
    [InlineData("aes-proc11-otf-gcm", 1, 17, 27, 30)]
    [InlineData("aes128-proc11-otf-gcm", 1, 13, 23, 26)]
    [InlineData("aes-iterative-gcm", 10, 32, 33, 45)]
    [InlineData("aes128-iterative-gcm", 10, 32, 33, 45)]
    public void TakesItsClocksPerBlockForAadAndData(string build, double clocksPerBlock, long dataLatency, long tagLatency, long messageOverhead)
    {
        var gcm = Assert.IsType<AesGcmVariant>(CoreRegistry.FindByName(build));
        var m = gcm.Measure(200);
        Assert.Equal(clocksPerBlock, m.AadClocksPerBlock);
        Assert.Equal(clocksPerBlock, m.DataClocksPerBlock);
        Assert.Equal((dataLatency, tagLatency, messageOverhead), (m.DataLatency, m.TagLatency, m.MessageOverhead));
        // The catalog (list, report) shows the same rate and the IV-to-data latency.
        var listed = ((ICoreVariant)gcm).Measure(64);
        Assert.Equal((clocksPerBlock, dataLatency), (listed.ClocksPerBlock, listed.Latency));
    }

    /// <summary>
    /// The AES-128 build's VHDL replays the engine's run cycle by cycle in GHDL (96-bit and 8-byte IVs, empty and partial
    /// blocks, a good and a wrong tag, a key change, under gaps and back-pressure), and passes ghdl --synth.
    /// </summary>
    [Fact]
    public void GhdlReplaysTheCoreAndSynthesizesIt()
    {
        const int seed = 4711;
        var gcm = Proc11(128);
        var (k1, k2) = (H(K1), H(new string('0', 32)));
        var (ct, tag) = AesGcmModel.Seal(k1, H(Iv), H(P[..120]), H(Aad));
        var wrong = (byte[])tag.Clone();
        wrong[3] ^= 0x10;
        AesGcmMessage[] messages =
        [
            new(k1, H(Iv), H(Aad), H(P[..120])),
            new(k1, H(Iv8), H(Aad), H(P[..50])),
            new(k1, H(Iv), H(Aad), ct, Decrypt: true, tag),
            new(k1, H(Iv), H(Aad), ct, Decrypt: true, wrong[..13]),
            new(k2, H(Iv), [], []),
        ];
        var run = gcm.Run(messages, new StreamOptions(seed, 0.2, 0.2), trace: true);
        Assert.Empty(run.Stream.ProtocolErrors);
        for (int i = 0; i < messages.Length; i++)
        {
            var m = messages[i];
            var (text, expectedTag) = m.Decrypt ? (H(P[..120]), tag) : AesGcmModel.Seal(m.Key, m.Iv, m.Text, m.Aad);
            Assert.True(text.AsSpan().SequenceEqual(run.Outcomes[i].Text) && expectedTag.AsSpan().SequenceEqual(run.Outcomes[i].Tag), $"seed {seed}: message {i} differs");
            Assert.Equal(i == 3, run.Outcomes[i].TagMismatch);
        }
        var dir = Path.Combine(Path.GetTempPath(), "sme-crypto-tests", $"cosim-aes-gcm-{Environment.ProcessId}");
        var result = CoSimulation.Run(run.Simulation.Netlist, run.Trace!, dir);
        Assert.True(result.Passed, $"seed {seed}: GHDL disagrees with the C# simulation (work dir {dir}):\n{string.Join("\n", result.Mismatches.Take(20))}\n{result.Log}");
        Assert.Equal(run.Trace!.Rows, result.CyclesCompared);
        Directory.Delete(dir, recursive: true);
        var synth = Synthesis.Run(run.Simulation.Netlist, dir + "-synth");
        Assert.Equal(VhdlGenerator.TopName(run.Simulation.Netlist), synth.Top);
        Directory.Delete(dir + "-synth", recursive: true);
    }
}
