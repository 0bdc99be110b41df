using Hdl.Fuzz;
using Xunit;

namespace Engine.Tests.Fuzz;

/// <summary>
/// The <see cref="Construct.GenericWord"/> construct (no GHDL): over the CI budget's designs it produces
/// each shape of generic code the transpiler translates per closed type, the designs compile, and the
/// shrinker takes a generic design apart like any other.
/// </summary>
public class FuzzGenericWordTests
{
    const int Seed = 20261124;
    const int Budget = FuzzBudgetTests.Designs;

    static List<UnitModel> Units() =>
        [.. Enumerable.Range(0, Budget).Select(i => new Generator(ConstructSet.Default).Generate(Seed, i)).Where(u => u.Used.Contains(Construct.GenericWord))];

    [Fact]
    public void TheBudgetHasEveryShapeOfGenericCode()
    {
        var units = Units();
        Assert.True(units.Count >= Budget / 5, $"only {units.Count} of {Budget} designs of seed {Seed} use GenericWord");
        var processes = units.SelectMany(u => u.Processes.Where(p => p.IsGeneric).Select(p => (Unit: u, Process: p))).ToList();
        var texts = units.Select(u => u.Render()).ToList();
        string all = string.Join("\n", texts);
        var missing = new List<string>();
        void Need(bool ok, string what) { if (!ok) missing.Add(what); }

        Need(processes.Any(x => x.Process.Words!.Distinct().Count() > 1), "a generic class closed with two types in one design");
        Need(processes.Any(x => x.Process.Words!.Count != x.Process.Words.Distinct().Count()), "two instances of one closed type");
        foreach (var w in HType.Words) Need(processes.Any(x => x.Process.Words!.Contains(w)), $"an instance closed with {w}");
        Need(units.Any(u => u.Processes.Any(p => !p.IsGeneric && p.Inputs.Any(i => i.Word is not null and not "W"))), "a process that is not generic reading a closed bus");
        Need(units.Any(u => u.Processes.Any(p => p.IsGeneric && p.Inputs.Any(i => i.Word == "W"))), "a generic process reading an open bus");
        Need(processes.Any(x => x.Process.Outputs.Any(o => o.IsArray && o.Type.IsWord)), "a BusArray<W> output");
        Need(processes.Any(x => x.Process.Clocked && x.Process.Outputs.Any(o => o.Type.IsWord)), "a clocked W output ([InitialValue])");
        Need(processes.Any(x => !x.Process.Clocked), "a generic combinational process");
        Need(processes.Any(x => x.Process.Members.Any(m => m.StartsWith("W "))), "a W register");
        foreach (var op in new[] { "+", "-", "*", "&", "|", "^", "<<", ">>", "==", "!=", "<", "<=", ">", ">=" })
            Need(Walk(units).Any(e => e.Children.Any(c => c.Type.IsWord) && e switch
            {
                Binary b => b.Op == op, Compare c => c.Op == op, Shift sh => sh.Op == op, _ => false,
            }), $"operator {op} on W");
        Need(Walk(units).Any(e => e is Unary { Op: "~" } u && u.Type.IsWord), "~ on W");
        Need(Walk(units).Any(e => e is Rotate r && r.Type.IsWord && r.Amount is Lit), "W.Rotate by a literal");
        Need(Walk(units).Any(e => e is Rotate r && r.Type.IsWord && r.Amount is Ref { Text: var t } && t.EndsWith(".R")), "W.Rotate by the static readonly scalar");
        Need(Walk(units).Any(e => e is Rotate r && r.Type.IsWord && r.Amount is not Lit && !r.Amount.IsStatic), "W.Rotate by a variable");
        Need(Walk(units).Any(e => e is Cast c && c.Type.IsWord && c.Operand.Type.Signed), "W.CreateTruncating of a signed value");
        Need(Walk(units).Any(e => e is Cast c && c.Operand.Type.IsWord), "T.CreateTruncating of a W");
        Need(Walk(units).Any(e => e is Cast { Truncating: true }), "T.CreateTruncating between two integer types");
        Need(Walk(units).Any(e => e is Lit { T.IsWord: true } l && l.Render().Contains("L)")), "W.CreateTruncating of a negative long");
        Need(Walk(units).Any(e => e is Lit { T.IsWord: true } l && l.Render().Contains("new UInt128")), "W.CreateTruncating of a UInt128");
        foreach (var c in new[] { "W.Zero", "W.One", "W.AllBitsSet", ".T.Length; i++)", "_Word<W>.G", "System.Runtime.CompilerServices.Unsafe.SizeOf<W>()" })
            Need(all.Contains(c), c);
        Need(Walk(units).Any(e => e is Call c && c.Function.Contains("_Word<") && !c.Function.Contains("<W>")), "a closed helper call (U0_Word<uint>.G0)");
        Need(Walk(units).Any(e => e is Element { Index: Ref { Text: "i" } } el && el.Array.EndsWith("<W>.T")), "the table at the variable of a loop");
        Assert.True(missing.Count == 0, $"not produced in {Budget} designs of seed {Seed}: {string.Join("; ", missing)}");
    }

    [Fact]
    public void TheGenericDesignsCompile()
    {
        var sources = Units().Select(DesignSource.Of).ToList();
        var assembly = DesignCompiler.Compile([.. sources.Select(s => (s.FileName, s.Text))]);
        foreach (var s in sources) Assert.NotNull(assembly.GetType(s.BuilderClass));
    }

    /// <summary>A design with generic processes "fails" while a process is still generic and it compiles: the shrinker keeps one, with one instance.</summary>
    [Fact]
    public void ShrinksAGenericDesign()
    {
        var unit = Units().Where(u => u.Processes.Count(p => p.IsGeneric) >= 2 && u.Processes.Count >= 3).MinBy(u => u.Size)!;
        bool Fails(UnitModel u)
        {
            if (!u.Processes.Any(p => p.IsGeneric)) return false;
            try { DesignCompiler.Compile([($"u{u.Index}.cs", u.Render())]); return true; }
            catch (GeneratedCodeException) { return false; }
        }
        var shrunk = Shrinker.Shrink(unit, Fails, maxAttempts: 2000, budget: TimeSpan.FromMinutes(3));
        Assert.True(Fails(shrunk), $"seed {Seed} design {unit.Index}: the shrunk design no longer fails:\n{shrunk.Render()}");
        var p = Assert.Single(shrunk.Processes);
        Assert.Single(p.Words!);
        Assert.True(shrunk.Render().Length * 2 < unit.Render().Length, $"seed {Seed} design {unit.Index}: shrunk only to\n{shrunk.Render()}");
    }

    static IEnumerable<Expr> Walk(IEnumerable<UnitModel> units)
    {
        IEnumerable<Expr> E(Expr e) => e.Children.SelectMany(E).Prepend(e);
        IEnumerable<Expr> S(Stmt s) => s.Exprs.SelectMany(E).Concat(s.Blocks.SelectMany(b => b.SelectMany(S)))
            .Concat(s is Assign a && a.Target is not Element ? E(a.Target) : []);
        return units.SelectMany(u => u.Helpers.SelectMany(h => h.Body).Concat(u.Processes.SelectMany(p => p.Body))).SelectMany(S);
    }
}
