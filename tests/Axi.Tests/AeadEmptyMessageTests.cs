using System.Security.Cryptography;
using Crypto.Axi;
using Crypto.Axi.Cores;
using Crypto.Axi.Testbench;
using Crypto.Catalog;
using Xunit;

namespace Axi.Tests;

/// <summary>
/// Empty AEAD messages (neither AAD nor data, the IV or nonce in IV0..2), which have no packet: START with
/// CONTROL.EMPTY, on every AEAD wrapper of the catalog (AES-GCM for all key sizes and its AES-128 build,
/// both ChaCha20-Poly1305 variants). Sealed, the tag is .NET's AesGcm / ChaCha20Poly1305 tag of the
/// empty message (and GCM's published test cases 1 and 13); opened, the tag written is checked; no output
/// packet, the counters as for a message without data; between other messages under gaps and
/// back-pressure; a START written at once waits for the empty message's End; EMPTY refused without
/// START and with an IV in the packet; a soft reset during one.
/// </summary>
public class AeadEmptyMessageTests
{
    public static TheoryData<string> Wrappers() => [.. AxiCatalog.All.OfType<IAxiAeadCoreAdapter>().Select(a => a.Name)];

    /// <summary>The tag of the empty message under key and IV0..2, from .NET (not from the adapter's oracle).</summary>
    static byte[] DotNetTag(IAxiAeadCoreAdapter a, byte[] key, byte[] iv)
    {
        var tag = new byte[16];
        if (a is AesGcmAxiCore)
        {
            using var gcm = new AesGcm(key, 16);
            gcm.Encrypt(iv.AsSpan(0, 12), [], [], tag, []);
        }
        else
        {
            using var ccp = new ChaCha20Poly1305(key);
            ccp.Encrypt(iv.AsSpan(0, 12), [], [], tag, []);
        }
        return tag;
    }

    static AxiWrapperBench Bench(IAxiAeadCoreAdapter a, int seed, double liteDelay = 0.3)
    {
        var bench = new AxiWrapperBench(a, seed, liteDelay, gapProbability: 0.3, stallProbability: 0.4, trace: false);
        bench.Run(3);
        return bench;
    }

    static AxiCoreSettings Settings(IAxiAeadCoreAdapter a, byte[] key, byte[] iv, bool decrypt = false, byte[]? expectedTag = null, uint tagBytes = 16) =>
        a.DefaultSettings(key) with { Iv = iv, Decrypt = decrypt, Aead = new AxiAeadSettings(0, 12, expectedTag ?? new byte[16], (byte)tagBytes) };

    static void AwaitTag(AxiWrapperBench bench, string what) =>
        bench.RunUntil(() => (bench.Read(AxiRegisters.Status) & AxiRegisters.StatusTagValid) != 0, $"TAG_VALID after {what}", 20_000);

    /// <summary>CAPS bit 16 tells software which wrappers run empty messages: the AEAD ones, and no other.</summary>
    [Fact]
    public void CapsBit16IsSetOnTheAeadWrappersOnly()
    {
        Assert.NotEmpty(Wrappers());
        foreach (var a in AxiCatalog.All)
            Assert.True((a.Caps & AxiRegisters.CapsEmptyMessage) != 0 == a is IAxiAeadCoreAdapter, $"{a.Name}: CAPS 0x{a.Caps:X8}");
    }

