using Crypto.Catalog;

namespace Crypto.Cli;

/// <summary>Where a command reads and writes, and what it works on; tests pass their own.</summary>
public sealed class CliEnvironment(Stream stdin, Stream stdout, TextWriter output, TextWriter error,
    string workingDirectory, CoreFamilies cores)
{
    /// <summary>Raw standard input (binary).</summary>
    public Stream StdIn { get; } = stdin;
    /// <summary>Raw standard output (binary), for commands whose output is data.</summary>
    public Stream StdOut { get; } = stdout;
    /// <summary>Text view of standard output (UTF-8, \n line ends), for reports and tables.</summary>
    public TextWriter Out { get; } = output;
    public TextWriter Error { get; } = error;
    public string WorkingDirectory { get; } = workingDirectory;
    public CoreFamilies Cores { get; } = cores;

    /// <summary>The repository root (the folder holding Crypto.sln, from the working directory up).</summary>
    public string RepositoryRoot
    {
        get
        {
            try { return CoreRegistry.FindRepositoryRoot(WorkingDirectory); }
            catch (DirectoryNotFoundException e) { throw new UsageException($"{e.Message} (searched from {WorkingDirectory}): run sme-crypto inside the repository"); }
        }
    }

    /// <summary>A path given by the user, relative to the working directory.</summary>
    public string UserPath(string path) => Path.GetFullPath(path, WorkingDirectory);

    /// <summary>A path shown to the user: relative to the repository root when inside it.</summary>
    public static string Show(string path, string root)
    {
        var relative = Path.GetRelativePath(root, path);
        return relative.StartsWith("..", StringComparison.Ordinal) || Path.IsPathRooted(relative) ? path : relative;
    }
}
