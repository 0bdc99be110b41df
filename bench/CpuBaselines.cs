using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using Crypto.Aes;
using Crypto.Md5;

namespace Crypto.Bench;

/// <summary>
/// The CPU baselines the hardware is compared with: .NET's AES-128 (ECB, CBC, and CTR built from ECB
/// on a counter block buffer), MD5, SHA-256 and SHA-512 (System.Security.Cryptography, OpenSSL
/// underneath on Linux), and this project's software models (AesModel, Md5Model), at 16 B, 1 KiB,
/// 256 KiB and 16 MiB. The MB/s column is bytes processed per second (10^6).
/// </summary>
[Config(typeof(Config))]
public class CpuBaselines
{
    sealed class Config : ManualConfig
    {
        public Config()
        {
            AddJob(Job.Default.WithWarmupCount(2).WithIterationCount(8).AsDefault());
            AddColumn(RateColumn.MegabytesPerSecond);
            SummaryStyle = BenchmarkDotNet.Reports.SummaryStyle.Default.WithMaxParameterColumnWidth(20);
        }
    }

    [Params(16, 1024, 256 * 1024, 16 * 1024 * 1024)]
    public int Bytes { get; set; }

    static readonly byte[] key = Convert.FromHexString("000102030405060708090a0b0c0d0e0f");
    static readonly byte[] iv = Convert.FromHexString("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
    byte[] data = [];
    byte[] output = [];
    byte[] counters = [];
    System.Security.Cryptography.Aes aes = null!;

    [GlobalSetup]
    public void Setup()
    {
        data = new byte[Bytes];
        new Random(1).NextBytes(data);
        output = new byte[Bytes];
        counters = new byte[Bytes];
        aes = System.Security.Cryptography.Aes.Create();
        aes.Key = key;
    }

    [GlobalCleanup]
    public void Cleanup() => aes.Dispose();

    [Benchmark] public int NetAesEcb() => aes.EncryptEcb(data, output, PaddingMode.None);

    [Benchmark] public int NetAesCbc() => aes.EncryptCbc(data, iv, output, PaddingMode.None);

    /// <summary>CTR: the counter blocks (IV + i, big-endian in the low 64 bits) encrypted with ECB, XORed onto the data.</summary>
    [Benchmark]
    public int NetAesCtrFromEcb()
    {
        ulong high = System.Buffers.Binary.BinaryPrimitives.ReadUInt64BigEndian(iv);
        ulong low = System.Buffers.Binary.BinaryPrimitives.ReadUInt64BigEndian(iv.AsSpan(8));
        for (int i = 0; i < counters.Length; i += 16)
        {
            System.Buffers.Binary.BinaryPrimitives.WriteUInt64BigEndian(counters.AsSpan(i), high);
            System.Buffers.Binary.BinaryPrimitives.WriteUInt64BigEndian(counters.AsSpan(i + 8), low + (ulong)(i / 16));
        }
        aes.EncryptEcb(counters, output, PaddingMode.None);
        int whole = output.Length / 8 * 8;
        var o = System.Runtime.InteropServices.MemoryMarshal.Cast<byte, ulong>(output.AsSpan(0, whole));
        var d = System.Runtime.InteropServices.MemoryMarshal.Cast<byte, ulong>(data.AsSpan(0, whole));
        for (int i = 0; i < o.Length; i++) o[i] ^= d[i];
        for (int i = whole; i < output.Length; i++) output[i] ^= data[i];
        return output.Length;
    }

    [Benchmark] public byte[] NetMd5() => MD5.HashData(data);

    [Benchmark] public byte[] NetSha256() => SHA256.HashData(data);

    [Benchmark] public byte[] NetSha512() => SHA512.HashData(data);

    [Benchmark] public byte[] ModelAesEcb() => AesModel.EncryptEcb(key, data);

    [Benchmark] public byte[] ModelMd5() => Md5Model.Hash(data);
}