    [Theory]
    [MemberData(nameof(Wrappers))]
    public void ASealedEmptyMessageHasDotNetsTagAndNoOutputPacket(string name)
    {
        var a = (IAxiAeadCoreAdapter)AxiCatalog.FindByName(name);
        for (int seed = 1; seed <= 3; seed++)
        {
            var bench = Bench(a, seed);
            var rng = new Random(seed);
            foreach (int keyBytes in AeadWrapperRuns.KeySizes(a))
            {
                var key = AeadWrapperRuns.Bytes(rng, keyBytes);
                var iv = AeadWrapperRuns.Bytes(rng, 16); // IV3 is not part of the 96-bit IV: random, to show it is not used
                uint packetsOut = bench.Read(AxiRegisters.PacketsOut), blocksIn = bench.Read(AxiRegisters.BlocksIn), busyCycles = bench.Read(AxiRegisters.BusyCycles);
                bench.WriteSettings(Settings(a, key, iv));
                bench.Write(AxiRegisters.Control, AxiRegisters.ControlStart | AxiRegisters.ControlEmpty);
                AwaitTag(bench, $"the empty message (seed {seed}, {keyBytes * 8}-bit key)");
                bench.Run(40);
                string what = $"{name}, seed {seed}, {keyBytes * 8}-bit key";
                Assert.True(DotNetTag(a, key, iv).AsSpan().SequenceEqual(bench.ReadTag()), $"{what}: TAG0..3 is not .NET's tag of the empty message");
                Assert.True((AxiRegisters.StatusEnabled | AxiRegisters.StatusTagValid) == bench.Read(AxiRegisters.Status), $"{what}: STATUS");
                Assert.True(bench.Sink.Packets.Count == 0, $"{what}: an output packet came out");
                Assert.True(bench.Read(AxiRegisters.PacketsOut) == packetsOut + 1, $"{what}: PACKETS_OUT does not count the message");
                Assert.True(bench.Read(AxiRegisters.BlocksIn) == blocksIn + 2, $"{what}: BLOCKS_IN does not count its start and End");
                Assert.True(bench.Read(AxiRegisters.BlocksOut) == 0, $"{what}: BLOCKS_OUT counts a block");
                Assert.True(bench.Read(AxiRegisters.BusyCycles) > busyCycles, $"{what}: BUSY was never set while the message ran");
            }
            Assert.Empty(bench.ProtocolErrors);
        }
    }

    /// <summary>Test cases 1 and 13 of the GCM specification (McGrew and Viega): the zero key (128 and 256 bits), the zero IV, nothing else.</summary>
    [Theory]
    [InlineData("aes-proc11-gcm", 16, "58e2fccefa7e3061367f1d57a4e7455a")]
    [InlineData("aes128-proc11-gcm", 16, "58e2fccefa7e3061367f1d57a4e7455a")]
    [InlineData("aes-proc11-gcm", 32, "530f8afbc74536b9a963b4f1c4cb738b")]
    public void GcmTestCases1And13(string name, int keyBytes, string tag)
    {
        var a = (IAxiAeadCoreAdapter)AxiCatalog.FindByName(name);
        var bench = Bench(a, seed: 1);
        bench.WriteSettings(Settings(a, new byte[keyBytes], new byte[16]));
        bench.Write(AxiRegisters.Control, AxiRegisters.ControlStart | AxiRegisters.ControlEmpty);
        AwaitTag(bench, "test case 1");
        Assert.Equal(tag, Convert.ToHexString(bench.ReadTag()).ToLowerInvariant());
    }

    /// <summary>Opened with its right tag: no error; with a tag wrong in one bit of its compared bytes (the shortest TAG_LEN): TAG_MISMATCH and error 6.</summary>
    [Theory]
    [MemberData(nameof(Wrappers))]
    public void OpeningAnEmptyMessageChecksTheTag(string name)
    {
        var a = (IAxiAeadCoreAdapter)AxiCatalog.FindByName(name);
        int seed = 4;
        var bench = Bench(a, seed);
        var rng = new Random(seed);
        var key = AeadWrapperRuns.Bytes(rng, AeadWrapperRuns.KeySizes(a)[^1]);
        var iv = AeadWrapperRuns.Bytes(rng, 16);
        var tag = DotNetTag(a, key, iv);
        var wrong = (byte[])tag.Clone();
        wrong[rng.Next(a.MinTagBytes)] ^= (byte)(1 << rng.Next(8));
        foreach (var (expected, tagBytes, mismatch) in new[] { (tag, 16u, false), (wrong, (uint)a.MinTagBytes, true) })
        {
            bench.WriteSettings(Settings(a, key, iv, decrypt: true, expected, tagBytes));
            bench.Write(AxiRegisters.Control, AxiRegisters.ControlStart | AxiRegisters.ControlEmpty);
            AwaitTag(bench, $"the empty message opened with a {(mismatch ? "wrong" : "right")} tag");
            string what = $"{name}, seed {seed}, {(mismatch ? "wrong" : "right")} {tagBytes}-byte tag";
            Assert.True(tag.AsSpan().SequenceEqual(bench.ReadTag()), $"{what}: TAG0..3 is not the computed tag");
            uint want = AxiRegisters.StatusEnabled | AxiRegisters.StatusTagValid
                | (mismatch ? AxiRegisters.StatusTagMismatch | AxiRegisters.StatusError | (uint)AxiRegisters.ErrorTagMismatch << AxiRegisters.StatusErrorCodeShift : 0);
            Assert.True(want == bench.Read(AxiRegisters.Status), $"{what}: STATUS 0x{bench.Read(AxiRegisters.Status):X8}, expected 0x{want:X8}");
            bench.Write(AxiRegisters.Control, AxiRegisters.ControlClearError);
        }
        Assert.Empty(bench.Sink.Packets);
    }

