using System.Text.RegularExpressions;

namespace Hdl.Fuzz;

/// <summary>
/// Reduces a failing unit while a predicate (the same kind of failure) still holds: drops processes,
/// instances, helpers, declarations, members and statements, flattens branches and loops, replaces
/// expressions by their operands or by small literals, shortens bus arrays. Greedy: each accepted
/// step renders shorter C# (or as long C# with fewer bus-array elements), so it ends; it also ends
/// after <paramref name="maxAttempts"/> predicate calls.
/// </summary>
public static class Shrinker
{
    public static UnitModel Shrink(UnitModel unit, Func<UnitModel, bool> stillFails, int maxAttempts = 400, TimeSpan? budget = null,
        Action<string>? progress = null)
    {
        var deadline = DateTime.UtcNow + (budget ?? TimeSpan.FromMinutes(5));
        int attempts = 0;
        var current = unit;
        int length = current.Render().Length, elements = ArrayElements(current);
        // After a success the next pass resumes at the same position (the cuts before it failed on a
        // bigger design); a pass from the start that finds nothing ends the search.
        int resume = 0;
        while (attempts < maxAttempts && DateTime.UtcNow < deadline)
        {
            int position = 0;
            bool improved = false;
            foreach (var candidate in Candidates(current))
            {
                if (attempts >= maxAttempts || DateTime.UtcNow >= deadline) break;
                if (position++ < resume) continue;
                int l = candidate.Render().Length, e = ArrayElements(candidate);
                // shorter C#, or as long with fewer bus-array elements ([ArrayLength(2)] to (1))
                if (l > length || l == length && e >= elements) continue;
                attempts++;
                if (!stillFails(candidate)) continue;
                current = candidate;
                length = l;
                elements = e;
                improved = true;
                resume = position - 1;
                progress?.Invoke($"shrunk to {length} characters after {attempts} attempts");
                break;
            }
            if (!improved)
            {
                if (resume == 0) break;
                resume = 0;
            }
        }
        return current;
    }

    /// <summary>The elements of the unit's bus arrays.</summary>
    static int ArrayElements(UnitModel u) => u.Input.Sum(s => s.Length) + u.Processes.Sum(p => p.Outputs.Sum(o => o.Length));

    /// <summary>Smaller variants of a unit, the biggest cuts first.</summary>
    public static IEnumerable<UnitModel> Candidates(UnitModel u)
    {
        for (int k = u.Processes.Count - 1; k >= 0 && u.Processes.Count > 1; k--)
        {
            if (u.Processes.Any(p => p.Inputs.Any(i => i.FromProcess == k))) continue;
            var rest = u.Processes.Where((_, i) => i != k).Select(p => p with
            {
                Inputs = [.. p.Inputs.Select(i => i.FromProcess > k ? i with { FromProcess = i.FromProcess - 1 } : i)],
            }).ToList();
            yield return u with { Processes = rest };
        }
        for (int k = 0; k < u.Processes.Count; k++)
        {
            var p = u.Processes[k];
            if (p.Instances > 1)
                yield return With(u, k, p with { Generics = [.. p.Generics.Select(g => g with { Values = [g.Values[0]] })], Words = p.Words is { } w ? [w[0]] : null });
            // a generic process: without one of its instances (closed types)
            if (p.Words is { Count: > 1 } words)
                for (int j = words.Count - 1; j > 0; j--)
                    yield return With(u, k, p with
                    {
                        Generics = [.. p.Generics.Select(g => g with { Values = [.. g.Values.Where((_, i) => i != j)] })],
                        Words = [.. words.Where((_, i) => i != j)],
                    });
            if (p.Ram is not null) yield return With(u, k, p with { Ram = null, Body = [.. p.Body.Where(s => !(s is Assign { Target: Ref r } && (r.Text.StartsWith("W.") || r.Text.StartsWith("R."))))] });
            if (p.Inputs.Count > 1) yield return With(u, k, p with { Inputs = [p.Inputs[0]] });
            for (int m = 0; m < p.Members.Count; m++) yield return With(u, k, p with { Members = [.. p.Members.Where((_, i) => i != m)] });
            for (int g = 0; g < p.Generics.Count; g++) yield return With(u, k, p with { Generics = [.. p.Generics.Where((_, i) => i != g)] });
            for (int o = 0; o < p.Outputs.Count && p.Outputs.Count > 1; o++)
            {
                var name = "Out." + p.Outputs[o].Name;
                yield return With(u, k, p with
                {
                    Outputs = [.. p.Outputs.Where((_, i) => i != o)],
                    Body = [.. p.Body.Where(s => !Writes(s, name))],
                });
            }
        }
        for (int h = u.Helpers.Count - 1; h >= 0; h--) yield return u with { Helpers = [.. u.Helpers.Where((_, i) => i != h)] };
        for (int d = 0; d < u.Declarations.Count; d++) yield return u with { Declarations = [.. u.Declarations.Where((_, i) => i != d)] };
        // input members no process reads any more
        for (int m = 0; m < u.Input.Count && u.Input.Count > 1; m++)
        {
            var without = u with { Input = [.. u.Input.Where((_, i) => i != m)] };
            if (!Regex.IsMatch(without.Render(), $@"\bIn\.{u.Input[m].Name}\b")) yield return without;
        }
        // bus arrays one element shorter (an index kept in range for the old length may then throw
        // in C#: another failure, so the predicate turns it down)
        for (int m = 0; m < u.Input.Count; m++)
            if (u.Input[m].Length > 1)
                yield return u with { Input = [.. u.Input.Select((x, i) => i == m ? x with { Length = x.Length - 1 } : x)] };
        for (int k = 0; k < u.Processes.Count; k++)
        {
            var p = u.Processes[k];
            for (int o = 0; o < p.Outputs.Count; o++)
                if (p.Outputs[o].Length > 1)
                    yield return With(u, k, p with { Outputs = [.. p.Outputs.Select((x, i) => i == o ? x with { Length = x.Length - 1 } : x)] });
        }

        // statements: remove one, or replace a compound one by one of its blocks
        int statements = CountStatements(u);
        for (int n = 0; n < statements; n++)
        {
            yield return EditStatement(u, n, _ => []);
            var s = FindStatement(u, n);
            if (s is not null)
                foreach (var block in s.Blocks)
                    yield return EditStatement(u, n, _ => block);
        }
        // expressions: replace by an operand of the same type, or by a small literal
        var nodes = new List<Expr>();
        Walk(u, e => { nodes.Add(e); return null; });
        for (int n = 0; n < nodes.Count; n++)
        {
            var e = nodes[n];
            var alternatives = new List<Expr>();
            alternatives.AddRange(e.Children.Where(c => c.Type == e.Type));
            if (e is not Lit)
            {
                alternatives.Add(Lit.Zero(e.Type));
                if (e.Type.IsInteger || e.Type.IsBool) alternatives.Add(Lit.Of(e.Type, 1));
            }
            else if (e is Lit l && l.Bits > 1 && !l.Type.IsEnum)
            {
                alternatives.Add(Lit.Of(e.Type, 0));
                alternatives.Add(Lit.Of(e.Type, 1));
                alternatives.Add(Lit.Of(e.Type, l.Bits >> 1 & ~(UInt128.One << (l.Type.Bits - 1))));
            }
            foreach (var a in alternatives)
            {
                int index = n;
                yield return Walk(u, x => index-- == 0 ? a : null);
            }
        }
    }

