using Xunit;

namespace Crypto.Cli.Tests;

/// <summary>
/// The built tool run as its own process with a PATH that holds no GHDL (an in-process run cannot
/// change PATH without disturbing the tests that run beside it).
/// </summary>
public class MissingToolTests
{
    [Theory]
    [InlineData("verify --core aes --variant iterative --blocks 4")]
    [InlineData("axi-serve --core aes --variant proc11 --backend ghdl")]
    public async Task WithoutGhdlACommandThatNeedsItSaysSoInOneLineAndExitsWithTwo(string command)
    {
        var tool = Path.Combine(AppContext.BaseDirectory, "sme-crypto.dll");
        Assert.True(File.Exists(tool), $"{tool} is not built next to the tests");
        var emptyPath = Directory.CreateTempSubdirectory("sme-crypto-no-tools-");
        try
        {
            var r = await ChildProcess.RunAsync(DotnetHost(), ["exec", tool, .. command.Split(' ')], emptyPath.FullName);
            Assert.Equal(2, r.ExitCode);
            Assert.Equal("", r.Stdout);
            var line = Assert.Single(r.StderrLines);
            Assert.StartsWith("sme-crypto: ghdl is not installed", line);
        }
        finally { emptyPath.Delete(recursive: true); }
    }

    /// <summary>The dotnet host running these tests (the SDK names it in DOTNET_HOST_PATH).</summary>
    static string DotnetHost() =>
        Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host ? host
        : Path.GetFileNameWithoutExtension(Environment.ProcessPath) == "dotnet" ? Environment.ProcessPath!
        : "/usr/share/dotnet/dotnet";
}