    /// <summary>
    /// Empty messages (sealed, opened with right and wrong tags) between messages with AAD, data or both,
    /// a new key for each, under random TVALID gaps and TREADY back-pressure, seeds 1..4.
    /// </summary>
    [Theory]
    [MemberData(nameof(Wrappers))]
    public void EmptyMessagesBetweenOthersUnderGapsAndBackPressure(string name)
    {
        var a = (IAxiAeadCoreAdapter)AxiCatalog.FindByName(name);
        var failures = new List<string>();
        for (int seed = 1; seed <= 4; seed++)
        {
            var bench = new AxiWrapperBench(a, seed, liteDelay: 0.3, gapProbability: 0.15 * seed, stallProbability: 0.2 * seed, trace: false);
            bench.Run(3);
            var rng = new Random(seed);
            var sizes = AeadWrapperRuns.KeySizes(a);
            byte[] Key() => AeadWrapperRuns.Bytes(rng, sizes[rng.Next(sizes.Length)]);
            var messages = new List<AeadWrapperRuns.Message>
            {
                AeadWrapperRuns.Make(a, rng, "sealed, 20 bytes of AAD, 100 of data", Key(), 12, 20, 100, decrypt: false),
                AeadWrapperRuns.Make(a, rng, "empty, sealed", Key(), 12, 0, 0, decrypt: false),
                AeadWrapperRuns.Make(a, rng, "empty, sealed, after an empty one", Key(), 12, 0, 0, decrypt: false),
                AeadWrapperRuns.Make(a, rng, "opened with the right tag, 33 bytes of data", Key(), 12, 0, 33, decrypt: true, tagCase: 1),
                AeadWrapperRuns.Make(a, rng, "empty, opened with the right tag", Key(), 12, 0, 0, decrypt: true, tagCase: 1),
                AeadWrapperRuns.Make(a, rng, "sealed, 40 bytes of AAD, no data", Key(), 12, 40, 0, decrypt: false),
                AeadWrapperRuns.Make(a, rng, "empty, opened with a wrong tag", Key(), 12, 0, 0, decrypt: true, tagCase: -1, tagBytes: a.MinTagBytes),
                AeadWrapperRuns.Make(a, rng, "sealed, 5 bytes of AAD, 64 of data", Key(), 12, 5, 64, decrypt: false),
            };
            if (a.AnyIvLength) messages.Add(AeadWrapperRuns.Make(a, rng, "sealed, an 8-byte IV in the packet, nothing else", Key(), 8, 0, 0, decrypt: false));
            messages.Add(AeadWrapperRuns.Make(a, rng, "empty, sealed, last", Key(), 12, 0, 0, decrypt: false));
            Assert.Empty(messages[1].Packet);
            failures.AddRange(AeadWrapperRuns.Run(bench, a, messages, seed));
            uint packetsOut = bench.Read(AxiRegisters.PacketsOut);
            if (packetsOut != messages.Count) failures.Add($"PACKETS_OUT reads {packetsOut} after {messages.Count} messages (seed {seed})");
            if ((bench.Read(AxiRegisters.Status) & AxiRegisters.StatusBusy) != 0) failures.Add($"BUSY is set after the messages (seed {seed})");
        }
        Assert.True(failures.Count == 0, string.Join("\n", failures.Take(10)));
    }

