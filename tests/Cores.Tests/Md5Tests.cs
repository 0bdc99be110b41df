using System.Text;
using Crypto.Hashing;
using Crypto.Md5;
using Crypto.Streams;
using Xunit;

namespace Cores.Tests;

/// <summary>The MD5 software model (the shared step function) against RFC 1321, the MD5 vectors and .NET.</summary>
public class Md5ModelTests
{
    /// <summary>RFC 1321 appendix A.5, the test suite.</summary>
    public static TheoryData<string, string> Rfc1321Suite => new()
    {
        { "", "d41d8cd98f00b204e9800998ecf8427e" },
        { "a", "0cc175b9c0f1b6a831c399e269772661" },
        { "abc", "900150983cd24fb0d6963f7d28e17f72" },
        { "message digest", "f96b697d7cb7938d525a2f31aaf161d0" },
        { "abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b" },
        { "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f" },
        { "12345678901234567890123456789012345678901234567890123456789012345678901234567890", "57edf4a22be3c955ac49da2e2107b67a" },
    };

    [Theory]
    [MemberData(nameof(Rfc1321Suite))]
    public void Rfc1321TestSuite(string message, string digest) =>
        Assert.Equal(digest, Convert.ToHexStringLower(Md5Model.Hash(Encoding.ASCII.GetBytes(message))));

    [Fact]
    public void SineTableIsRfc1321s()
    {
        // T[1], T[2], T[64] as printed in RFC 1321 section 3.4 step 4.
        Assert.Equal(0xd76aa478u, Md5Math.SineTable[0]);
        Assert.Equal(0xe8c7b756u, Md5Math.SineTable[1]);
        Assert.Equal(0xeb86d391u, Md5Math.SineTable[63]);
    }

    [Fact]
    public void EqualsDotNetForEveryLengthUpTo300()
    {
        const int seed = 1321;
        var rng = new Random(seed);
        for (int length = 0; length <= 300; length++)
        {
            var m = new byte[length];
            rng.NextBytes(m);
            Assert.True(System.Security.Cryptography.MD5.HashData(m).AsSpan().SequenceEqual(Md5Model.Hash(m)),
                $"seed {seed}: length {length} differs from .NET MD5");
        }
    }

    [Fact]
    public void Md5VecFile()
    {
        var entries = Md5Vectors.Read(Path.Combine(TestVectors.Directory("md5"), "md5.vec"));
        Assert.True(entries.Count >= 70, $"only {entries.Count} vectors in md5.vec");
        foreach (var (input, output) in entries)
            Assert.True(Convert.ToHexStringLower(Md5Model.Hash(input)) == Convert.ToHexStringLower(output), $"md5.vec In = {Convert.ToHexString(input)}");
    }
}

/// <summary>Reads Botan's hash vector format: In = hex / Out = hex records.</summary>
public static class Md5Vectors
{
    public static List<(byte[] In, byte[] Out)> Read(string path)
    {
        var list = new List<(byte[], byte[])>();
        byte[]? input = null;
        foreach (var raw in File.ReadLines(path))
        {
            var line = raw.Trim();
            if (line.StartsWith("In =", StringComparison.Ordinal)) input = Convert.FromHexString(line[4..].Trim());
            else if (line.StartsWith("Out =", StringComparison.Ordinal))
            {
                list.Add((input ?? throw new FormatException($"{path}: Out without In"), Convert.FromHexString(line[5..].Trim())));
                input = null;
            }
        }
        return list;
    }
}

/// <summary>Every MD5 variant in simulation: whole messages, padding and chaining in hardware, many messages interleaved.</summary>
public class Md5CoreTests
{
    public static TheoryData<string> Variants => [.. Md5Catalog.Variants.Select(v => v.Variant)];

    static byte[] DotNet(byte[] m) => System.Security.Cryptography.MD5.HashData(m);

    [Theory]
    [MemberData(nameof(Variants))]
    public void Rfc1321SuiteInterleaved(string variant)
    {
        var messages = Md5ModelTests.Rfc1321Suite.Select(row => Encoding.ASCII.GetBytes((string)row.Data.Item1)).ToList();
        HashCoreChecks.AssertDigests(Md5Catalog.Find(variant), messages, DotNet, new StreamOptions(7, 0.2, 0.2), "RFC 1321 suite");
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void BoundaryLengths(string variant) =>
        HashCoreChecks.AssertDigests(Md5Catalog.Find(variant), HashCoreChecks.BoundaryMessages(64, seed: 55), DotNet,
            new StreamOptions(55, 0.3, 0.3), "boundary lengths");

    [Theory]
    [MemberData(nameof(Variants))]
    public void RandomMessagesInterleavedUnderGapsAndBackPressure(string variant)
    {
        var v = Md5Catalog.Find(variant);
        int seed = 1000 + variant.Length;
        var messages = v.RandomMessages(variant == "iterative" ? 30 : 4 * v.Slots + 20, seed);
        HashCoreChecks.AssertDigests(v, messages, DotNet, new StreamOptions(seed, 0.3, 0.3), "random messages");
    }

    [Theory]
    [InlineData("iterative")]
    [InlineData("proc4")]
    [InlineData("proc64")]
    public void OneLongMessageAlone(string variant)
    {
        var m = new byte[1000];
        new Random(77).NextBytes(m);
        HashCoreChecks.AssertDigests(Md5Catalog.Find(variant), [m], DotNet, new StreamOptions(77, 0.2, 0.2), "one 1000-byte message");
    }

    [Fact]
    public void Md5VecThroughProc8()
    {
        var entries = Md5Vectors.Read(Path.Combine(TestVectors.Directory("md5"), "md5.vec"));
        var expected = new Dictionary<byte[], byte[]>(ReferenceEqualityComparer.Instance);
        foreach (var (input, output) in entries) expected[input] = output;
        HashCoreChecks.AssertDigests(Md5Catalog.Find("proc8"), [.. entries.Select(e => e.In)], m => expected[m],
            new StreamOptions(8, 0.1, 0.1), "md5.vec");
    }

    /// <summary>
    /// Rates: a pipeline of N stages needs N + 4 clocks per block of one message (the block goes round
    /// the front end, N stages and the back end before its chaining value is back), and takes one
    /// block per clock with many messages; the iterative core 64 clocks per block with two messages.
    /// </summary>
    [Theory]
    [MemberData(nameof(Variants))]
    public void ClocksPerBlock(string variant)
    {
        var v = Md5Catalog.Find(variant);
        var many = v.Measure();
        double single = v.MeasureSingleMessage();
        if (variant == "iterative")
        {
            Assert.InRange(many.ClocksPerBlock, 64.0, 67.0);
            Assert.InRange(single, 64.0, 70.5);
        }
        else
        {
            int stages = variant == "naive" ? 1 : int.Parse(variant["proc".Length..]);
            Assert.InRange(many.ClocksPerBlock, 1.0, 1.1);
            Assert.InRange(single, stages + Md5Catalog.FrontAndBackStages, stages + Md5Catalog.FrontAndBackStages + 0.2);
        }
    }
}
