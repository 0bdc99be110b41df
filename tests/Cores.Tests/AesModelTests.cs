using Crypto.Aes;
using Xunit;

namespace Cores.Tests;

/// <summary>The AES arithmetic and software model against FIPS-197 and .NET's AES.</summary>
public class AesModelTests
{
    // FIPS-197 Appendix B (cipher example) and Appendix C.1 (AES-128 example vector).
    public const string AppendixBKey = "2b7e151628aed2a6abf7158809cf4f3c";
    public const string AppendixBPlaintext = "3243f6a8885a308d313198a2e0370734";
    public const string AppendixBCiphertext = "3925841d02dc09fbdc118597196a0b32";
    public const string AppendixC1Key = "000102030405060708090a0b0c0d0e0f";
    public const string AppendixC1Plaintext = "00112233445566778899aabbccddeeff";
    public const string AppendixC1Ciphertext = "69c4e0d86a7b0430d8cdb78070b4c55a";

    static UInt128 Hex(string hex) => AesModel.FromHex(hex);

    [Fact]
    public void FieldArithmeticMatchesFips197Section4()
    {
        Assert.Equal(0xae, AesMath.Xtime(0x57));
        Assert.Equal(0x47, AesMath.Xtime(0xae));
        Assert.Equal(0xc1, AesMath.GfMultiply(0x57, 0x83));
        Assert.Equal(0xfe, AesMath.GfMultiply(0x57, 0x13));
        Assert.Equal(0, AesMath.GfInverse(0));
        for (int x = 1; x < 256; x++)
            Assert.Equal(1, AesMath.GfMultiply((byte)x, AesMath.GfInverse((byte)x)));
    }

    [Fact]
    public void SBoxIsAPermutationWithTheFips197Values()
    {
        Assert.Equal(256, AesMath.SBox.Distinct().Count());
        Assert.Equal(0x63, AesMath.SBox[0x00]);
        Assert.Equal(0x7c, AesMath.SBox[0x01]);
        Assert.Equal(0xed, AesMath.SBox[0x53]); // FIPS-197 5.1.1 example
        Assert.Equal(0x16, AesMath.SBox[0xff]);
        Assert.Equal(0xca, AesMath.SBox[0x10]);
    }

    [Fact]
    public void RoundConstantsAreThoseOfFips197()
    {
        Assert.Equal(new byte[] { 0x00, 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36 }, AesMath.Rcon);
    }

    [Fact]
    public void KeyExpansionMatchesFips197AppendixA1()
    {
        var keys = AesModel.ExpandKey128(Hex(AppendixBKey));
        Assert.Equal(Hex("a0fafe1788542cb123a339392a6c7605"), keys[1]);
        Assert.Equal(Hex("d014f9a8c9ee2589e13f0cc8b6630ca6"), keys[10]);
    }

    [Fact]
    public void FirstRoundMatchesFips197AppendixB()
    {
        var keys = AesModel.ExpandKey128(Hex(AppendixBKey));
        var start1 = AesMath.AddRoundKey(Hex(AppendixBPlaintext), keys[0]);
        Assert.Equal(Hex("193de3bea0f4e22b9ac68d2ae9f84808"), start1);
        Assert.Equal(Hex("a49c7ff2689f352b6b5bea43026a5049"), AesMath.Round(start1, keys[1]));
    }

    [Fact]
    public void FirstRoundMatchesFips197AppendixC1()
    {
        var keys = AesModel.ExpandKey128(Hex(AppendixC1Key));
        var start1 = AesMath.AddRoundKey(Hex(AppendixC1Plaintext), keys[0]);
        Assert.Equal(Hex("00102030405060708090a0b0c0d0e0f0"), start1);
        Assert.Equal(Hex("89d810e8855ace682d1843d8cb128fe4"), AesMath.Round(start1, keys[1]));
    }

    [Theory]
    [InlineData(AppendixBKey, AppendixBPlaintext, AppendixBCiphertext)]
    [InlineData(AppendixC1Key, AppendixC1Plaintext, AppendixC1Ciphertext)]
    public void ModelEncryptsFips197Examples(string key, string plaintext, string ciphertext)
    {
        Assert.Equal(ciphertext, AesModel.ToHex(AesModel.EncryptBlock(Hex(key), Hex(plaintext))));
        Assert.Equal(ciphertext, Convert.ToHexStringLower(AesModel.EncryptEcb(Convert.FromHexString(key), Convert.FromHexString(plaintext))));
    }

    [Fact]
    public void ModelMatchesSystemAesOnRandomKeysAndBlocks()
    {
        const int seed = 197;
        var rng = new Random(seed);
        for (int i = 0; i < 500; i++)
        {
            var key = new byte[16];
            var data = new byte[16 * (1 + rng.Next(4))];
            rng.NextBytes(key);
            rng.NextBytes(data);
            var expected = SystemAes.EncryptEcb(key, data);
            var got = AesModel.EncryptEcb(key, data);
            Assert.True(expected.AsSpan().SequenceEqual(got),
                $"seed {seed}, case {i}: key {Convert.ToHexString(key)} data {Convert.ToHexString(data)}: expected {Convert.ToHexString(expected)}, got {Convert.ToHexString(got)}");
        }
    }

    [Fact]
    public void BlocksAreBigEndian()
    {
        var bytes = Convert.FromHexString(AppendixBPlaintext);
        var block = AesModel.ToBlock(bytes);
        Assert.Equal(0x32u, (uint)(block >> 120));
        Assert.Equal(0x3243f6a8u, AesMath.Column0(block));
        Assert.Equal(0xe0370734u, AesMath.Column3(block));
        Assert.Equal(bytes, AesModel.ToBytes(block));
        Assert.Equal(block, AesMath.FromColumns(AesMath.Column0(block), AesMath.Column1(block), AesMath.Column2(block), AesMath.Column3(block)));
    }

    [Fact]
    public void WrongLengthsAreClearErrors()
    {
        var badKey = Assert.Throws<ArgumentException>(() => AesModel.EncryptEcb(new byte[15], new byte[16]));
        Assert.Contains("AES-128 key is 16 bytes", badKey.Message);
        var badData = Assert.Throws<ArgumentException>(() => AesModel.EncryptEcb(new byte[16], new byte[20]));
        Assert.Contains("whole 16-byte blocks", badData.Message);
    }
}
