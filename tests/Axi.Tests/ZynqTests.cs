using System.Diagnostics;
using Xunit;

namespace Axi.Tests;

/// <summary>
/// What exists for the board and can be checked here: zynq/build.tcl against tclsh's parser and the
/// Vivado stubs (zynq/check/check.tcl), and the host program (zynq/host) built for ARM, and natively and run
/// against the cycle-accurate simulation of real wrappers and against their generated VHDL in GHDL,
/// results checked with OpenSSL.
/// </summary>
public class ZynqTests
{
    static readonly string Root = Crypto.Catalog.CoreRegistry.FindRepositoryRoot(AppContext.BaseDirectory);

    static (int Code, string Output) Run(string program, params string[] args) => RunWith(null, program, args);

    static (int Code, string Output) RunWith((string Name, string Value)? env, string program, params string[] args)
    {
        var info = new ProcessStartInfo(program) { RedirectStandardOutput = true, RedirectStandardError = true, WorkingDirectory = Root };
        if (env is { } e) info.Environment[e.Name] = e.Value;
        foreach (var a in args) info.ArgumentList.Add(a);
        using var p = Process.Start(info) ?? throw new InvalidOperationException($"cannot start {program}");
        var stderr = p.StandardError.ReadToEndAsync();
        string stdout = p.StandardOutput.ReadToEnd();
        p.WaitForExit();
        return (p.ExitCode, stdout + stderr.Result);
    }

    [Fact]
    public void VivadoTclParsesAndRunsAgainstTheStubs()
    {
        var (code, output) = Run("tclsh", Path.Combine("zynq", "check", "check.tcl"));
        Assert.True(code == 0, output);
        Assert.Contains("PASS build.tcl", output);
        // build.tcl ran against the stubs for the vhdl-out folder of every wrapper in the catalog, and
        // with -width 32 for every 32-bit wrapper folder.
        int folders32 = Directory.GetDirectories(Path.Combine(Root, "vhdl-out"), "axi-*-w32").Length;
        Assert.True(folders32 > 0, "no 32-bit wrapper folder in vhdl-out");
        Assert.Contains($"for {Crypto.Catalog.AxiCatalog.All.Count + folders32} wrappers", output);
        // check.tcl names each folder axi-<core>-<variant> as build.tcl takes it: the core up to the first '-'
        // (aes128, chacha20; build.tcl joins them again, so chacha20-poly1305 proc10 works as well).
        foreach (var a in Crypto.Catalog.AxiCatalog.All)
        {
            string tail = Path.GetFileName(Crypto.Catalog.AxiCatalog.VhdlFolder(a))["axi-".Length..];
            int dash = tail.IndexOf('-');
            Assert.Contains($"ok   {tail[..dash]} {tail[(dash + 1)..]}:", output);
        }
    }

    /// <summary>The stubs catch mistakes: a copy of build.tcl with one of each kind of error fails.</summary>
    [Theory]
    [InlineData("[get_bd_intf_pins dma/S_AXIS_S2MM]", "[get_bd_intf_pins dma/S_AXIS_S2M]", "has no interface pin 'S_AXIS_S2M'")]
    [InlineData("[get_bd_pins irq/In1]", "[get_bd_pins irq/In2]", "has no pin 'In2'")]
    [InlineData("[get_bd_intf_pins control/M01_AXI]", "[get_bd_pins control/M01_AXI]", "has no pin 'M01_AXI'")]
    [InlineData("launch_runs synth_1 -jobs 2", "launch_runs synth_1 -job 2", "unknown option -job")]
    [InlineData("validate_bd_design", "validate_bd_desing", "unknown command: validate_bd_desing")]
    [InlineData("set_property -dict [list CONFIG.NUM_SI {1} CONFIG.NUM_MI {2}] $control", "set_property -dict [list CONFIG.NUM_SI {1} CONFIG.NUM_MI] $control", "odd list")]
    [InlineData("CONFIG.c_s_axis_s2mm_tdata_width $stream_width", "CONFIG.c_s_axis_s2mm_tdata_width {64}", "c_s_axis_s2mm_tdata_width is 64, the wrapper's streams are 32 bits")]
    public void TheStubsRejectABrokenScript(string good, string bad, string expected)
    {
        var text = File.ReadAllText(Path.Combine(Root, "zynq", "build.tcl"));
        Assert.Contains(good, text);
        var dir = Directory.CreateTempSubdirectory("zynq-check-").FullName;
        try
        {
            var broken = Path.Combine(dir, "build.tcl");
            File.WriteAllText(broken, text.Replace(good, bad));
            var (code, output) = RunWith(("ZYNQ_BUILD_TCL", broken), "tclsh", Path.Combine("zynq", "check", "check.tcl"));
            Assert.Equal(1, code);
            Assert.Contains(expected, output);
        }
        finally { Directory.Delete(dir, recursive: true); }
    }

    /// <summary>
    /// test-sim.sh: the C# simulation (every core crypto_host knows; AES-128/192/256, ECB/CBC/CTR,
    /// encryption and decryption on the wrapper of each; poly1305; AEAD messages, empty ones included; a
    /// CAPS refusal), then GHDL running the wrappers' VHDL (aes proc11, md5 proc4, sha256 proc4, chacha20
    /// proc10, aes proc11-ctr, aes-gcm proc11, chacha20-poly1305 proc10), whose host output must equal the
    /// C# simulation's line for line.
    /// </summary>
    [Fact]
    public void HostProgramBuildsAndPassesAgainstTheSimulatedWrapperAndItsVhdlInGhdl()
    {
        // The programs are built in a temporary folder (make BUILD=...), not in zynq/host/build.
        var build = Directory.CreateTempSubdirectory("zynq-host-").FullName;
        try { BuildAndRunHostProgram(build); }
        finally { Directory.Delete(build, recursive: true); }
    }

