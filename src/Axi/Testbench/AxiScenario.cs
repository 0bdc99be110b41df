using System.Globalization;

namespace Crypto.Axi.Testbench;

/// <summary>
/// Stimulus options of the wrapper scenario: seed, probabilities per cycle, the packets of the
/// full-speed measurement at the end (at least 2: the first fills the pipeline), and the width of the
/// wrapper's streams (64 or 32 bits).
/// </summary>
public sealed record AxiScenarioOptions(int Seed = 1, double GapProbability = 0.25, double StallProbability = 0.25, double LiteDelayProbability = 0.3,
    int MeasuredPackets = AxiScenario.MeasuredPackets, int StreamBits = AxiWrapper.DefaultStreamBits)
{
    public static AxiScenarioOptions FullSpeed { get; } = new(1, 0, 0, 0);
}

/// <summary>What the scenario did and everything that went wrong (empty when it passed).</summary>
/// <param name="CyclesPerPacket">
/// Measured at the end at full speed (no gaps, no back-pressure): clocks between the last output beats
/// of successive packets of <see cref="AxiScenario.MeasuredPacketBytes"/> bytes streamed back to back.
/// </param>
/// <param name="MeasuredKeyBytes">The key in force for those packets (the scenario's second key), in bytes.</param>
public sealed record AxiScenarioResult(AxiWrapperBench Bench, IReadOnlyList<string> Failures, int PacketsChecked, long BytesChecked,
    double CyclesPerPacket, int MeasuredKeyBytes)
{
    public bool Passed => Failures.Count == 0;
}

/// <summary>
/// The end-to-end scenario every wrapper must pass, as a DMA-driven system would run it: register
/// identification; a refused configuration; key, IV, CONFIG and START over AXI4-Lite; packets of
/// many lengths (whole blocks, and final beats and blocks that end part-way) with random TVALID
/// gaps and TREADY back-pressure; a new key written and started while a packet streams in (it must
/// not touch that packet and must apply to the next); a soft reset in the middle of a packet under
/// heavy back-pressure, with the consumer holding TREADY low across it (the output keeps the beat on
/// offer and ends a packet it cut with a closing byte, STATUS error 5; the input refuses the rest),
/// then a restart; counters and status read back. Every packet that comes out is compared with the core's software oracle.
/// </summary>
public static class AxiScenario
{
    /// <summary>Size of the packets of the full-speed measurement at the end of the scenario.</summary>
    public const int MeasuredPacketBytes = 1024;
    /// <summary>Packets of the full-speed measurement by default (the first one fills the pipeline).</summary>
    public const int MeasuredPackets = 4;

