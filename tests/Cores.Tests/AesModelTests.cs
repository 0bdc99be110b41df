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
    public void RoundAndStageTestsAgreeWithTheRoundCount()
    {
        // Every step a pipeline has (0..14) and two beyond, every key size code (3 is taken as 256).
        for (byte keySize = 0; keySize <= 3; keySize++)
            for (int round = 0; round <= AesMath.MaxRounds + 2; round++)
            {
                byte rounds = AesMath.RoundsOf(keySize);
                Assert.True(AesMath.IsFinalRound(round, keySize) == (round == rounds), $"IsFinalRound({round}, {keySize}), Nr {rounds}");
                Assert.True(AesMath.IsPastLastRound(round, keySize) == (round > rounds), $"IsPastLastRound({round}, {keySize}), Nr {rounds}");
            }
        // A held-key pipeline's stages: every key size's rounds end at the last stage.
        for (byte keySize = 0; keySize <= 3; keySize++)
        {
            byte rounds = AesMath.RoundsOf(keySize);
            for (int n = 0; n <= AesMath.MaxRounds + 2; n++)
                Assert.True(AesMath.HasAtMostRounds(keySize, n) == (rounds <= n), $"HasAtMostRounds({keySize}, {n})");
            foreach (int lastStep in new[] { (int)rounds, AesMath.MaxRounds })
            {
                Assert.Equal(lastStep - rounds, AesMath.StageShift(keySize, lastStep));
                for (int stage = 0; stage <= lastStep; stage++)
                    Assert.True(AesMath.StagePasses(stage, lastStep, keySize) == (stage >= 1 && stage <= lastStep - rounds),
                        $"StagePasses({stage}, {lastStep}, {keySize})");
            }
        }
        Assert.True(AesMath.StagePasses(4, AesMath.MaxRounds, AesMath.KeySize128));
        Assert.False(AesMath.StagePasses(5, AesMath.MaxRounds, AesMath.KeySize128));
        Assert.True(AesMath.IsFinalRound(12, AesMath.KeySize192));
        Assert.False(AesMath.IsFinalRound(12, AesMath.KeySize256));
        Assert.True(AesMath.IsPastLastRound(11, AesMath.KeySize128));
        Assert.False(AesMath.IsPastLastRound(14, AesMath.KeySize256));
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

    /// <summary>
    /// The inverse cipher's steps with the encryption round keys (proc11-otf-dec) give the state of the
    /// equivalent inverse cipher's steps after every step, and the plaintext at the end: FIPS-197 C.1,
    /// and seeded random keys of every size and blocks.
    /// </summary>
    [Fact]
    public void InverseCipherStepsMatchTheEquivalentInverseCipher()
    {
        Assert.Equal(Hex(AppendixC1Plaintext), DecryptStepByStep(AesKey.Of128(Hex(AppendixC1Key)), Hex(AppendixC1Ciphertext)));
        const int seed = 53;
        var rng = new Random(seed);
        for (int i = 0; i < 60; i++)
        {
            var key = AesCatalog.RandomKey(rng, (byte)(i % 3));
            var bytes = new byte[16];
            rng.NextBytes(bytes);
            var block = AesModel.ToBlock(bytes);
            Assert.True(AesModel.ProcessBlock(key, block, decrypt: true) == DecryptStepByStep(key, block), $"seed {seed}, case {i}");
        }
    }

    /// <summary>Decrypts with <see cref="AesMath.InverseCipherStep"/>, checking each step against the equivalent inverse cipher's.</summary>
    static UInt128 DecryptStepByStep(AesKey key, UInt128 block)
    {
        var forward = AesModel.ExpandKey(key);
        byte rounds = key.Rounds;
        UInt128 state = block, equivalent = block;
        for (int step = 0; step <= AesMath.MaxRounds; step++)
        {
            var encryptionKey = forward[Math.Max(rounds - step, 0)];
            state = AesMath.InverseCipherStep(state, encryptionKey, step, key.Size);
            equivalent = AesMath.RoundStep(equivalent, AesMath.DecryptionRoundKey(encryptionKey, step, rounds), step, key.Size, AesRoundPart.WholeRound, decrypt: true);
            Assert.True(state == equivalent, $"step {step} of {rounds}: {AesModel.ToHex(state)} against {AesModel.ToHex(equivalent)}");
        }
        return state;
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
        Assert.Contains("16, 24 or 32 bytes", Assert.Throws<ArgumentException>(() => AesKey.FromBytes(new byte[20])).Message);
    }

    // FIPS-197 Appendix C.2 and C.3: the same plaintext under 192- and 256-bit keys.
    [Theory]
    [InlineData(AppendixC1Key, AppendixC1Ciphertext)]
    [InlineData("000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191")]
    [InlineData("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "8ea2b7ca516745bfeafc49904b496089")]
    public void ModelEncryptsAndDecryptsFips197AppendixC(string key, string ciphertext)
    {
        var k = AesKey.FromBytes(Convert.FromHexString(key));
        Assert.Equal(key.Length * 4, k.Bits);
        Assert.Equal(ciphertext, AesModel.ToHex(AesModel.EncryptBlock(k, Hex(AppendixC1Plaintext))));
        Assert.Equal(AppendixC1Plaintext, AesModel.ToHex(AesModel.DecryptBlock(k, Hex(ciphertext))));
    }

    // FIPS-197 Appendix A.2 and A.3: the last words of the 192- and 256-bit key expansions.
    [Fact]
    public void KeyExpansionMatchesFips197AppendixA2AndA3()
    {
        var keys192 = AesModel.ExpandKey(AesKey.FromBytes(Convert.FromHexString("8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b")));
        Assert.Equal(13, keys192.Length);
        Assert.Equal(Hex("e98ba06f448c773c8ecc720401002202"), keys192[12]);
        var keys256 = AesModel.ExpandKey(AesKey.FromBytes(Convert.FromHexString("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4")));
        Assert.Equal(15, keys256.Length);
        Assert.Equal(Hex("fe4890d1e6188d0b046df344706c631e"), keys256[14]);
    }

    [Fact]
    public void InverseTablesUndoTheForwardOnes()
    {
        for (int x = 0; x < 256; x++)
        {
            Assert.Equal(x, AesMath.InvSBox[AesMath.SBox[x]]);
            Assert.Equal((uint)AesMath.SBox[x] << 24, AesMath.InvMixColumn(AesMath.T0[x]));
            Assert.Equal(AesMath.T0[x], AesMath.MixColumn((uint)AesMath.SBox[x] << 24));
        }
    }

    /// <summary>The T-table column, computed from the S-box and MixColumns, is the xor of the four table lookups.</summary>
    [Fact]
    public void TableColumnIsTheXorOfTheFourTableLookups()
    {
        const int seed = 197;
        var rng = new Random(seed);
        for (int i = 0; i < 2000; i++)
        {
            uint a = (uint)rng.NextInt64(1L << 32), b = (uint)rng.NextInt64(1L << 32), c = (uint)rng.NextInt64(1L << 32), d = (uint)rng.NextInt64(1L << 32);
            Assert.True((AesMath.T0[a >> 24] ^ AesMath.T1[(b >> 16) & 0xff] ^ AesMath.T2[(c >> 8) & 0xff] ^ AesMath.T3[d & 0xff]) == AesMath.TableColumn(a, b, c, d, false),
                $"seed {seed}, column {i}: encryption");
            Assert.True((AesMath.Td0[a >> 24] ^ AesMath.Td1[(b >> 16) & 0xff] ^ AesMath.Td2[(c >> 8) & 0xff] ^ AesMath.Td3[d & 0xff]) == AesMath.TableColumn(a, b, c, d, true),
                $"seed {seed}, column {i}: decryption");
        }
    }

    [Fact]
    public void TheTableReadsHoldTheSBoxBytes()
    {
        for (int x = 0; x < 256; x++)
        {
            Assert.Equal(AesMath.SBox[x], AesMath.SBoxFromTableRead(AesMath.T0[x], decrypt: false));
            Assert.Equal(AesMath.InvSBox[x], AesMath.SBoxFromTableRead(AesMath.Td0[x], decrypt: true));
        }
    }

    /// <summary>
    /// A round made of 16 table reads (the block-RAM pipeline's way) equals the model's middle and
    /// final rounds in both directions, on random states and keys.
    /// </summary>
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void RoundsFromTableReadsEqualTheModelsRounds(bool decrypt)
    {
        const int seed = 1197;
        var random = new Random(seed);
        var table = decrypt ? AesMath.Td0 : AesMath.T0;
        for (int trial = 0; trial < 200; trial++)
        {
            var state = RandomBlock(random);
            var key = RandomBlock(random);
            var reads = Enumerable.Range(0, 16).Select(i => table[AesMath.LookupAddress(state, i, decrypt)]).ToArray();
            UInt128 Combine(bool final) => AesMath.FromColumns(
                AesMath.LookupColumn(reads[0], reads[1], reads[2], reads[3], final, decrypt),
                AesMath.LookupColumn(reads[4], reads[5], reads[6], reads[7], final, decrypt),
                AesMath.LookupColumn(reads[8], reads[9], reads[10], reads[11], final, decrypt),
                AesMath.LookupColumn(reads[12], reads[13], reads[14], reads[15], final, decrypt)) ^ key;
            Assert.True(AesMath.TableRound(state, key, decrypt) == Combine(false), $"seed {seed}, trial {trial}: middle round");
            Assert.True((AesMath.SubShift(state, decrypt) ^ key) == Combine(true), $"seed {seed}, trial {trial}: final round");
        }
    }

    static UInt128 RandomBlock(Random random)
    {
        var bytes = new byte[AesModel.BlockBytes];
        random.NextBytes(bytes);
        return AesModel.ToBlock(bytes);
    }

    // SP 800-38A F.2.1/F.2.2 (CBC-AES128), F.2.5/F.2.6 (CBC-AES256), F.5.1/F.5.2 (CTR-AES128), F.5.5/F.5.6 (CTR-AES256).
    const string Sp80038aPlaintext =
        "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710";
    public const string Sp80038aKey128 = "2b7e151628aed2a6abf7158809cf4f3c";
    public const string Sp80038aKey256 = "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4";
    public const string Sp80038aCbcIv = "000102030405060708090a0b0c0d0e0f";
    /// <summary>SP 800-38A F.2.5, CBC-AES256.Encrypt: the ciphertext of <see cref="Sp80038aPlain"/>.</summary>
    public const string Sp80038aCbc256Ciphertext =
        "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b";
    public const string Sp80038aCtrIv = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

    public static TheoryData<AesMode, string, string, string> Sp80038a() => new()
    {
        { AesMode.Cbc, Sp80038aKey128, Sp80038aCbcIv, "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b273bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7" },
        { AesMode.Cbc, Sp80038aKey256, Sp80038aCbcIv, Sp80038aCbc256Ciphertext },
        { AesMode.Ctr, Sp80038aKey128, Sp80038aCtrIv, "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee" },
        { AesMode.Ctr, Sp80038aKey256, Sp80038aCtrIv, "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c52b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6" },
    };

    public static string Sp80038aPlain => Sp80038aPlaintext;

    [Theory]
    [MemberData(nameof(Sp80038a))]
    public void ModelModesMatchSp80038a(AesMode mode, string key, string iv, string ciphertext)
    {
        byte[] k = Convert.FromHexString(key), v = Convert.FromHexString(iv);
        Assert.Equal(ciphertext, Convert.ToHexStringLower(AesModel.Process(mode, false, k, v, Convert.FromHexString(Sp80038aPlaintext))));
        Assert.Equal(Sp80038aPlaintext, Convert.ToHexStringLower(AesModel.Process(mode, true, k, v, Convert.FromHexString(ciphertext))));
    }

    [Fact]
    public void ModelMatchesSystemAesForEveryKeySizeDirectionAndMode()
    {
        const int seed = 198;
        var rng = new Random(seed);
        for (int i = 0; i < 300; i++)
        {
            var key = new byte[16 + 8 * (i % 3)];
            var iv = new byte[16];
            var mode = (AesMode)(i / 3 % 3);
            var data = new byte[mode == AesMode.Ctr ? rng.Next(70) : 16 * rng.Next(5)];
            rng.NextBytes(key);
            rng.NextBytes(iv);
            rng.NextBytes(data);
            bool decrypt = i % 2 == 1;
            var expected = SystemAes.Process(mode, decrypt, key, iv, data);
            var got = AesModel.Process(mode, decrypt, key, iv, data);
            Assert.True(expected.AsSpan().SequenceEqual(got),
                $"seed {seed}, case {i}: {mode} {(decrypt ? "decrypt" : "encrypt")} key {Convert.ToHexString(key)} iv {Convert.ToHexString(iv)} data {Convert.ToHexString(data)}");
        }
    }

    [Fact]
    public void CounterIncrementCarriesAcross32And64BitBoundaries()
    {
        var key = Convert.FromHexString(Sp80038aKey128);
        foreach (var iv in new[] { "000000000000000000000000fffffffe", "0000000000000000fffffffffffffffe", "fffffffffffffffffffffffffffffffe" })
        {
            var data = new byte[16 * 4 - 5];
            var got = AesModel.Process(AesMode.Ctr, false, key, Convert.FromHexString(iv), data);
            Assert.Equal(SystemAes.Process(AesMode.Ctr, false, key, Convert.FromHexString(iv), data), got);
        }
    }
}
