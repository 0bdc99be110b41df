using System.Globalization;
using System.Text;
using Crypto.Axi;
using Crypto.Axi.Testbench;
using Crypto.Catalog;

namespace Crypto.Cli;

/// <summary>
/// <c>axi-serve</c>: a wrapper behind a line protocol on stdin/stdout, so the host program (zynq/host)
/// runs its real logic against it instead of a board. The wrapper is either the cycle-accurate C#
/// simulation (<c>--backend sim</c>) or its generated VHDL in GHDL (<c>--backend ghdl</c>, see
/// <see cref="GhdlServedWrapper"/>). Requests and answers:
/// <c>R off</c> → <c>V value</c> (AXI4-Lite read); <c>W off value</c> → <c>K</c> (AXI4-Lite write);
/// <c>S n</c> and n raw bytes → <c>D m cycles</c> and m raw bytes (one packet through s_axis, its
/// output from m_axis, and the clocks it took); <c>Q</c> ends. Offsets and values in hexadecimal.
/// A request the device cannot serve, or one during which the wrapper broke an AXI rule the bench
/// checks, gets <c>E message</c>.
/// </summary>
public static class AxiServeCommand
{
    public const string SimBackend = "sim", GhdlBackend = "ghdl";
    public const int MaxPercent = 90;

    public static int Execute(CliEnvironment env, string core, string variant, string backend, int seed, int gapPercent, int stallPercent,
        int width = AxiWrapper.DefaultStreamBits)
    {
        VerifyAxiCommand.CheckWidth("axi-serve", width);
        IAxiCoreAdapter adapter;
        try { adapter = AxiCatalog.Find(core, variant); }
        catch (ArgumentException e) { throw new UsageException("axi-serve: " + e.Message); }
        if (backend is not (SimBackend or GhdlBackend))
            throw new UsageException($"axi-serve: --backend is {SimBackend} (the C# simulation) or {GhdlBackend} (the generated VHDL in GHDL), not '{backend}'");
        if (seed < 1) throw new UsageException($"axi-serve: --seed is at least 1, not {seed}");
        if (gapPercent is < 0 or > MaxPercent || stallPercent is < 0 or > MaxPercent)
            throw new UsageException($"axi-serve: --gap-percent and --stall-percent are 0 to {MaxPercent}");

        using IServedWrapper wrapper = backend == GhdlBackend
            ? GhdlServedWrapper.Start(adapter, seed, gapPercent, stallPercent, env.Error, width)
            : new SimServedWrapper(adapter, seed, gapPercent, stallPercent, width);
        Serve(env.StdIn, env.StdOut, wrapper);
        return ExitCodes.Success;
    }

    static void Serve(Stream input, Stream output, IServedWrapper wrapper)
    {
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
                        answer = "V " + wrapper.Read(Offset(f[1])).ToString("x", CultureInfo.InvariantCulture);
                        break;
                    case "W" when f.Length == 3:
                        wrapper.Write(Offset(f[1]), uint.Parse(f[2], NumberStyles.HexNumber, CultureInfo.InvariantCulture));
                        answer = "K";
                        break;
                    case "S" when f.Length == 2:
                        int n = int.Parse(f[1], CultureInfo.InvariantCulture);
                        if (n < 1) throw new FormatException($"a packet has at least one byte, not {n}");
                        var packet = new byte[n];
                        input.ReadExactly(packet);
                        (data, long cycles) = wrapper.Send(packet);
                        answer = $"D {data.Length} {cycles}";
                        break;
                    case "Q":
                        return;
                    default:
                        answer = "E unknown request: " + line;
                        break;
                }
            }
            catch (Exception e) when (e is FormatException or OverflowException or Hdl.HardwareException or EndOfStreamException)
            {
                answer = "E " + CliApp.OneLine(e.Message);
                data = null;
            }
            output.Write(Encoding.ASCII.GetBytes(answer + "\n"));
            if (data is not null) output.Write(data);
            output.Flush();
        }
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

/// <summary>
/// A wrapper that serves register accesses and packets. A request the wrapper cannot complete, or one
/// during which it broke an AXI rule, throws <see cref="Hdl.HardwareException"/> (the device answers E
/// and goes on); a failure of the backend itself throws anything else and ends the session.
/// </summary>
public interface IServedWrapper : IDisposable
{
    uint Read(byte offset);
    void Write(byte offset, uint value);
    /// <summary>One packet through s_axis; its output packet from m_axis and the clocks it took.</summary>
    (byte[] Output, long Cycles) Send(byte[] packet);
}

/// <summary>The cycle-accurate C# simulation of the wrapper (<see cref="AxiWrapperBench"/>).</summary>
public sealed class SimServedWrapper : IServedWrapper
{
    readonly AxiWrapperBench bench;
    int errorsSeen;

    public SimServedWrapper(IAxiCoreAdapter adapter, int seed, int gapPercent, int stallPercent, int streamBits = AxiWrapper.DefaultStreamBits)
    {
        bench = new AxiWrapperBench(adapter, seed, liteDelay: 0, gapProbability: gapPercent / 100.0, stallProbability: stallPercent / 100.0, trace: false,
            streamBits: streamBits);
        bench.Run(3);
    }

    public uint Read(byte offset)
    {
        uint v = bench.Read(offset);
        CheckProtocol();
        return v;
    }

    public void Write(byte offset, uint value)
    {
        bench.Write(offset, value);
        CheckProtocol();
    }

    public (byte[] Output, long Cycles) Send(byte[] packet)
    {
        int before = bench.Sink.Packets.Count;
        long start = bench.Cycle;
        bench.Source.Enqueue(packet);
        bench.RunUntil(() => bench.Sink.Packets.Count > before, $"the output of a {packet.Length}-byte packet", 200L * packet.Length + 100_000);
        CheckProtocol();
        return (bench.Sink.Packets[before].Data, bench.Cycle - start);
    }

    /// <summary>Turns the first AXI rule broken since the last request into an error answer.</summary>
    void CheckProtocol()
    {
        var errors = bench.ProtocolErrors.ToList();
        if (errors.Count == errorsSeen) return;
        string first = errors[errorsSeen];
        errorsSeen = errors.Count;
        throw new Hdl.HardwareException(first);
    }

    public void Dispose() { }
}
