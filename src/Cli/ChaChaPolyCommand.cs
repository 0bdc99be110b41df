using System.Diagnostics;
using System.Globalization;
using System.Text.Json;
using Crypto.ChaCha;

namespace Crypto.Cli;

/// <summary>Figures of one <c>chacha20-poly1305</c> run, as written by --stats-json.</summary>
public sealed record ChaChaPolyRunStats(long Cycles, int DataWords, long Bytes, long AadBytes, double? ClocksPerDataWord, double? CyclesPerSecond);

/// <summary>
/// <c>chacha20-poly1305</c>: AEAD_CHACHA20_POLY1305 (RFC 8439 §2.8) of stdin to stdout through the
/// cycle-accurate simulation of a ChaCha20-Poly1305 core. Encryption writes the ciphertext followed by
/// the 16-byte tag (the layout of .NET's and most libraries' output when concatenated); decryption reads
/// ciphertext ‖ tag and writes the plaintext only when the core finds the tag right. Everything is
/// checked and computed before anything is written.
/// </summary>
public static class ChaChaPolyCommand
{
    const string Command = "chacha20-poly1305";

    public static int Execute(CliEnvironment env, string variant, string keyHex, string nonceHex, string? aadPath, bool decrypt, string? statsPath)
    {
        var key = ChaChaCommand.ParseHex("--key", keyHex, ChaChaModel.KeyBytes, "a 256-bit key", Command);
        var nonce = ChaChaCommand.ParseHex("--nonce", nonceHex, ChaChaModel.NonceBytes, "the 96-bit nonce of RFC 8439", Command);
        try { variant = ChaChaPolyCatalog.Find(variant).Variant; }
        catch (ArgumentException e) { throw new UsageException(e.Message); }
        string? statsFile = statsPath is null ? null : env.UserPath(statsPath);
        if (statsFile is not null && !Directory.Exists(Path.GetDirectoryName(statsFile)))
            throw new UsageException($"{Command}: the folder of --stats-json {statsPath} does not exist");
        byte[] aad = aadPath is null ? [] : ReadAad(env, aadPath);

        var input = new MemoryStream();
        env.StdIn.CopyTo(input);
        var data = input.ToArray();
        byte[]? tag = null;
        if (decrypt)
        {
            if (data.Length < Poly1305Model.TagBytes)
                throw new UsageException($"{Command}: --decrypt reads the ciphertext followed by its {Poly1305Model.TagBytes}-byte tag; the input has only {data.Length} bytes");
            tag = data[^Poly1305Model.TagBytes..];
            data = data[..^Poly1305Model.TagBytes];
        }

        var clock = Stopwatch.StartNew();
        var run = ChaChaPolyCatalog.Run(variant, key, nonce, aad, data, decrypt, tag);
        clock.Stop();
        if (run.TagMismatch)
        {
            env.Error.WriteLine($"sme-crypto: {Command}: authentication failed: the tag does not match the ciphertext, AAD, key and nonce (nothing written)");
            return ExitCodes.Failure;
        }

        var stats = new ChaChaPolyRunStats(run.Cycles, run.DataWords, data.Length, aad.Length,
            run.DataWords > 0 ? (double)run.Cycles / run.DataWords : null,
            run.Cycles > 0 && clock.Elapsed.TotalSeconds > 0 ? run.Cycles / clock.Elapsed.TotalSeconds : null);
        env.StdOut.Write(run.Output);
        if (!decrypt) env.StdOut.Write(run.Tag);
        env.StdOut.Flush();
        env.Error.WriteLine(Summary(variant, stats));
        if (statsFile is not null)
            AtomicFile.WriteAllText(statsFile, JsonSerializer.Serialize(stats, VhdlFolder.Json) + "\n");
        return ExitCodes.Success;
    }

    static byte[] ReadAad(CliEnvironment env, string name)
    {
        string path = env.UserPath(name);
        if (Directory.Exists(path)) throw new UsageException($"{Command}: --aad {name}: Is a directory");
        if (!File.Exists(path)) throw new UsageException($"{Command}: --aad {name}: No such file or directory");
        try { return File.ReadAllBytes(path); }
        catch (UnauthorizedAccessException) { throw new UsageException($"{Command}: --aad {name}: Permission denied"); }
    }

    static string Summary(string variant, ChaChaPolyRunStats s) => string.Create(CultureInfo.InvariantCulture,
        $"{Command}-{variant}: {s.Cycles} cycles, {s.AadBytes} AAD bytes, {s.DataWords} data word{(s.DataWords == 1 ? "" : "s")}, " +
        $"{(s.CyclesPerSecond is { } r ? r.ToString("N0", CultureInfo.InvariantCulture) : "-")} simulated cycles per second");
}
