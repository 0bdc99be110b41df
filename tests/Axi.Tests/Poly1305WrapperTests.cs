using Crypto.Axi;
using Crypto.Axi.Testbench;
using Crypto.Catalog;
using Crypto.ChaCha;
using Xunit;

namespace Axi.Tests;

/// <summary>
/// The Poly1305 wrapper beyond the generic scenario: its oracle (the project's Poly1305Model) against
/// the known answer of RFC 8439 §2.5.2, the same message through the simulated wrapper with the key in
/// KEY0..7, and CONFIG values CAPS does not admit.
/// </summary>
public class Poly1305WrapperTests
{
    // RFC 8439 §2.5.2: key r ‖ s, the message "Cryptographic Forum Research Group", its tag.
    static readonly byte[] RfcKey = Convert.FromHexString("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b");
    static readonly byte[] RfcMessage = "Cryptographic Forum Research Group"u8.ToArray();
    static readonly byte[] RfcTag = Convert.FromHexString("a8061dc1305136c6c22b8baf0c0127a9");

    [Fact]
    public void TheOracleGivesTheTagOfRfc8439Section252()
    {
        Assert.Equal(RfcTag, Poly1305Model.Mac(RfcKey, RfcMessage));
        var adapter = AxiCatalog.Find("poly1305", "naive");
        Assert.Equal(RfcTag, adapter.Expected(adapter.DefaultSettings(RfcKey), RfcMessage));
    }

    /// <summary>
    /// The RFC message (two whole blocks and a 2-byte final block) and messages of 16, 32 and 17 bytes
    /// under the RFC key, through the C# simulation of the wrapper with gaps and back-pressure: the RFC
    /// tag for the first, the model's for the others (a final block that is whole, and one of one byte).
    /// </summary>
    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void TheRfcMessageThroughTheWrapperGivesTheRfcTag(int seed)
    {
        var adapter = AxiCatalog.Find("poly1305", "naive");
        var bench = new AxiWrapperBench(adapter, seed, liteDelay: 0.3, gapProbability: 0.3, stallProbability: 0.4, trace: false);
        var settings = adapter.DefaultSettings(RfcKey);
        Assert.Equal(AxiRegisters.ConfigValue(AxiRegisters.ModeEcb, decrypt: false, AxiRegisters.KeySize256), settings.ConfigValue);
        var rng = new Random(seed);
        byte[][] packets = [RfcMessage, new byte[16], new byte[32], new byte[17]];
        foreach (var p in packets.Skip(1)) rng.NextBytes(p);

        bench.Run(3);
        Assert.Equal(AxiRegisters.IdValue("POLY"), bench.Read(AxiRegisters.Id));
        bench.WriteSettings(settings);
        bench.Write(AxiRegisters.Control, AxiRegisters.ControlStart);
        foreach (var p in packets) bench.Source.Enqueue(p);
        bench.RunUntil(() => bench.Sink.Packets.Count >= packets.Length && bench.Source.Idle, "the four messages", 20_000);
        bench.Run(4);

        var got = bench.Sink.Packets;
        Assert.Equal(packets.Length, got.Count);
        Assert.Equal(RfcTag, got[0].Data);
        for (int i = 1; i < packets.Length; i++)
            Assert.True(got[i].Data.AsSpan().SequenceEqual(Poly1305Model.Mac(RfcKey, packets[i])), $"tag of the {packets[i].Length}-byte message (seed {seed})");
        Assert.Equal((uint)packets.Length, bench.Read(AxiRegisters.BlocksOut));
        Assert.Equal(0u, bench.Read(AxiRegisters.Status) & AxiRegisters.StatusError);
        Assert.Empty(bench.ProtocolErrors);
    }

    /// <summary>CAPS admits mode 0, forward, 256-bit key only: a 128-bit key size or the reverse direction is refused (error 1).</summary>
    [Theory]
    [InlineData(AxiRegisters.ModeEcb, false, AxiRegisters.KeySize128)]
    [InlineData(AxiRegisters.ModeEcb, true, AxiRegisters.KeySize256)]
    [InlineData(AxiRegisters.ModeCtr, false, AxiRegisters.KeySize256)]
    public void ConfigOtherThanTheMacIsRefused(byte mode, bool decrypt, byte keySize)
    {
        var adapter = AxiCatalog.Find("poly1305", "naive");
        var bench = new AxiWrapperBench(adapter, seed: 1, liteDelay: 0, gapProbability: 0, stallProbability: 0, trace: false);
        bench.Run(3);
        uint good = AxiRegisters.ConfigValue(AxiRegisters.ModeEcb, decrypt: false, AxiRegisters.KeySize256);
        bench.Write(AxiRegisters.Config, good);
        Assert.Equal(good, bench.Read(AxiRegisters.Config));
        bench.Write(AxiRegisters.Config, AxiRegisters.ConfigValue(mode, decrypt, keySize));
        Assert.Equal(good, bench.Read(AxiRegisters.Config));
        uint status = bench.Read(AxiRegisters.Status);
        Assert.Equal(AxiRegisters.ErrorConfigRefused, (byte)(status >> AxiRegisters.StatusErrorCodeShift));
    }
}