    /// <summary>
    /// While a message streams in, START with EMPTY; once it has loaded (at the first message's End; the
    /// empty message then waits for the core, busy with that message's tag), at once a new KEY0 and a plain
    /// START: that START loads only after the empty message's End has gone into the core, so the empty
    /// message keeps its key, and the packet after it has the new key. AXI4-Lite without delays, so the
    /// writes come as fast as the bank takes them.
    /// </summary>
    [Theory]
    [MemberData(nameof(Wrappers))]
    public void TheNextStartWaitsForTheEmptyMessagesEnd(string name)
    {
        var a = (IAxiAeadCoreAdapter)AxiCatalog.FindByName(name);
        for (int seed = 1; seed <= 2; seed++)
        {
            var bench = new AxiWrapperBench(a, seed, liteDelay: 0, gapProbability: 0, stallProbability: 0, trace: false);
            bench.Run(3);
            var rng = new Random(seed);
            // The first message's settings (16 bytes of AAD) are the empty message's too: AAD_LEN does not apply to it.
            var first = AeadWrapperRuns.Make(a, rng, "the message before", AeadWrapperRuns.Bytes(rng, AeadWrapperRuns.KeySizes(a)[0]), 12, 16, 200, decrypt: false);
            var key = first.Settings.Key;
            var iv = first.Settings.Iv;
            bench.WriteSettings(first.Settings);
            bench.Write(AxiRegisters.Control, AxiRegisters.ControlStart);
            bench.Source.Enqueue(first.Packet);
            bench.RunUntil(() => bench.Source.CurrentOffset >= 32, "the first beats of the first message");
            bench.Write(AxiRegisters.Control, AxiRegisters.ControlStart | AxiRegisters.ControlEmpty);
            // Software writes the next settings once LOAD_PENDING has cleared (before, they would be loaded for the empty message).
            bench.RunUntil(() => (bench.Read(AxiRegisters.Status) & AxiRegisters.StatusLoadPending) == 0, "the load of START with EMPTY", 20_000);
            var next = (byte[])key.Clone();
            next[0] ^= 0xFF;
            bench.Write(AxiRegisters.Key0, AxiWrapperBench.LittleEndianWord(next, 0));
            bench.Write(AxiRegisters.Control, AxiRegisters.ControlStart);
            bench.RunUntil(() => bench.Read(AxiRegisters.PacketsOut) == 2, "the first message and the empty one", 20_000);
            string what = $"{name}, seed {seed}";
            Assert.True(a.Expected(first.Settings, first.Packet).AsSpan().SequenceEqual(bench.Sink.Packets.Single().Data), $"{what}: the first message's output");
            Assert.True(DotNetTag(a, key, iv).AsSpan().SequenceEqual(bench.ReadTag()), $"{what}: the empty message's tag is not that of its own key");
            var packet = AeadWrapperRuns.Bytes(rng, 50);
            var settings = first.Settings with { Key = next };
            bench.Source.Enqueue(packet);
            bench.RunUntil(() => bench.Sink.Packets.Count == 2 && bench.Read(AxiRegisters.PacketsOut) == 3, "the packet after the empty message", 20_000);
            Assert.True(a.Expected(settings, packet).AsSpan().SequenceEqual(bench.Sink.Packets[1].Data), $"{what}: the packet after the empty message is not under the new key");
            AwaitTag(bench, "the packet after the empty message");
            Assert.True(a.ExpectedTag(settings, packet).Tag.AsSpan().SequenceEqual(bench.ReadTag()), $"{what}: the tag of the packet after the empty message");
            Assert.Empty(bench.ProtocolErrors);
        }
    }