    static UnitModel With(UnitModel u, int k, ProcessModel p) => u with { Processes = [.. u.Processes.Select((x, i) => i == k ? p : x)] };

    /// <summary>Whether <paramref name="s"/> only writes the output <paramref name="target"/>: a signal, or elements of a bus array (also in a loop or under an if).</summary>
    static bool Writes(Stmt s, string target) => s switch
    {
        Assign { Target: Ref r } => r.Text == target,
        Assign { Target: Element { Signal: true } e } => e.Array == target,
        If { Else: [] } i => i.Then.Count > 0 && i.Then.All(x => Writes(x, target)),
        For f => f.Body.Count > 0 && f.Body.All(x => Writes(x, target)),
        _ => false,
    };

    // ---- traversal: statements numbered in pre-order, expressions numbered in pre-order ----------

    static int CountStatements(UnitModel u)
    {
        int n = 0;
        void Count(IReadOnlyList<Stmt> list) { foreach (var s in list) { n++; foreach (var b in s.Blocks) Count(b); } }
        foreach (var h in u.Helpers) Count(h.Body);
        foreach (var p in u.Processes) Count(p.Body);
        return n;
    }

    static Stmt? FindStatement(UnitModel u, int n)
    {
        Stmt? found = null;
        EditStatement(u, n, s => { found = s; return [s]; });
        return found;
    }

    static UnitModel EditStatement(UnitModel u, int n, Func<Stmt, IReadOnlyList<Stmt>> edit)
    {
        int seen = 0;
        IReadOnlyList<Stmt> List(IReadOnlyList<Stmt> list)
        {
            var result = new List<Stmt>();
            foreach (var s in list)
            {
                if (seen++ == n) { result.AddRange(edit(s)); continue; }
                result.Add(s.Blocks.Count == 0 ? s : s.WithBlocks([.. s.Blocks.Select(List)]));
            }
            return result;
        }
        return u with
        {
            Helpers = [.. u.Helpers.Select(h => h with { Body = List(h.Body) })],
            Processes = [.. u.Processes.Select(p => p with { Body = List(p.Body) })],
        };
    }

    /// <summary>Rebuilds the unit with <paramref name="replace"/> applied to every expression in pre-order (null keeps it).</summary>
    static UnitModel Walk(UnitModel u, Func<Expr, Expr?> replace)
    {
        Expr E(Expr e)
        {
            if (replace(e) is { } r) return r;
            var children = e.Children.ToList();
            return children.Count == 0 ? e : e.WithChildren([.. children.Select(E)]);
        }
        IReadOnlyList<Stmt> List(IReadOnlyList<Stmt> list) => [.. list.Select(s =>
        {
            var x = s.Exprs.Count == 0 ? s : s.WithExprs([.. s.Exprs.Select(E)]);
            return x.Blocks.Count == 0 ? x : x.WithBlocks([.. x.Blocks.Select(List)]);
        })];
        return u with
        {
            Helpers = [.. u.Helpers.Select(h => h with { Body = List(h.Body) })],
            Processes = [.. u.Processes.Select(p => p with { Body = List(p.Body) })],
        };
    }
}
