using Xunit;

namespace Crypto.Cli.Tests;

/// <summary>
/// scripts/setup checks that each tool works, not only that its package is installed: with a broken
/// tool first on PATH it stops with one line that names the tool and what to do, and exits 1.
/// </summary>
public class SetupScriptTests
{
    static readonly string Root = Crypto.Catalog.CoreRegistry.FindRepositoryRoot(AppContext.BaseDirectory);

    [Theory]
    // The ARM compiler without its C library (libc6-dev-armhf-cross is only a Recommends of gcc-arm-linux-gnueabihf).
    [InlineData("arm-linux-gnueabihf-gcc", "/usr/include/stdint.h:26:10: fatal error: bits/libc-header-start.h: No such file or directory",
        "setup: the ARM cross compiler (arm-linux-gnueabihf-gcc) does not work (/usr/include/stdint.h:26:10: fatal error: bits/libc-header-start.h: No such file or directory): reinstall it: sudo apt-get install --reinstall gcc-arm-linux-gnueabihf libc6-dev-armhf-cross")]
    [InlineData("ghdl", "ghdl: cannot load library libgnat-12.so",
        "setup: GHDL (mcode back end) does not work (ghdl: cannot load library libgnat-12.so): reinstall it: sudo apt-get install --reinstall ghdl ghdl-mcode")]
    [InlineData("yosys", "yosys: error while loading shared libraries: libtcl8.6.so",
        "setup: yosys does not work (yosys: error while loading shared libraries: libtcl8.6.so): reinstall it: sudo apt-get install --reinstall yosys")]
    // The solver of the formal checks (formal --engine smtbmc).
    [InlineData("z3", "z3: error while loading shared libraries: libz3.so.4",
        "setup: z3 does not work (z3: error while loading shared libraries: libz3.so.4): reinstall it: sudo apt-get install --reinstall z3")]
    [InlineData("openssl", "openssl: error while loading shared libraries: libcrypto.so.3",
        "setup: openssl does not work (openssl: error while loading shared libraries: libcrypto.so.3): reinstall it: sudo apt-get install --reinstall openssl")]
    public async Task ABrokenToolStopsSetupWithOneLineThatSaysWhatToDo(string tool, string failure, string expected)
    {
        if (!OperatingSystem.IsLinux()) throw new PlatformNotSupportedException("scripts/setup is a bash script for Debian and Ubuntu");
        var shims = Directory.CreateTempSubdirectory("setup-broken-tool-");
        try
        {
            var shim = Path.Combine(shims.FullName, tool);
            File.WriteAllText(shim, $"#!/bin/sh\necho '{failure}' >&2\nexit 1\n");
            File.SetUnixFileMode(shim, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
            var r = await ChildProcess.RunAsync(Path.Combine(Root, "scripts", "setup"), [],
                shims.FullName + Path.PathSeparator + Environment.GetEnvironmentVariable("PATH"));
            Assert.Equal("", r.Stdout);
            Assert.Equal([expected], r.StderrLines);
            Assert.Equal(1, r.ExitCode);
        }
        finally { shims.Delete(recursive: true); }
    }
}
