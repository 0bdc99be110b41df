using Crypto.Axi;
using Crypto.Axi.Cores;
using Crypto.Axi.Testbench;
using Crypto.Catalog;
using Hdl.Vhdl;
using Xunit;

namespace Axi.Tests;

/// <summary>
/// Messages through an AEAD wrapper (AES-GCM, ChaCha20-Poly1305) as software drives it: one message
/// per START, the registers, the packet (none for an empty message: START with CONTROL.EMPTY), the
/// output packet (none without data), then TAG0..3 and STATUS; every output and tag against the adapter's oracle (.NET's AesGcm / ChaCha20Poly1305, the
/// project's GCM model for IVs other than 96 bits). Shared by AesGcmWrapperTests and ChaChaPolyWrapperTests.
/// </summary>
static class AeadWrapperRuns
{
    public sealed record Message(string Name, AxiCoreSettings Settings, byte[] Packet, int DataBytes);

    /// <summary>n seeded random bytes.</summary>
    internal static byte[] Bytes(Random rng, int n)
    {
        var b = new byte[n];
        rng.NextBytes(b);
        return b;
    }

    /// <summary>Key sizes in bytes the wrapper's core takes.</summary>
    internal static int[] KeySizes(IAxiAeadCoreAdapter a) => a is AesGcmAxiCore gcm
        ? gcm.KeyBits == Crypto.Aes.AesKeyBits.All ? [16, 24, 32] : [gcm.KeyBits / 8]
        : [32];

    /// <summary>
    /// A message of the given parts: the packet is [IV, padded] ‖ AAD, padded ‖ data, with random pad bytes
    /// (the wrapper must ignore them), empty for a message with neither AAD nor data and a 12-byte IV
    /// (<see cref="Run"/> starts it with CONTROL.EMPTY); <paramref name="tagCase"/> when opening: 1 the right tag, -1 the right
    /// tag with one bit flipped in its compared bytes.
    /// </summary>
    public static Message Make(IAxiAeadCoreAdapter a, Random rng, string name, byte[] key, int ivBytes, int aadBytes, int dataBytes, bool decrypt,
        int tagCase = 0, int tagBytes = 16)
    {
        int ivArea = ivBytes == 12 ? 0 : (ivBytes + 15) / 16 * 16;
        var packet = Bytes(rng, ivArea + (aadBytes + 15) / 16 * 16 + dataBytes);
        var settings = a.DefaultSettings(key) with
        {
            Iv = Bytes(rng, 16), Decrypt = decrypt, Aead = new AxiAeadSettings((uint)aadBytes, (uint)ivBytes, Bytes(rng, 16), (byte)tagBytes),
        };
        if (decrypt && tagCase != 0)
        {
            var tag = a.ExpectedTag(settings, packet).Tag;
            if (tagCase < 0) tag[rng.Next(tagBytes)] ^= (byte)(1 << rng.Next(8));
            // The bytes past the tag length are not compared: keep them random.
            tag.AsSpan(0, tagBytes).CopyTo(settings.Aead!.ExpectedTag);
        }
        return new Message(name, settings, packet, dataBytes);
    }

    /// <summary>
    /// Seeded random messages: a new key for each (every size the core takes), GCM IVs of 12 bytes three
    /// times in four and otherwise 1 to 40 bytes in the packet, AAD of 0 to 49 bytes, data of 0 to 99 bytes
    /// (often not whole blocks), sealed or opened with a right or a wrong tag of 12 to 16 bytes (GCM) or 16;
    /// with the IV in IV0..2, no AAD and no data, an empty message.
    /// </summary>
    public static List<Message> RandomMessages(IAxiAeadCoreAdapter a, int seed, int count)
    {
        var rng = new Random(seed);
        var sizes = KeySizes(a);
        var messages = new List<Message>();
        for (int i = 0; i < count; i++)
        {
            int ivBytes = a.AnyIvLength && rng.Next(4) == 0 ? rng.Next(1, 41) : 12;
            int aadBytes = rng.Next(4) == 0 ? 0 : rng.Next(1, 50);
            int dataBytes = rng.Next(5) == 0 ? 0 : rng.Next(1, 100);
            bool decrypt = rng.Next(2) == 0;
            int tagCase = decrypt ? (rng.Next(3) == 0 ? -1 : 1) : 0;
            int tagBytes = decrypt ? rng.Next(a.MinTagBytes, 17) : 16;
            var key = Bytes(rng, sizes[rng.Next(sizes.Length)]);
            string name = $"message {i} ({key.Length * 8}-bit key, {ivBytes}-byte IV, {aadBytes} bytes of AAD, {dataBytes} of data, " +
                (decrypt ? $"opened with a {(tagCase < 0 ? "wrong" : "right")} {tagBytes}-byte tag)" : "sealed)");
            messages.Add(Make(a, rng, name, key, ivBytes, aadBytes, dataBytes, decrypt, tagCase, tagBytes));
        }
        return messages;
    }

