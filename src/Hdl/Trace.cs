using System.Text;

namespace Hdl;

/// <summary>
/// Records the settled value of every top-level port once per cycle, as 64-bit words in chunks of
/// 4096 rows (no copying as it grows), and writes the trace file that the generated VHDL testbench
/// replays.
/// </summary>
public sealed class TraceRecorder
{
    public IReadOnlyList<SignalBase> InputSignals { get; }
    public IReadOnlyList<SignalBase> OutputSignals { get; }
    readonly SignalBase[] all;
    readonly int[] offset;        // first word of each signal within a row
    readonly int stride;          // words per row
    readonly int[] firstKnownRow; // a signal, once written, never becomes unknown again
    const int RowsPerChunk = 4096;
    readonly List<ulong[]> chunks = [];
    ulong[] current;
    int rows, rowInChunk;

    internal TraceRecorder(Netlist netlist)
    {
        InputSignals = [.. netlist.Inputs.SelectMany(b => b.Signals)];
        OutputSignals = [.. netlist.Outputs.SelectMany(b => b.Signals)];
        all = [.. InputSignals, .. OutputSignals];
        offset = new int[all.Length];
        for (int i = 0; i < all.Length; i++) { offset[i] = stride; stride += all[i].TraceWords; }
        firstKnownRow = [.. all.Select(_ => int.MaxValue)];
        current = new ulong[Math.Max(1, stride) * RowsPerChunk];
        chunks.Add(current);
    }

    public int Rows => rows;
    public IReadOnlyList<SignalBase> Signals => all;

    internal void Record()
    {
        if (rowInChunk == RowsPerChunk)
        {
            current = new ulong[Math.Max(1, stride) * RowsPerChunk]; // one allocation per 4096 cycles
            chunks.Add(current);
            rowInChunk = 0;
        }
        int at = rowInChunk * stride;
        for (int i = 0; i < all.Length; i++)
        {
            var s = all[i];
            if (!s.HasValue) continue;
            if (firstKnownRow[i] == int.MaxValue) firstKnownRow[i] = rows;
            s.StoreBits(current, at + offset[i]);
        }
        rowInChunk++;
        rows++;
    }

    /// <summary>Value of signal <paramref name="column"/> at <paramref name="row"/>, or null if unknown.</summary>
    public UInt128? Value(int row, int column)
    {
        if ((uint)row >= (uint)rows) throw new ArgumentOutOfRangeException(nameof(row));
        if (row < firstKnownRow[column]) return null;
        var chunk = chunks[row / RowsPerChunk];
        int at = (row % RowsPerChunk) * stride + offset[column];
        return all[column].TraceWords == 2 ? new UInt128(chunk[at + 1], chunk[at]) : chunk[at];
    }

    /// <summary>Port name of a signal as it appears on the VHDL top entity.</summary>
    public static string PortName(SignalBase s) => $"{s.Bus.Name}_{s.Name}";

    /// <summary>
    /// Writes the trace: a header line of port names, then one line per cycle, one hexadecimal field
    /// per signal (inputs first), each ceil(width/4) digits, 'U' digits where the value is unknown.
    /// </summary>
    public void Save(string path)
    {
        var sb = new StringBuilder();
        sb.Append("cycle");
        foreach (var s in all) sb.Append(' ').Append(PortName(s));
        sb.Append('\n');
        for (int r = 0; r < rows; r++)
        {
            sb.Append(r.ToString("D8"));
            for (int c = 0; c < all.Length; c++)
            {
                int digits = (all[c].Type.Width + 3) / 4;
                sb.Append(' ');
                if (Value(r, c) is UInt128 v) sb.Append(Hex(v, digits));
                else sb.Append('U', digits);
            }
            sb.Append('\n');
        }
        File.WriteAllText(path, sb.ToString(), new UTF8Encoding(false));
    }

    public static string Hex(UInt128 v, int digits)
    {
        var chars = new char[digits];
        for (int i = digits - 1; i >= 0; i--, v >>= 4) chars[i] = "0123456789ABCDEF"[(int)(v & 15)];
        return new string(chars);
    }
}
