using System.Security.Cryptography;
using System.Text;
using Crypto.Hashing;
using Crypto.Sha2;
using Crypto.Streams;
using Xunit;

namespace Cores.Tests;

/// <summary>The SHA-2 constants and software model (the shared round functions) against FIPS 180-4, NIST CAVP and .NET.</summary>
public class Sha2ModelTests
{
    const string Abc = "abc";
    const string Two448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    const string Two896 = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";

    /// <summary>The digests of FIPS 180-4's examples (NIST's "Examples with Intermediate Values").</summary>
    public static TheoryData<string, string, string> FipsExamples => new()
    {
        { "sha224", Abc, "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7" },
        { "sha224", Two448, "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525" },
        { "sha256", Abc, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
        { "sha256", Two448, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
        { "sha384", Abc, "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7" },
        { "sha384", Two896, "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039" },
        { "sha512", Abc, "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f" },
        { "sha512", Two896, "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909" },
    };

    public static byte[] Model(string core, byte[] m) => core switch
    {
        "sha224" => Sha2Model.Hash256(m, sha224: true),
        "sha256" => Sha2Model.Hash256(m),
        "sha384" => Sha2Model.Hash512(m, sha384: true),
        "sha512" => Sha2Model.Hash512(m),
        _ => throw new ArgumentException(core),
    };

    public static byte[] DotNet(string core, byte[] m) => core switch
    {
        "sha224" => throw new NotSupportedException(".NET has no SHA-224"),
        "sha256" => SHA256.HashData(m),
        "sha384" => SHA384.HashData(m),
        "sha512" => SHA512.HashData(m),
        _ => throw new ArgumentException(core),
    };

    [Theory]
    [MemberData(nameof(FipsExamples))]
    public void Fips180Examples(string core, string message, string digest) =>
        Assert.Equal(digest, Convert.ToHexStringLower(Model(core, Encoding.ASCII.GetBytes(message))));

    [Fact]
    public void ConstantsAreFips180s()
    {
        // FIPS 180-4 sections 4.2.2, 4.2.3, 5.3.2-5.3.5: first and last entries as printed.
        Assert.Equal(0x428a2f98u, Sha2Math<uint>.RoundConstants[0]);
        Assert.Equal(0xc67178f2u, Sha2Math<uint>.RoundConstants[63]);
        Assert.Equal(0x428a2f98d728ae22ul, Sha2Math<ulong>.RoundConstants[0]);
        Assert.Equal(0x6c44198c4a475817ul, Sha2Math<ulong>.RoundConstants[79]);
        Assert.Equal(new uint[] { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 },
            Sha2Constants.InitialValue256());
        Assert.Equal(new uint[] { 0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4 },
            Sha2Constants.InitialValue224());
        Assert.Equal(0x6a09e667f3bcc908ul, Sha2Constants.InitialValue512()[0]);
        Assert.Equal(0x5be0cd19137e2179ul, Sha2Constants.InitialValue512()[7]);
        Assert.Equal(0xcbbb9d5dc1059ed8ul, Sha2Constants.InitialValue384()[0]);
        Assert.Equal(0x47b5481dbefa4fa4ul, Sha2Constants.InitialValue384()[7]);
    }

    [Theory]
    [InlineData("sha256")]
    [InlineData("sha384")]
    [InlineData("sha512")]
    public void EqualsDotNetForEveryLengthUpTo300(string core)
    {
        const int seed = 1804;
        var rng = new Random(seed);
        for (int length = 0; length <= 300; length++)
        {
            var m = new byte[length];
            rng.NextBytes(m);
            Assert.True(DotNet(core, m).AsSpan().SequenceEqual(Model(core, m)), $"seed {seed}: {core} of length {length} differs from .NET");
        }
    }

    [Theory]
    [InlineData("SHA256ShortMsg.rsp", 65)]
    [InlineData("SHA256LongMsg.rsp", 64)]
    public void NistCavpSha256Messages(string file, int count)
    {
        var entries = Sha2Vectors.ReadMessages(Path.Combine(TestVectors.Directory("sha256"), file));
        Assert.Equal(count, entries.Count);
        foreach (var (msg, md) in entries)
            Assert.True(Convert.ToHexStringLower(md) == Convert.ToHexStringLower(Sha2Model.Hash256(msg)), $"{file}: Len = {8 * msg.Length}");
    }

    [Fact]
    public void NistCavpSha256Monte()
    {
        var (seed, checkpoints) = Sha2Vectors.ReadMonte(Path.Combine(TestVectors.Directory("sha256"), "SHA256Monte.rsp"));
        Assert.Equal(100, checkpoints.Count);
        // SHAVS 6.4: MD0 = MD1 = MD2 = Seed; MDi = SHA(MDi-3 || MDi-2 || MDi-1) for i = 3..1002; checkpoint MD1002.
        var md = seed;
        for (int j = 0; j < checkpoints.Count; j++)
        {
            byte[] a = md, b = md, c = md;
            for (int i = 3; i < 1003; i++)
            {
                var next = Sha2Model.Hash256([.. a, .. b, .. c]);
                (a, b, c) = (b, c, next);
            }
            md = c;
            Assert.True(Convert.ToHexStringLower(checkpoints[j]) == Convert.ToHexStringLower(md), $"SHA256Monte.rsp COUNT = {j}");
        }
    }
}

/// <summary>Reads NIST CAVP SHAVS response files.</summary>
public static class Sha2Vectors
{
    /// <summary>Len / Msg / MD records (byte-oriented: Len a multiple of 8; Msg = 00 for Len = 0).</summary>
    public static List<(byte[] Msg, byte[] Md)> ReadMessages(string path)
    {
        var list = new List<(byte[], byte[])>();
        int? length = null;
        byte[]? msg = null;
        foreach (var raw in File.ReadLines(path))
        {
            var line = raw.Trim();
            if (line.StartsWith("Len =", StringComparison.Ordinal)) length = int.Parse(line[5..].Trim());
            else if (line.StartsWith("Msg =", StringComparison.Ordinal))
                msg = Convert.FromHexString(line[5..].Trim())[..((length ?? throw new FormatException($"{path}: Msg without Len")) / 8)];
            else if (line.StartsWith("MD =", StringComparison.Ordinal))
            {
                list.Add((msg ?? throw new FormatException($"{path}: MD without Msg"), Convert.FromHexString(line[4..].Trim())));
                msg = null;
                length = null;
            }
        }
        return list;
    }

    /// <summary>The Seed and the MD of each COUNT of a Monte Carlo file.</summary>
    public static (byte[] Seed, List<byte[]> Checkpoints) ReadMonte(string path)
    {
        byte[]? seed = null;
        var checkpoints = new List<byte[]>();
        foreach (var raw in File.ReadLines(path))
        {
            var line = raw.Trim();
            if (line.StartsWith("Seed =", StringComparison.Ordinal)) seed = Convert.FromHexString(line[6..].Trim());
            else if (line.StartsWith("MD =", StringComparison.Ordinal)) checkpoints.Add(Convert.FromHexString(line[4..].Trim()));
        }
        return (seed ?? throw new FormatException($"{path}: no Seed"), checkpoints);
    }
}

/// <summary>Every SHA-2 variant in simulation: whole messages, padding and chaining in hardware, many messages interleaved.</summary>
public class Sha2CoreTests
{
    public static TheoryData<string, string> Variants => [.. Sha2Catalog.Variants.Select(v => (v.Core, v.Variant))];

    /// <summary>.NET where it has the algorithm (SHA-224: the software model, itself checked against FIPS 180-4 above).</summary>
    static Func<byte[], byte[]> Oracle(string core) => core == "sha224" ? m => Sha2Model.Hash256(m, sha224: true) : m => Sha2ModelTests.DotNet(core, m);

    [Theory]
    [MemberData(nameof(Variants))]
    public void FipsExamplesInterleaved(string core, string variant)
    {
        var messages = Sha2ModelTests.FipsExamples.Where(row => row.Data.Item1 == core)
            .Select(row => Encoding.ASCII.GetBytes(row.Data.Item2)).ToList();
        var expected = Sha2ModelTests.FipsExamples.Where(row => row.Data.Item1 == core).Select(row => row.Data.Item3).ToList();
        var run = HashCoreChecks.AssertDigests(Sha2Catalog.Find(core, variant), messages, m => Convert.FromHexString(expected[messages.IndexOf(m)]),
            new StreamOptions(180, 0.2, 0.2), "FIPS 180-4 examples");
        Assert.Equal(messages.Count, run.Digests.Count);
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void BoundaryLengths(string core, string variant)
    {
        var v = Sha2Catalog.Find(core, variant);
        HashCoreChecks.AssertDigests(v, HashCoreChecks.BoundaryMessages(v.BlockBytes, seed: 56), Oracle(core),
            new StreamOptions(56, 0.3, 0.3), "boundary lengths");
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void RandomMessagesInterleavedUnderGapsAndBackPressure(string core, string variant)
    {
        var v = Sha2Catalog.Find(core, variant);
        int seed = 2000 + 10 * core.Length + variant.Length;
        var messages = v.RandomMessages(variant == "iterative" ? 20 : 3 * v.Slots + 20, seed);
        HashCoreChecks.AssertDigests(v, messages, Oracle(core), new StreamOptions(seed, 0.3, 0.3), "random messages");
    }

    [Theory]
    [InlineData("sha256", "iterative")]
    [InlineData("sha256", "proc64")]
    [InlineData("sha224", "proc4")]
    [InlineData("sha512", "proc80")]
    [InlineData("sha384", "naive")]
    public void OneLongMessageAlone(string core, string variant)
    {
        var m = new byte[1500];
        new Random(78).NextBytes(m);
        HashCoreChecks.AssertDigests(Sha2Catalog.Find(core, variant), [m], Oracle(core), new StreamOptions(78, 0.2, 0.2), "one 1500-byte message");
    }

    [Theory]
    [InlineData("SHA256ShortMsg.rsp", "proc8")]
    [InlineData("SHA256LongMsg.rsp", "proc16")]
    public void NistCavpSha256ThroughThePipeline(string file, string variant)
    {
        var entries = Sha2Vectors.ReadMessages(Path.Combine(TestVectors.Directory("sha256"), file));
        var expected = new Dictionary<byte[], byte[]>(ReferenceEqualityComparer.Instance);
        foreach (var (msg, md) in entries) expected[msg] = md;
        HashCoreChecks.AssertDigests(Sha2Catalog.Find("sha256", variant), [.. entries.Select(e => e.Msg)], m => expected[m],
            new StreamOptions(9, 0.1, 0.1), file);
    }

    /// <summary>
    /// Rates. A block's round trip — front end, compression, back end, chaining value back — is the
    /// pass: N + 4 clocks for a pipeline of N stages, rounds + 5 for the iterative core. One long
    /// message runs at one block per pass; as many messages as the pass is long (two for the
    /// iterative core) fill it, and then a pipeline takes one block per clock and the iterative core
    /// one block per 64 (80) clocks, with nothing lost but the first block's latency.
    /// </summary>
    [Theory]
    [MemberData(nameof(Variants))]
    public void ClocksPerBlock(string core, string variant)
    {
        var v = Sha2Catalog.Find(core, variant);
        int rounds = v.BlockBytes == 64 ? Sha2Math<uint>.RoundConstants.Length : Sha2Math<ulong>.RoundConstants.Length;
        bool iterative = variant == "iterative";
        int stages = iterative ? 0 : variant == "naive" ? 1 : int.Parse(variant["proc".Length..]);
        int pass = iterative ? rounds + Sha2Catalog.FrontAndBackStages + 1 : stages + Sha2Catalog.FrontAndBackStages;
        double perBlock = iterative ? rounds : 1;

        Assert.InRange(v.MeasureSingleMessage(), pass, pass + 0.2);

        const int seed = 4;
        int inFlight = iterative ? 2 : pass;
        var rng = new Random(seed);
        var messages = Enumerable.Range(0, inFlight).Select(_ =>
        {
            var m = new byte[16 * v.BlockBytes - v.LengthBytes - 1];
            rng.NextBytes(m);
            return m;
        }).ToList();
        var run = HashCoreChecks.AssertDigests(v, messages, Oracle(core), StreamOptions.FullSpeed with { Seed = seed }, $"{inFlight} messages of 16 blocks");
        Assert.Equal(16 * inFlight, run.Blocks);
        Assert.InRange(run.ClocksPerBlock, perBlock, perBlock + (pass + 3.0) / run.Blocks);

        // Many short messages (four blocks each) coming and going, as `list` measures them.
        Assert.InRange(v.Measure().ClocksPerBlock, perBlock, perBlock * 1.05);
    }
}
