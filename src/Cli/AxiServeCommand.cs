using System.Globalization;
using System.Text;
using Crypto.Axi;
using Crypto.Axi.Testbench;

namespace Crypto.Cli;

/// <summary>
/// <c>axi-serve</c>: the cycle-accurate simulation of a wrapper (the same design that is replayed in
/// GHDL) behind a line protocol on stdin/stdout, so the host program (zynq/host) runs its real logic
/// against it instead of a board. Requests and answers:
/// <c>R off</c> → <c>V value</c> (AXI4-Lite read); <c>W off value</c> → <c>K</c> (AXI4-Lite write);
/// <c>S n</c> and n raw bytes → <c>D m cycles</c> and m raw bytes (one packet through s_axis, its
/// output from m_axis, and the clocks it took); <c>Q</c> ends. Offsets and values in hexadecimal.
/// A request the device cannot serve gets <c>E message</c>.
/// </summary>
public static class AxiServeCommand
{
    public static int Execute(CliEnvironment env, string core, string variant, int width = AxiWrapper.DefaultStreamBits)
    {
        VerifyAxiCommand.CheckWidth("axi-serve", width);
        IAxiCoreAdapter adapter;
        try { adapter = AxiCatalog.Find(core, variant); }
        catch (ArgumentException e) { throw new UsageException("axi-serve: " + e.Message); }
        var bench = new AxiWrapperBench(adapter, seed: 1, liteDelay: 0, gapProbability: 0, stallProbability: 0, trace: false, streamBits: width);
        bench.Run(3);
        var input = env.StdIn;
        var output = env.StdOut;
        while (ReadLine(input) is { } line)
        {
            var f = line.Split(' ', StringSplitOptions.RemoveEmptyEntries);
            if (f.Length == 0) continue;
            string answer;
            byte[]? data = null;
            try
            {
                switch (f[0])
                {
                    case "R" when f.Length == 2:
                        answer = "V " + bench.Read(Offset(f[1])).ToString("x", CultureInfo.InvariantCulture);
                        break;
                    case "W" when f.Length == 3:
                        bench.Write(Offset(f[1]), uint.Parse(f[2], NumberStyles.HexNumber, CultureInfo.InvariantCulture));
                        answer = "K";
                        break;
                    case "S" when f.Length == 2:
                        int n = int.Parse(f[1], CultureInfo.InvariantCulture);
                        var packet = new byte[n];
                        input.ReadExactly(packet);
                        int before = bench.Sink.Packets.Count;
                        long start = bench.Cycle;
                        bench.Source.Enqueue(packet);
                        bench.RunUntil(() => bench.Sink.Packets.Count > before, $"the output of a {n}-byte packet", 200L * n + 100_000);
                        data = bench.Sink.Packets[before].Data;
                        answer = $"D {data.Length} {bench.Cycle - start}";
                        break;
                    case "Q":
                        return ExitCodes.Success;
                    default:
                        answer = "E unknown request: " + line;
                        break;
                }
            }
            catch (Exception e) when (e is FormatException or OverflowException or Hdl.HardwareException or EndOfStreamException)
            {
                answer = "E " + CliApp.OneLine(e.Message);
            }
            output.Write(Encoding.ASCII.GetBytes(answer + "\n"));
            if (data is not null) output.Write(data);
            output.Flush();
        }
        return ExitCodes.Success;
    }

    static byte Offset(string hex)
    {
        uint v = uint.Parse(hex, NumberStyles.HexNumber, CultureInfo.InvariantCulture);
        if (v > 0xFF) throw new FormatException($"register offset 0x{v:x} is outside the 256-byte register map");
        return (byte)v;
    }

    static string? ReadLine(Stream s)
    {
        var sb = new StringBuilder();
        while (true)
        {
            int b = s.ReadByte();
            if (b < 0) return sb.Length > 0 ? sb.ToString() : null;
            if (b == '\n') return sb.ToString();
            sb.Append((char)b);
        }
    }
}
