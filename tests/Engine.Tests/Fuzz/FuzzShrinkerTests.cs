using Hdl.Fuzz;
using Xunit;

namespace Engine.Tests.Fuzz;

/// <summary>The shrinker, with synthetic failure predicates (no GHDL).</summary>
public class FuzzShrinkerTests
{
    const int Seed = 7;

    /// <summary>A big design with a rotate: "fails" while its source has a rotate and still compiles.</summary>
    [Fact]
    public void ShrinksToTheConstructThatFails()
    {
        var g = new Generator(ConstructSet.Default);
        var unit = Enumerable.Range(0, 200).Select(i => g.Generate(Seed, i))
            .Where(u => u.Render().Contains(".RotateLeft(")).MaxBy(u => u.Size)!;
        int attempts = 0;
        bool Fails(UnitModel u)
        {
            attempts++;
            var text = u.Render();
            if (!text.Contains(".RotateLeft(")) return false;
            try { DesignCompiler.Compile([($"u{u.Index}.cs", text)]); return true; }
            catch (GeneratedCodeException) { return false; }
        }
        var shrunk = Shrinker.Shrink(unit, Fails, maxAttempts: 3000, budget: TimeSpan.FromMinutes(3));
        var before = unit.Render();
        var after = shrunk.Render();
        Assert.True(Fails(shrunk), $"the shrunk design no longer fails:\n{after}");
        Assert.Single(shrunk.Processes);
        Assert.True(after.Length * 3 < before.Length, $"shrunk from {before.Length} to only {after.Length} characters (seed {Seed}, design {unit.Index}):\n{after}");
        Assert.DoesNotContain(shrunk.Helpers, h => !after.Contains(h.Name + "("));
    }

    /// <summary>
    /// A design with bus arrays "fails" while it declares one and compiles: the shrinker drops the
    /// other array members (outputs with their writes, unread inputs) and shortens the last one.
    /// </summary>
    [Fact]
    public void DropsAndShortensBusArrays()
    {
        var g = new Generator(ConstructSet.Default);
        var unit = Enumerable.Range(0, 100).Select(i => g.Generate(Seed, i))
            .Where(u => u.Processes.Sum(p => p.Outputs.Count(o => o.IsArray)) + u.Input.Count(s => s.IsArray) >= 3).MinBy(u => u.Size)!;
        bool Fails(UnitModel u)
        {
            var text = u.Render();
            if (!text.Contains("[ArrayLength(")) return false;
            try { DesignCompiler.Compile([($"u{u.Index}.cs", text)]); return true; }
            catch (GeneratedCodeException) { return false; }
        }
        var shrunk = Shrinker.Shrink(unit, Fails, maxAttempts: 2000, budget: TimeSpan.FromMinutes(3));
        var arrays = shrunk.Input.Concat(shrunk.Processes.SelectMany(p => p.Outputs)).Where(s => s.IsArray).ToList();
        Assert.True(Fails(shrunk));
        var single = Assert.Single(arrays);
        Assert.Equal(1, single.Length);
    }

    [Fact]
    public void NeverReturnsADesignThePredicateRejects()
    {
        var unit = new Generator(ConstructSet.Default).Generate(Seed, 3);
        var shrunk = Shrinker.Shrink(unit, _ => false);
        Assert.Equal(unit.Render(), shrunk.Render());
    }
}
