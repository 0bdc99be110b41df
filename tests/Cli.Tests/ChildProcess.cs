using System.Diagnostics;
using Xunit;

namespace Crypto.Cli.Tests;

/// <summary>A program run as its own process, for tests that must change its PATH (which an in-process run cannot).</summary>
static class ChildProcess
{
    public sealed record Result(int ExitCode, string Stdout, string Stderr)
    {
        public string[] StderrLines => Stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries);
    }

    /// <summary>Runs <paramref name="program"/> in the repository root with PATH set to <paramref name="path"/>; fails the test after two minutes.</summary>
    public static async Task<Result> RunAsync(string program, IEnumerable<string> args, string path)
    {
        var psi = new ProcessStartInfo(program, args)
        {
            RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false,
            WorkingDirectory = Crypto.Catalog.CoreRegistry.FindRepositoryRoot(AppContext.BaseDirectory),
        };
        psi.Environment["PATH"] = path;
        using var process = Process.Start(psi)!;
        var stdout = process.StandardOutput.ReadToEndAsync(TestContext.Current.CancellationToken);
        var stderr = process.StandardError.ReadToEndAsync(TestContext.Current.CancellationToken);
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        timeout.CancelAfter(TimeSpan.FromMinutes(2));
        await process.WaitForExitAsync(timeout.Token);
        return new Result(process.ExitCode, await stdout, await stderr);
    }
}
