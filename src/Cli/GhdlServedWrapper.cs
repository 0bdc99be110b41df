using System.Diagnostics;
using System.Globalization;
using System.Text;
using System.Text.RegularExpressions;
using Crypto.Axi;
using Crypto.Axi.Testbench;
using Hdl.Vhdl;
using Hdl.Vhdl.Tools;

namespace Crypto.Cli;

/// <summary>
/// The generated VHDL of a wrapper, with its Xilinx-named shell, in GHDL: writes the files the
/// generator gives today (what vhdl-out/axi-&lt;core&gt;-&lt;variant&gt;/ holds, which the shell tests
/// keep identical) and the served testbench (<see cref="AxiServeTestbench"/>) into a temporary folder,
/// analyses and elaborates them, and runs the simulation with its standard input and output on pipes.
/// Each request is relayed as one line (packets as hexadecimal) and the answer line translated back;
/// lines of GHDL's own (reports, warnings) go to standard error. The folder is deleted at the end.
/// </summary>
public sealed partial class GhdlServedWrapper : IServedWrapper
{
    static readonly TimeSpan EndTimeout = TimeSpan.FromSeconds(10);

    readonly string workDir;
    readonly Process ghdl;
    readonly StreamWriter requests;
    readonly Task<string> errors;
    readonly TextWriter diagnostics;

    GhdlServedWrapper(string workDir, Process ghdl, TextWriter diagnostics)
    {
        this.workDir = workDir;
        this.ghdl = ghdl;
        this.diagnostics = diagnostics;
        requests = ghdl.StandardInput;
        requests.NewLine = "\n";
        requests.AutoFlush = false;
        errors = ghdl.StandardError.ReadToEndAsync();
    }

    /// <summary>Prepares and starts the simulation. Throws <see cref="ToolException"/> when GHDL is missing or fails on the files.</summary>
    public static GhdlServedWrapper Start(IAxiCoreAdapter adapter, int seed, int gapPercent, int stallPercent, TextWriter? diagnostics = null,
        int streamBits = AxiWrapper.DefaultStreamBits)
    {
        if (!Ghdl.IsAvailable) throw new ToolException("ghdl is not installed: run ./scripts/setup (or apt-get install ghdl)");
        var files = AxiShell.GenerateAll(adapter, streamBits);
        var bench = AxiServeTestbench.Generate(files[^1]);
        var workDir = Directory.CreateTempSubdirectory($"sme-crypto-serve-{adapter.Name}-").FullName;
        try
        {
            VhdlSource.WriteAll(workDir, files.Append(bench));
            string unit = Path.GetFileNameWithoutExtension(bench.FileName);
            Ghdl.Analyse(workDir, files.Append(bench).Select(f => f.FileName));
            Ghdl.Elaborate(workDir, unit);
            var psi = new ProcessStartInfo("ghdl")
            {
                WorkingDirectory = workDir, UseShellExecute = false,
                RedirectStandardInput = true, RedirectStandardOutput = true, RedirectStandardError = true,
            };
            foreach (var a in Ghdl.RunArguments(unit, [$"-gseed={seed}", $"-ggap_percent={gapPercent}", $"-gstall_percent={stallPercent}", "--ieee-asserts=disable-at-0"]))
                psi.ArgumentList.Add(a);
            var process = Process.Start(psi) ?? throw new ToolException("cannot start ghdl");
            return new GhdlServedWrapper(workDir, process, diagnostics ?? TextWriter.Null);
        }
        catch
        {
            TryDelete(workDir);
            throw;
        }
    }

    public uint Read(byte offset)
    {
        var a = Ask($"R {offset:x2}", 'V');
        return uint.Parse(a, NumberStyles.HexNumber, CultureInfo.InvariantCulture);
    }

    public void Write(byte offset, uint value) => Ask($"W {offset:x2} {value:x8}", 'K');

    public (byte[] Output, long Cycles) Send(byte[] packet)
    {
        var a = Ask($"S {packet.Length} {Convert.ToHexStringLower(packet)}", 'D').Split(' ');
        if (a.Length != 3 || !int.TryParse(a[0], CultureInfo.InvariantCulture, out int m) || !long.TryParse(a[1], CultureInfo.InvariantCulture, out long cycles)
            || a[2].Length != 2 * m)
            throw new IOException("the GHDL simulation answered a packet with a malformed line");
        return (Convert.FromHexString(a[2]), cycles);
    }

    /// <summary>Sends one request line and returns the rest of the answer line that starts with <paramref name="expected"/>.</summary>
    string Ask(string request, char expected)
    {
        try
        {
            requests.WriteLine(request);
            requests.Flush();
        }
        catch (IOException) { throw Ended(); }
        while (true)
        {
            var line = ghdl.StandardOutput.ReadLine() ?? throw Ended();
            if (AnswerLine().IsMatch(line))
            {
                if (line[0] == 'E') throw new Hdl.HardwareException(line[2..]);
                if (line[0] != expected) throw new IOException($"the GHDL simulation answered '{line[..Math.Min(line.Length, 60)]}' to '{request[..Math.Min(request.Length, 60)]}'");
                return line.Length > 2 ? line[2..] : "";
            }
            diagnostics.WriteLine("ghdl: " + line);
        }
    }

    IOException Ended()
    {
        ghdl.WaitForExit(EndTimeout);
        string tail = Ghdl.Tail(errors.IsCompleted ? errors.Result : "", 5).Trim();
        return new IOException($"the GHDL simulation ended unexpectedly{(ghdl.HasExited ? $" (exit {ghdl.ExitCode})" : "")}{(tail.Length > 0 ? ": " + tail : "")}");
    }

    public void Dispose()
    {
        try
        {
            requests.WriteLine("Q");
            requests.Close();
        }
        catch (IOException) { }
        if (!ghdl.WaitForExit(EndTimeout)) ghdl.Kill(entireProcessTree: true);
        ghdl.Dispose();
        TryDelete(workDir);
    }

    static void TryDelete(string dir)
    {
        try { Directory.Delete(dir, recursive: true); } catch (IOException) { } catch (UnauthorizedAccessException) { }
    }

    /// <summary>What the served testbench answers (anything else on its output is GHDL's own).</summary>
    [GeneratedRegex(@"^(V [0-9a-f]+|K|D \d+ \d+ [0-9a-f]*|E .*)$")]
    private static partial Regex AnswerLine();
}
