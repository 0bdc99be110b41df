using System.Text;
using Crypto.ChaCha;
using Xunit;

namespace Cores.Tests;

/// <summary>The ChaCha20 software model and shared math against RFC 8439 and the published vector files.</summary>
public class ChaChaModelTests
{
    public const string Rfc8439Key = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
    public const string SunscreenNonce = "000000000000004a00000000";
    public const string SunscreenPlaintext =
        "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.";
    /// <summary>RFC 8439 §2.4.2, key 00..1f, nonce above, initial counter 1.</summary>
    public const string SunscreenCiphertext =
        "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0bf91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8" +
        "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab77937365af90bbf74a35be6b40b8eedf2785e42874d";

    static byte[] H(string hex) => Convert.FromHexString(hex);

    [Fact]
    public void QuarterRoundRfc8439Section211()
    {
        var result = ChaChaMath.QuarterRound(ChaChaMath.Pack(0x11111111, 0x01020304, 0x9b8d6f43, 0x01234567));
        Assert.Equal([0xea2a92f4u, 0xcb1cf8ceu, 0x4581472eu, 0x5881c4bbu], Enumerable.Range(0, 4).Select(i => ChaChaMath.Lane(result, i)));
    }

    [Fact]
    public void BlockFunctionRfc8439Section232()
    {
        byte[] key = H(Rfc8439Key), nonce = H("000000090000004a00000000");
        var state = ChaChaModel.InitialState(key, 1, nonce);
        Assert.Equal([0x61707865u, 0x03020100u, 0x13121110u, 0x00000001u], Lanes(state[0]));
        Assert.Equal([0x3320646eu, 0x07060504u, 0x17161514u, 0x09000000u], Lanes(state[1]));
        Assert.Equal([0x6b206574u, 0x0f0e0d0cu, 0x1f1e1d1cu, 0x00000000u], Lanes(state[3]));
        for (int i = 0; i < ChaChaMath.DoubleRounds; i++) ChaChaModel.DoubleRound(state);
        // "ChaCha state after 20 rounds", column by column.
        Assert.Equal([0x837778abu, 0xc4f2d0c7u, 0x335271c2u, 0xd19c12b4u], Lanes(state[0]));
        Assert.Equal([0xe238d763u, 0xfc62bb2fu, 0xf29489f3u, 0xb04e16deu], Lanes(state[1]));
        Assert.Equal([0xa67ae21eu, 0x8fa018fcu, 0xeabda8fcu, 0x9e83d0cbu], Lanes(state[2]));
        Assert.Equal([0x5950bb2fu, 0x3f5ec7b7u, 0x82e46ebdu, 0x4e3c50a2u], Lanes(state[3]));
        Assert.Equal("10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e" +
                     "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e",
            Convert.ToHexStringLower(ChaChaModel.Block(key, 1, nonce)));
    }

    static uint[] Lanes(UInt128 x) => [.. Enumerable.Range(0, 4).Select(i => ChaChaMath.Lane(x, i))];

    [Fact]
    public void EncryptionRfc8439Section242()
    {
        var cipher = ChaChaModel.Encrypt(H(Rfc8439Key), H(SunscreenNonce), 1, Encoding.ASCII.GetBytes(SunscreenPlaintext));
        Assert.Equal(SunscreenCiphertext, Convert.ToHexStringLower(cipher));
        Assert.Equal(SunscreenPlaintext, Encoding.ASCII.GetString(ChaChaModel.Encrypt(H(Rfc8439Key), H(SunscreenNonce), 1, H(SunscreenCiphertext))));
    }

    /// <summary>RFC 8439 A.1: key, nonce, block counter, keystream block.</summary>
    public static TheoryData<string, string, uint, string> AppendixA1 => new()
    {
        { "0000000000000000000000000000000000000000000000000000000000000000", "000000000000000000000000", 0,
          "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586" },
        { "0000000000000000000000000000000000000000000000000000000000000000", "000000000000000000000000", 1,
          "9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f" },
        { "0000000000000000000000000000000000000000000000000000000000000001", "000000000000000000000000", 1,
          "3aeb5224ecf849929b9d828db1ced4dd832025e8018b8160b82284f3c949aa5a8eca00bbb4a73bdad192b5c42f73f2fd4e273644c8b36125a64addeb006c13a0" },
        { "00ff000000000000000000000000000000000000000000000000000000000000", "000000000000000000000000", 2,
          "72d54dfbf12ec44b362692df94137f328fea8da73990265ec1bbbea1ae9af0ca13b25aa26cb4a648cb9b9d1be65b2c0924a66c54d545ec1b7374f4872e99f096" },
        { "0000000000000000000000000000000000000000000000000000000000000000", "000000000000000000000002", 0,
          "c2c64d378cd536374ae204b9ef933fcd1a8b2288b3dfa49672ab765b54ee27c78a970e0e955c14f3a88e741b97c286f75f8fc299e8148362fa198a39531bed6d" },
    };

