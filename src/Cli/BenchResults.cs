using System.Text;

namespace Crypto.Cli;

/// <summary>
/// The benchmark results the report shows: the Markdown tables that <c>./scripts/bench</c> writes into
/// bench/results/ (BenchmarkDotNet, GHDL and Verilator simulation speed, openssl speed), each stating
/// the machine and the command that made it.
/// </summary>
public static class BenchResults
{
    public const string Folder = "bench/results";

    public static void AppendTo(StringBuilder s, string repositoryRoot)
    {
        s.Append("## CPU baselines and simulation speed\n\n");
        var dir = Path.Combine(repositoryRoot, Folder);
        var files = Directory.Exists(dir)
            ? Directory.GetFiles(dir, "*.md").OrderBy(Path.GetFileName, StringComparer.Ordinal).ToList()
            : [];
        if (files.Count == 0)
        {
            s.Append($"Not measured yet: run `./scripts/bench` (writes {Folder}/*.md, which this report includes).\n");
            return;
        }
        s.Append($"From {Folder}/ (written by `./scripts/bench`; each part names its command and machine).\n\n");
        foreach (var f in files)
        {
            var text = File.ReadAllText(f).Replace("\r", "", StringComparison.Ordinal).TrimEnd('\n');
            // The parts' own headings go one level down, under this section.
            foreach (var line in text.Split('\n'))
                s.Append(line.StartsWith('#') ? "##" + line : line).Append('\n');
            s.Append('\n');
        }
    }
}
