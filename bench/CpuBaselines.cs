using System.Buffers.Binary;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Exporters.Json;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using Crypto.Aes;
using Crypto.Md5;

namespace Crypto.Bench;

/// <summary>
/// CPU baselines: .NET's own AES (ECB, CBC, and CTR built from ECB, as .NET has no CTR mode), MD5,
/// SHA-256 and SHA-512, and the project's software models (the oracles of the cores), at the
/// message sizes of the Pynqrypt paper: 16 B, 1 KiB, 256 KiB and 16 MiB. One operation is one
/// buffer; the MB/s column is bytes per second of it.
/// </summary>
[Config(typeof(Config))]
public class CpuBaselines
{
    sealed class Config : ManualConfig
    {
        public Config()
        {
            AddJob(Job.Default.WithWarmupCount(2).WithIterationCount(6).AsDefault());
            AddColumn(new MegabytesPerSecondColumn());
            AddExporter(JsonExporter.Brief);
        }
    }

    /// <summary>16 B, 1 KiB, 256 KiB and 16 MiB; without 16 MiB when BENCH_QUICK is set (scripts/bench --quick).</summary>
    public static IEnumerable<int> Sizes() =>
        Environment.GetEnvironmentVariable("BENCH_QUICK") is { Length: > 0 } ? [16, 1024, 256 * 1024] : [16, 1024, 256 * 1024, 16 * 1024 * 1024];

    [ParamsSource(nameof(Sizes))]
    public int Bytes { get; set; }

    byte[] data = [], output = [], counters = [];
    readonly byte[] key = Convert.FromHexString("2b7e151628aed2a6abf7158809cf4f3c");
    readonly byte[] iv = Convert.FromHexString("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
    System.Security.Cryptography.Aes aes = null!;

    [GlobalSetup]
    public void Setup()
    {
        var rng = new Random(1);
        data = new byte[Bytes];
        rng.NextBytes(data);
        output = new byte[Bytes];
        counters = new byte[Bytes];
        aes = System.Security.Cryptography.Aes.Create();
        aes.Key = key;
    }

    [GlobalCleanup]
    public void Cleanup() => aes.Dispose();

    [Benchmark] public int DotNetAes128Ecb() => aes.EncryptEcb(data, output, PaddingMode.None);

    [Benchmark] public int DotNetAes128Cbc() => aes.EncryptCbc(data, iv, output, PaddingMode.None);

    /// <summary>CTR from ECB: the counter blocks (128-bit big-endian increment) encrypted in one call, then XOR.</summary>
    [Benchmark]
    public int DotNetAes128Ctr()
    {
        var counter = BinaryPrimitives.ReadUInt128BigEndian(iv);
        for (int at = 0; at < counters.Length; at += 16, counter++)
            BinaryPrimitives.WriteUInt128BigEndian(counters.AsSpan(at), counter);
        aes.EncryptEcb(counters, output, PaddingMode.None);
        for (int i = 0; i < output.Length; i++) output[i] ^= data[i];
        return output.Length;
    }

    [Benchmark] public byte[] DotNetMd5() => MD5.HashData(data);

    [Benchmark] public byte[] DotNetSha256() => SHA256.HashData(data);

    [Benchmark] public byte[] DotNetSha512() => SHA512.HashData(data);

    [Benchmark] public byte[] ModelAes128Ecb() => AesModel.EncryptEcb(key, data);

    [Benchmark] public byte[] ModelMd5() => Md5Model.Hash(data);
}

/// <summary>Megabytes (10^6 bytes) per second of one operation on a buffer of <c>Bytes</c> bytes.</summary>
public sealed class MegabytesPerSecondColumn : IColumn
{
    public string Id => nameof(MegabytesPerSecondColumn);
    public string ColumnName => "MB/s";
    public bool AlwaysShow => true;
    public ColumnCategory Category => ColumnCategory.Custom;
    public int PriorityInCategory => 0;
    public bool IsNumeric => true;
    public UnitType UnitType => UnitType.Dimensionless;
    public string Legend => "Megabytes (10^6 bytes) per second: Bytes / mean time of one operation";
    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;
    public bool IsAvailable(Summary summary) => true;
    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, SummaryStyle.Default);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        var stats = summary[benchmarkCase]?.ResultStatistics;
        var bytes = benchmarkCase.Parameters["Bytes"];
        return stats is null || stats.Mean <= 0 || bytes is not int n ? "-"
            : (n / stats.Mean * 1e9 / 1e6).ToString("N1", System.Globalization.CultureInfo.InvariantCulture);
    }
}