    [Theory]
    [MemberData(nameof(AppendixA1))]
    public void BlockFunctionRfc8439AppendixA1(string key, string nonce, uint counter, string keystream) =>
        Assert.Equal(keystream, Convert.ToHexStringLower(ChaChaModel.Block(H(key), counter, H(nonce))));

    /// <summary>RFC 8439 A.2: key, nonce, initial counter, plaintext, ciphertext.</summary>
    public static TheoryData<string, string, uint, string, string> AppendixA2 => new()
    {
        { "0000000000000000000000000000000000000000000000000000000000000000", "000000000000000000000000", 0, new string('0', 128),
          "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586" },
        { "0000000000000000000000000000000000000000000000000000000000000001", "000000000000000000000002", 1,
          Convert.ToHexStringLower(Encoding.ASCII.GetBytes(
              "Any submission to the IETF intended by the Contributor for publication as all or part of an IETF Internet-Draft or RFC and any " +
              "statement made within the context of an IETF activity is considered an \"IETF Contribution\". Such statements include oral " +
              "statements in IETF sessions, as well as written and electronic communications made at any time or place, which are addressed to")),
          "a3fbf07df3fa2fde4f376ca23e82737041605d9f4f4f57bd8cff2c1d4b7955ec2a97948bd3722915c8f3d337f7d370050e9e96d647b7c39f56e031ca5eb6250d" +
          "4042e02785ececfa4b4bb5e8ead0440e20b6e8db09d881a7c6132f420e52795042bdfa7773d8a9051447b3291ce1411c680465552aa6c405b7764d5e87bea85a" +
          "d00f8449ed8f72d0d662ab052691ca66424bc86d2df80ea41f43abf937d3259dc4b2d0dfb48a6c9139ddd7f76966e928e635553ba76c5c879d7b35d49eb2e62b" +
          "0871cdac638939e25e8a1e0ef9d5280fa8ca328b351c3c765989cbcf3daa8b6ccc3aaf9f3979c92b3720fc88dc95ed84a1be059c6499b9fda236e7e818b04b0b" +
          "c39c1e876b193bfe5569753f88128cc08aaa9b63d1a16f80ef2554d7189c411f5869ca52c5b83fa36ff216b9c1d30062bebcfd2dc5bce0911934fda79a86f6e6" +
          "98ced759c3ff9b6477338f3da4f9cd8514ea9982ccafb341b2384dd902f3d1ab7ac61dd29c6f21ba5b862f3730e37cfdc4fd806c22f221" },
        { "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0", "000000000000000000000002", 42,
          Convert.ToHexStringLower(Encoding.ASCII.GetBytes(
              "'Twas brillig, and the slithy toves\nDid gyre and gimble in the wabe:\nAll mimsy were the borogoves,\nAnd the mome raths outgrabe.")),
          "62e6347f95ed87a45ffae7426f27a1df5fb69110044c0d73118effa95b01e5cf166d3df2d721caf9b21e5fb14c616871fd84c54f9d65b283196c7fe4f60553eb" +
          "f39c6402c42234e32a356b3e764312a61a5532055716ead6962568f87d3f3f7704c6a8d1bcd1bf4d50d6154b6da731b187b58dfd728afa36757a797ac188d1" },
    };

    [Theory]
    [MemberData(nameof(AppendixA2))]
    public void EncryptionRfc8439AppendixA2(string key, string nonce, uint counter, string plaintext, string ciphertext)
    {
        Assert.Equal(ciphertext, Convert.ToHexStringLower(ChaChaModel.Encrypt(H(key), H(nonce), counter, H(plaintext))));
        Assert.Equal(plaintext, Convert.ToHexStringLower(ChaChaModel.Encrypt(H(key), H(nonce), counter, H(ciphertext))));
    }

