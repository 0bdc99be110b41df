using System.Diagnostics;
using System.Globalization;
using System.Text.Json;
using Crypto.Aes;

namespace Crypto.Cli;

/// <summary>Figures of one <c>aes-gcm</c> run, as written by --stats-json.</summary>
public sealed record AesGcmRunStats(long Cycles, int AadBlocks, int DataBlocks, double? ClocksPerBlock, double? CyclesPerSecond);

/// <summary>
/// <c>aes-gcm</c>: AES-GCM (SP 800-38D) of stdin through the cycle-accurate simulation of the GCM core on an AES
/// variant. Sealing writes the ciphertext and the 16-byte tag (the layout of .NET's AesGcm output concatenated);
/// opening reads ciphertext ‖ tag and writes the plaintext only when the core found the tag right. Everything is
/// checked and computed before anything is written.
/// </summary>
public static class AesGcmCommand
{
    const string Name = "aes-gcm";

    /// <summary>The IV: one byte or more, as hexadecimal digits (12 bytes is the usual and fastest length).</summary>
    public static byte[] ParseIv(string hex)
    {
        if (hex.Length == 0 || hex.Length % 2 != 0 || !hex.All(char.IsAsciiHexDigit))
            throw new UsageException(
                $"{Name}: --iv must be an even number of hexadecimal digits, at least 2 (an IV of one byte or more; 24 digits for the usual 96-bit IV), got {hex.Length} characters{(hex.All(char.IsAsciiHexDigit) ? "" : " with non-hexadecimal ones")}");
        return Convert.FromHexString(hex);
    }

    public static int Execute(CliEnvironment env, string variant, string keyHex, string ivHex, string? aadPath, bool decrypt, string? statsPath,
        string keyBitsOption = "all")
    {
        var key = AesCommand.ParseKey(keyHex, Name);
        var iv = ParseIv(ivHex);
        int keyBits;
        try { keyBits = AesKeyBits.Parse(keyBitsOption); }
        catch (ArgumentException e) { throw new UsageException($"{Name}: {e.Message}"); }
        if (keyBits != AesKeyBits.All && keyBits != key.Length * 8)
            throw new UsageException($"{Name}: --key-bits {keyBits} builds the core for {keyBits}-bit keys only; --key is {key.Length * 8} bits");
        AesGcmVariant gcm;
        try { gcm = AesGcmVariant.On(variant.EndsWith("-gcm", StringComparison.OrdinalIgnoreCase) ? variant[..^4] : variant, keyBits); }
        catch (ArgumentException e) { throw new UsageException($"{Name}: {e.Message}"); }
        string? statsFile = statsPath is null ? null : env.UserPath(statsPath);
        if (statsFile is not null && !Directory.Exists(Path.GetDirectoryName(statsFile)))
            throw new UsageException($"{Name}: the folder of --stats-json {statsPath} does not exist");
        byte[] aad = [];
        if (aadPath is not null)
        {
            var aadFile = env.UserPath(aadPath);
            if (!File.Exists(aadFile)) throw new UsageException($"{Name}: --aad {aadPath}: no such file");
            aad = File.ReadAllBytes(aadFile);
        }

        var input = new MemoryStream();
        env.StdIn.CopyTo(input);
        var data = input.ToArray();
        byte[] text = data, tag = [];
        if (decrypt)
        {
            if (data.Length < AesGcmModel.TagBytes)
                throw new UsageException($"{Name}: --decrypt reads ciphertext followed by its 16-byte tag; the input is {data.Length} bytes");
            (text, tag) = (data[..^AesGcmModel.TagBytes], data[^AesGcmModel.TagBytes..]);
        }

        var clock = Stopwatch.StartNew();
        var (outcome, cycles, _) = gcm.Process(new AesGcmMessage(key, iv, aad, text, decrypt, decrypt ? tag : null));
        clock.Stop();
        if (outcome.Text.Length != text.Length)
            throw new InvalidOperationException($"aes {gcm.Variant} returned {outcome.Text.Length} bytes for {text.Length} bytes of input");
        if (outcome.TagMismatch)
        {
            env.Error.WriteLine($"sme-crypto: {Name}: the tag does not match: the message or its AAD is not authentic (nothing written)");
            return ExitCodes.Failure;
        }

        int aadBlocks = (aad.Length + 15) / 16, dataBlocks = (text.Length + 15) / 16;
        var stats = new AesGcmRunStats(cycles, aadBlocks, dataBlocks,
            aadBlocks + dataBlocks > 0 ? (double)cycles / (aadBlocks + dataBlocks) : null,
            cycles > 0 && clock.Elapsed.TotalSeconds > 0 ? cycles / clock.Elapsed.TotalSeconds : null);
        env.StdOut.Write(outcome.Text);
        if (!decrypt) env.StdOut.Write(outcome.Tag);
        env.StdOut.Flush();
        env.Error.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"{gcm.Name} (AES-{key.Length * 8}, {(decrypt ? "open" : "seal")}): {cycles} cycles, {aadBlocks} AAD and {dataBlocks} data blocks, {(stats.CyclesPerSecond is { } r ? r.ToString("N0", CultureInfo.InvariantCulture) : "-")} simulated cycles per second"));
        if (statsFile is not null)
            AtomicFile.WriteAllText(statsFile, JsonSerializer.Serialize(stats, VhdlFolder.Json) + "\n");
        return ExitCodes.Success;
    }
}
