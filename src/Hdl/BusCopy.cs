using System.Collections.Concurrent;

namespace Hdl;

/// <summary>Copying a bus's signals in one statement.</summary>
public static class BusCopy
{
    static readonly ConcurrentDictionary<(Type Members, Type Target, Type Source), (int Target, int Source)[]> pairs = new();

    /// <summary>
    /// Writes every signal of <typeparamref name="T"/>'s members (inherited ones included, every
    /// element of an array) from <paramref name="source"/> to <paramref name="target"/>:
    /// <c>Output.CopyFrom&lt;IAesSideband&gt;(Input)</c>. In hardware, one assignment per member.
    /// The two buses may be of different interfaces that both derive from <typeparamref name="T"/>.
    /// </summary>
    public static void CopyFrom<T>(this T target, T source) where T : class, IBus
    {
        var to = Bus.Of(target);
        var from = Bus.Of(source);
        foreach (var (t, s) in pairs.GetOrAdd((typeof(T), to.InterfaceType, from.InterfaceType), Pairs))
            to.Signals[t].CopyFrom(from.Signals[s]);
    }

    static (int, int)[] Pairs((Type Members, Type Target, Type Source) key)
    {
        var names = Bus.Members(key.Members).Select(m => m.Name).ToHashSet();
        var target = Bus.Members(key.Target);
        var source = Bus.Members(key.Source);
        static int First(IReadOnlyList<BusMember> members, string name)
        {
            int at = 0;
            foreach (var m in members)
            {
                if (m.Name == name) return at;
                at += Math.Max(m.Length, 1);
            }
            throw new HardwareException($"bus member {name} not found");
        }
        var list = new List<(int, int)>();
        foreach (var m in target.Where(m => names.Contains(m.Name)))
        {
            int t = First(target, m.Name), s = First(source, m.Name);
            for (int i = 0; i < Math.Max(m.Length, 1); i++) list.Add((t + i, s + i));
        }
        return [.. list];
    }
}
