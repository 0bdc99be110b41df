using Hdl;
using Hdl.Vhdl;

namespace Crypto.Cli;

/// <summary>
/// <c>demo</c>, the main job: for every variant, the published known answer through the simulation,
/// its VHDL into vhdl-out/, and its verification in GHDL; then the <c>list</c> table.
/// </summary>
public static class DemoCommand
{
    public static int Execute(CliEnvironment env)
    {
        var root = env.RepositoryRoot;
        var o = env.Out;
        int failed = 0, total = 0;
        foreach (var family in env.Cores.Families)
            foreach (var v in family.Variants)
            {
                total++;
                string name = $"{v.Name}";
                o.Write($"== {name}: {v.Description}\n");
                bool ok = Step(o, name, "known answer", () =>
                {
                    var kat = family.KnownAnswer(v);
                    o.Write(kat.Passed
                        ? $"  {kat.Name}: ok, {kat.Got} in {kat.Cycles} cycles\n"
                        : $"  {kat.Name}: WRONG, expected {kat.Expected}, got {kat.Got}\n");
                    return kat.Passed;
                });
                ok &= Step(o, name, "VHDL generation", () =>
                {
                    var dir = VhdlFolder.Of(root, v);
                    var files = VhdlFolder.Replace(v.BuildDesign().Elaborate(), dir);
                    o.Write($"  VHDL: {files.Count} files in {CliEnvironment.Show(dir, root)}\n");
                    return true;
                });
                ok &= Step(o, name, "verification", () =>
                {
                    var outcome = VerifyCommand.Verify(v, VerifyCommand.DefaultBlocks, VerifyCommand.DefaultSeed, root);
                    o.Write("  ");
                    VerifyCommand.Report(o, outcome);
                    return outcome.Passed;
                });
                if (!ok) failed++;
                o.Flush();
            }
        o.Write("\n");
        ListCommand.WriteTable(o, ListCommand.Collect(env.Cores, root));
        o.Write(failed == 0
            ? $"\ndemo: all {total} variants passed the known answer, simulation and GHDL checks\n"
            : $"\ndemo: {failed} of {total} variants FAILED (see above)\n");
        return failed == 0 ? ExitCodes.Success : ExitCodes.Failure;
    }

    /// <summary>Runs one step; a failure of the design or of an unfinished part is reported and the demo goes on.</summary>
    static bool Step(TextWriter o, string name, string what, Func<bool> step)
    {
        try { return step(); }
        catch (Exception e) when (e is HardwareException or NotImplementedException or InvalidOperationException)
        {
            o.Write($"  FAIL {name}: {what}: {CliApp.OneLine(e.Message)}\n");
            return false;
        }
    }
}
