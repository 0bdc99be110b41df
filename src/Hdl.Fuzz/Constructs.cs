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
    ChainedProcesses, HeldOutput, NarrowWidth, Ram, BusArray,
    // generic word types: processes P<W>, buses IOut<W>, a class of helpers, scalars and a table over W
    GenericWord,
    // constructs of defects of the back end, all fixed now (they stay named: docs/fuzzing.md lists what each one found)
    GuardedDivision, GuardedIndex, CombinationalDivisionByInput, SignedRemainder, SwitchDefaultNotLast,
    NegativeIntToUnsigned, FieldNamedLikeEnum, GenericNamedLikeLabel, NestedStaticScalars, SharedArray,
    // the defect the fuzzer found (fixed: StaticSafeForms in the back end)
    StaticOperands,
}

/// <summary>Which constructs the generator may use.</summary>
public sealed class ConstructSet
{
    /// <summary>
    /// Constructs that hit defects the fuzzer found and that are not fixed yet: off by default
    /// until they are (TEMPORARY).
    /// </summary>
    public static IReadOnlySet<Construct> FoundDefects { get; } = new HashSet<Construct>();

    readonly HashSet<Construct> enabled;

    public ConstructSet(IEnumerable<Construct> enabled) => this.enabled = [.. enabled];

    public static ConstructSet All => new(Enum.GetValues<Construct>());

    /// <summary>Every construct but those of open defects (<see cref="FoundDefects"/>).</summary>
    public static ConstructSet Default => new(Enum.GetValues<Construct>().Where(c => !FoundDefects.Contains(c)));

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
