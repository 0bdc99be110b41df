using Crypto.Streams;

namespace Crypto.Cli;

/// <summary><c>vhdl</c>: writes the VHDL of one variant, or of every variant into vhdl-out/.</summary>
public static class VhdlCommand
{
    public static int Execute(CliEnvironment env, string? core, string? variant, string? outDir, bool all, string? keyBits = null)
    {
        if (all)
        {
            if (core is not null || variant is not null)
                throw new UsageException("vhdl: give either --all or --core and --variant, not both");
            var root = env.RepositoryRoot;
            string baseDir = outDir is null ? Path.Combine(root, "vhdl-out") : env.UserPath(outDir);
            foreach (var v in env.Cores.Builds(keyBits))
                Write(env, v, Path.Combine(baseDir, v.Name));
            return ExitCodes.Success;
        }
        if (core is null || variant is null)
            throw new UsageException("vhdl: give --core and --variant (and --out DIR), or --all");
        var one = env.Cores.Find(core, variant, keyBits ?? "all");
        Write(env, one, outDir is null ? VhdlFolder.Of(env.RepositoryRoot, one) : env.UserPath(outDir));
        return ExitCodes.Success;
    }

    /// <summary>Generates the variant's VHDL into <paramref name="dir"/> and reports the files written.</summary>
    public static IReadOnlyList<string> Write(CliEnvironment env, ICoreVariant v, string dir)
    {
        var files = VhdlFolder.Replace(v.BuildDesign().Elaborate(), dir);
        env.Out.Write($"{v.Name}: wrote {files.Count} VHDL files to {Shown(env, dir)}\n");
        return files;
    }

    static string Shown(CliEnvironment env, string dir)
    {
        try { return CliEnvironment.Show(dir, env.RepositoryRoot); }
        catch (UsageException) { return dir; }
    }
}
