using System.Text;
using System.Text.Json;
using Crypto.Catalog;
using Crypto.Hashing;
using Hdl;

namespace Crypto.Cli;

/// <summary>Figures of one hash run, as written by --stats-json.</summary>
public sealed record HashRunStats(long Cycles, int Blocks, double? ClocksPerBlock, int Messages);

/// <summary>
/// <c>md5</c>, <c>sha224</c>, <c>sha256</c>, <c>sha384</c>, <c>sha512</c>: the digest of each file (or of
/// stdin for <c>-</c> or no file) through the cycle-accurate simulation of a variant, printed as
/// md5sum and sha256sum print it. All files go through one run, interleaved on the core's message
/// slots. A file that cannot be read gets one line on stderr and exit code 1; the others are hashed.
/// </summary>
public static class HashCommand
{
    /// <summary>The hash cores, each with a command of its own: the cores of <see cref="CoreRegistry"/> whose variants hash (md5, sha224, ..., sha512).</summary>
    public static IReadOnlyList<string> Cores { get; } = [.. CoreRegistry.All.OfType<IHashVariant>().Select(v => v.Core).Distinct()];

    public static int Execute(CliEnvironment env, string core, string variantName, string? statsPath, IReadOnlyList<string>? files)
    {
        var variant = env.Cores.Find(core, variantName) as IHashVariant
            ?? throw new UsageException($"{core}: variant '{variantName}' is not a hash core");
        string? statsFile = statsPath is null ? null : env.UserPath(statsPath);
        if (statsFile is not null && !Directory.Exists(Path.GetDirectoryName(statsFile)))
            throw new UsageException($"{core}: the folder of --stats-json {statsPath} does not exist");

        var names = files is { Count: > 0 } ? files : ["-"];
        var messages = new List<byte[]>();
        var read = new List<(string Name, int Message)>();
        int exitCode = ExitCodes.Success;
        foreach (var name in names)
        {
            var data = ReadInput(env, core, name);
            if (data is null) { exitCode = ExitCodes.Failure; continue; }
            read.Add((name, messages.Count));
            messages.Add(data);
        }

        var stats = new HashRunStats(0, 0, null, 0);
        if (messages.Count > 0)
        {
            var run = variant.Hash(messages);
            int missing = run.Digests.ToList().FindIndex(d => d is null);
            if (missing >= 0) throw new HardwareException($"{core} {variant.Variant} gave no digest for message {missing}");
            foreach (var (name, message) in read)
                env.Out.Write(Line(Convert.ToHexStringLower(run.Digests[message]!), name));
            stats = new HashRunStats(run.Cycles, run.Blocks, run.Blocks > 0 ? (double)run.Cycles / run.Blocks : null, messages.Count);
        }
        env.Out.Flush();
        if (statsFile is not null)
            AtomicFile.WriteAllText(statsFile, JsonSerializer.Serialize(stats, VhdlFolder.Json) + "\n");
        return exitCode;
    }

    /// <summary>The bytes of a file, or of stdin for <c>-</c>; null (with the reason on stderr) when it cannot be read.</summary>
    static byte[]? ReadInput(CliEnvironment env, string core, string name)
    {
        if (name == "-")
        {
            var buffer = new MemoryStream();
            env.StdIn.CopyTo(buffer);
            return buffer.ToArray();
        }
        string path = env.UserPath(name);
        string? reason = null;
        if (Directory.Exists(path)) reason = "Is a directory";
        else if (!File.Exists(path)) reason = "No such file or directory";
        else
        {
            try { return File.ReadAllBytes(path); }
            catch (UnauthorizedAccessException) { reason = "Permission denied"; }
            catch (IOException e) { reason = CliApp.OneLine(e.Message); }
        }
        env.Error.WriteLine($"sme-crypto: {core}: {name}: {reason}");
        return null;
    }

    /// <summary>
    /// One output line as md5sum/sha256sum write it: digest, two spaces, name; a name holding a
    /// backslash, newline or carriage return is escaped and the line starts with a backslash.
    /// </summary>
    public static string Line(string hex, string name)
    {
        if (name.IndexOfAny(['\\', '\n', '\r']) < 0) return $"{hex}  {name}\n";
        var escaped = new StringBuilder();
        foreach (char c in name)
            escaped.Append(c switch { '\\' => "\\\\", '\n' => "\\n", '\r' => "\\r", _ => c.ToString() });
        return $"\\{hex}  {escaped}\n";
    }
}
