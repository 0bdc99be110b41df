using System.Text;

namespace Crypto.Cli.Tests;

/// <summary>What one in-process run of sme-crypto produced.</summary>
public sealed record CliResult(int ExitCode, byte[] Stdout, string Stderr)
{
    public string StdoutText => Encoding.UTF8.GetString(Stdout);
    public string[] StderrLines => Stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries);
}

/// <summary>Runs <see cref="CliApp.Run"/> with in-memory streams.</summary>
public static class CliRunner
{
    public static CliResult Run(string[] args, byte[]? stdin = null, string? workingDirectory = null, CoreFamilies? cores = null)
    {
        var stdout = new MemoryStream();
        var stderr = new StringWriter { NewLine = "\n" };
        int code = CliApp.Run(args, new MemoryStream(stdin ?? []), stdout, stderr, workingDirectory, cores);
        return new CliResult(code, stdout.ToArray(), stderr.ToString());
    }
}
