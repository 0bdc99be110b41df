using System.Text;

namespace Hdl;

/// <summary>
/// Records the settled value of every top-level port once per cycle, into preallocated arrays
/// (growing by doubling), and writes the trace file that the generated VHDL testbench replays.
/// </summary>
public sealed class TraceRecorder
{
    public IReadOnlyList<SignalBase> InputSignals { get; }
    public IReadOnlyList<SignalBase> OutputSignals { get; }
    readonly SignalBase[] all;
    UInt128[] values;
    bool[] known;
    int rows;

    internal TraceRecorder(Netlist netlist)
    {
        InputSignals = [.. netlist.Inputs.SelectMany(b => b.Signals)];
        OutputSignals = [.. netlist.Outputs.SelectMany(b => b.Signals)];
        all = [.. InputSignals, .. OutputSignals];
        values = new UInt128[all.Length * 1024];
        known = new bool[values.Length];
    }

    public int Rows => rows;
    public IReadOnlyList<SignalBase> Signals => all;

    internal void Record()
    {
        int at = rows * all.Length;
        if (at + all.Length > values.Length)
        {
            Array.Resize(ref values, values.Length * 2);
            Array.Resize(ref known, values.Length);
        }
        for (int i = 0; i < all.Length; i++)
        {
            var s = all[i];
            known[at + i] = s.HasValue;
            values[at + i] = s.HasValue ? s.Bits : 0;
        }
        rows++;
    }

    /// <summary>Value of signal <paramref name="column"/> at <paramref name="row"/>, or null if unknown.</summary>
    public UInt128? Value(int row, int column) =>
        known[row * all.Length + column] ? values[row * all.Length + column] : null;

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
                if (known[r * all.Length + c]) sb.Append(Hex(values[r * all.Length + c], digits));
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
