using System.Text;
using Crypto.Axi;
using Crypto.Axi.Cores;
using Crypto.Axi.Testbench;
using Crypto.Catalog;
using Crypto.ChaCha;
using Xunit;

namespace Axi.Tests;

/// <summary>
/// The ChaCha20-Poly1305 wrappers beyond the generic scenario: RFC 8439 §2.8.2 through the wrapper;
/// seeded random messages against .NET's ChaCha20Poly1305 under gaps and back-pressure (AAD and data of
/// any length, 0 included, empty messages among them, sealed and opened with right and wrong tags, a new
/// key for each); soft resets
/// in the AAD and in the data of an opened message; the VHDL in GHDL; IV_LEN and TAG_LEN other than 12
/// and 16 refused.
/// </summary>
public class ChaChaPolyWrapperTests
{
    public static TheoryData<string> Wrappers() => [.. AxiCatalog.All.Where(a => a is ChaChaPolyAxiCore).Select(a => a.Name)];

    [Theory]
    [MemberData(nameof(Wrappers))]
    public void Rfc8439Section282ThroughTheWrapper(string name)
    {
        var a = (IAxiAeadCoreAdapter)AxiCatalog.FindByName(name);
        byte[] key = Convert.FromHexString("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f");
        byte[] iv = [.. Convert.FromHexString("070000004041424344454647"), 0, 0, 0, 0];
        byte[] aad = Convert.FromHexString("50515253c0c1c2c3c4c5c6c7");
        byte[] plaintext = Encoding.ASCII.GetBytes("Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.");
        byte[] tag = Convert.FromHexString("1ae10b594f09e26a7e902ecbd0600691");
        byte[] packet = [.. aad, 0, 0, 0, 0, .. plaintext];
        var settings = a.DefaultSettings(key) with { Iv = iv, Aead = new AxiAeadSettings((uint)aad.Length, 12, new byte[16], 16) };
        Assert.Equal(tag, a.ExpectedTag(settings, packet).Tag);
        var bench = new AxiWrapperBench(a, seed: 2, liteDelay: 0.3, gapProbability: 0.3, stallProbability: 0.4, trace: false);
        bench.Run(3);
        var failures = AeadWrapperRuns.Run(bench, a, [new AeadWrapperRuns.Message("RFC 8439 §2.8.2", settings, packet, plaintext.Length)], seed: 2);
        Assert.True(failures.Count == 0, string.Join("\n", failures));
        Assert.Equal(tag, bench.ReadTag());
    }

    [Theory]
    [MemberData(nameof(Wrappers))]
    public void RandomMessagesEqualDotNetChaCha20Poly1305(string name)
    {
        var failures = AeadWrapperRuns.RandomRuns(name, count: 16);
        Assert.True(failures.Count == 0, string.Join("\n", failures.Take(10)));
    }

    [Theory]
    [MemberData(nameof(Wrappers))]
    public void ASoftResetMidMessageDropsItsTagAndFreshMessagesPass(string name)
    {
        var failures = AeadWrapperRuns.SoftResets(name);
        Assert.True(failures.Count == 0, string.Join("\n", failures.Take(10)));
    }

    /// <summary>The 32-bit stream option (the converters of 32-bit beats around the same wrapper): the scenario, AEAD messages included.</summary>
    [Fact]
    public void ScenarioPassesWith32BitStreams()
    {
        var r = AxiScenario.Run(AxiCatalog.FindByName("chacha20-poly1305-proc10"), new AxiScenarioOptions(Seed: 3, StreamBits: 32), trace: false);
        Assert.True(r.Passed, string.Join("\n", r.Failures.Take(10)));
    }

    [Fact]
    public void RandomMessagesWithAFailedTagReplayInGhdl()
    {
        var failures = AeadWrapperRuns.RandomRun("chacha20-poly1305-iterative", seed: 5, count: 5, trace: true, out var bench);
        Assert.True(failures.Count == 0, string.Join("\n", failures));
        AeadWrapperRuns.ReplayInGhdl(bench, "ccp-messages");
    }

    [Fact]
    public void OnlyThe96BitNonceAndTheWholeTagAreTaken()
    {
        var a = AxiCatalog.Find("chacha20-poly1305", "proc10");
        Assert.Equal(AxiRegisters.IdValue("CCP "), a.CoreId);
        Assert.Equal(AxiRegisters.CapsValue(1 << AxiRegisters.ModeChaChaPoly, true, true, 1 << AxiRegisters.KeySize256) | AxiRegisters.CapsEmptyMessage, a.Caps);
        Assert.Equal(0x43435020u, a.CoreId);
        Assert.Equal(0x00014310u, a.Caps);
        Assert.Equal(2, a.VariantNumber);
        var bench = new AxiWrapperBench(a, seed: 1, liteDelay: 0, gapProbability: 0, stallProbability: 0, trace: false);
        bench.Run(3);
        foreach (var (register, value, kept) in new[] { (AxiRegisters.IvLength, 16u, 12u), (AxiRegisters.TagLength, 12u, 16u) })
        {
            bench.Write(register, value);
            Assert.Equal(kept, bench.Read(register));
            Assert.Equal(AxiRegisters.ErrorConfigRefused, (byte)(bench.Read(AxiRegisters.Status) >> AxiRegisters.StatusErrorCodeShift));
            bench.Write(AxiRegisters.Control, AxiRegisters.ControlClearError);
        }
    }
}
