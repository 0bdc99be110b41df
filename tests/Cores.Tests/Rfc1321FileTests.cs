using System.Text;
using Crypto.Md5;
using Crypto.Streams;
using Xunit;

namespace Cores.Tests;

/// <summary>The RFC 1321 A.5 test suite as printed in the RFC's text (read at run time), through the model and a pipeline.</summary>
public class Rfc1321FileTests
{
    /// <summary>The lines MD5 ("message") = digest after "MD5 test suite:", joined where the RFC wraps them.</summary>
    public static List<(byte[] Message, string Digest)> ReadSuite(string path)
    {
        var suite = new List<(byte[], string)>();
        var lines = File.ReadAllLines(path);
        int start = Array.FindIndex(lines, l => l.Trim() == "MD5 test suite:");
        if (start < 0) throw new FormatException($"{path}: no \"MD5 test suite:\" line");
        string pending = "";
        for (int i = start + 1; i < lines.Length; i++)
        {
            string line = lines[i].Trim();
            if (pending.Length == 0 && !line.StartsWith("MD5 (\"", StringComparison.Ordinal)) break;
            // Inside the quotes the RFC wraps the message without a separator; after "=" the digest follows a space.
            pending = pending.Length == 0 ? line : pending + (pending.EndsWith('=') ? " " : "") + line;
            int close = pending.LastIndexOf("\") = ", StringComparison.Ordinal);
            if (close < 0) continue;
            string digest = pending[(close + 5)..].Trim();
            if (digest.Length < 32) continue;
            suite.Add((Encoding.ASCII.GetBytes(pending["MD5 (\"".Length..close]), digest));
            pending = "";
        }
        return suite;
    }

    static List<(byte[] Message, string Digest)> Suite() => ReadSuite(Path.Combine(TestVectors.Directory("md5"), "rfc1321.txt"));

    [Fact]
    public void TheFileHoldsTheSevenMessagesOfTheSuite()
    {
        var suite = Suite();
        Assert.Equal(7, suite.Count);
        Assert.Equal("", Encoding.ASCII.GetString(suite[0].Message));
        Assert.Equal(80, suite[6].Message.Length);
        Assert.Equal("57edf4a22be3c955ac49da2e2107b67a", suite[6].Digest);
    }

    [Fact]
    public void ModelAndProc32MatchTheRfcText()
    {
        var suite = Suite();
        foreach (var (message, digest) in suite)
            Assert.Equal(digest, Convert.ToHexStringLower(Md5Model.Hash(message)));
        var byMessage = new Dictionary<byte[], byte[]>(ReferenceEqualityComparer.Instance);
        foreach (var (message, digest) in suite) byMessage[message] = Convert.FromHexString(digest);
        HashCoreChecks.AssertDigests(Md5Catalog.Find("proc32"), [.. suite.Select(e => e.Message)], m => byMessage[m],
            new StreamOptions(1321, 0.2, 0.2), "rfc1321.txt A.5");
    }
}
