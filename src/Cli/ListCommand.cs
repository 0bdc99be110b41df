using System.Globalization;
using System.Text.Json;
using Crypto.Streams;

namespace Crypto.Cli;

/// <summary>One row of <c>list</c>: measured figures of a variant and whether its VHDL is verified.</summary>
/// <param name="KeyBits">The key sizes the build takes, as <c>--key-bits</c> spells it: "all", or "128" (192, 256) for an AES build of one size.</param>
public sealed record CoreListing(string Core, string Variant, string KeyBits, double? ClocksPerBlock, long Latency, bool VhdlVerified, string Description);

/// <summary><c>list</c>: every core variant with measured clocks per block and latency, and VHDL status.</summary>
public static class ListCommand
{
    /// <summary>Blocks streamed at full speed by <see cref="ICoreVariant.Measure"/> for each row.</summary>
    public const int MeasuredBlocks = 64;

    public static IReadOnlyList<CoreListing> Collect(CoreFamilies cores, string repositoryRoot)
    {
        var rows = new List<CoreListing>();
        foreach (var v in cores.Variants)
        {
            var m = v.Measure(MeasuredBlocks);
            rows.Add(new CoreListing(v.Core, v.Variant, v.KeyBits, double.IsFinite(m.ClocksPerBlock) ? m.ClocksPerBlock : null, m.Latency,
                VhdlFolder.IsVerified(VhdlFolder.Of(repositoryRoot, v), v.Core, v.Variant),
                v.Description));
        }
        return rows;
    }

    public static int Execute(CliEnvironment env, bool json)
    {
        var rows = Collect(env.Cores, env.RepositoryRoot);
        if (json) env.Out.Write(JsonSerializer.Serialize(rows, VhdlFolder.Json) + "\n");
        else WriteTable(env.Out, rows);
        return ExitCodes.Success;
    }

    public static void WriteTable(TextWriter output, IReadOnlyList<CoreListing> rows)
    {
        string[] header = ["core", "variant", "key bits", "clocks/block", "latency", "VHDL verified", "description"];
        var cells = rows.Select(r => new[]
        {
            r.Core, r.Variant, r.KeyBits,
            r.ClocksPerBlock is { } c ? c.ToString("0.00", CultureInfo.InvariantCulture) : "-",
            r.Latency.ToString(CultureInfo.InvariantCulture),
            r.VhdlVerified ? "yes" : "no",
            r.Description,
        }).ToList();
        var widths = header.Select((h, i) => Math.Max(h.Length, cells.Count == 0 ? 0 : cells.Max(c => c[i].Length))).ToArray();
        bool[] rightAligned = [false, false, false, true, true, false, false];
        void Line(string[] values)
        {
            var parts = values.Select((s, i) => i == values.Length - 1 ? s : rightAligned[i] ? s.PadLeft(widths[i]) : s.PadRight(widths[i]));
            output.Write(string.Join("  ", parts).TrimEnd() + "\n");
        }
        Line(header);
        foreach (var c in cells) Line(c);
    }
}
