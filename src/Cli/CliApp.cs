using System.CommandLine;
using System.CommandLine.Invocation;
using System.Text;
using Hdl;
using Hdl.Vhdl;

namespace Crypto.Cli;

/// <summary>
/// The sme-crypto command line: System.CommandLine builds and parses it, the command classes do the
/// work. Errors a user can fix print one line on stderr and exit 2; failed checks exit 1.
/// </summary>
public static class CliApp
{
    /// <summary>Runs sme-crypto with the given arguments and streams (the entry point and the tests call this).</summary>
    public static int Run(string[] args, Stream stdin, Stream stdout, TextWriter stderr,
        string? workingDirectory = null, CoreFamilies? cores = null)
    {
        using var output = new StreamWriter(stdout, new UTF8Encoding(false), leaveOpen: true) { NewLine = "\n" };
        var env = new CliEnvironment(stdin, stdout, output, stderr,
            workingDirectory ?? Directory.GetCurrentDirectory(), cores ?? CoreFamilies.Default);
        try
        {
            var parse = BuildCommands(env).Parse(args);
            if (parse.Action is ParseErrorAction)
            {
                var messages = parse.Errors.Select(e => OneLine(e.Message)).Distinct();
                stderr.WriteLine($"sme-crypto: {string.Join(" ", messages)} (see sme-crypto --help)");
                return ExitCodes.Usage;
            }
            return parse.Invoke(new InvocationConfiguration
            {
                Output = output,
                Error = stderr,
                EnableDefaultExceptionHandler = false,
            });
        }
        catch (UsageException e) { return Fail(stderr, e.Message, ExitCodes.Usage); }
        catch (ToolException e) { return Fail(stderr, e.Message, ExitCodes.Usage); }
        catch (HardwareException e) { return Fail(stderr, "hardware error: " + e.Message, ExitCodes.Failure); }
        catch (NotImplementedException e) { return Fail(stderr, "not available yet: " + e.Message, ExitCodes.Failure); }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return Fail(stderr, e.Message, ExitCodes.Failure);
        }
        catch (Exception e) { return Fail(stderr, $"internal error: {e.GetType().Name}: {e.Message}", ExitCodes.Failure); }
        finally
        {
            try { output.Flush(); } catch (IOException) { }
        }
    }

    static int Fail(TextWriter stderr, string message, int code)
    {
        stderr.WriteLine("sme-crypto: " + OneLine(message));
        return code;
    }

    /// <summary>A message folded onto one line.</summary>
    public static string OneLine(string message) =>
        string.Join(" ", message.Split(['\r', '\n'], StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries));

    public static RootCommand BuildCommands(CliEnvironment env)
    {
        var root = new RootCommand(
            "sme-crypto: crypto hardware cores simulated cycle by cycle in .NET, written out as VHDL and verified in GHDL.");

        var json = new Option<bool>("--json") { Description = "Print a JSON array instead of a table." };
        var list = new Command("list", "Every core variant: measured clocks per block and latency, and whether its VHDL in vhdl-out/ is verified.") { json };
        list.SetAction(p => ListCommand.Execute(env, p.GetValue(json)));
        root.Subcommands.Add(list);

        var aesVariant = new Option<string>("--variant") { Description = "AES variant (see list).", Required = true };
        var key = new Option<string>("--key", "-K") { Description = "128-bit key as 32 hexadecimal digits.", Required = true };
        var statsJson = new Option<string>("--stats-json") { Description = "Also write {cycles, blocks, clocksPerBlock, cyclesPerSecond} to this file." };
        var aes = new Command("aes",
            "AES-128-ECB encryption of stdin to stdout (no padding) through the cycle-accurate simulation; " +
            "same bytes as openssl enc -aes-128-ecb -K KEY -nopad. Summary on stderr.") { aesVariant, key, statsJson };
        aes.SetAction(p => AesCommand.Execute(env, p.GetValue(aesVariant)!, p.GetValue(key)!, p.GetValue(statsJson)));
        root.Subcommands.Add(aes);

        var core = new Option<string>("--core") { Description = "Core (aes, ...)." };
        var variant = new Option<string>("--variant") { Description = "Variant of the core (see list)." };
        var outDir = new Option<string>("--out") { Description = "Output folder (default vhdl-out/<core>-<variant>; with --all, the parent folder)." };
        var all = new Option<bool>("--all") { Description = "Every variant of every core, into vhdl-out/<core>-<variant>/." };
        var vhdl = new Command("vhdl", "Write the VHDL of a variant (old .vhd files in the folder are replaced).") { core, variant, outDir, all };
        vhdl.SetAction(p => VhdlCommand.Execute(env, p.GetValue(core), p.GetValue(variant), p.GetValue(outDir), p.GetValue(all)));
        root.Subcommands.Add(vhdl);

        var verifyCore = new Option<string>("--core") { Description = "Core (aes, ...).", Required = true };
        var verifyVariant = new Option<string>("--variant") { Description = "Variant of the core (see list).", Required = true };
        var blocks = new Option<int>("--blocks") { Description = "Random blocks to stream.", DefaultValueFactory = _ => VerifyCommand.DefaultBlocks };
        var seed = new Option<int>("--seed") { Description = "Seed of the data, input gaps and back-pressure.", DefaultValueFactory = _ => VerifyCommand.DefaultSeed };
        var verify = new Command("verify",
            "Simulate with random gaps and back-pressure, check against the software model, replay the trace on the " +
            "generated VHDL in GHDL; on a pass record vhdl-out/<core>-<variant>/verified.json.") { verifyCore, verifyVariant, blocks, seed };
        verify.SetAction(p => VerifyCommand.Execute(env, p.GetValue(verifyCore)!, p.GetValue(verifyVariant)!, p.GetValue(blocks), p.GetValue(seed)));
        root.Subcommands.Add(verify);

        var demo = new Command("demo",
            "For every variant: the published known answer through the simulation, VHDL into vhdl-out/, verification in GHDL; then the list table.");
        demo.SetAction(_ => DemoCommand.Execute(env));
        root.Subcommands.Add(demo);

        var synthCore = new Option<string>("--core") { Description = "Core (aes, ...).", Required = true };
        var synthVariant = new Option<string>("--variant") { Description = "Variant of the core (see list).", Required = true };
        var synthJson = new Option<bool>("--json") { Description = "Print the figures as JSON." };
        var synth = new Command("synth",
            "GHDL synthesis of the variant's VHDL and yosys synth_xilinx (7-series): LUT, FF, CARRY4, MUXF7/F8, BRAM, DSP, " +
            "logic depth in LUT levels and an f_max ESTIMATE (docs/estimates.md).") { synthCore, synthVariant, synthJson };
        synth.SetAction(p => SynthCommand.Execute(env, p.GetValue(synthCore)!, p.GetValue(synthVariant)!, p.GetValue(synthJson)));
        root.Subcommands.Add(synth);

        var calibrateCached = new Option<bool>("--cached-synth") { Description = "Use only cached synthesis results; run no yosys." };
        var calibrate = new Command("calibrate",
            "Fit the f_max estimate to the 2021 Vivado figures of the same structures; writes docs/estimate-calibration.json.") { calibrateCached };
        calibrate.SetAction(p => SynthCommand.Calibrate(env, p.GetValue(calibrateCached)));
        root.Subcommands.Add(calibrate);

        var quick = new Option<bool>("--quick") { Description = "Only the first variant of each core (a sample that fits in CI time)." };
        var reportOut = new Option<string>("--out") { Description = "Folder for RESULTS.md and the plots (default docs/)." };
        var cachedSynth = new Option<bool>("--cached-synth") { Description = "Use only cached synthesis results (vhdl-out/*/synth.json); run no yosys." };
        var report = new Command("report",
            "For every variant: measured clocks per block and latency, GHDL verified, yosys figures, f_max ESTIMATE, modelled MB/s; " +
            "writes RESULTS.md beside the 2021 table, with SVG plots (gnuplot). Progress on stderr.") { quick, reportOut, cachedSynth };
        report.SetAction(p => ReportCommand.Execute(env, p.GetValue(quick), p.GetValue(reportOut), p.GetValue(cachedSynth)));
        root.Subcommands.Add(report);

        return root;
    }
}
