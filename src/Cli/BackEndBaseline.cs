using System.Globalization;
using System.Text;

namespace Crypto.Cli;

/// <summary>
/// The LUT and FF counts of the 55 variants as cached when the back-end issue (#25) was filed,
/// typed in from docs/RESULTS.md at commit 29842099^ (2026-11-25; `git show 29842099^:docs/RESULTS.md`),
/// and the report's table of today's figures beside them (the issue: no variant above its figure).
/// </summary>
public static class BackEndBaseline
{
    public sealed record Row(string Core, string Variant, int Lut, int Ff)
    {
        public string Build => $"{Core}-{Variant}";
    }

    public const string Source = "docs/RESULTS.md at commit 29842099^ (the figures cached when issue #25 was filed)";

    public static readonly IReadOnlyList<Row> Rows =
    [
        new("aes", "naive", 34256, 3112),
        new("aes", "naive-dec", 39989, 3112),
        new("aes", "tbox", 41541, 3112),
        new("aes", "tbox-dec", 70062, 3112),
        new("aes", "iterative", 8071, 3399),
        new("aes", "iterative-dec", 9124, 3399),
        new("aes", "proc4", 45881, 3916),
        new("aes", "proc4-dec", 90490, 3916),
        new("aes", "proc11", 31809, 6864),
        new("aes", "proc11-dec", 119105, 6864),
        new("aes", "proc22", 19839, 10616),
        new("aes", "proc22-dec", 23929, 10616),
        new("aes", "bram11", 9854, 6864),
        new("aes", "bram11-dec", 12687, 6864),
        new("aes", "proc11-otf", 42917, 7476),
        new("aes", "proc11-otf-dec", 121255, 15464),
        new("aes", "proc11-ctr", 29464, 7122),
        new("aes", "iterative-cbc", 8275, 3403),
        new("aes", "proc11-cbc-dec", 91119, 7122),
        new("md5", "iterative", 3727, 4783),
        new("md5", "naive", 16966, 8999),
        new("md5", "proc4", 19887, 13178),
        new("md5", "proc8", 20180, 18594),
        new("md5", "proc16", 23129, 29426),
        new("md5", "proc32", 30736, 53426),
        new("md5", "proc64", 44021, 99026),
        new("sha224", "iterative", 4841, 5830),
        new("sha224", "naive", 39465, 10695),
        new("sha224", "proc4", 42089, 16026),
        new("sha224", "proc8", 42972, 22978),
        new("sha224", "proc16", 46738, 36882),
        new("sha224", "proc64", 75224, 124722),
        new("sha256", "iterative", 4812, 5935),
        new("sha256", "naive", 39409, 10791),
        new("sha256", "proc4", 41832, 16122),
        new("sha256", "proc8", 42449, 23074),
        new("sha256", "proc16", 46973, 36978),
        new("sha256", "proc64", 75378, 124818),
        new("sha384", "iterative", 7762, 10671),
        new("sha384", "naive", 95722, 19879),
        new("sha384", "proc4", 99233, 30586),
        new("sha384", "proc8", 98370, 44578),
        new("sha384", "proc16", 105702, 72562),
        new("sha384", "proc80", 184310, 301282),
        new("sha512", "iterative", 7700, 10799),
        new("sha512", "naive", 95748, 20007),
        new("sha512", "proc4", 98935, 30714),
        new("sha512", "proc8", 98516, 44706),
        new("sha512", "proc16", 106200, 72690),
        new("sha512", "proc80", 184702, 301410),
        new("chacha20", "naive", 23401, 3111),
        new("chacha20", "iterative", 3493, 5011),
        new("chacha20", "proc10", 19829, 15504),
        new("chacha20", "proc20", 21633, 29274),
        new("poly1305", "naive", 6821, 899),
    ];

    /// <summary>
    /// Builds whose cached figures were made from a misread netlist: before commit 7a7f1cd4 GHDL's
    /// quoted constants wider than 32 bits reached yosys as ASCII codes (docs/chacha20.md), so those
    /// figures are of another circuit; the same VHDL read correctly gives these.
    /// </summary>
    public static readonly IReadOnlyDictionary<string, (int Lut, int Ff)> ReadCorrectly = new Dictionary<string, (int, int)>
    {
        ["chacha20-proc10"] = (19937, 15996),
        ["chacha20-proc20"] = (21771, 30176),
    };

    /// <summary>The section: per variant, LUT and FF then → now, and which rose.</summary>
    public static void Markdown(StringBuilder s, IReadOnlyList<ReportRow> rows)
    {
        void L(string line = "") => s.Append(line).Append('\n');
        static string N(int x) => x.ToString(CultureInfo.InvariantCulture);
        L("## Resources against the figures cached before the back-end work (typed in)");
        L();
        L($"Then: {Source}; now: this report's synthesis figures of the same build (every key size). " +
          "A build marked * had its figures made from a misread netlist then (docs/chacha20.md): the figure of its old VHDL read correctly follows in brackets, and now is compared with that.");
        L();
        L("| build | LUT then → now | FF then → now | LUT | FF |");
        L("|---|--:|--:|---|---|");
        int fellLut = 0, fellFf = 0, rose = 0, missing = 0;
        foreach (var b in Rows)
        {
            var now = rows.FirstOrDefault(r => r.Build == b.Build && r.KeyBits == "all")?.Synth?.Resources;
            if (now is null) { missing++; L($"| `{b.Build}` | {N(b.Lut)} → - | {N(b.Ff)} → - | - | - |"); continue; }
            bool corrected = ReadCorrectly.TryGetValue(b.Build, out var right);
            int lutThen = corrected ? right.Lut : b.Lut, ffThen = corrected ? right.Ff : b.Ff;
            string Then(int cached, int read) => corrected ? $"{N(cached)}* ({N(read)})" : N(cached);
            string Way(int then, int x) => x < then ? "fell" : x == then ? "same" : "**rose**";
            if (now.Lut < lutThen) fellLut++;
            if (now.Ff < ffThen) fellFf++;
            if (now.Lut > lutThen || now.Ff > ffThen) rose++;
            L($"| `{b.Build}` | {Then(b.Lut, right.Lut)} → {N(now.Lut)} | {Then(b.Ff, right.Ff)} → {N(now.Ff)} | {Way(lutThen, now.Lut)} | {Way(ffThen, now.Ff)} |");
        }
        L();
        L($"LUT fell in {fellLut} of {Rows.Count} builds, FF in {fellFf}; {rose} rose in LUT or FF{(missing > 0 ? $"; {missing} {(missing == 1 ? "has" : "have")} no synthesis figures now" : "")}.");
        L();
    }
}
