using Crypto.Axi;
using Crypto.Axi.Testbench;
using Crypto.Catalog;
using Xunit;

namespace Axi.Tests;

/// <summary>The wrapper of an AES build for one key size: CAPS names that size alone, and CONFIG refuses the others.</summary>
public class AesKeyBitsWrapperTests
{
    [Theory]
    [InlineData("all", 0b111)]
    [InlineData("128", 0b001)]
    [InlineData("192", 0b010)]
    [InlineData("256", 0b100)]
    public void CapsNameTheKeySizesOfTheBuild(string keyBits, int keySizes)
    {
        var adapter = AxiCatalog.Find("aes", "proc11", keyBits);
        Assert.Equal((uint)keySizes, (adapter.Caps >> AxiRegisters.CapsKeySizesShift) & 7);
        Assert.Equal(keyBits == "all" ? "aes-proc11" : $"aes{keyBits}-proc11", adapter.Name);
    }

    [Theory]
    [InlineData(AxiRegisters.KeySize192)]
    [InlineData(AxiRegisters.KeySize256)]
    public void Aes128WrapperRefusesALongerKey(byte keySize)
    {
        var adapter = AxiCatalog.Find("aes", "iterative", "128");
        var bench = new AxiWrapperBench(adapter, seed: 1, liteDelay: 0, gapProbability: 0, stallProbability: 0, trace: false);
        bench.Run(3);
        uint good = AxiRegisters.ConfigValue(AxiRegisters.ModeEcb, decrypt: false, AxiRegisters.KeySize128);
        bench.Write(AxiRegisters.Config, good);
        Assert.Equal(good, bench.Read(AxiRegisters.Config));
        Assert.Equal(0u, bench.Read(AxiRegisters.Status) & AxiRegisters.StatusError);
        bench.Write(AxiRegisters.Config, AxiRegisters.ConfigValue(AxiRegisters.ModeEcb, decrypt: false, keySize));
        Assert.Equal(good, bench.Read(AxiRegisters.Config));
        Assert.Equal(AxiRegisters.ErrorConfigRefused, (byte)(bench.Read(AxiRegisters.Status) >> AxiRegisters.StatusErrorCodeShift));
    }

    [Fact]
    public void KeyBitsIsForAesOnly()
    {
        var e = Assert.Throws<ArgumentException>(() => AxiCatalog.Find("md5", "iterative", "128"));
        Assert.Equal("--key-bits 128: only aes and aes-gcm are built for one key size; md5 takes --key-bits all", e.Message);
    }
}
