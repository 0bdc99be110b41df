using Crypto.Axi;
using Crypto.Axi.Cores;
using Crypto.Axi.Testbench;
using Crypto.Catalog;
using Xunit;

namespace Axi.Tests;

/// <summary>
/// The AES-GCM wrappers beyond the generic scenario: seeded random messages (AAD and data of any length,
/// 0 included, IVs of 96 bits and of 1 to 40 bytes, sealed and opened with right and wrong tags of 12 to
/// 16 bytes, a new key for each, empty messages among them: START with CONTROL.EMPTY) against .NET's
/// AesGcm under gaps and back-pressure; soft resets in the AAD and in the data of an opened message; a
/// packet shorter than its AAD; the VHDL in GHDL.
/// </summary>
public class AesGcmWrapperTests
{
    public static TheoryData<string> Wrappers() => [.. AxiCatalog.All.OfType<AesGcmAxiCore>().Select(a => a.Name)];

    [Theory]
    [MemberData(nameof(Wrappers))]
    public void RandomMessagesEqualDotNetAesGcm(string name)
    {
        var failures = AeadWrapperRuns.RandomRuns(name, count: 24);
        Assert.True(failures.Count == 0, string.Join("\n", failures.Take(10)));
    }

    [Theory]
    [MemberData(nameof(Wrappers))]
    public void ASoftResetMidMessageDropsItsTagAndFreshMessagesPass(string name)
    {
        var failures = AeadWrapperRuns.SoftResets(name);
        Assert.True(failures.Count == 0, string.Join("\n", failures.Take(10)));
    }

    /// <summary>AAD_LEN 40 and a 20-byte packet: error 7, no output packet, the tag of the 20 bytes of AAD that came.</summary>
    [Fact]
    public void APacketShorterThanItsAadIsError7()
    {
        var a = (IAxiAeadCoreAdapter)AxiCatalog.FindByName("aes128-proc11-gcm");
        var bench = new AxiWrapperBench(a, seed: 3, liteDelay: 0.3, gapProbability: 0.3, stallProbability: 0.3, trace: false);
        var rng = new Random(3);
        var key = new byte[16];
        rng.NextBytes(key);
        var packet = new byte[20];
        rng.NextBytes(packet);
        var settings = a.DefaultSettings(key) with { Iv = new byte[16], Aead = new AxiAeadSettings(40, 12, new byte[16], 16) };
        bench.Run(3);
        bench.WriteSettings(settings);
        bench.Write(AxiRegisters.Control, AxiRegisters.ControlStart);
        bench.Source.Enqueue(packet);
        bench.RunUntil(() => (bench.Read(AxiRegisters.Status) & AxiRegisters.StatusTagValid) != 0, "the tag", 20_000);
        bench.Run(40);
        uint status = bench.Read(AxiRegisters.Status);
        Assert.Equal(AxiRegisters.ErrorShortPacket, (byte)(status >> AxiRegisters.StatusErrorCodeShift));
        Assert.Empty(bench.Sink.Packets);
        var truncated = settings with { Aead = settings.Aead! with { AadBytes = 20 } };
        Assert.Equal(a.ExpectedTag(truncated, packet).Tag, bench.ReadTag());
        Assert.Equal(0u, status & AxiRegisters.StatusBusy);
    }

    /// <summary>The 32-bit stream option (the converters of 32-bit beats around the same wrapper): the scenario, AEAD messages included.</summary>
    [Fact]
    public void ScenarioPassesWith32BitStreams()
    {
        var r = AxiScenario.Run(AxiCatalog.FindByName("aes128-proc11-gcm"), new AxiScenarioOptions(Seed: 3, StreamBits: 32), trace: false);
        Assert.True(r.Passed, string.Join("\n", r.Failures.Take(10)));
    }

    [Fact]
    public void RandomMessagesWithAFailedTagReplayInGhdl()
    {
        var failures = AeadWrapperRuns.RandomRun("aes128-proc11-gcm", seed: 5, count: 6, trace: true, out var bench);
        Assert.True(failures.Count == 0, string.Join("\n", failures));
        AeadWrapperRuns.ReplayInGhdl(bench, "gcm-messages");
    }

    [Fact]
    public void RegistersTellSoftwareWhatTheWrapperIs()
    {
        var a = AxiCatalog.Find("aes-gcm", "proc11", "128");
        Assert.Equal("aes128-proc11-gcm", a.Name);
        Assert.Equal(AxiRegisters.IdValue("GCM "), a.CoreId);
        Assert.Equal(AxiRegisters.CapsValue(1 << AxiRegisters.ModeGcm, true, true, 1 << AxiRegisters.KeySize128) | AxiRegisters.CapsEmptyMessage, a.Caps);
        Assert.Equal(AxiRegisters.CapsValue(1 << AxiRegisters.ModeGcm, true, true, 7) | AxiRegisters.CapsEmptyMessage, AxiCatalog.Find("aes-gcm", "proc11").Caps);
        // The values docs/axi.md and crypto_host's users read: "GCM ", mode 3, both directions, key sizes, empty messages (bit 16).
        Assert.Equal(0x47434D20u, a.CoreId);
        Assert.Equal(0x00011308u, a.Caps);
        Assert.Equal(0x00017308u, AxiCatalog.Find("aes-gcm", "proc11").Caps);
        Assert.Equal(9, AxiCatalog.Find("aes-gcm", "proc11").VariantNumber);
        // Any AES encryption variant can be wrapped; a mode variant cannot.
        Assert.Equal("aes-proc22-gcm", AxiCatalog.Find("aes-gcm", "proc22").Name);
        Assert.Throws<ArgumentException>(() => AxiCatalog.Find("aes-gcm", "proc11-ctr"));
    }
}