    public static AxiScenarioResult Run(IAxiCoreAdapter adapter, AxiScenarioOptions options, bool trace)
    {
        if (options.MeasuredPackets < 2) throw new ArgumentException("the full-speed measurement needs at least 2 packets", nameof(options));
        var bench = new AxiWrapperBench(adapter, options.Seed, options.LiteDelayProbability, options.GapProbability, options.StallProbability, trace,
            options.StreamBits);
        var failures = new List<string>();
        var rng = new Random(options.Seed);
        var expected = new List<(string Name, byte[] Data)>();
        double cyclesPerPacket = double.NaN;
        int measuredKeyBytes = 0;
        string seedNote = $"seed {options.Seed}";
        void Check(bool ok, string what)
        {
            if (!ok) failures.Add($"cycle {bench.Cycle}: {what} ({seedNote})");
        }
        byte[] Bytes(int n)
        {
            var b = new byte[n];
            rng.NextBytes(b);
            return b;
        }
        void Send(string name, byte[] packet, AxiCoreSettings settings)
        {
            bench.Source.Enqueue(packet);
            expected.Add((name, adapter.Expected(settings, packet)));
        }
        void AwaitPackets(string what) => bench.RunUntil(() => bench.Sink.Packets.Count >= expected.Count && bench.Source.Idle, what);
        string Hex(uint v) => "0x" + v.ToString("X8", CultureInfo.InvariantCulture);

        try
        {
            bench.Run(3);

            // ---- identification, reset state
            uint id = bench.Read(AxiRegisters.Id);
            Check(id == adapter.CoreId, $"ID reads {Hex(id)}, expected {Hex(adapter.CoreId)}");
            uint version = bench.Read(AxiRegisters.Version);
            uint expectedVersion = (AxiRegisters.MapVersion << 16) | adapter.VariantNumber;
            Check(version == expectedVersion, $"VERSION reads {Hex(version)}, expected {Hex(expectedVersion)}");
            uint caps = bench.Read(AxiRegisters.Caps);
            Check(caps == adapter.Caps, $"CAPS reads {Hex(caps)}, expected {Hex(adapter.Caps)}");
            uint status = bench.Read(AxiRegisters.Status);
            Check(status == 0, $"STATUS after reset reads {Hex(status)}, expected 0 (input disabled until START)");
            Check(!bench.Wrapper.Ports.SAxisReady.Ready, "s_axis TREADY is high before START");

            // ---- a configuration the core cannot do is refused
            const uint impossible = 0xF; // mode 15 exists in no core
            bench.Write(AxiRegisters.Config, impossible);
            uint config = bench.Read(AxiRegisters.Config);
            Check(config == 0, $"CONFIG reads {Hex(config)} after an unsupported value was written, expected the old value 0");
            status = bench.Read(AxiRegisters.Status);
            Check((status & AxiRegisters.StatusError) != 0 && status >> AxiRegisters.StatusErrorCodeShift == AxiRegisters.ErrorConfigRefused,
                $"STATUS reads {Hex(status)} after an unsupported CONFIG, expected ERROR with code {AxiRegisters.ErrorConfigRefused}");
            bench.Write(AxiRegisters.Control, AxiRegisters.ControlClearError);
            status = bench.Read(AxiRegisters.Status);
            Check(status == 0, $"STATUS reads {Hex(status)} after CLEAR_ERROR, expected 0");

            // ---- configure and start
            var first = adapter.DefaultSettings(Bytes(16)) with { Iv = Bytes(16) };
            bench.WriteSettings(first);
            bench.Write(AxiRegisters.Control, AxiRegisters.ControlStart);
            status = bench.Read(AxiRegisters.Status);
            Check(status == AxiRegisters.StatusEnabled, $"STATUS reads {Hex(status)} after START with no packet in flight, expected ENABLED only");
            config = bench.Read(AxiRegisters.Config);
            Check(config == first.ConfigValue, $"CONFIG reads {Hex(config)}, expected {Hex(first.ConfigValue)}");
            uint iv2 = bench.Read(AxiRegisters.Iv0 + 8);
            Check(iv2 == AxiWrapperBench.LittleEndianWord(first.Iv, 8), $"IV2 reads {Hex(iv2)}, expected {Hex(AxiWrapperBench.LittleEndianWord(first.Iv, 8))}");
            uint key0 = bench.Read(AxiRegisters.Key0);
            Check(key0 == 0, $"KEY0 reads {Hex(key0)}; keys are write-only and read 0");

            // ---- packets of many lengths: whole blocks; the packet ending in the first or second
            // beat of a block, with a partial or a whole beat
            int[] lengths = [16, 40, 3, 27, 20, 8, 1024, 48, 17, 9, 64];
            bool partialSent = false;
            foreach (var n in lengths)
            {
                Send($"{n}-byte packet", Bytes(n), first);
                partialSent |= n % 16 != 0;
            }
            AwaitPackets("the packets of many lengths");
            status = bench.Read(AxiRegisters.Status);
            bool partialIsError = partialSent && adapter.NeedsWholeBlocks(first);
            Check(partialIsError
                    ? (status & AxiRegisters.StatusError) != 0 && status >> AxiRegisters.StatusErrorCodeShift == AxiRegisters.ErrorPartialBlock
                    : (status & AxiRegisters.StatusError) == 0,
                $"STATUS reads {Hex(status)} after packets that were {(partialSent ? "" : "not ")}whole blocks, expected {(partialIsError ? $"ERROR with code {AxiRegisters.ErrorPartialBlock}" : "no ERROR")}");
            bench.Write(AxiRegisters.Control, AxiRegisters.ControlClearError);

            // ---- a new key written and started while a packet streams in
            var second = first with { Key = Bytes(adapter.SecondKeyBytes(options.Seed, first.Key.Length)), Iv = Bytes(16) };
            measuredKeyBytes = second.Key.Length;
            var streaming = Bytes(2048);
            Send("2048-byte packet streaming during the key change", streaming, first);
            bench.RunUntil(() => bench.Source.CurrentOffset >= 64, "the first beats of the 2048-byte packet");
            bench.Source.Hold = true; // the packets for the new key wait until START has been written
            bench.WriteSettings(second);
            bench.Write(AxiRegisters.Control, AxiRegisters.ControlStart);
            status = bench.Read(AxiRegisters.Status);
            bool stillStreaming = bench.Source.CurrentOffset > 0;
            if (stillStreaming)
                Check((status & AxiRegisters.StatusLoadPending) != 0,
                    $"STATUS reads {Hex(status)} while the packet is still coming in after START, expected LOAD_PENDING");
            Send("64-byte packet after the key change", Bytes(64), second);
            Send("100-byte packet after the key change", Bytes(100), second);
            bench.Source.Hold = false;
            AwaitPackets("the packets around the key change");
            status = bench.Read(AxiRegisters.Status);
            Check((status & (AxiRegisters.StatusLoadPending | AxiRegisters.StatusBusy)) == 0 && (status & AxiRegisters.StatusEnabled) != 0,
                $"STATUS reads {Hex(status)} after the packets, expected ENABLED, not BUSY, no LOAD_PENDING");
            bench.Write(AxiRegisters.Control, AxiRegisters.ControlClearError);

            // ---- soft reset in the middle of a packet, with the core full (heavy back-pressure) and the
            // consumer (an S2MM channel, not reset with the wrapper) holding TREADY low across it: the
            // beat on offer must stay, and an output packet already started must end with TLAST
            bench.Sink.StallProbability = 0.9;
            var interrupted = Bytes(1024);
            bench.Source.Enqueue(interrupted);
            bench.RunUntil(() => bench.Source.CurrentOffset >= 512, "half of the packet that the soft reset interrupts");
            int received = bench.Sink.Packets.Count;
            bench.Sink.StallProbability = 1;
            bench.Write(AxiRegisters.Control, AxiRegisters.ControlSoftReset);
            bench.Source.Abort(); // software stops the MM2S channel; the wrapper refuses the rest until START
            Check(!bench.Wrapper.Ports.SAxisReady.Ready, "s_axis TREADY is high after the soft reset, before START");
            // A packet is open on m_axis when beats of it were taken or one is on offer (held since the reset).
            bool cut = bench.Sink.PartialBytes > 0 || bench.Wrapper.Ports.MAxis.Valid;
            uint cutStatus = cut ? AxiRegisters.StatusClosing | AxiRegisters.StatusError | (uint)AxiRegisters.ErrorOutputCut << AxiRegisters.StatusErrorCodeShift : 0;
            status = bench.Read(AxiRegisters.Status);
            Check((status & ~AxiRegisters.StatusDraining) == cutStatus,
                $"STATUS reads {Hex(status)} after the soft reset with an output packet {(cut ? "" : "not ")}open, expected {Hex(cutStatus)} (or DRAINING)");
            uint blocksIn = bench.Read(AxiRegisters.BlocksIn);
            Check(blocksIn == 0, $"BLOCKS_IN reads {blocksIn} after the soft reset, expected 0");
            bench.Sink.StallProbability = options.StallProbability;
            if (cut)
            {
                bench.RunUntil(() => bench.Sink.Packets.Count > received, "the end of the output packet cut by the soft reset");
                // Its bytes: the output for the interrupted packet up to the cut (whole beats), then the closing byte.
                var cutPacket = bench.Sink.Packets[received].Data;
                int real = cutPacket.Length - 1;
                var want = adapter.Expected(second, interrupted);
                Check(real % (options.StreamBits / 8) == 0 && real < want.Length,
                    $"the cut packet has {cutPacket.Length} bytes, expected whole beats of the interrupted packet's output and one closing byte");
                expected.Add(("output packet cut by the soft reset", [.. want.AsSpan(0, Math.Min(real, want.Length)), 0]));
                status = bench.Read(AxiRegisters.Status);
                Check((status & AxiRegisters.StatusClosing) == 0, $"STATUS reads {Hex(status)} after the cut packet ended, expected CLOSING clear");
                bench.Write(AxiRegisters.Control, AxiRegisters.ControlClearError);
                received++;
            }
            bench.RunUntil(() => (bench.Read(AxiRegisters.Status) & AxiRegisters.StatusDraining) == 0, "the drain after the soft reset", 100_000);
            bench.Write(AxiRegisters.Control, AxiRegisters.ControlStart);
            var afterReset = new[] { Bytes(80), Bytes(160) };
            foreach (var packet in afterReset) Send($"{packet.Length}-byte packet after the soft reset", packet, second);
            AwaitPackets("the packets after the soft reset");
            Check(bench.Sink.Packets.Count == received + afterReset.Length,
                $"{bench.Sink.Packets.Count - received} packets came out after the soft reset, expected {afterReset.Length}");

            // ---- counters since the soft reset
            bench.Run(8);
            long blocks = afterReset.Sum(p => adapter.InputBlocks(p.Length));
            long blocksExpectedOut = afterReset.Sum(p => adapter.OutputBlocks(p.Length));
            blocksIn = bench.Read(AxiRegisters.BlocksIn);
            uint blocksOut = bench.Read(AxiRegisters.BlocksOut);
            uint packetsOut = bench.Read(AxiRegisters.PacketsOut);
            uint busyCycles = bench.Read(AxiRegisters.BusyCycles);
            Check(blocksIn == blocks && blocksOut == blocksExpectedOut,
                $"BLOCKS_IN {blocksIn}, BLOCKS_OUT {blocksOut} after the soft reset, expected {blocks} and {blocksExpectedOut}");
            Check(packetsOut == afterReset.Length, $"PACKETS_OUT reads {packetsOut}, expected {afterReset.Length}");
            int beatBytes = options.StreamBits / 8;
            long beats = afterReset.Sum(p => (long)(p.Length + beatBytes - 1) / beatBytes);
            Check(busyCycles >= beats && busyCycles < bench.Cycle, $"BUSY_CYCLES reads {busyCycles}, expected at least the {beats} input beats and less than {bench.Cycle} cycles");
            status = bench.Read(AxiRegisters.Status);
            // An AEAD wrapper has the tag of the last message in TAG0..3 (sealed: no mismatch).
            uint idle = AxiRegisters.StatusEnabled | (adapter is IAxiAeadCoreAdapter ? AxiRegisters.StatusTagValid : 0);
            Check(status == idle, $"STATUS reads {Hex(status)} after the packets, expected {Hex(idle)} (ENABLED{(idle == AxiRegisters.StatusEnabled ? "" : ", TAG_VALID")} only)");

            // ---- AEAD: messages with AAD, without data, empty (START with EMPTY, no packet), opened with the right and a
            // wrong tag; TAG0..3 and STATUS after each
            if (adapter is IAxiAeadCoreAdapter aead)
            {
                RunAeadMessages(aead, second);
                bench.WriteSettings(second);
                bench.Write(AxiRegisters.Control, AxiRegisters.ControlStart);
            }

            // ---- full speed: packets back to back, no gaps, no back-pressure
            bench.Source.GapProbability = 0;
            bench.Sink.StallProbability = 0;
            int before = bench.Sink.Packets.Count;
            for (int i = 0; i < options.MeasuredPackets; i++) Send($"{MeasuredPacketBytes}-byte packet at full speed", Bytes(MeasuredPacketBytes), second);
            AwaitPackets("the packets at full speed");
            var timed = bench.Sink.Packets.Skip(before).ToList();
            cyclesPerPacket = (double)(timed[^1].LastBeatCycle - timed[0].LastBeatCycle) / (timed.Count - 1);
            bench.Run(4);
        }
        catch (Hdl.HardwareException e)
        {
            failures.Add($"{e.Message} ({seedNote})");
        }

        // One message per START: the registers, the packet, its output (none without data), then the tag and the check.
        void RunAeadMessages(IAxiAeadCoreAdapter aead, AxiCoreSettings settings)
        {
            // IV_LEN 0 (and, where only the 96-bit nonce exists, 16) and a tag length out of range are refused (error 1).
            uint[] refusedIvLengths = aead.AnyIvLength ? [0] : [0, 16];
            foreach (var (register, value) in refusedIvLengths.Select(v => (AxiRegisters.IvLength, v)).Append((AxiRegisters.TagLength, (uint)aead.MinTagBytes - 1)))
            {
                bench.Write(register, value);
                uint kept = bench.Read(register);
                uint refusedStatus = bench.Read(AxiRegisters.Status);
                Check(kept != value && refusedStatus >> AxiRegisters.StatusErrorCodeShift == AxiRegisters.ErrorConfigRefused,
                    $"register 0x{register:X2} reads {kept} and STATUS {Hex(refusedStatus)} after {value} was written, expected the old value and error {AxiRegisters.ErrorConfigRefused}");
                bench.Write(AxiRegisters.Control, AxiRegisters.ControlClearError);
            }
            // Opening: Tag 1 gives the right tag, -1 the right tag with one bit flipped in its compared bytes. A message
            // with neither AAD nor data is an empty one: START with EMPTY, no packet.
            var messages = new List<(string Name, AxiCoreSettings Settings, int Aad, int Data, int Tag)>
            {
                ("sealed, 20 bytes of AAD, 45 of data", settings with { Aead = new(20, 12, new byte[16], 16) }, 20, 45, 0),
                ("sealed, 40 bytes of AAD, no data", settings with { Aead = new(40, 12, new byte[16], 16) }, 40, 0, 0),
                ("empty (START with EMPTY), sealed", settings with { Aead = new(0, 12, new byte[16], 16) }, 0, 0, 0),
                ("opened with the right tag, 5 bytes of AAD, 33 of data", settings with { Decrypt = true, Aead = new(5, 12, new byte[16], 16) }, 5, 33, 1),
                ($"opened with a wrong {aead.MinTagBytes}-byte tag, no AAD, 17 bytes of data",
                    settings with { Decrypt = true, Aead = new(0, 12, new byte[16], aead.MinTagBytes) }, 0, 17, -1),
                ("empty (START with EMPTY), opened with a wrong tag", settings with { Decrypt = true, Aead = new(0, 12, new byte[16], 16) }, 0, 0, -1),
            };
            if (aead.AnyIvLength)
                messages.Add(("sealed with a 20-byte IV in the packet, 3 bytes of AAD, 30 of data", settings with { Aead = new(3, 20, new byte[16], 16) }, 3, 30, 0));
            foreach (var (name, given, aadBytes, dataBytes, tagCase) in messages)
            {
                var a = given.Aead!;
                int ivArea = a.IvBytes == 12 ? 0 : (int)(a.IvBytes + 15) / 16 * 16;
                // Random pad bytes too: the wrapper must ignore them.
                var packet = Bytes(ivArea + (aadBytes + 15) / 16 * 16 + dataBytes);
                var m = given;
                if (tagCase != 0)
                {
                    var expectedTag = aead.ExpectedTag(given, packet).Tag;
                    if (tagCase < 0) expectedTag[rng.Next(a.TagBytes)] ^= (byte)(1 << rng.Next(8));
                    m = given with { Aead = a with { ExpectedTag = expectedTag } };
                }
                bench.WriteSettings(m);
                bool empty = packet.Length == 0;
                uint packetsBefore = bench.Read(AxiRegisters.PacketsOut), blocksInBefore = bench.Read(AxiRegisters.BlocksIn);
                bench.Write(AxiRegisters.Control, AxiRegisters.ControlStart | (empty ? AxiRegisters.ControlEmpty : 0));
                var (wantTag, mismatch) = aead.ExpectedTag(m, packet);
                if (!empty) bench.Source.Enqueue(packet);
                if (dataBytes > 0) expected.Add(($"AEAD message {name}", adapter.Expected(m, packet)));
                AwaitPackets($"the AEAD message {name}");
                bench.RunUntil(() => (bench.Read(AxiRegisters.Status) & AxiRegisters.StatusTagValid) != 0, $"TAG_VALID after the AEAD message {name}", 10_000);
                if (empty)
                {
                    // As a message without data: counted in PACKETS_OUT, BUSY clear after it; BLOCKS_IN counts its start and its End.
                    bench.Run(4);
                    uint packetsAfter = bench.Read(AxiRegisters.PacketsOut), blocksInAfter = bench.Read(AxiRegisters.BlocksIn);
                    Check(packetsAfter == packetsBefore + 1 && blocksInAfter == blocksInBefore + 2,
                        $"AEAD message {name}: PACKETS_OUT {packetsBefore} -> {packetsAfter}, BLOCKS_IN {blocksInBefore} -> {blocksInAfter}, expected one more packet and two more blocks");
                }
                var tag = bench.ReadTag();
                Check(tag.AsSpan().SequenceEqual(wantTag), $"AEAD message {name}: TAG0..3 read {Convert.ToHexString(tag)}, expected {Convert.ToHexString(wantTag)}");
                uint aeadStatus = bench.Read(AxiRegisters.Status);
                uint want = AxiRegisters.StatusEnabled | AxiRegisters.StatusTagValid
                    | (mismatch ? AxiRegisters.StatusTagMismatch | AxiRegisters.StatusError | (uint)AxiRegisters.ErrorTagMismatch << AxiRegisters.StatusErrorCodeShift : 0);
                Check(aeadStatus == want, $"AEAD message {name}: STATUS reads {Hex(aeadStatus)}, expected {Hex(want)}");
                Check(mismatch == tagCase < 0, $"AEAD message {name}: the oracle {(mismatch ? "rejects" : "accepts")} the tag");
                bench.Write(AxiRegisters.Control, AxiRegisters.ControlClearError);
            }
        }

        // ---- every packet out against the oracle
        var got = bench.Sink.Packets;
        long bytesChecked = 0;
        for (int i = 0; i < Math.Max(expected.Count, got.Count); i++)
        {
            if (i >= got.Count) { failures.Add($"{expected[i].Name}: never came out ({seedNote})"); continue; }
            if (i >= expected.Count) { failures.Add($"packet {i} ({got[i].Data.Length} bytes) came out but none was expected ({seedNote})"); continue; }
            var (name, want) = expected[i];
            var have = got[i].Data;
            if (!have.AsSpan().SequenceEqual(want))
            {
                int at = 0;
                while (at < Math.Min(have.Length, want.Length) && have[at] == want[at]) at++;
                failures.Add($"{name}: {have.Length} bytes out, expected {want.Length}; first difference at byte {at} ({seedNote})");
            }
            else bytesChecked += have.Length;
        }
        failures.AddRange(bench.ProtocolErrors.Take(10).Select(e => $"{e} ({seedNote})"));
        return new AxiScenarioResult(bench, failures, Math.Min(got.Count, expected.Count), bytesChecked, cyclesPerPacket, measuredKeyBytes);
    }
}