    /// <summary>
    /// Runs <paramref name="messages"/> one per START (with CONTROL.EMPTY and no packet for an empty
    /// message); the failures (with the seed), empty when all is right.
    /// </summary>
    public static List<string> Run(AxiWrapperBench bench, IAxiAeadCoreAdapter a, IEnumerable<Message> messages, int seed)
    {
        var failures = new List<string>();
        foreach (var m in messages)
        {
            int before = bench.Sink.Packets.Count;
            bool empty = m.Packet.Length == 0;
            bench.WriteSettings(m.Settings);
            bench.Write(AxiRegisters.Control, AxiRegisters.ControlStart | (empty ? AxiRegisters.ControlEmpty : 0));
            if (!empty) bench.Source.Enqueue(m.Packet);
            bench.RunUntil(() => bench.Source.Idle && (bench.Read(AxiRegisters.Status) & AxiRegisters.StatusTagValid) != 0, $"the tag of {m.Name}", 20_000);
            bench.RunUntil(() => bench.Sink.Packets.Count > before || m.DataBytes == 0, $"the output of {m.Name}", 20_000);
            bench.Run(40); // nothing more may come out
            var (tag, mismatch) = a.ExpectedTag(m.Settings, m.Packet);
            int outputs = bench.Sink.Packets.Count - before;
            if (outputs != (m.DataBytes > 0 ? 1 : 0)) failures.Add($"{m.Name}: {outputs} output packets, expected {(m.DataBytes > 0 ? 1 : 0)} (seed {seed})");
            else if (outputs == 1 && !bench.Sink.Packets[before].Data.AsSpan().SequenceEqual(a.Expected(m.Settings, m.Packet)))
                failures.Add($"{m.Name}: the output differs from the oracle (seed {seed})");
            var got = bench.ReadTag();
            if (!got.AsSpan().SequenceEqual(tag)) failures.Add($"{m.Name}: TAG0..3 read {Convert.ToHexString(got)}, expected {Convert.ToHexString(tag)} (seed {seed})");
            uint status = bench.Read(AxiRegisters.Status);
            uint want = AxiRegisters.StatusEnabled | AxiRegisters.StatusTagValid
                | (mismatch ? AxiRegisters.StatusTagMismatch | AxiRegisters.StatusError | (uint)AxiRegisters.ErrorTagMismatch << AxiRegisters.StatusErrorCodeShift : 0);
            if (status != want) failures.Add($"{m.Name}: STATUS reads 0x{status:X8}, expected 0x{want:X8} (seed {seed})");
            bench.Write(AxiRegisters.Control, AxiRegisters.ControlClearError);
        }
        failures.AddRange(bench.ProtocolErrors.Take(5).Select(e => $"{e} (seed {seed})"));
        return failures;
    }

    /// <summary>Random messages under gaps and back-pressure (each a new key: key changes between messages).</summary>
    public static List<string> RandomRun(string name, int seed, int count, bool trace, out AxiWrapperBench bench)
    {
        var a = (IAxiAeadCoreAdapter)AxiCatalog.FindByName(name);
        bench = new AxiWrapperBench(a, seed, liteDelay: 0.3, gapProbability: 0.3, stallProbability: 0.4, trace);
        bench.Run(3);
        var messages = RandomMessages(a, seed, count);
        // Make sure a wrong tag is among them, and empty messages (sealed, and opened with a wrong tag) between the others.
        var rng = new Random(seed);
        messages[1] = Make(a, rng, "message 1 (opened with a wrong tag)", messages[1].Settings.Key, 12, 7, 40, decrypt: true, tagCase: -1,
            tagBytes: a.MinTagBytes);
        messages[2] = Make(a, rng, "message 2 (empty, sealed)", messages[2].Settings.Key, 12, 0, 0, decrypt: false);
        messages[^2] = Make(a, rng, $"message {count - 2} (empty, opened with a wrong tag)", messages[^2].Settings.Key, 12, 0, 0, decrypt: true, tagCase: -1,
            tagBytes: a.MinTagBytes);
        return Run(bench, a, messages, seed);
    }

    /// <summary>Seeds 1..3 of <see cref="RandomRun"/>: the failures of all.</summary>
    public static List<string> RandomRuns(string name, int count) =>
        [.. Enumerable.Range(1, 3).SelectMany(seed => RandomRun(name, seed, count, trace: false, out _))];

