using System.Diagnostics;
using System.Globalization;
using System.Text.Json;
using Crypto.Aes;

namespace Crypto.Cli;

/// <summary>Figures of one <c>aes</c> run, as written by --stats-json.</summary>
public sealed record AesRunStats(long Cycles, int Blocks, double? ClocksPerBlock, double? CyclesPerSecond);

/// <summary>
/// <c>aes</c>: AES-128/192/256 (key size from the key length) in ECB, CBC or CTR, encryption or
/// decryption, of stdin to stdout through the cycle-accurate simulation of a variant with the mode's
/// processes around it; the same bytes as <c>openssl enc -aes-N-MODE [-d] -K KEY -iv IV -nopad</c>.
/// Everything is checked and computed before anything is written.
/// </summary>
public static class AesCommand
{
    public const int BlockBytes = 16;

    public static byte[] ParseKey(string hex, string command = "aes")
    {
        if (hex.Length is not (32 or 48 or 64) || !hex.All(char.IsAsciiHexDigit))
            throw new UsageException(
                $"{command}: --key must be 32, 48 or 64 hexadecimal digits (a 128-, 192- or 256-bit key), got {hex.Length} characters{(hex.All(char.IsAsciiHexDigit) ? "" : " with non-hexadecimal ones")}");
        return Convert.FromHexString(hex);
    }

    public static AesMode ParseMode(string mode) => mode.ToLowerInvariant() switch
    {
        "ecb" => AesMode.Ecb,
        "cbc" => AesMode.Cbc,
        "ctr" => AesMode.Ctr,
        _ => throw new UsageException($"aes: unknown --mode '{mode}'; modes: ecb, cbc, ctr"),
    };

    public static byte[] ParseIv(AesMode mode, string? hex)
    {
        if (mode == AesMode.Ecb)
        {
            if (hex is not null) throw new UsageException("aes: ECB uses no IV: leave out --iv (or choose --mode cbc or ctr)");
            return [];
        }
        string name = mode == AesMode.Ctr ? "the initial counter block" : "the IV";
        if (hex is null)
            throw new UsageException($"aes: --mode {mode.ToString().ToLowerInvariant()} needs --iv: {name} as 32 hexadecimal digits");
        if (hex.Length != 2 * BlockBytes || !hex.All(char.IsAsciiHexDigit))
            throw new UsageException($"aes: --iv must be 32 hexadecimal digits ({name}, 16 bytes), got {hex.Length} characters");
        return Convert.FromHexString(hex);
    }

    public static int Execute(CliEnvironment env, string variant, string keyHex, bool decrypt, string modeName, string? ivHex, string? statsPath,
        string keyBitsOption = "all")
    {
        var key = ParseKey(keyHex);
        var mode = ParseMode(modeName);
        var iv = ParseIv(mode, ivHex);
        var named = (AesVariant)env.Cores.Find("aes", variant, keyBitsOption);
        if (named.KeyBits != AesKeyBits.All && named.KeyBits != key.Length * 8)
            throw new UsageException($"aes: --key-bits {named.KeyBits} builds the core for {named.KeyBits}-bit keys only; --key is {key.Length * 8} bits");
        if (named.Mode != AesMode.Ecb)
            throw new UsageException($"aes: {named.Variant} has a mode built in; name its block cipher variant ({named.Family}{(named.Decrypt ? "-dec" : "")}) and --mode {named.Mode.ToString().ToLowerInvariant()}");
        if (named.Decrypt && !decrypt)
            throw new UsageException($"aes: {named.Variant} decrypts: add --decrypt (or name {named.Family} to encrypt)");
        AesVariant core;
        try { core = AesCatalog.ForMode(named.Variant, mode, decrypt, named.KeyBits); }
        catch (ArgumentException e) { throw new UsageException("aes: " + e.Message); }
        string? statsFile = statsPath is null ? null : env.UserPath(statsPath);
        if (statsFile is not null && !Directory.Exists(Path.GetDirectoryName(statsFile)))
            throw new UsageException($"aes: the folder of --stats-json {statsPath} does not exist");

        var input = new MemoryStream();
        env.StdIn.CopyTo(input);
        var data = input.ToArray();
        if (mode != AesMode.Ctr && data.Length % BlockBytes != 0)
            throw new UsageException(
                $"aes: input is {data.Length} bytes, not a whole number of 16-byte blocks ({mode.ToString().ToUpperInvariant()} without padding; pad the data first, or use --mode ctr)");

        var clock = Stopwatch.StartNew();
        byte[] output = [];
        long cycles = 0;
        int blocks = 0;
        if (data.Length > 0)
        {
            var run = AesCatalog.Process(named.Variant, mode, decrypt, key, iv, data, named.KeyBits);
            (output, cycles, blocks) = (run.Output, run.Cycles, run.Blocks);
        }
        clock.Stop();
        if (output.Length != data.Length || blocks != (data.Length + BlockBytes - 1) / BlockBytes)
            throw new InvalidOperationException(
                $"aes {core.Variant} returned {output.Length} bytes in {blocks} blocks for {data.Length} bytes of input");

        var stats = new AesRunStats(cycles, blocks,
            blocks > 0 ? (double)cycles / blocks : null,
            cycles > 0 && clock.Elapsed.TotalSeconds > 0 ? cycles / clock.Elapsed.TotalSeconds : null);

        env.StdOut.Write(output);
        env.StdOut.Flush();
        env.Error.WriteLine(Summary(core.Name, key.Length * 8, stats));
        if (statsFile is not null)
            AtomicFile.WriteAllText(statsFile, JsonSerializer.Serialize(stats, VhdlFolder.Json) + "\n");
        return ExitCodes.Success;
    }

    static string Summary(string name, int keyBits, AesRunStats s) => string.Create(CultureInfo.InvariantCulture,
        $"{name} (AES-{keyBits}): {s.Cycles} cycles, {s.Blocks} block{(s.Blocks == 1 ? "" : "s")}, {(s.ClocksPerBlock is { } c ? c.ToString("0.00", CultureInfo.InvariantCulture) : "-")} clocks per block, {(s.CyclesPerSecond is { } r ? r.ToString("N0", CultureInfo.InvariantCulture) : "-")} simulated cycles per second");
}
