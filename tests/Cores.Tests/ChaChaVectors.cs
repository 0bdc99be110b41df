namespace Cores.Tests;

/// <summary>One record of Botan's chacha.vec: key, nonce, keystream offset and keystream, in a [ChaCha(rounds)] section.</summary>
public sealed record BotanChaChaEntry(int Line, int Rounds, byte[] Key, byte[] Nonce, long Seek, byte[] Out)
{
    public override string ToString() => $"chacha.vec line {Line} [ChaCha({Rounds})]";
}

/// <summary>One record of Mbed TLS's test_suite_chacha20.data: chacha20_crypt:key:nonce:counter:input:output.</summary>
public sealed record MbedTlsChaChaEntry(string Name, byte[] Key, byte[] Nonce, uint Counter, byte[] Input, byte[] Output)
{
    public override string ToString() => Name;
}

/// <summary>Readers of the ChaCha20 vector files in the vectors folder (never copied into the repository).</summary>
public static class ChaChaVectorFiles
{
    /// <summary>Every record of chacha.vec; a record without Nonce has the 8-byte zero nonce, without Seek offset 0.</summary>
    public static List<BotanChaChaEntry> ReadBotan(string path)
    {
        var entries = new List<BotanChaChaEntry>();
        int rounds = 0, lineNo = 0, startLine = 0;
        var fields = new Dictionary<string, string>();
        foreach (var raw in File.ReadLines(path))
        {
            lineNo++;
            var line = raw.Trim();
            if (line.Length == 0 || line.StartsWith('#')) continue;
            if (line.StartsWith("[ChaCha(", StringComparison.Ordinal))
            {
                rounds = int.Parse(line["[ChaCha(".Length..line.IndexOf(')')]);
                continue;
            }
            int eq = line.IndexOf('=');
            if (eq < 0) throw new FormatException($"chacha.vec line {lineNo}: unexpected '{line}'");
            if (fields.Count == 0) startLine = lineNo;
            string name = line[..eq].Trim(), value = line[(eq + 1)..].Trim();
            fields[name] = value;
            if (name == "Out")
            {
                entries.Add(new BotanChaChaEntry(startLine, rounds, Convert.FromHexString(fields["Key"]),
                    fields.TryGetValue("Nonce", out var n) ? Convert.FromHexString(n) : new byte[8],
                    fields.TryGetValue("Seek", out var s) ? long.Parse(s) : 0, Convert.FromHexString(value)));
                fields.Clear();
            }
        }
        return entries;
    }

    public static List<MbedTlsChaChaEntry> ReadMbedTls(string path)
    {
        var entries = new List<MbedTlsChaChaEntry>();
        string name = "";
        foreach (var raw in File.ReadLines(path))
        {
            var line = raw.Trim();
            if (line.Length == 0) continue;
            if (!line.Contains(':')) { name = line; continue; }
            if (!line.StartsWith("chacha20_crypt:", StringComparison.Ordinal)) continue;
            var parts = line["chacha20_crypt:".Length..].Split(':');
            entries.Add(new MbedTlsChaChaEntry(name, Hex(parts[0]), Hex(parts[1]), uint.Parse(parts[2]), Hex(parts[3]), Hex(parts[4])));
        }
        return entries;
    }

    static byte[] Hex(string quoted) => Convert.FromHexString(quoted.Trim('"'));
}
