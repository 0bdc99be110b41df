namespace Hdl.Fuzz;

/// <summary>The constructs the generator can put into a design; each generated design records the ones it used.</summary>
public enum Construct
{
    // expressions
    Arithmetic, Bitwise, Logical, Comparison, Negation, DivisionByConstant, DivisionByNonZeroVariable, UnsignedRemainder,
    IntegerCast, EnumCast, Shift, Rotate, Conditional, WideTypes, HelperCall, NestedHelperCall, TableRead, ConstField, LoopVariable,
    // statements
    Local, If, SwitchOnInteger, SwitchOnEnum, ForLoop, CompoundAssignment, IncrementDecrement,
    // state and structure
    Register, EnumRegister, RegisterFile, ArrayConstant, Generic, MultipleInstances, CombinationalProcess, ClockedProcess,
    ChainedProcesses, HeldOutput, NarrowWidth, Ram,
    // known defects of the back end (off by default until fixed; see docs/fuzzing.md)
    GuardedDivision, GuardedIndex, CombinationalDivisionByInput, SignedRemainder, SwitchDefaultNotLast, EnumCastOutOfRange,
    EnumIncrement, NegativeIntToUnsigned, FieldNamedLikeEnum, GenericNamedLikeLabel, NestedStaticScalars, SharedArray,
    HelperRecursion,
    // defects found by the fuzzer (off by default until fixed; see docs/fuzzing.md)
    StaticOperands,
}

/// <summary>Which constructs the generator may use.</summary>
public sealed class ConstructSet
{
    /// <summary>
    /// Constructs that hit defects of the back end known when the fuzzer was written (issue part 1).
    /// TEMPORARY: they are off in <see cref="Default"/> only until those fixes are merged; then
    /// <see cref="Default"/> becomes <see cref="All"/>.
    /// </summary>
    public static IReadOnlySet<Construct> KnownDefects { get; } = new HashSet<Construct>
    {
        Construct.GuardedDivision, Construct.GuardedIndex, Construct.CombinationalDivisionByInput, Construct.SignedRemainder,
        Construct.SwitchDefaultNotLast, Construct.EnumCastOutOfRange, Construct.EnumIncrement, Construct.NegativeIntToUnsigned,
        Construct.FieldNamedLikeEnum, Construct.GenericNamedLikeLabel, Construct.NestedStaticScalars, Construct.SharedArray,
        Construct.HelperRecursion,
    };

    /// <summary>
    /// Constructs that hit defects the fuzzer found (not in the issue's list); like
    /// <see cref="KnownDefects"/>, off by default only until fixed (TEMPORARY).
    /// </summary>
    public static IReadOnlySet<Construct> FoundDefects { get; } = new HashSet<Construct> { Construct.StaticOperands };

    readonly HashSet<Construct> enabled;

    public ConstructSet(IEnumerable<Construct> enabled) => this.enabled = [.. enabled];

    public static ConstructSet All => new(Enum.GetValues<Construct>());

    /// <summary>Every construct but the known and found defects (temporary, see <see cref="KnownDefects"/>).</summary>
    public static ConstructSet Default => new(Enum.GetValues<Construct>().Where(c => !KnownDefects.Contains(c) && !FoundDefects.Contains(c)));

    public bool Has(Construct c) => enabled.Contains(c);
    public IReadOnlyCollection<Construct> Enabled => enabled;

    /// <summary>Parses "default", "all", or a comma-separated list of names, each optionally prefixed with + or - relative to the default.</summary>
    public static ConstructSet Parse(string text)
    {
        var t = text.Trim();
        if (t.Equals("all", StringComparison.OrdinalIgnoreCase)) return All;
        if (t.Equals("default", StringComparison.OrdinalIgnoreCase) || t.Length == 0) return Default;
        var parts = t.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        bool relative = parts.All(p => p[0] is '+' or '-');
        var set = relative ? new HashSet<Construct>(Default.Enabled) : [];
        foreach (var p in parts)
        {
            var name = p.TrimStart('+', '-');
            if (!Enum.TryParse<Construct>(name, ignoreCase: true, out var c))
                throw new ArgumentException($"unknown construct '{name}' (known: {string.Join(", ", Enum.GetNames<Construct>())})");
            if (p[0] == '-') set.Remove(c); else set.Add(c);
        }
        return new ConstructSet(set);
    }

    public override string ToString() => string.Join(",", enabled.Order());
}
