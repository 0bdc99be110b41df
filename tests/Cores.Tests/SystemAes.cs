using Crypto.Aes;

namespace Cores.Tests;

/// <summary>The independent oracle: .NET's AES (System.Security.Cryptography), ECB, no padding.</summary>
public static class SystemAes
{
    public static byte[] EncryptEcb(byte[] key, byte[] data)
    {
        using var aes = System.Security.Cryptography.Aes.Create();
        aes.Key = key;
        return aes.EncryptEcb(data, System.Security.Cryptography.PaddingMode.None);
    }

    /// <summary>Encrypts each job's block with its own key (runs of one key encrypted together).</summary>
    public static UInt128[] EncryptJobs(IReadOnlyList<AesBlockJob> jobs)
    {
        var result = new UInt128[jobs.Count];
        int start = 0;
        while (start < jobs.Count)
        {
            int end = start;
            while (end < jobs.Count && jobs[end].Key == jobs[start].Key) end++;
            var plain = AesModel.FromBlocks([.. jobs.Skip(start).Take(end - start).Select(j => j.Block)]);
            var cipher = AesModel.ToBlocks(EncryptEcb(AesModel.ToBytes(jobs[start].Key), plain));
            cipher.CopyTo(result, start);
            start = end;
        }
        return result;
    }
}
