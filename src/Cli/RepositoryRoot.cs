namespace Crypto.Cli;

/// <summary>The repository root: the nearest folder, from the current one upwards, holding Crypto.sln.</summary>
public static class RepositoryRoot
{
    public const string SolutionFile = "Crypto.sln";

    public static string Find(string startDirectory)
    {
        for (var dir = new DirectoryInfo(Path.GetFullPath(startDirectory)); dir is not null; dir = dir.Parent)
            if (File.Exists(Path.Combine(dir.FullName, SolutionFile)))
                return dir.FullName;
        throw new UsageException(
            $"no {SolutionFile} in {Path.GetFullPath(startDirectory)} or any folder above it: run sme-crypto inside the repository");
    }

    /// <summary>vhdl-out/&lt;core&gt;-&lt;variant&gt; under the repository root.</summary>
    public static string VhdlFolder(string root, string core, string variant) =>
        Path.Combine(root, "vhdl-out", $"{core}-{variant}");
}
