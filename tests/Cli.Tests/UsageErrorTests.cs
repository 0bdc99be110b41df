using Xunit;

namespace Crypto.Cli.Tests;

/// <summary>Mistakes a user can make: one line on stderr, exit code 2, nothing on stdout, no file written.</summary>
public class UsageErrorTests
{
    const string Fips197Key = "000102030405060708090a0b0c0d0e0f";
    static readonly byte[] OneBlock = new byte[16];

    static void AssertUsageError(CliResult r, string expectedInMessage)
    {
        Assert.Equal(ExitCodes.Usage, r.ExitCode);
        Assert.Empty(r.Stdout);
        var line = Assert.Single(r.StderrLines);
        Assert.StartsWith("sme-crypto: ", line);
        Assert.Contains(expectedInMessage, line);
    }

    [Theory]
    [InlineData("0011")]
    [InlineData("000102030405060708090a0b0c0d0e0f00")]
    [InlineData("000102030405060708090a0b0c0d0e0g")]
    [InlineData("")]
    public void BadKeyIsRejected(string key)
    {
        var r = CliRunner.Run(["aes", "--variant", "iterative", "--key", key], OneBlock);
        AssertUsageError(r, "--key must be 32, 48 or 64 hexadecimal digits");
    }

    [Theory]
    [InlineData(1)]
    [InlineData(15)]
    [InlineData(17)]
    [InlineData(33)]
    public void PartialBlockIsRejectedAndNoStatsFileIsWritten(int length)
    {
        var dir = Directory.CreateTempSubdirectory("cli-tests-").FullName;
        try
        {
            var stats = Path.Combine(dir, "stats.json");
            var r = CliRunner.Run(["aes", "--variant", "proc11", "--key", Fips197Key, "--stats-json", stats], new byte[length]);
            AssertUsageError(r, $"input is {length} bytes, not a whole number of 16-byte blocks");
            Assert.False(File.Exists(stats));
            Assert.Empty(Directory.GetFiles(dir));
        }
        finally { Directory.Delete(dir, true); }
    }

    [Fact]
    public void UnknownVariantIsRejectedListingTheKnownOnes()
    {
        var r = CliRunner.Run(["aes", "--variant", "proc99", "--key", Fips197Key], OneBlock);
        AssertUsageError(r, "unknown aes variant 'proc99'");
        Assert.Contains("iterative", r.Stderr);
        Assert.Contains("proc11", r.Stderr);
    }

    [Theory]
    [InlineData("proc11", Fips197Key, new[] { "--mode", "cbc" }, "--mode cbc needs --iv")]
    [InlineData("proc11", Fips197Key, new[] { "--mode", "ctr" }, "--mode ctr needs --iv")]
    [InlineData("proc11", Fips197Key, new[] { "--mode", "cbc", "--iv", "0011" }, "--iv must be 32 hexadecimal digits")]
    [InlineData("proc11", Fips197Key, new[] { "--mode", "ctr", "--iv", "000102030405060708090a0b0c0d0e0f0001" }, "--iv must be 32 hexadecimal digits")]
    [InlineData("proc11", Fips197Key, new[] { "--iv", "000102030405060708090a0b0c0d0e0f" }, "ECB uses no IV")]
    [InlineData("proc11", Fips197Key, new[] { "--mode", "ofb" }, "unknown --mode 'ofb'; modes: ecb, cbc, ctr")]
    [InlineData("proc11-dec", Fips197Key, new string[0], "proc11-dec decrypts: add --decrypt")]
    [InlineData("proc11-ctr", Fips197Key, new string[0], "proc11-ctr has a mode built in")]
    [InlineData("proc11", "000102030405060708090a0b0c0d0e0f1011", new[] { "--mode", "cbc", "--iv", "000102030405060708090a0b0c0d0e0f" }, "--key must be 32, 48 or 64")]
    public void BadModeIvKeyOrDirectionIsRejected(string variant, string key, string[] extra, string message)
    {
        var r = CliRunner.Run(["aes", "--variant", variant, "--key", key, .. extra], OneBlock);
        AssertUsageError(r, message);
    }

    [Theory]
    [InlineData("cbc", 17)]
    [InlineData("cbc", 40)]
    [InlineData("ecb", 5)]
    public void CbcAndEcbNeedWholeBlocks(string mode, int length)
    {
        string[] iv = mode == "cbc" ? ["--iv", "000102030405060708090a0b0c0d0e0f"] : [];
        var r = CliRunner.Run(["aes", "--variant", "iterative", "--key", Fips197Key, "--mode", mode, .. iv, "--decrypt"], new byte[length]);
        AssertUsageError(r, $"input is {length} bytes, not a whole number of 16-byte blocks ({mode.ToUpperInvariant()} without padding");
    }

    [Fact]
    public void MissingKeyIsOneLine()
    {
        var r = CliRunner.Run(["aes", "--variant", "proc11"], OneBlock);
        AssertUsageError(r, "--key");
    }

    [Fact]
    public void UnknownCommandIsOneLine()
    {
        var r = CliRunner.Run(["encrypt-everything"]);
        AssertUsageError(r, "encrypt-everything");
    }

    [Fact]
    public void UnknownCoreIsRejected()
    {
        var r = CliRunner.Run(["verify", "--core", "des", "--variant", "x"], cores: WordPipelineVariant.Families());
        AssertUsageError(r, "unknown core 'des'; known cores: word");
    }

    [Fact]
    public void OutsideTheRepositoryListSaysSo()
    {
        var dir = Directory.CreateTempSubdirectory("cli-tests-").FullName;
        try
        {
            var r = CliRunner.Run(["list"], workingDirectory: dir, cores: WordPipelineVariant.Families());
            AssertUsageError(r, "no Crypto.sln");
        }
        finally { Directory.Delete(dir, true); }
    }

    [Fact]
    public void VhdlNeedsEitherAllOrCoreAndVariant()
    {
        var r = CliRunner.Run(["vhdl", "--core", "word"], cores: WordPipelineVariant.Families());
        AssertUsageError(r, "--core and --variant");
        r = CliRunner.Run(["vhdl", "--all", "--core", "word"], cores: WordPipelineVariant.Families());
        AssertUsageError(r, "either --all or --core and --variant");
    }

    [Fact]
    public void ReportNeedsAtLeastOneSynthesisJob() =>
        AssertUsageError(CliRunner.Run(["report", "--quick", "--jobs", "0"]), "--jobs is at least 1, got 0");
}
