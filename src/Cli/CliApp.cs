using System.CommandLine;
using System.CommandLine.Invocation;
using System.Text;
using Crypto.Catalog;
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
        // --key-bits: the key sizes an AES build takes (one option object per command, as System.CommandLine wants).
        Option<string> KeyBitsOption(string defaultText) => new("--key-bits")
        {
            Description = $"AES and AES-GCM: build the core for 128-, 192- or 256-bit keys only, or for all three (all); default {defaultText}.",
        };
        var list = new Command("list", "Every core variant: measured clocks per block and latency, and whether its VHDL in vhdl-out/ is verified.") { json };
        list.SetAction(p => ListCommand.Execute(env, p.GetValue(json)));
        root.Subcommands.Add(list);

        var aesVariant = new Option<string>("--variant") { Description = "AES variant (see list).", Required = true };
        var key = new Option<string>("--key", "-K") { Description = "AES key as 32, 48 or 64 hexadecimal digits (AES-128, -192, -256).", Required = true };
        var decrypt = new Option<bool>("--decrypt", "-d") { Description = "Decrypt (CTR: the same as encrypting)." };
        var mode = new Option<string>("--mode") { Description = "ecb, cbc or ctr (default ecb).", DefaultValueFactory = _ => "ecb" };
        var iv = new Option<string>("--iv") { Description = "CBC: the IV; CTR: the initial counter block (32 hexadecimal digits)." };
        var statsJson = new Option<string>("--stats-json") { Description = "Also write {cycles, blocks, clocksPerBlock, cyclesPerSecond} to this file." };
        var aes = new Command("aes",
            "AES-128/192/256 in ECB, CBC or CTR (no padding), encryption or decryption, of stdin to stdout through the " +
            "cycle-accurate simulation (the mode in hardware around the variant); same bytes as " +
            "openssl enc -aes-N-MODE [-d] -K KEY -iv IV -nopad. Summary on stderr.") { aesVariant, key, decrypt, mode, iv, statsJson };
        var aesKeyBits = KeyBitsOption("all");
        aes.Options.Add(aesKeyBits);
        aes.SetAction(p => AesCommand.Execute(env, p.GetValue(aesVariant)!, p.GetValue(key)!, p.GetValue(decrypt), p.GetValue(mode)!,
            p.GetValue(iv), p.GetValue(statsJson), p.GetValue(aesKeyBits) ?? "all"));
        root.Subcommands.Add(aes);

        var gcmVariant = new Option<string>("--variant") { Description = "AES encryption variant under the GCM core (see list; e.g. proc11).", Required = true };
        var gcmKey = new Option<string>("--key", "-K") { Description = "AES key as 32, 48 or 64 hexadecimal digits (AES-128, -192, -256).", Required = true };
        var gcmIv = new Option<string>("--iv") { Description = "IV as hexadecimal digits, one byte or more (24 digits: the usual 96-bit IV).", Required = true };
        var gcmAad = new Option<string>("--aad") { Description = "File of additional authenticated data (default none)." };
        var gcmDecrypt = new Option<bool>("--decrypt", "-d") { Description = "Open: read ciphertext followed by the 16-byte tag, write the plaintext only if the tag is right." };
        var gcmStats = new Option<string>("--stats-json") { Description = "Also write {cycles, aadBlocks, dataBlocks, clocksPerBlock, cyclesPerSecond} to this file." };
        var gcmKeyBits = KeyBitsOption("all");
        var gcm = new Command("aes-gcm",
            "AES-GCM (SP 800-38D) of stdin to stdout through the cycle-accurate simulation of the GCM core (AES pipeline and GHASH core): " +
            "sealing writes the ciphertext and the 16-byte tag; opening (--decrypt) reads ciphertext and tag and writes the plaintext only " +
            "when the tag is right (a wrong tag: exit 1, nothing written). Summary on stderr.") { gcmVariant, gcmKey, gcmIv, gcmAad, gcmDecrypt, gcmStats, gcmKeyBits };
        gcm.SetAction(p => AesGcmCommand.Execute(env, p.GetValue(gcmVariant)!, p.GetValue(gcmKey)!, p.GetValue(gcmIv)!, p.GetValue(gcmAad),
            p.GetValue(gcmDecrypt), p.GetValue(gcmStats), p.GetValue(gcmKeyBits) ?? "all"));
        root.Subcommands.Add(gcm);

        foreach (var hashCore in HashCommand.Cores)
        {
            var hashVariant = new Option<string>("--variant") { Description = $"{hashCore} variant (see list).", Required = true };
            var hashStats = new Option<string>("--stats-json") { Description = "Also write {cycles, blocks, clocksPerBlock, messages} to this file." };
            var hashFiles = new Argument<string[]>("FILE") { Description = "Files to hash (- or none: stdin).", Arity = ArgumentArity.ZeroOrMore };
            var hash = new Command(hashCore,
                $"{hashCore} of each FILE through the cycle-accurate simulation, all files interleaved in one run; " +
                $"prints what {hashCore}sum prints.") { hashVariant, hashStats, hashFiles };
            hash.SetAction(p => HashCommand.Execute(env, hashCore, p.GetValue(hashVariant)!, p.GetValue(hashStats), p.GetValue(hashFiles)));
            root.Subcommands.Add(hash);
        }
        var chachaVariant = new Option<string>("--variant") { Description = "ChaCha20 variant (see list).", Required = true };
        var chachaKey = new Option<string>("--key", "-K") { Description = "256-bit key as 64 hexadecimal digits.", Required = true };
        var chachaNonce = new Option<string>("--nonce") { Description = "96-bit nonce (RFC 8439) as 24 hexadecimal digits.", Required = true };
        var chachaCounter = new Option<string>("--counter") { Description = "Initial block counter, 0..4294967295 (default 0).", DefaultValueFactory = _ => "0" };
        var chachaStats = new Option<string>("--stats-json") { Description = "Also write {cycles, blocks, bytes, clocksPerBlock, cyclesPerSecond} to this file." };
        var chacha = new Command("chacha20",
            "ChaCha20 (RFC 8439) of stdin to stdout, any length, through the cycle-accurate simulation; same bytes as " +
            "openssl enc -chacha20 -K KEY -iv IV with IV = counter (4 bytes, little-endian) + nonce. Summary on stderr.")
            { chachaVariant, chachaKey, chachaNonce, chachaCounter, chachaStats };
        chacha.SetAction(p => ChaChaCommand.Execute(env, p.GetValue(chachaVariant)!, p.GetValue(chachaKey)!, p.GetValue(chachaNonce)!,
            p.GetValue(chachaCounter)!, p.GetValue(chachaStats)));
        root.Subcommands.Add(chacha);

        var aeadVariant = new Option<string>("--variant") { Description = "ChaCha20-Poly1305 variant: iterative or proc10.", Required = true };
        var aeadKey = new Option<string>("--key", "-K") { Description = "256-bit key as 64 hexadecimal digits.", Required = true };
        var aeadNonce = new Option<string>("--nonce") { Description = "96-bit nonce (RFC 8439) as 24 hexadecimal digits.", Required = true };
        var aeadAad = new Option<string>("--aad") { Description = "File of additional authenticated data (default: none)." };
        var aeadDecrypt = new Option<bool>("--decrypt", "-d") { Description = "Decrypt: stdin is ciphertext followed by the 16-byte tag; the plaintext is written only when the tag is right (exit 1 otherwise)." };
        var aeadStats = new Option<string>("--stats-json") { Description = "Also write {cycles, dataWords, bytes, aadBytes, clocksPerDataWord, cyclesPerSecond} to this file." };
        var aead = new Command("chacha20-poly1305",
            "AEAD_CHACHA20_POLY1305 (RFC 8439 2.8) of stdin to stdout through the cycle-accurate simulation of one ChaCha20-Poly1305 core; " +
            "encryption writes the ciphertext followed by the 16-byte tag. Summary on stderr.")
            { aeadVariant, aeadKey, aeadNonce, aeadAad, aeadDecrypt, aeadStats };
        aead.SetAction(p => ChaChaPolyCommand.Execute(env, p.GetValue(aeadVariant)!, p.GetValue(aeadKey)!, p.GetValue(aeadNonce)!,
            p.GetValue(aeadAad), p.GetValue(aeadDecrypt), p.GetValue(aeadStats)));
        root.Subcommands.Add(aead);

        var core = new Option<string>("--core") { Description = "Core (aes, ...)." };
        var variant = new Option<string>("--variant") { Description = "Variant of the core (see list)." };
        var outDir = new Option<string>("--out") { Description = "Output folder (default vhdl-out/<core>-<variant>; with --all, the parent folder)." };
        var all = new Option<bool>("--all") { Description = "Every variant of every core, into vhdl-out/<core>-<variant>/." };
        var vhdlKeyBits = KeyBitsOption("all; with --all, every build: the default ones and the AES-128 builds");
        var vhdl = new Command("vhdl", "Write the VHDL of a variant (old .vhd files in the folder are replaced).") { core, variant, outDir, all, vhdlKeyBits };
        vhdl.SetAction(p => VhdlCommand.Execute(env, p.GetValue(core), p.GetValue(variant), p.GetValue(outDir), p.GetValue(all), p.GetValue(vhdlKeyBits)));
        root.Subcommands.Add(vhdl);

        var verifyCore = new Option<string>("--core") { Description = "Core (aes, ...).", Required = true };
        var verifyVariant = new Option<string>("--variant") { Description = "Variant of the core (see list).", Required = true };
        var blocks = new Option<int>("--blocks") { Description = "Random blocks to stream.", DefaultValueFactory = _ => VerifyCommand.DefaultBlocks };
        var seed = new Option<int>("--seed") { Description = "Seed of the data, input gaps and back-pressure.", DefaultValueFactory = _ => VerifyCommand.DefaultSeed };
        var verify = new Command("verify",
            "Simulate with random gaps and back-pressure, check against the software model, replay the trace on the " +
            "generated VHDL in GHDL; on a pass record vhdl-out/<core>-<variant>/verified.json.") { verifyCore, verifyVariant, blocks, seed };
        var verifyKeyBits = KeyBitsOption("all");
        verify.Options.Add(verifyKeyBits);
        var verifyNetlist = new Option<bool>("--netlist")
        {
            Description = "Also replay the trace against GHDL's synthesized netlist (ghdl --synth --out=vhdl): what the synthesis flow's figures are made of (docs/fuzzing.md).",
        };
        verify.Options.Add(verifyNetlist);
        verify.SetAction(p => VerifyCommand.Execute(env, p.GetValue(verifyCore)!, p.GetValue(verifyVariant)!, p.GetValue(blocks), p.GetValue(seed),
            p.GetValue(verifyKeyBits) ?? "all", p.GetValue(verifyNetlist)));
        root.Subcommands.Add(verify);

        var axiCore = new Option<string>("--core") { Description = "Core with an AXI wrapper (aes, md5, ...)." };
        var axiVariant = new Option<string>("--variant") { Description = "Variant of the core." };
        var axiSeed = new Option<int>("--seed") { Description = "Seed of the data, gaps and back-pressure.", DefaultValueFactory = _ => VerifyAxiCommand.DefaultSeed };
        var axiAll = new Option<bool>("--all") { Description = "Every wrapper." };
        var axiWidth = new Option<int>("--width") { Description = "Bits of s_axis and m_axis: 64 (default) or 32.", DefaultValueFactory = _ => 64 };
        var verifyAxi = new Command("verify-axi",
            "Run the AXI wrapper scenario (AXI4-Lite, DMA-like streams with gaps and back-pressure, key change, soft reset) against the oracle, " +
            "replay it on the wrapper's VHDL in GHDL, print cycles per packet vs ideal; on a pass write vhdl-out/axi-<core>-<variant>[-w32]/.")
            { axiCore, axiVariant, axiSeed, axiAll, axiWidth };
        var axiKeyBits = KeyBitsOption("all; with --all, every wrapper: of the default builds and of the AES-128 builds");
        verifyAxi.Options.Add(axiKeyBits);
        verifyAxi.SetAction(p => VerifyAxiCommand.Execute(env, p.GetValue(axiCore), p.GetValue(axiVariant), p.GetValue(axiSeed), p.GetValue(axiAll),
            p.GetValue(axiWidth), p.GetValue(axiKeyBits)));
        root.Subcommands.Add(verifyAxi);

        var serveCore = new Option<string>("--core") { Description = "Core with an AXI wrapper.", Required = true };
        var serveVariant = new Option<string>("--variant") { Description = "Variant of the core.", Required = true };
        var serveBackend = new Option<string>("--backend") { Description = "sim: the cycle-accurate C# simulation; ghdl: the generated VHDL in GHDL.", DefaultValueFactory = _ => AxiServeCommand.SimBackend };
        var serveSeed = new Option<int>("--seed") { Description = "Seed of the gaps and back-pressure.", DefaultValueFactory = _ => 1 };
        var serveGaps = new Option<int>("--gap-percent") { Description = "Chance of a TVALID gap on s_axis each cycle, in percent (0 to 90).", DefaultValueFactory = _ => 0 };
        var serveStalls = new Option<int>("--stall-percent") { Description = "Chance of TREADY low on m_axis each cycle, in percent (0 to 90).", DefaultValueFactory = _ => 0 };
        var serveWidth = new Option<int>("--width") { Description = "Bits of s_axis and m_axis: 64 (default) or 32.", DefaultValueFactory = _ => 64 };
        var axiServe = new Command("axi-serve",
            "Serve a wrapper on stdin/stdout (register reads and writes, packets through the streams) as the device behind " +
            "zynq/host/crypto_host --device pipe:...; the cycle-accurate C# simulation, or with --backend ghdl its generated VHDL in GHDL.")
            { serveCore, serveVariant, serveBackend, serveSeed, serveGaps, serveStalls, serveWidth };
        axiServe.SetAction(p => AxiServeCommand.Execute(env, p.GetValue(serveCore)!, p.GetValue(serveVariant)!, p.GetValue(serveBackend)!,
            p.GetValue(serveSeed), p.GetValue(serveGaps), p.GetValue(serveStalls), p.GetValue(serveWidth)));
        root.Subcommands.Add(axiServe);

        var formalComponent = new Option<string>("--component") { Description = $"One check: {string.Join(", ", AxiCatalog.FormalChecks.Select(c => c.Component))}." };
        var formalEngine = new Option<string>("--engine") { Description = "sat (yosys' SAT pass, the default) or smtbmc (yosys-smtbmc with z3).", DefaultValueFactory = _ => "sat" };
        var formalQuick = new Option<bool>("--quick") { Description = "The checks of the processes one by one, a few minutes in all (what CI runs)." };
        var formalAll = new Option<bool>("--all") { Description = "Every check, including the whole wrappers' bounded model checks (minutes each; the AES one does not finish here)." };
        var formalWork = new Option<string>("--work") { Description = "Folder for the Verilog, the models and the traces (default: a new temporary folder)." };
        var formal = new Command("formal",
            "Formal checks of the AXI kit with yosys (its SAT pass, or yosys-smtbmc and z3): AXI4-Lite slave rules, AXI4-Stream rules on s_axis (assumed) and " +
            "m_axis (asserted), the soft reset's packet closing; one line per check with its depth, induction and seconds.")
            { formalComponent, formalQuick, formalAll, formalWork, formalEngine };
        formal.SetAction(p => FormalCommand.Execute(env, p.GetValue(formalComponent), p.GetValue(formalAll), p.GetValue(formalQuick), p.GetValue(formalWork),
            p.GetValue(formalEngine)!));
        root.Subcommands.Add(formal);

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
        var synthKeyBits = KeyBitsOption("all");
        synth.Options.Add(synthKeyBits);
        synth.SetAction(p => SynthCommand.Execute(env, p.GetValue(synthCore)!, p.GetValue(synthVariant)!, p.GetValue(synthJson), p.GetValue(synthKeyBits) ?? "all"));
        root.Subcommands.Add(synth);

        var calibrateCached = new Option<bool>("--cached-synth") { Description = "Use only cached synthesis results; run no yosys." };
        var calibrate = new Command("calibrate",
            "Fit the f_max estimate to the 2021 Vivado figures of the same structures; writes docs/estimate-calibration.json.") { calibrateCached };
        calibrate.SetAction(p => SynthCommand.Calibrate(env, p.GetValue(calibrateCached)));
        root.Subcommands.Add(calibrate);

        var quick = new Option<bool>("--quick") { Description = "Only the first variant of each core (a sample that fits in CI time)." };
        var reportOut = new Option<string>("--out") { Description = "Folder for RESULTS.md and the plots (default docs/)." };
        var cachedSynth = new Option<bool>("--cached-synth") { Description = "Use only cached synthesis results (vhdl-out/*/synth.json); run no yosys." };
        var reportJobs = new Option<int>("--jobs") { Description = "Variants synthesized at a time (each uses one core and up to a few GiB; default 1).", DefaultValueFactory = _ => 1 };
        var report = new Command("report",
            "For every variant: measured clocks per block and latency, GHDL verified, yosys figures, f_max ESTIMATE, modelled MB/s; " +
            "writes RESULTS.md beside the 2021 table, with SVG plots (gnuplot). Progress on stderr.") { quick, reportOut, cachedSynth, reportJobs };
        report.SetAction(p => ReportCommand.Execute(env, p.GetValue(quick), p.GetValue(reportOut), p.GetValue(cachedSynth), p.GetValue(reportJobs)));
        root.Subcommands.Add(report);

        var fuzzCount = new Option<int>("--count") { Description = "Designs to generate and check.", DefaultValueFactory = _ => FuzzCommand.DefaultCount };
        var fuzzSeed = new Option<int>("--seed") { Description = "Seed: design N of seed S is always the same design.", DefaultValueFactory = _ => FuzzCommand.DefaultSeed };
        var fuzzOut = new Option<string>("--out") { Description = "Folder for the shrunk failing designs (default: a new folder under the temp folder)." };
        var fuzzConstructs = new Option<string>("--constructs")
        {
            Description = "Constructs to generate: default (all but the known back-end defects), all, a list of names, or +Name/-Name relative to default.",
            DefaultValueFactory = _ => "default",
        };
        var fuzzFrom = new Option<int>("--from") { Description = "Index of the first design (with --count 1: reproduce one design of a run)." };
        var fuzzBatch = new Option<int>("--batch") { Description = "Designs per compilation and GHDL run.", DefaultValueFactory = _ => 50 };
        var fuzzNoShrink = new Option<bool>("--no-shrink") { Description = "Write failing designs as generated, without shrinking them." };
        var fuzzMaxFailures = new Option<int>("--max-failures") { Description = "Stop after the batch in which this many designs failed.", DefaultValueFactory = _ => int.MaxValue };
        var fuzzShrinkSeconds = new Option<int>("--shrink-seconds") { Description = "Time limit for shrinking one failing design.", DefaultValueFactory = _ => 180 };
        var fuzzNetlist = new Option<bool>("--netlist")
        {
            Description = "Also replay every design against GHDL's synthesized netlist (ghdl --synth --out=vhdl): finds synthesis that reads the VHDL otherwise than simulation (docs/fuzzing.md lists its open findings).",
        };
        var fuzz = new Command("fuzz",
            "Differential fuzzing of the VHDL back end: random hardware C# designs, simulated in C#, transpiled, replayed in GHDL " +
            "and put through ghdl --synth; failing designs are shrunk and written out (docs/fuzzing.md).")
            { fuzzCount, fuzzSeed, fuzzFrom, fuzzOut, fuzzConstructs, fuzzBatch, fuzzNoShrink, fuzzMaxFailures, fuzzShrinkSeconds, fuzzNetlist };
        fuzz.SetAction(p => FuzzCommand.Execute(env, p.GetValue(fuzzCount), p.GetValue(fuzzSeed), p.GetValue(fuzzFrom), p.GetValue(fuzzOut),
            p.GetValue(fuzzConstructs)!, p.GetValue(fuzzBatch), !p.GetValue(fuzzNoShrink),
            p.GetValue(fuzzMaxFailures), p.GetValue(fuzzShrinkSeconds), p.GetValue(fuzzNetlist)));
        root.Subcommands.Add(fuzz);

        return root;
    }
}