    /// <summary><see cref="SoftResetMidMessage"/> in the AAD (at byte 16) and in the data (at byte 520), seeds 1 and 2.</summary>
    public static List<string> SoftResets(string name) =>
        [.. new[] { 16, 520 }.SelectMany(cutAt => new[] { 1, 2 }.SelectMany(seed => SoftResetMidMessage(name, seed, cutAt)))];

    /// <summary>
    /// A soft reset while a message streams in (opened, AAD, 1000 bytes of data), cut after
    /// <paramref name="cutAt"/> bytes of its packet, with the consumer holding TREADY low across it: no
    /// tag of that message may appear (TAG_VALID stays clear), and after START fresh messages (a new key)
    /// come out right.
    /// </summary>
    public static List<string> SoftResetMidMessage(string name, int seed, int cutAt)
    {
        var a = (IAxiAeadCoreAdapter)AxiCatalog.FindByName(name);
        var bench = new AxiWrapperBench(a, seed, liteDelay: 0.3, gapProbability: 0.2, stallProbability: 0.9, trace: false);
        var rng = new Random(seed);
        var failures = new List<string>();
        bench.Run(3);
        var sizes = KeySizes(a);
        var interrupted = Make(a, rng, "the interrupted message", Bytes(rng, sizes[^1]), 12, 40, 1000, decrypt: true, tagCase: 1);
        bench.WriteSettings(interrupted.Settings);
        bench.Write(AxiRegisters.Control, AxiRegisters.ControlStart);
        bench.Source.Enqueue(interrupted.Packet);
        bench.RunUntil(() => bench.Source.CurrentOffset >= cutAt, $"{cutAt} bytes of the interrupted packet");
        bench.Sink.StallProbability = 1;
        bench.Write(AxiRegisters.Control, AxiRegisters.ControlSoftReset);
        bench.Source.Abort();
        bench.Sink.StallProbability = 0.3;
        bench.RunUntil(() => (bench.Read(AxiRegisters.Status) & AxiRegisters.StatusDraining) == 0, "the drain after the soft reset", 100_000);
        bench.Run(200);
        uint status = bench.Read(AxiRegisters.Status);
        if ((status & (AxiRegisters.StatusTagValid | AxiRegisters.StatusTagMismatch)) != 0)
            failures.Add($"STATUS reads 0x{status:X8} after the soft reset: the interrupted message's tag must not show (seed {seed}, cut at {cutAt})");
        // The cut output packet, if one was open, ends with the closing byte; its real bytes are a prefix of the output.
        int cut = bench.Sink.Packets.Count;
        if (cut > 1) failures.Add($"{cut} packets came out of the interrupted message (seed {seed}, cut at {cutAt})");
        if (cut == 1)
        {
            var p = bench.Sink.Packets[0].Data;
            var want = a.Expected(interrupted.Settings, interrupted.Packet);
            if (p[^1] != 0 || p.Length - 1 >= want.Length || !p.AsSpan(0, p.Length - 1).SequenceEqual(want.AsSpan(0, p.Length - 1)))
                failures.Add($"the cut packet ({p.Length} bytes) is not a prefix of the output and a closing byte (seed {seed}, cut at {cutAt})");
        }
        bench.Write(AxiRegisters.Control, AxiRegisters.ControlClearError);
        var fresh = new List<Message>
        {
            Make(a, rng, "a sealed message after the soft reset", Bytes(rng, sizes[0]), 12, 24, 70, decrypt: false),
            Make(a, rng, "an opened message after the soft reset", Bytes(rng, sizes[0]), 12, 0, 33, decrypt: true, tagCase: 1),
        };
        failures.AddRange(Run(bench, a, fresh, seed).Select(f => $"{f}, cut at {cutAt}"));
        return failures;
    }

    /// <summary>The bench's trace replayed by the wrapper's generated VHDL in GHDL: every cycle must agree.</summary>
    public static void ReplayInGhdl(AxiWrapperBench bench, string what)
    {
        var dir = Path.Combine(Path.GetTempPath(), "axi-tests", $"cosim-{what}-{Environment.ProcessId}");
        var cosim = CoSimulation.Run(bench.Simulation.Netlist, bench.Trace!, dir);
        Assert.True(cosim.Passed, $"GHDL disagrees:\n{string.Join("\n", cosim.Mismatches)}\n{Hdl.Vhdl.Tools.Ghdl.Tail(cosim.Log, 30)}");
        Assert.Equal(bench.Trace!.Rows, cosim.CyclesCompared);
        Directory.Delete(dir, true);
    }
}
