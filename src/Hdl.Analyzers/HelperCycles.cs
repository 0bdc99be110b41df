using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace Hdl.Analyzers;

/// <summary>
/// Recursion among static helpers, which hardware cannot have (no call stack): the analyzer and the
/// transpiler both look for it here and say it in the same words.
/// </summary>
public static class HelperCycles
{
    /// <summary>
    /// Every cycle of <paramref name="calls"/> (caller to its calls, each with where it is made),
    /// searched depth first from <paramref name="roots"/> in order: the call that closes it and the
    /// helpers on it, the first one again at the end.
    /// </summary>
    public static IEnumerable<(TAt At, IReadOnlyList<IMethodSymbol> Cycle)> Find<TAt>(
        IReadOnlyDictionary<IMethodSymbol, List<(IMethodSymbol Callee, TAt At)>> calls, IEnumerable<IMethodSymbol> roots)
    {
        var state = new Dictionary<IMethodSymbol, bool>(SymbolEqualityComparer.Default); // false: on the path, true: done
        var path = new List<IMethodSymbol>();
        var found = new List<(TAt, IReadOnlyList<IMethodSymbol>)>();
        void Visit(IMethodSymbol m)
        {
            state[m] = false;
            path.Add(m);
            foreach (var (callee, at) in calls.TryGetValue(m, out var list) ? list : [])
            {
                if (!state.TryGetValue(callee, out var done)) Visit(callee);
                else if (!done)
                    found.Add((at, path.Skip(path.FindIndex(x => SymbolEqualityComparer.Default.Equals(x, callee))).Concat([callee]).ToList()));
            }
            path.RemoveAt(path.Count - 1);
            state[m] = true;
        }
        foreach (var m in roots)
            if (!state.ContainsKey(m)) Visit(m);
        return found;
    }

    /// <summary>The error for a cycle (the transpiler's words).</summary>
    public static string Message(IReadOnlyList<IMethodSymbol> cycle) =>
        $"recursion ({string.Join(" -> ", cycle.Select(x => $"{x.ContainingType.Name}.{x.Name}"))}) is not in the hardware subset: hardware has no call stack; write a for loop with constant bounds";
}
