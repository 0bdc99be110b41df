using Crypto.Aes;

namespace Cores.Tests;

/// <summary>The independent oracle: .NET's AES (System.Security.Cryptography), no padding.</summary>
public static class SystemAes
{
    public static byte[] EncryptEcb(byte[] key, byte[] data)
    {
        using var aes = System.Security.Cryptography.Aes.Create();
        aes.Key = key;
        return aes.EncryptEcb(data, System.Security.Cryptography.PaddingMode.None);
    }

    /// <summary>
    /// ECB or CBC (.NET's own), or CTR made from .NET's ECB encryption of the counter blocks (.NET has
    /// no CTR mode; the counter is the 128-bit big-endian increment of SP 800-38A B.1).
    /// </summary>
    public static byte[] Process(AesMode mode, bool decrypt, byte[] key, byte[] iv, byte[] data)
    {
        using var aes = System.Security.Cryptography.Aes.Create();
        aes.Key = key;
        const System.Security.Cryptography.PaddingMode none = System.Security.Cryptography.PaddingMode.None;
        switch (mode)
        {
            case AesMode.Ecb: return decrypt ? aes.DecryptEcb(data, none) : aes.EncryptEcb(data, none);
            case AesMode.Cbc: return decrypt ? aes.DecryptCbc(data, iv, none) : aes.EncryptCbc(data, iv, none);
            default:
                var counters = new byte[(data.Length + 15) / 16 * 16];
                var counter = System.Buffers.Binary.BinaryPrimitives.ReadUInt128BigEndian(iv);
                for (int i = 0; i < counters.Length; i += 16, counter++)
                    System.Buffers.Binary.BinaryPrimitives.WriteUInt128BigEndian(counters.AsSpan(i, 16), counter);
                var stream = aes.EncryptEcb(counters, none);
                var output = new byte[data.Length];
                for (int i = 0; i < data.Length; i++) output[i] = (byte)(data[i] ^ stream[i]);
                return output;
        }
    }

    /// <summary>Each job's block through its own key (runs of one key processed together), encrypting or decrypting.</summary>
    public static UInt128[] ProcessJobs(IReadOnlyList<AesBlockJob> jobs, bool decrypt)
    {
        var result = new UInt128[jobs.Count];
        int start = 0;
        while (start < jobs.Count)
        {
            int end = start;
            while (end < jobs.Count && jobs[end].Key == jobs[start].Key) end++;
            var data = AesModel.FromBlocks([.. jobs.Skip(start).Take(end - start).Select(j => j.Block)]);
            var output = AesModel.ToBlocks(Process(AesMode.Ecb, decrypt, jobs[start].Key.ToBytes(), [], data));
            output.CopyTo(result, start);
            start = end;
        }
        return result;
    }

    public static UInt128[] EncryptJobs(IReadOnlyList<AesBlockJob> jobs) => ProcessJobs(jobs, decrypt: false);
}
