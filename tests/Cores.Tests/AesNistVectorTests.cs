using Crypto.Aes;
using Crypto.Streams;
using Xunit;

namespace Cores.Tests;

/// <summary>The NIST CAVP AESAVS ECB AES-128 known-answer and multi-block files (ENCRYPT sections).</summary>
public class AesNistVectorTests
{
    static readonly string[] Files = ["ECBGFSbox128.rsp", "ECBKeySbox128.rsp", "ECBVarKey128.rsp", "ECBVarTxt128.rsp", "ECBMMT128.rsp"];

    static List<NistAesEntry> EncryptEntries()
    {
        var dir = TestVectors.Directory("aes");
        var entries = new List<NistAesEntry>();
        foreach (var file in Files)
        {
            var path = Path.Combine(dir, file);
            Assert.True(File.Exists(path), $"{path} is missing from the vectors folder");
            var encrypt = NistRsp.Read(path).Where(e => e.Section == "ENCRYPT").ToList();
            Assert.NotEmpty(encrypt);
            entries.AddRange(encrypt);
        }
        return entries;
    }

    [Fact]
    public void ModelPassesNistEcb128Files()
    {
        var entries = EncryptEntries();
        Assert.True(entries.Count >= 280, $"only {entries.Count} ENCRYPT entries read");
        foreach (var e in entries)
            Assert.True(e.Ciphertext.AsSpan().SequenceEqual(AesModel.EncryptEcb(e.Key, e.Plaintext)), $"{e}: model output differs");
    }

    [Theory]
    [InlineData("proc11", 0.0, 0.0)]
    [InlineData("proc11", 0.25, 0.25)]
    [InlineData("iterative", 0.0, 0.0)]
    public void CorePassesNistEcb128Files(string variant, double gap, double stall)
    {
        var entries = EncryptEntries();
        var jobs = new List<AesBlockJob>();
        var expected = new List<AesBlockResult>();
        var source = new List<NistAesEntry>();
        foreach (var e in entries)
        {
            var key = AesModel.CheckKey(e.Key);
            var plain = AesModel.ToBlocks(e.Plaintext);
            var cipher = AesModel.ToBlocks(e.Ciphertext);
            for (int i = 0; i < plain.Length; i++)
            {
                byte tag = (byte)jobs.Count;
                bool last = i == plain.Length - 1;
                jobs.Add(new AesBlockJob(key, plain[i], tag, last));
                expected.Add(new AesBlockResult(cipher[i], tag, last));
                source.Add(e);
            }
        }
        const int seed = 7;
        var run = AesCatalog.Find(variant).Run(jobs, new StreamOptions(seed, gap, stall));
        Assert.Empty(run.Stream.ProtocolErrors);
        var mismatches = StreamTestbench<IAesBlockIn, IAesBlockOut>.Compare(expected, run.Stream.Outputs);
        Assert.True(mismatches.Count == 0,
            $"{variant} (seed {seed}): {mismatches.Count} blocks differ, first: {string.Join("; ", mismatches.Take(3).Select(m => $"{source[m.Index]} {m}"))}");
    }
}
