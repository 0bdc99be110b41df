using System.Diagnostics;
using System.Globalization;
using System.Text.Json;
using Crypto.Aes;

namespace Crypto.Cli;

/// <summary>Figures of one <c>aes</c> run, as written by --stats-json.</summary>
public sealed record AesRunStats(long Cycles, int Blocks, double? ClocksPerBlock, double? CyclesPerSecond);

/// <summary>
/// <c>aes</c>: AES-128-ECB (no padding) of stdin to stdout through the cycle-accurate simulation of
/// a variant; the same bytes as <c>openssl enc -aes-128-ecb -K KEY -nopad</c>. Everything is checked
/// and computed before anything is written.
/// </summary>
public static class AesCommand
{
    public const int BlockBytes = 16;

    public static byte[] ParseKey(string hex)
    {
        if (hex.Length != 2 * BlockBytes || !hex.All(char.IsAsciiHexDigit))
            throw new UsageException($"aes: --key must be 32 hexadecimal digits (a 128-bit key), got '{hex}'");
        return Convert.FromHexString(hex);
    }

    public static int Execute(CliEnvironment env, string variant, string keyHex, string? statsPath)
    {
        var key = ParseKey(keyHex);
        variant = env.Cores.Find("aes", variant).Variant;
        string? statsFile = statsPath is null ? null : env.UserPath(statsPath);
        if (statsFile is not null && !Directory.Exists(Path.GetDirectoryName(statsFile)))
            throw new UsageException($"aes: the folder of --stats-json {statsPath} does not exist");

        var input = new MemoryStream();
        env.StdIn.CopyTo(input);
        var data = input.ToArray();
        if (data.Length % BlockBytes != 0)
            throw new UsageException(
                $"aes: input is {data.Length} bytes, not a whole number of 16-byte blocks (ECB without padding; pad the data first)");

        var clock = Stopwatch.StartNew();
        byte[] output = [];
        long cycles = 0;
        int blocks = 0;
        if (data.Length > 0)
        {
            var run = AesCatalog.EncryptEcb(variant, key, data);
            (output, cycles, blocks) = (run.Output, run.Cycles, run.Blocks);
        }
        clock.Stop();
        if (output.Length != data.Length || blocks != data.Length / BlockBytes)
            throw new InvalidOperationException(
                $"aes {variant} returned {output.Length} bytes in {blocks} blocks for {data.Length} bytes of input");

        var stats = new AesRunStats(cycles, blocks,
            blocks > 0 ? (double)cycles / blocks : null,
            cycles > 0 && clock.Elapsed.TotalSeconds > 0 ? cycles / clock.Elapsed.TotalSeconds : null);

        env.StdOut.Write(output);
        env.StdOut.Flush();
        env.Error.WriteLine(Summary(variant, stats));
        if (statsFile is not null)
            AtomicFile.WriteAllText(statsFile, JsonSerializer.Serialize(stats, VhdlFolder.Json) + "\n");
        return ExitCodes.Success;
    }

    static string Summary(string variant, AesRunStats s) => string.Create(CultureInfo.InvariantCulture,
        $"aes-{variant}: {s.Cycles} cycles, {s.Blocks} block{(s.Blocks == 1 ? "" : "s")}, {(s.ClocksPerBlock is { } c ? c.ToString("0.00", CultureInfo.InvariantCulture) : "-")} clocks per block, {(s.CyclesPerSecond is { } r ? r.ToString("N0", CultureInfo.InvariantCulture) : "-")} simulated cycles per second");
}