    [Fact]
    public void EncryptRefusesToRunPastTheLastCounterAndChecksLengths()
    {
        byte[] key = new byte[32], nonce = new byte[12];
        Assert.Equal(64, ChaChaModel.Encrypt(key, nonce, uint.MaxValue, new byte[64]).Length);
        Assert.Contains("past the last block counter", Assert.Throws<ArgumentException>(() => ChaChaModel.Encrypt(key, nonce, uint.MaxValue, new byte[65])).Message);
        Assert.Contains("32 bytes", Assert.Throws<ArgumentException>(() => ChaChaModel.Encrypt(new byte[16], nonce, 0, [1])).Message);
        Assert.Contains("12 bytes", Assert.Throws<ArgumentException>(() => ChaChaModel.Encrypt(key, new byte[8], 0, [1])).Message);
    }

    [Fact]
    public void KeepMaskKeepsTheBytesWithinTheCount()
    {
        Assert.Equal(UInt128.Zero, ChaChaMath.KeepMask(16, 1));
        Assert.Equal((UInt128)0xff, ChaChaMath.KeepMask(17, 1));
        Assert.Equal(UInt128.MaxValue, ChaChaMath.KeepMask(64, 3));
        Assert.Equal(UInt128.MaxValue >> 8, ChaChaMath.KeepMask(63, 3));
        Assert.Equal(UInt128.MaxValue, ChaChaMath.KeepMask(40, 1));
    }

    /// <summary>
    /// Every record of Botan's chacha.vec the RFC 8439 block function can express: 256-bit keys, 96-bit
    /// nonces (block counter = Seek / 64), and 64-bit nonces of the original ChaCha, whose 64-bit block
    /// counter's high word takes the place of the first nonce word. ChaCha(8) and ChaCha(12) records run
    /// with 4 and 6 double rounds. Records with 128-bit keys ("expand 16-byte k") and XChaCha's 192-bit
    /// nonces are out of scope and counted.
    /// </summary>
    [Fact]
    public void BotanChaChaVectors()
    {
        var entries = ChaChaVectorFiles.ReadBotan(Path.Combine(TestVectors.Directory("chacha20"), "chacha.vec"));
        int checkedCount = 0, shortKeys = 0, extendedNonces = 0;
        var checkedByRounds = new Dictionary<int, int>();
        foreach (var e in entries)
        {
            if (e.Key.Length == 16) { shortKeys++; continue; }
            if (e.Nonce.Length == 24) { extendedNonces++; continue; }
            Assert.Equal(32, e.Key.Length);
            long firstBlock = e.Seek / 64;
            int offset = (int)(e.Seek % 64);
            int blocks = (offset + e.Out.Length + 63) / 64;
            var keystream = new byte[blocks * 64];
            for (int j = 0; j < blocks; j++)
            {
                long block = firstBlock + j;
                byte[] nonce;
                if (e.Nonce.Length == 12)
                {
                    Assert.True(block <= uint.MaxValue, $"{e}: a 96-bit-nonce record past block 2^32-1");
                    nonce = e.Nonce;
                }
                else
                {
                    Assert.Equal(8, e.Nonce.Length);
                    nonce = [.. BitConverter.GetBytes((uint)(block >> 32)), .. e.Nonce];
                }
                ChaChaModel.Block(e.Key, (uint)block, nonce, e.Rounds / 2).CopyTo(keystream, 64 * j);
            }
            Assert.True(e.Out.AsSpan().SequenceEqual(keystream.AsSpan(offset, e.Out.Length)), $"{e}: keystream differs");
            checkedCount++;
            checkedByRounds[e.Rounds] = checkedByRounds.GetValueOrDefault(e.Rounds) + 1;
        }
        // What the file holds: ChaCha(20) 73 records with 96-bit nonces, 9 with 64-bit nonces (256-bit keys), 4 XChaCha,
        // 1 with a 128-bit key; ChaCha(12) 1 + 1 with a 128-bit key; ChaCha(8) 10 + 10 with 128-bit keys.
        Assert.Equal(entries.Count, checkedCount + shortKeys + extendedNonces);
        Assert.Equal(82, checkedByRounds[20]);
        Assert.Equal(1, checkedByRounds[12]);
        Assert.Equal(10, checkedByRounds[8]);
        Assert.Equal(12, shortKeys);
        Assert.Equal(4, extendedNonces);
    }

    [Fact]
    public void MbedTlsChaChaVectors()
    {
        var entries = ChaChaVectorFiles.ReadMbedTls(Path.Combine(TestVectors.Directory("chacha20"), "test_suite_chacha20.data"));
        Assert.Equal(8, entries.Count);
        foreach (var e in entries)
            Assert.True(e.Output.AsSpan().SequenceEqual(ChaChaModel.Encrypt(e.Key, e.Nonce, e.Counter, e.Input)), $"{e}: output differs");
    }
}
