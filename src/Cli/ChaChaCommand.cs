using System.Diagnostics;
using System.Globalization;
using System.Text.Json;
using Crypto.ChaCha;

namespace Crypto.Cli;

/// <summary>Figures of one <c>chacha20</c> run, as written by --stats-json.</summary>
public sealed record ChaChaRunStats(long Cycles, int Blocks, long Bytes, double? ClocksPerBlock, double? CyclesPerSecond);

/// <summary>
/// <c>chacha20</c>: ChaCha20 (RFC 8439) of stdin to stdout through the cycle-accurate simulation of a
/// variant; the same bytes as <c>openssl enc -chacha20 -K KEY -iv IV</c> with IV = the counter
/// (4 bytes, little-endian) followed by the nonce. Everything is checked and computed before anything
/// is written; counter exhaustion (the data needs a block past counter 2^32-1) writes nothing and fails.
/// </summary>
public static class ChaChaCommand
{
    public static byte[] ParseHex(string option, string hex, int bytes, string what, string command = "chacha20")
    {
        if (hex.Length != 2 * bytes || !hex.All(char.IsAsciiHexDigit))
            throw new UsageException($"{command}: {option} must be {2 * bytes} hexadecimal digits ({what}), got '{hex}'");
        return Convert.FromHexString(hex);
    }

    public static uint ParseCounter(string text)
    {
        if (!uint.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out uint counter))
            throw new UsageException($"chacha20: --counter must be a whole number from 0 to 4294967295 (the initial 32-bit block counter), got '{text}'");
        return counter;
    }

    public static int Execute(CliEnvironment env, string variant, string keyHex, string nonceHex, string counterText, string? statsPath)
    {
        var key = ParseHex("--key", keyHex, ChaChaModel.KeyBytes, "a 256-bit key");
        var nonce = ParseHex("--nonce", nonceHex, ChaChaModel.NonceBytes, "the 96-bit nonce of RFC 8439");
        uint counter = ParseCounter(counterText);
        variant = env.Cores.Find("chacha20", variant).Variant;
        string? statsFile = statsPath is null ? null : env.UserPath(statsPath);
        if (statsFile is not null && !Directory.Exists(Path.GetDirectoryName(statsFile)))
            throw new UsageException($"chacha20: the folder of --stats-json {statsPath} does not exist");

        var input = new MemoryStream();
        env.StdIn.CopyTo(input);
        var data = input.ToArray();

        var clock = Stopwatch.StartNew();
        var run = ChaChaCatalog.Encrypt(variant, key, nonce, counter, data);
        clock.Stop();
        if (run.CounterExhausted)
        {
            long needed = (data.Length + ChaChaMath.BlockBytes - 1L) / ChaChaMath.BlockBytes;
            env.Error.WriteLine($"sme-crypto: chacha20: block counter exhausted: {data.Length} bytes need {needed} blocks from counter {counter}, " +
                $"but the last block counter is 4294967295; the core raised its error flag and stopped after {run.Blocks} block{(run.Blocks == 1 ? "" : "s")} (nothing written)");
            return ExitCodes.Failure;
        }
        if (run.Output.Length != data.Length)
            throw new InvalidOperationException($"chacha20 {variant} returned {run.Output.Length} bytes for {data.Length} bytes of input");

        var stats = new ChaChaRunStats(run.Cycles, run.Blocks, data.Length,
            run.Blocks > 0 ? (double)run.Cycles / run.Blocks : null,
            run.Cycles > 0 && clock.Elapsed.TotalSeconds > 0 ? run.Cycles / clock.Elapsed.TotalSeconds : null);

        env.StdOut.Write(run.Output);
        env.StdOut.Flush();
        env.Error.WriteLine(Summary(variant, stats));
        if (statsFile is not null)
            AtomicFile.WriteAllText(statsFile, JsonSerializer.Serialize(stats, VhdlFolder.Json) + "\n");
        return ExitCodes.Success;
    }

    static string Summary(string variant, ChaChaRunStats s) => string.Create(CultureInfo.InvariantCulture,
        $"chacha20-{variant}: {s.Cycles} cycles, {s.Blocks} block{(s.Blocks == 1 ? "" : "s")}, {(s.ClocksPerBlock is { } c ? c.ToString("0.00", CultureInfo.InvariantCulture) : "-")} clocks per block, {(s.CyclesPerSecond is { } r ? r.ToString("N0", CultureInfo.InvariantCulture) : "-")} simulated cycles per second");
}
