using Xunit;

namespace Cores.Tests;

/// <summary>
/// Locates the published test vectors (never copied into the repository): env CRYPTO_VECTORS, or
/// ../shared/vectors relative to the repository root. When they are missing the test is skipped
/// with a message, unless CRYPTO_VECTORS_REQUIRED=1, which makes it fail.
/// </summary>
public static class TestVectors
{
    public static string RepositoryRoot()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
            if (File.Exists(Path.Combine(dir.FullName, "Crypto.sln"))) return dir.FullName;
        throw new InvalidOperationException($"no Crypto.sln above {AppContext.BaseDirectory}");
    }

    /// <summary>The vectors folder of one algorithm (e.g. "aes"), or a skip (or failure when required).</summary>
    public static string Directory(string algorithm)
    {
        var root = RepositoryRoot();
        var configured = Environment.GetEnvironmentVariable("CRYPTO_VECTORS");
        var baseDir = string.IsNullOrEmpty(configured)
            ? Path.GetFullPath(Path.Combine(root, "..", "shared", "vectors"))
            : Path.GetFullPath(configured, root);
        var dir = Path.Combine(baseDir, algorithm);
        if (!System.IO.Directory.Exists(dir))
        {
            var message = $"test vectors not found at {dir} (set CRYPTO_VECTORS to the vectors folder)";
            if (Environment.GetEnvironmentVariable("CRYPTO_VECTORS_REQUIRED") == "1") Assert.Fail(message + " and CRYPTO_VECTORS_REQUIRED=1");
            Assert.Skip(message);
        }
        return dir;
    }
}

/// <summary>One known-answer entry of a NIST CAVP .rsp file.</summary>
public sealed record NistAesEntry(string File, string Section, int Count, byte[] Key, byte[] Plaintext, byte[] Ciphertext, byte[] Iv)
{
    public override string ToString() => $"{File} [{Section}] COUNT = {Count}";
}

/// <summary>Reads NIST CAVP AESAVS response files (KEY / [IV] / PLAINTEXT / CIPHERTEXT records in [ENCRYPT] and [DECRYPT] sections).</summary>
public static class NistRsp
{
    public static List<NistAesEntry> Read(string path)
    {
        var entries = new List<NistAesEntry>();
        string file = Path.GetFileName(path), section = "";
        var fields = new Dictionary<string, string>();
        void Flush()
        {
            if (fields.Count == 0) return;
            entries.Add(new NistAesEntry(file, section, int.Parse(fields["COUNT"]),
                Convert.FromHexString(fields["KEY"]), Convert.FromHexString(fields["PLAINTEXT"]), Convert.FromHexString(fields["CIPHERTEXT"]),
                fields.TryGetValue("IV", out var iv) ? Convert.FromHexString(iv) : []));
            fields.Clear();
        }
        foreach (var raw in File.ReadLines(path))
        {
            var line = raw.Trim();
            if (line.Length == 0 || line.StartsWith('#')) { Flush(); continue; }
            if (line.StartsWith('['))
            {
                Flush();
                section = line.Trim('[', ']');
                continue;
            }
            int eq = line.IndexOf('=');
            if (eq < 0) throw new FormatException($"{file}: unexpected line '{line}'");
            fields[line[..eq].Trim()] = line[(eq + 1)..].Trim();
        }
        Flush();
        return entries;
    }
}