    static void BuildAndRunHostProgram(string build)
    {
        var (made, makeOutput) = Run("make", "-C", Path.Combine("zynq", "host"), $"BUILD={build}");
        Assert.True(made == 0, makeOutput);
        var (code, output) = RunWith(("BUILD", build), Path.Combine(Root, "zynq", "host", "test-sim.sh"));
        Assert.True(code == 0, output);
        Assert.DoesNotContain("FAIL", output);
        Assert.Equal(9, output.Split('\n').Count(l => l.StartsWith("ok   ", StringComparison.Ordinal) && l.EndsWith("GHDL and the C# simulation agree on every result, clock count and counter", StringComparison.Ordinal)));
        Assert.Contains("ok   aes proc11-ctr: AES-192-CTR, 16 B, 100 B against OpenSSL: GHDL and the C# simulation agree", output);
        foreach (var line in new[] { "aes proc11: AES-256-ECB encryption", "aes proc11-dec: AES-128-ECB decryption", "aes iterative-cbc: AES-128-CBC encryption",
                                     "aes proc11-cbc-dec: AES-192-CBC decryption", "aes proc11-ctr: AES-256-CTR, 5 B, 1000 B, 1031 B",
                                     "poly1305 naive: 1 B, 16 B, 34 B, 1000 B against OpenSSL's EVP_MAC", "the refusal is the one CAPS line" })
            Assert.Contains("ok   " + line + "\n", output);
        Assert.Contains("ok   md5 proc4 in GHDL under TVALID gaps and TREADY back-pressure", output);
        // AEAD: sealing and opening against OpenSSL, one --message sealed and opened again, a wrong tag refused (also in GHDL).
        foreach (var line in new[] { "aes-gcm proc11: AES-192-GCM, a 60-byte IV (in the packet) and AAD", "chacha20-poly1305 proc10: opening with OpenSSL's tags",
                                     "aes-gcm: the opened message is the original", "aes-gcm: a wrong tag writes nothing and says so in one line",
                                     "chacha20-poly1305: a wrong tag writes nothing and says so in one line",
                                     "chacha20-poly1305 proc10 in GHDL: a wrong tag writes nothing and says so in one line",
                                     "aes-gcm proc11: AES-128-GCM sealing with AAD, 1 B, 100 B against OpenSSL: GHDL and the C# simulation agree on every result, clock count and counter" })
            Assert.Contains("ok   " + line + "\n", output);
        // Empty AEAD messages (START with EMPTY, no packet): between others against OpenSSL, as a --message (GCM test case 1),
        // and in GHDL; a size 0 with AAD refused.
        foreach (var line in new[] { "aes-gcm proc11: empty messages between 16-byte ones, AES-128-GCM sealing",
                                     "aes-gcm proc11: empty messages opened with OpenSSL's tags, AES-256-GCM",
                                     "chacha20-poly1305 proc10: empty messages between others, sealing",
                                     "chacha20-poly1305 proc10: empty messages opened with OpenSSL's tags",
                                     "--sizes 0 with --aad is a usage error (the packet would have no output to end its transfer)",
                                     "aes-gcm: an empty --message sealed is its tag alone (GCM test case 1)",
                                     "aes-gcm: an empty --message opened with its tag", "aes-gcm: an empty --message with a wrong tag is refused in one line",
                                     "chacha20-poly1305: an empty --message sealed is its tag alone", "chacha20-poly1305: an empty --message opened with its tag",
                                     "chacha20-poly1305: an empty --message with a wrong tag is refused in one line",
                                     "aes-gcm proc11: empty messages (START with EMPTY) between 16-byte ones, sealing against OpenSSL: GHDL and the C# simulation agree on every result, clock count and counter",
                                     "chacha20-poly1305 proc10: an empty message opened with OpenSSL's tag, then 64 B: GHDL and the C# simulation agree on every result, clock count and counter" })
            Assert.Contains("ok   " + line + "\n", output);

        // The ARM build (Debian's arm-linux-gnueabihf-gcc, installed by ./scripts/setup; with the OpenSSL check
        // when an armhf libcrypto is found, zynq/host/Makefile, else without).
        var (arm, armOutput) = Run("make", "-C", Path.Combine("zynq", "host"), $"BUILD={build}", "arm");
        Assert.True(arm == 0, armOutput);
        var elf = File.ReadAllBytes(Path.Combine(build, "arm", "crypto_host"));
        Assert.Equal([0x7F, (byte)'E', (byte)'L', (byte)'F', 1], elf[..5]); // 32-bit ELF
        Assert.Equal(40, BitConverter.ToUInt16(elf, 18));                   // e_machine EM_ARM
        // With the unpacked armhf OpenSSL (make armhf-openssl) the ARM program links libcrypto and checks its results.
        if (File.Exists(Path.Combine(Root, "zynq", "host", "build", "armhf-openssl", "usr", "lib", "arm-linux-gnueabihf", "libcrypto.so")))
            Assert.True(elf.AsSpan().IndexOf("libcrypto.so.3"u8) >= 0, "the ARM crypto_host does not link libcrypto although zynq/host/build/armhf-openssl is there");
    }
}
