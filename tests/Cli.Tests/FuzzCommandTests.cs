using Xunit;

namespace Crypto.Cli.Tests;

/// <summary>fuzz: usage errors, and a small run's output (one summary line; shrunk designs only on failure).</summary>
public class FuzzCommandTests
{
    static void AssertUsageError(CliResult r, string expectedInMessage)
    {
        Assert.Equal(ExitCodes.Usage, r.ExitCode);
        Assert.Empty(r.Stdout);
        var line = Assert.Single(r.StderrLines);
        Assert.StartsWith("sme-crypto: ", line);
        Assert.Contains(expectedInMessage, line);
    }

    [Fact]
    public void BadArgumentsAreUsageErrors()
    {
        AssertUsageError(CliRunner.Run(["fuzz", "--count", "0"]), "--count must be at least 1");
        AssertUsageError(CliRunner.Run(["fuzz", "--from", "-1"]), "--from must not be negative");
        AssertUsageError(CliRunner.Run(["fuzz", "--constructs", "+NoSuchThing"]), "unknown construct 'NoSuchThing'");
    }

    [Fact]
    public void ASmallRunPrintsTheSummaryLine()
    {
        var outDir = Directory.CreateTempSubdirectory("cli-tests-fuzz-").FullName;
        try
        {
            var r = CliRunner.Run(["fuzz", "--count", "4", "--seed", "11", "--batch", "4", "--out", outDir]);
            Assert.True(r.ExitCode == ExitCodes.Success, r.StdoutText + r.Stderr);
            Assert.Equal("fuzz: 4 designs, seed 11, 0 failures\n", r.StdoutText);
            Assert.Empty(Directory.GetFiles(outDir));
        }
        finally { Directory.Delete(outDir, recursive: true); }
    }
}