    /// <summary>
    /// EMPTY without START is refused (error 1) and starts nothing; START with EMPTY while IV_LEN (GCM) says the
    /// IV is in the packet is refused too, and acts as START (the next packet is the message); AAD_LEN does not
    /// apply to an empty message.
    /// </summary>
    [Theory]
    [MemberData(nameof(Wrappers))]
    public void EmptyIsRefusedWithoutStartAndWithAnIvInThePacket(string name)
    {
        var a = (IAxiAeadCoreAdapter)AxiCatalog.FindByName(name);
        var bench = Bench(a, seed: 5);
        var rng = new Random(5);
        var key = AeadWrapperRuns.Bytes(rng, AeadWrapperRuns.KeySizes(a)[0]);
        var iv = AeadWrapperRuns.Bytes(rng, 16);
        // AAD_LEN 20 staged: the empty message has no AAD all the same.
        bench.WriteSettings(Settings(a, key, iv) with { Aead = new AxiAeadSettings(20, 12, new byte[16], 16) });
        bench.Write(AxiRegisters.Control, AxiRegisters.ControlStart | AxiRegisters.ControlEmpty);
        AwaitTag(bench, "the empty message with AAD_LEN 20");
        Assert.Equal(DotNetTag(a, key, iv), bench.ReadTag());

        bench.Write(AxiRegisters.Control, AxiRegisters.ControlEmpty);
        bench.Run(300);
        uint status = bench.Read(AxiRegisters.Status);
        Assert.Equal(AxiRegisters.ErrorConfigRefused, (byte)(status >> AxiRegisters.StatusErrorCodeShift));
        Assert.Equal(AxiRegisters.StatusTagValid, status & AxiRegisters.StatusTagValid); // no START: TAG_VALID stays, nothing ran
        Assert.Equal(1u, bench.Read(AxiRegisters.PacketsOut));
        bench.Write(AxiRegisters.Control, AxiRegisters.ControlClearError);
        if (!a.AnyIvLength) return;

        var withIv = AeadWrapperRuns.Make(a, rng, "an 8-byte IV in the packet, 10 bytes of data", key, 8, 0, 10, decrypt: false);
        bench.WriteSettings(withIv.Settings);
        bench.Write(AxiRegisters.Control, AxiRegisters.ControlStart | AxiRegisters.ControlEmpty);
        bench.Run(300);
        status = bench.Read(AxiRegisters.Status);
        Assert.Equal(AxiRegisters.ErrorConfigRefused, (byte)(status >> AxiRegisters.StatusErrorCodeShift));
        Assert.Equal(0u, status & AxiRegisters.StatusTagValid); // START cleared it, and no message ran
        bench.Write(AxiRegisters.Control, AxiRegisters.ControlClearError);
        bench.Source.Enqueue(withIv.Packet);
        AwaitTag(bench, "the packet with its IV");
        bench.RunUntil(() => bench.Sink.Packets.Count == 1, "the output of the packet with its IV", 20_000);
        Assert.Equal(a.Expected(withIv.Settings, withIv.Packet), bench.Sink.Packets[0].Data);
        Assert.Equal(a.ExpectedTag(withIv.Settings, withIv.Packet).Tag, bench.ReadTag());
    }

    /// <summary>A soft reset at once after START with EMPTY: the message's tag never shows, and the next empty message and a message with data come out right.</summary>
    [Theory]
    [MemberData(nameof(Wrappers))]
    public void ASoftResetDuringAnEmptyMessageDropsItsTag(string name)
    {
        var a = (IAxiAeadCoreAdapter)AxiCatalog.FindByName(name);
        var failures = new List<string>();
        foreach (int delay in new[] { 0, 2, 6, 12 })
        {
            var bench = new AxiWrapperBench(a, seed: 6, liteDelay: 0, gapProbability: 0.2, stallProbability: 0.3, trace: false);
            bench.Run(3);
            var rng = new Random(6 + delay);
            var key = AeadWrapperRuns.Bytes(rng, AeadWrapperRuns.KeySizes(a)[^1]);
            var iv = AeadWrapperRuns.Bytes(rng, 16);
            bench.WriteSettings(Settings(a, key, iv, decrypt: true, AeadWrapperRuns.Bytes(rng, 16)));
            bench.Write(AxiRegisters.Control, AxiRegisters.ControlStart | AxiRegisters.ControlEmpty);
            bench.Run(delay);
            bench.Write(AxiRegisters.Control, AxiRegisters.ControlSoftReset);
            bench.RunUntil(() => (bench.Read(AxiRegisters.Status) & AxiRegisters.StatusDraining) == 0, "the drain after the soft reset", 100_000);
            bench.Run(200);
            uint status = bench.Read(AxiRegisters.Status);
            if (status != 0) failures.Add($"soft reset {delay} cycles after START with EMPTY: STATUS reads 0x{status:X8}, expected 0");
            var again = AeadWrapperRuns.Make(a, rng, $"an empty message after the soft reset ({delay} cycles)", key, 12, 0, 0, decrypt: false);
            var data = AeadWrapperRuns.Make(a, rng, $"a message with data after it ({delay} cycles)", key, 12, 7, 21, decrypt: true, tagCase: 1);
            failures.AddRange(AeadWrapperRuns.Run(bench, a, [again, data], seed: 6));
            if (bench.Read(AxiRegisters.PacketsOut) != 2) failures.Add($"PACKETS_OUT after the soft reset ({delay} cycles) is not 2");
        }
        Assert.True(failures.Count == 0, string.Join("\n", failures));
    }
}
