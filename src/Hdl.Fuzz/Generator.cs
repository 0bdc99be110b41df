namespace Hdl.Fuzz;

/// <summary>Limits of a generated design.</summary>
public sealed record GeneratorOptions(int MaxProcesses = 4, int MaxStatements = 6, int MaxExpressionDepth = 3, int MaxHelpers = 3);

/// <summary>
/// Generates random, well-typed hardware C# designs: every value has a known type, every operator
/// gets operands of one type and is cast back explicitly, divisors and indices are kept legal for the
/// C# run (masks, <c>| 1</c>, non-zero constants) and C# constant folding never overflows (no operator
/// has only constant operands). The design depends only on (seed, index).
/// </summary>
public sealed class Generator
{
    readonly ConstructSet constructs;
    readonly GeneratorOptions options;
    Rng rng = null!;
    HashSet<Construct> used = [];
    string prefix = "";
    readonly List<HType> enums = [];
    readonly List<string> declarations = [];
    readonly List<(string Name, HType Element, int Length)> tables = [];
    readonly List<HelperModel> helpers = [];
    readonly HashSet<string> variableDividers = []; // helpers that divide by a variable
    int nameCounter;
    /// <summary>The members of the generic class <c>U0_Word&lt;W&gt;</c> (null: the design has none).</summary>
    List<string>? wordMembers;
    int wordTableLength;
    /// <summary>W is in scope: a generic process or a helper of the word class is being written.</summary>
    bool wordScope;
    string WordRef => $"{UnitModel.WordClass(prefix)}<W>";

    public Generator(ConstructSet constructs, GeneratorOptions? options = null)
    {
        this.constructs = constructs;
        this.options = options ?? new GeneratorOptions();
    }

    bool Can(Construct c) => constructs.Has(c);
    /// <summary>An operand that must not meet another such operand: C# constants, and (unless <see cref="Construct.StaticOperands"/>) static values.</summary>
    bool Fixed(Expr e) => e.IsConstant || !Can(Construct.StaticOperands) && e.IsStatic;
    bool Use(Construct c) { if (!constructs.Has(c)) return false; used.Add(c); return true; }
    string Fresh(string stem) => $"{stem}{nameCounter++}";

    /// <summary>Scope of an expression: what it may read and write.</summary>
    sealed class Scope
    {
        public readonly List<Expr> Readable = [];
        public readonly List<Expr> Targets = [];
        public readonly List<(string Name, HType Element, int Length)> Arrays = [];
        public readonly List<(string Name, HType Element, int Length)> WritableArrays = [];
        /// <summary>Bus arrays the process reads (<c>In.A0</c>, <c>Up.Q0</c>).</summary>
        public readonly List<(string Name, HType Element, int Length)> BusArrays = [];
        public bool Combinational, InHelper;
        public int LoopDepth;
        /// <summary>The values the loop variable <c>i</c> takes in the loop being written (null outside loops).</summary>
        public (int From, int To)? Loop;
        public HelperModel? Self; // the helper being written (recursion)
    }

    public UnitModel Generate(int seed, int index)
    {
        rng = Rng.For(seed, index);
        used = [];
        prefix = UnitModel.UnitName(index);
        enums.Clear(); declarations.Clear(); tables.Clear(); helpers.Clear(); variableDividers.Clear();
        nameCounter = 0;
        wordMembers = null;
        wordScope = false;

        int enumCount = rng.Range(0, 2);
        for (int e = 0; e < enumCount; e++)
        {
            int members = rng.Range(2, 5);
            var t = new HType($"{prefix}_E{e}", 0, false, members);
            enums.Add(t);
            declarations.Add($"public enum {t.Name} {{ {string.Join(", ", Enumerable.Range(0, members).Select(m => $"M{m}"))} }}\n");
        }
        var tableText = new List<string>();
        for (int t = rng.Range(0, 2); t > 0; t--)
        {
            var elem = rng.Pick(HType.Narrow);
            int length = Can(Construct.GuardedIndex) && rng.Chance(0.4) ? rng.Range(3, 13) : 1 << rng.Range(1, 4);
            var name = $"{prefix}_Tables.T{tables.Count}";
            tables.Add((name, elem, length));
            tableText.Add($"    public static readonly {elem.Name}[] T{tables.Count - 1} = [{string.Join(", ", Enumerable.Range(0, length).Select(_ => RandomLit(elem).Render()))}];\n");
        }
        if (Can(Construct.SharedArray) && rng.Chance(0.3))
        {
            tables.Add(($"{prefix}_Tables.Shared", HType.UInt, 4));
            tableText.Add($"    public static readonly uint[] Shared = [{string.Join(", ", Enumerable.Range(0, 4).Select(_ => RandomLit(HType.UInt).Render()))}];\n");
        }
        if (tableText.Count > 0) declarations.Add($"public static class {prefix}_Tables\n{{\n{string.Concat(tableText)}}}\n");

        var nested = new List<Expr>();
        if (Can(Construct.NestedStaticScalars) && rng.Chance(0.3))
        {
            foreach (var outer in new[] { "A", "B" })
            {
                declarations.Add($"public static class {prefix}_{outer}\n{{\n    public static class K\n    {{\n        public static readonly uint X = {RandomLit(HType.UInt).Render()};\n    }}\n}}\n");
                nested.Add(new Ref(HType.UInt, $"{prefix}_{outer}.K.X", Static: true));
            }
        }

        // the top-level input bus
        var input = new List<SignalModel>();
        for (int s = rng.Range(2, 6); s > 0; s--)
        {
            var t = RandomType(allowWide: true);
            int? width = null;
            if (t.IsInteger && !t.Signed && t.Bits <= 64 && rng.Chance(0.2) && Use(Construct.NarrowWidth)) width = rng.Range(1, t.Bits - 1);
            input.Add(new SignalModel($"S{input.Count}", t, width));
        }
        if (!input.Any(i => i.Type.IsInteger && !i.Type.IsWide)) input.Add(new SignalModel($"S{input.Count}", HType.UInt));
        if (rng.Chance(0.3) && Use(Construct.BusArray))
            for (int a = rng.Range(1, 2); a > 0; a--)
            {
                var t = RandomType(allowWide: true);
                input.Add(new SignalModel($"A{input.Count(x => x.IsArray)}", t, ArrayWidth(t), null, rng.Range(1, 5)));
            }

        for (int h = rng.Range(0, options.MaxHelpers); h > 0; h--) helpers.Add(GenerateHelper());
        if (Can(Construct.GenericWord) && rng.Chance(0.4)) GenerateWordClass();

        var processes = new List<ProcessModel>();
        int count = rng.Range(1, options.MaxProcesses);
        for (int k = 0; k < count; k++) processes.Add(GenerateProcess(k, processes, input, nested));
        if (processes.Count > 1) used.Add(Construct.ChainedProcesses);
        return new UnitModel(seed, index, [.. declarations], input, [.. helpers], processes, used, wordMembers);
    }

    // ---- types and literals ---------------------------------------------------------------------

    HType RandomType(bool allowWide = false, bool allowEnum = true, bool allowBool = true, bool allowWord = true)
    {
        if (wordScope && allowWord && rng.Chance(0.3)) return HType.Word;
        int r = rng.Below(20);
        if (r < 2 && allowBool) return HType.Bool;
        if (r < 4 && allowEnum && enums.Count > 0) return rng.Pick(enums);
        if (r < 5 && allowWide && Can(Construct.WideTypes)) return rng.Pick(new[] { HType.UInt128, HType.Int128 });
        return rng.Pick(HType.Narrow);
    }

    Lit RandomLit(HType t) => t.IsBool ? Lit.Of(t, (UInt128)rng.Below(2))
        : t.IsEnum ? new Lit(t, (UInt128)rng.Below(t.EnumMembers), t.Name)
        : t.IsWord ? RandomWord()
        : Lit.Of(t, rng.Bits());

    /// <summary>A literal of W: W.Zero, W.One, W.AllBitsSet, a negative long (sign-extended), or random bits (truncated to the word).</summary>
    Lit RandomWord() => rng.Below(8) switch
    {
        0 => Lit.Zero(HType.Word),
        1 => Lit.Of(HType.Word, 1),
        2 => Lit.Of(HType.Word, UInt128.MaxValue),
        3 => Lit.Of(HType.Word, (UInt128)(Int128)(-(long)rng.Range(1, 1 << rng.Range(1, 40)))),
        _ => Lit.Of(HType.Word, rng.Bits()),
    };

    // ---- expressions -----------------------------------------------------------------------------

    Expr Leaf(HType t, Scope s, bool nonConstant = false)
    {
        var refs = s.Readable.Where(r => r.Type == t && (!nonConstant || !Fixed(r))).ToList();
        if (refs.Count > 0 && (nonConstant || rng.Chance(0.75))) return rng.Pick(refs);
        if (!nonConstant) return RandomLit(t);
        // a cast of something readable
        if (t.IsInteger)
        {
            var castable = s.Readable.Where(r => !Fixed(r) && (r.Type.IsInteger || r.Type.IsEnum && !t.IsWide && !t.IsWord)).ToList();
            if (castable.Count > 0) { Use(Construct.IntegerCast); return new Cast(t, rng.Pick(castable)); }
        }
        if (t.IsBool)
        {
            var ints = s.Readable.Where(r => !Fixed(r) && r.Type.IsInteger).ToList();
            if (ints.Count > 0) { var x = rng.Pick(ints); Use(Construct.Comparison); return new Compare("!=", x, Lit.Zero(x.Type)); }
        }
        if (t.IsEnum)
        {
            var ints = s.Readable.Where(r => !Fixed(r) && r.Type.IsInteger && !r.Type.IsWide && !r.Type.IsWord).ToList();
            if (ints.Count > 0) return EnumFrom(t, rng.Pick(ints));
        }
        throw new InvalidOperationException($"nothing readable of type {t}");
    }

    /// <summary>
    /// An enum member chosen by an integer: <c>v % n == 0 ? M0 : v % n == 1 ? M1 : ...</c>. The subset
    /// has no cast of a non-constant integer to an enum (C# lets it make a value that is no member).
    /// </summary>
    Expr EnumFrom(HType e, Expr unsignedValue)
    {
        if (unsignedValue.Type.Signed) unsignedValue = new Cast(HType.UInt, unsignedValue);
        var u = unsignedValue.Type;
        used.Add(Construct.EnumCast);
        used.Add(Construct.Conditional);
        var t = u.IsPromoted ? HType.UInt : u;
        var index = new Binary(t, "%", u == t ? unsignedValue : new Cast(t, unsignedValue), Lit.Of(t, (UInt128)e.EnumMembers));
        Expr member = new Lit(e, (UInt128)(e.EnumMembers - 1), e.Name);
        for (int m = e.EnumMembers - 2; m >= 0; m--)
            member = new Conditional(e, new Compare("==", index, Lit.Of(t, (UInt128)m)), new Lit(e, (UInt128)m, e.Name), member);
        return member;
    }

    Expr Gen(HType t, Scope s, int depth)
    {
        if (depth <= 0 || rng.Chance(0.2)) return Leaf(t, s);
        if (s.BusArrays.Count > 0 && rng.Chance(s.Loop is null ? 0.15 : 0.3) && BusRead(t, s) is { } read) return read;
        if (t.IsBool) return GenBool(s, depth);
        if (t.IsEnum)
        {
            int r = rng.Below(4);
            if (r == 0) { Use(Construct.Conditional); return new Conditional(t, Gen(HType.Bool, s, depth - 1), Gen(t, s, depth - 1), Gen(t, s, depth - 1)); }
            if (r == 1) return Leaf(t, s, nonConstant: true);
            return Leaf(t, s);
        }
        return GenInteger(t, s, depth);
    }

    Expr GenBool(Scope s, int depth)
    {
        int r = rng.Below(6);
        if (r < 3)
        {
            Use(Construct.Comparison);
            var ot = RandomType(allowWide: true, allowBool: false);
            string op = ot.IsEnum && rng.Chance(0.6) ? rng.Pick(new[] { "==", "!=" }) : rng.Pick(new[] { "==", "!=", "<", "<=", ">", ">=" });
            return Pair(ot, s, depth, (a, b) => new Compare(op, a, b));
        }
        Use(Construct.Logical);
        if (r == 3) return new Unary(HType.Bool, "!", Gen(HType.Bool, s, depth - 1));
        string lop = rng.Pick(new[] { "&&", "||", "&", "|", "^", "==", "!=" });
        if (lop is "==" or "!=") return Pair(HType.Bool, s, depth, (a, b) => new Compare(lop, a, b));
        return Pair(HType.Bool, s, depth, (a, b) => new Binary(HType.Bool, lop, a, b));
    }

    /// <summary>Two operands of one type, never both constant.</summary>
    Expr Pair(HType t, Scope s, int depth, Func<Expr, Expr, Expr> make)
    {
        var a = Gen(t, s, depth - 1);
        var b = Fixed(a) ? Leaf(t, s, nonConstant: true) : Gen(t, s, depth - 1);
        if (Fixed(b) && Fixed(a)) b = Leaf(t, s, nonConstant: true);
        if (a.IsStatic && b.IsStatic) Use(Construct.StaticOperands);
        return rng.Chance(0.5) ? make(a, b) : make(b, a);
    }

    Expr NonConstant(HType t, Scope s, int depth)
    {
        var e = Gen(t, s, depth);
        return Fixed(e) ? Leaf(t, s, nonConstant: true) : e;
    }

    Expr GenInteger(HType t, Scope s, int depth)
    {
        while (true)
        {
            switch (rng.Below(14))
            {
                case 0 or 1:
                    Use(Construct.Arithmetic);
                    { var op = rng.Pick(new[] { "+", "-", "*" }); return Pair(t, s, depth, (a, b) => new Binary(t, op, a, b)); }
                case 2 or 3:
                    Use(Construct.Bitwise);
                    if (rng.Chance(0.25)) return new Unary(t, "~", NonConstant(t, s, depth - 1));
                    { var op = rng.Pick(new[] { "&", "|", "^" }); return Pair(t, s, depth, (a, b) => new Binary(t, op, a, b)); }
                case 4:
                    if (!(t.Signed || t.IsPromoted) || !Use(Construct.Negation)) continue;
                    return new Unary(t, "-", NonConstant(t, s, depth - 1));
                case 5:
                    if (t.IsWide || t.IsWord || !Can(Construct.DivisionByConstant) && !Can(Construct.DivisionByNonZeroVariable)) continue;
                    if (Division(t, s, depth) is { } div) return div;
                    continue;
                case 6:
                    if (!Use(Construct.Shift)) continue;
                    {
                        // W: C# takes the amount modulo the closed type's width (a byte by 9 shifts by 1)
                        var amount = rng.Chance(0.5) ? (Expr)Lit.Of(HType.Int, (UInt128)rng.Below(t.IsWord ? rng.Chance(0.7) ? 16 : 136 : t.Bits + 8)) : NonConstant(HType.Int, s, 1);
                        var v = Fixed(amount) ? NonConstant(t, s, depth - 1) : Gen(t, s, depth - 1);
                        return new Shift(t, rng.Pick(new[] { "<<", ">>" }), v, amount);
                    }
                case 7:
                    if (t.Name is not ("uint" or "ulong" or "UInt128" or "W") || !Use(Construct.Rotate)) continue;
                    {
                        string dir = rng.Pick(new[] { "RotateLeft", "RotateRight" });
                        string owner = t.Name is "UInt128" or "W" || rng.Chance(0.5) ? t.Name : "BitOperations";
                        // W: by a literal, by the word class's static readonly scalar (written as slices), or by a variable
                        var amount = t.IsWord && rng.Chance(0.35) ? new Ref(HType.Int, WordRef + ".R", Static: true)
                            : rng.Chance(0.5) ? (Expr)Lit.Of(HType.Int, (UInt128)rng.Below(t.IsWord ? 140 : t.Bits * 2)) : NonConstant(HType.Int, s, 1);
                        if (t.IsWord) Use(Construct.GenericWord);
                        return new Rotate(t, $"{owner}.{dir}", Fixed(amount) ? NonConstant(t, s, depth - 1) : Gen(t, s, depth - 1), amount);
                    }
                case 8:
                    {
                        if (!Use(Construct.IntegerCast)) continue;
                        var from = RandomType(allowWide: true, allowBool: false);
                        if (from.IsEnum && (t.IsWide || t.IsWord) || (from.IsWide || from.IsWord) && from == t) continue;
                        if (from.IsEnum) Use(Construct.EnumCast);
                        if (from.IsWide || t.IsWide) Use(Construct.WideTypes);
                        if (from.IsWord || t.IsWord) Use(Construct.GenericWord);
                        if (from == HType.Int && t.IsInteger && !t.Signed && Can(Construct.NegativeIntToUnsigned) && s.LoopDepth > 0 && rng.Chance(0.5))
                        {
                            Use(Construct.NegativeIntToUnsigned);
                            return new Cast(t, new Ref(HType.Int, "i", Static: true));
                        }
                        // in generic code also T.CreateTruncating between two integer types
                        return new Cast(t, NonConstant(from, s, depth - 1), Truncating: wordScope && !from.IsEnum && rng.Chance(0.3));
                    }
                case 9:
                    if (!Use(Construct.Conditional)) continue;
                    {
                        var c = new Conditional(t, Gen(HType.Bool, s, depth - 1), Gen(t, s, depth - 1), Gen(t, s, depth - 1));
                        return Fixed(c) ? c with { Condition = Leaf(HType.Bool, s, nonConstant: true) } : c;
                    }
                case 10:
                    {
                        // a helper of the word class: U0_Word<W>.G0 in generic code, closed (U0_Word<uint>.G0) elsewhere
                        var callable = helpers.Where(h => h != s.Self
                            && (h.Word && !wordScope && h.Result.IsWord ? HType.Words.Contains(t) : h.Result == t)
                            && (!s.Combinational || !variableDividers.Contains(h.Name) || Can(Construct.CombinationalDivisionByInput))).ToList();
                        if (callable.Count == 0 || !Use(Construct.HelperCall)) continue;
                        var h = rng.Pick(callable);
                        if (h.Word)
                        {
                            Use(Construct.GenericWord);
                            var closed = wordScope ? HType.Word : h.Result.IsWord ? t : rng.Pick(HType.Words);
                            var wargs = h.Parameters.Select(p => Gen(p.Type.Close(closed), s, depth - 1)).ToList();
                            for (int a = 0; a < wargs.Count; a++)
                                if (Fixed(wargs[a]) && (!Can(Construct.StaticOperands) || a == 0 && wargs.All(Fixed))) wargs[a] = Leaf(wargs[a].Type, s, nonConstant: true);
                            if (s.InHelper) Use(Construct.NestedHelperCall);
                            if (s.InHelper && s.Self is not null && variableDividers.Contains(h.Name)) variableDividers.Add(s.Self.Name);
                            if (s.Combinational && variableDividers.Contains(h.Name)) Use(Construct.CombinationalDivisionByInput);
                            return new Call(t, $"{UnitModel.WordClass(prefix)}<{closed.Name}>.{h.Name}", wargs);
                        }
                        if (s.InHelper) Use(Construct.NestedHelperCall);
                        if (s.InHelper && s.Self is not null && variableDividers.Contains(h.Name)) variableDividers.Add(s.Self.Name);
                        if (s.Combinational && variableDividers.Contains(h.Name)) Use(Construct.CombinationalDivisionByInput);
                        if (h.Name.Contains("Rec")) return new Call(t, $"{prefix}_Fn.{h.Name}", [Gen(h.Parameters[0].Type, s, depth - 1), Lit.Of(HType.Int, (UInt128)rng.Below(4))]);
                        var args = h.Parameters.Select(p => Gen(p.Type, s, depth - 1)).ToList();
                        // GHDL's synthesis evaluates a function called with static arguments itself
                        for (int a = 0; a < args.Count; a++)
                            if (Fixed(args[a]) && (!Can(Construct.StaticOperands) || a == 0 && args.All(Fixed))) args[a] = Leaf(args[a].Type, s, nonConstant: true);
                        if (args.Any(x => x.IsStatic)) Use(Construct.StaticOperands);
                        return new Call(t, $"{prefix}_Fn.{h.Name}", args);
                    }
                case 11:
                    {
                        var arrays = s.Arrays.Concat(tables).Where(a => a.Element == t).ToList();
                        if (arrays.Count == 0) continue;
                        var a = rng.Pick(arrays);
                        if (a.Name.Contains("_Tables.")) { if (!Use(Construct.TableRead)) continue; }
                        else if (a.Name.StartsWith(WordRef, StringComparison.Ordinal))
                        {
                            // the word class's table, also at the variable of a loop bounded by its Length
                            Use(Construct.GenericWord);
                            used.Add(Construct.TableRead);
                            if (s.Loop is { } l && l.From >= 0 && l.To <= a.Length && rng.Chance(0.6))
                                return new Element(t, a.Name, new Ref(HType.Int, "i", Static: true));
                        }
                        else used.Add(s.WritableArrays.Contains(a) ? Construct.RegisterFile : Construct.ArrayConstant);
                        // at a constant index now and then: GHDL 2.0 synthesized a register file written at a
                        // computed index and read at a constant one as never written (FixedIndexRegisterFileTests)
                        if (rng.Chance(0.2)) return new Element(t, a.Name, Lit.Of(HType.Int, (UInt128)rng.Below(a.Length)));
                        if ((a.Length & (a.Length - 1)) != 0)
                        {
                            // a table whose length is not a power of two: the index is guarded with ?:
                            if (!Use(Construct.GuardedIndex)) continue;
                            var raw = new Cast(HType.Int, new Binary(HType.UInt, "&", NonConstant(HType.UInt, s, 1), Lit.Of(HType.UInt, 15)));
                            return new Conditional(t, new Compare("<", raw, Lit.Of(HType.Int, (UInt128)a.Length)), new Element(t, a.Name, raw), Gen(t, s, depth - 1));
                        }
                        return new Element(t, a.Name, Index(a.Length, s));
                    }
                case 12:
                    if (!t.IsWide || !Use(Construct.WideTypes)) continue;
                    {
                        var wide = new Call(HType.UInt128, "new UInt128", [Gen(HType.ULong, s, depth - 1), NonConstant(HType.ULong, s, depth - 1)]);
                        return t.Signed ? new Cast(t, wide) : wide;
                    }
                default:
                    return Leaf(t, s);
            }
        }
    }

    /// <summary>An in-range index: a masked value, or the loop variable inside a loop.</summary>
    Expr Index(int length, Scope s)
    {
        var it = rng.Pick(new[] { HType.Int, HType.UInt, HType.Byte, HType.ULong, HType.Long, HType.UShort });
        var v = NonConstant(it, s, 1);
        var masked = it.IsPromoted ? new Binary(HType.Int, "&", new Cast(HType.Int, v), Lit.Of(HType.Int, (UInt128)(length - 1)))
            : new Binary(it, "&", v, Lit.Of(it, (UInt128)(length - 1)));
        return masked;
    }

    // ---- bus arrays -------------------------------------------------------------------------------

    /// <summary>A [Width] for a bus array of unsigned elements now and then (the stimulus and the writes mask to it).</summary>
    int? ArrayWidth(HType t) =>
        t.IsInteger && !t.Signed && t.Bits <= 64 && rng.Chance(0.25) && Use(Construct.NarrowWidth) ? rng.Range(1, t.Bits - 1) : null;

    /// <summary>
    /// Makes a bus member readable: a scalar signal as a name; a bus array for <see cref="BusRead"/>,
    /// with one or two of its elements at constant indices as names and sometimes its Length (an int
    /// the back end knows, so static).
    /// </summary>
    void AddReadable(Scope s, string bus, SignalModel sig)
    {
        var name = $"{bus}.{sig.Name}";
        if (!sig.IsArray) { s.Readable.Add(new Ref(sig.Type, name)); return; }
        s.BusArrays.Add((name, sig.Type, sig.Length));
        for (int k = rng.Range(1, 2); k > 0; k--) s.Readable.Add(new Ref(sig.Type, $"{name}[{rng.Below(sig.Length)}]"));
        if (rng.Chance(0.3)) s.Readable.Add(new Ref(HType.Int, $"{name}.Length", Static: true));
    }

    /// <summary>
    /// An element of a bus array of type <paramref name="t"/> (or of another integer type, cast to
    /// <paramref name="t"/>): at the loop variable when the loop stays in range, else at a computed
    /// in-range index.
    /// </summary>
    Expr? BusRead(HType t, Scope s)
    {
        var arrays = s.BusArrays.Where(a => a.Element == t || t.IsInteger && a.Element.IsInteger && Can(Construct.IntegerCast)).ToList();
        if (arrays.Count == 0 || !Use(Construct.BusArray)) return null;
        var a = rng.Pick(arrays);
        bool atLoopVariable = s.Loop is { } l && l.From >= 0 && l.To <= a.Length && rng.Chance(0.6);
        var element = new Element(a.Element, a.Name, atLoopVariable ? new Ref(HType.Int, "i", Static: true) : InRange(a.Length, s), Signal: true);
        if (a.Element == t) return element;
        Use(Construct.IntegerCast);
        if (a.Element.IsWide || t.IsWide) Use(Construct.WideTypes);
        return new Cast(t, element);
    }

    /// <summary>
    /// An index always below <paramref name="length"/>: a mask for a power of two, else an unsigned
    /// remainder (<c>(int)(((uint)(v)) % 3u)</c>) of a value that is not static.
    /// </summary>
    Expr InRange(int length, Scope s)
    {
        if ((length & (length - 1)) == 0) return Index(length, s);
        var it = rng.Pick(new[] { HType.UInt, HType.ULong, HType.Byte, HType.UShort, HType.Int, HType.Long });
        var v = NonConstant(it, s, 1);
        var u = it == HType.Long ? HType.ULong : it.IsPromoted || it == HType.Int ? HType.UInt : it;
        used.Add(Construct.UnsignedRemainder);
        return new Cast(HType.Int, new Binary(u, "%", u == it ? v : new Cast(u, v), Lit.Of(u, (UInt128)length)));
    }

    /// <summary>
    /// The writes of an output bus array. A combinational process writes every element every cycle (a
    /// loop over all of them), then may overwrite some at computed indices. A clocked process does
    /// the same, or writes elements at constant indices, some under conditions, and at computed
    /// indices: the others hold ([InitialValue]; an array of a wide type, which has none, is written
    /// whole every cycle).
    /// </summary>
    List<Stmt> ArrayWrites(SignalModel sig, Scope s, bool clocked)
    {
        var name = $"Out.{sig.Name}";
        var t = sig.Type;
        var writes = new List<Stmt>();
        Expr Value() => sig.Width is { } w
            ? new Binary(t, "&", NonConstant(t, s, options.MaxExpressionDepth - 1), Lit.Of(t, (UInt128.One << w) - 1))
            : Gen(t, s, options.MaxExpressionDepth);
        Stmt Write(Expr index) => new Assign(new Element(t, name, index, Signal: true), "", Value());
        Stmt Held(Stmt w) => clocked && sig.Initial is not null && rng.Chance(0.35) && Use(Construct.HeldOutput)
            ? new If(Gen(HType.Bool, s, 2), [w], []) : w;
        bool all = !clocked || sig.Initial is null || rng.Chance(0.5);
        if (all)
        {
            var loopVar = new Ref(HType.Int, "i", Static: true);
            s.Loop = (0, sig.Length);
            s.LoopDepth++;
            s.Readable.Add(loopVar);
            var body = Write(loopVar);
            s.Readable.Remove(loopVar);
            s.LoopDepth--;
            s.Loop = null;
            used.Add(Construct.ForLoop);
            used.Add(Construct.LoopVariable);
            var same = s.BusArrays.Where(a => a.Length == sig.Length).Select(a => a.Name).ToList();
            int form = rng.Below(3);
            string? bound = form == 0 ? null : form == 1 && same.Count > 0 ? rng.Pick(same) + ".Length" : name + ".Length";
            writes.Add(Held(new For("i", 0, sig.Length, [body], bound)));
        }
        else
        {
            Use(Construct.HeldOutput);
            for (int k = 0; k < sig.Length; k++)
                if (rng.Chance(0.6)) writes.Add(Held(Write(Lit.Of(HType.Int, (UInt128)k))));
        }
        for (int extra = rng.Range(all ? 0 : 1, 2); extra > 0; extra--)
        {
            var w = Write(InRange(sig.Length, s));
            writes.Add(rng.Chance(0.4) ? new If(Gen(HType.Bool, s, 2), [w], []) : w);
        }
        return writes;
    }

    Expr? Division(HType t, Scope s, int depth)
    {
        bool remainder = rng.Chance(0.4);
        // In VHDL byte..short arithmetic runs in C#'s int, so their % is a signed remainder too.
        bool signedRemainder = t.Signed || t.IsPromoted;
        if (remainder && signedRemainder && !Can(Construct.SignedRemainder)) remainder = false;
        var op = remainder ? "%" : "/";
        var dividend = NonConstant(t, s, depth - 1);
        void Note() => Use(remainder ? signedRemainder ? Construct.SignedRemainder : Construct.UnsignedRemainder : Construct.Arithmetic);
        int form = rng.Below(3);
        if (form == 0 && Use(Construct.DivisionByConstant))
        {
            Note();
            var c = RandomLit(t);
            var sv = c.SignedValue;
            if (sv == 0 || (t.Signed && sv == -1)) c = Lit.Of(t, (UInt128)rng.Range(2, 9));
            return new Binary(t, op, dividend, c);
        }
        bool combinational = s.Combinational || s.InHelper;
        if (form == 1 && Can(Construct.DivisionByNonZeroVariable) && (!s.Combinational || Can(Construct.CombinationalDivisionByInput)))
        {
            Use(Construct.DivisionByNonZeroVariable);
            if (s.Combinational) Use(Construct.CombinationalDivisionByInput);
            if (s.InHelper && s.Self is not null) variableDividers.Add(s.Self.Name);
            Note();
            var y = NonConstant(t, s, depth - 1);
            Expr divisor = t.Signed
                ? new Binary(t, "|", new Binary(t, "&", y, Lit.Of(t, t.Mask >> 1)), Lit.Of(t, 1))
                : new Binary(t, "|", y, Lit.Of(t, 1));
            return new Binary(t, op, dividend, divisor);
        }
        if (form == 2 && Can(Construct.GuardedDivision) && (!combinational || Can(Construct.CombinationalDivisionByInput)))
        {
            Use(Construct.GuardedDivision);
            if (s.InHelper && s.Self is not null) variableDividers.Add(s.Self.Name);
            Note();
            var y = NonConstant(t, s, depth - 1);
            var guard = new Compare(t.Signed ? ">" : "!=", y, Lit.Zero(t));
            return new Conditional(t, guard, new Binary(t, op, dividend, y), Gen(t, s, depth - 1));
        }
        return null;
    }

    // ---- statements ------------------------------------------------------------------------------

    List<Stmt> Statements(Scope s, int count, int nesting, bool declare)
    {
        var list = new List<Stmt>();
        for (int i = 0; i < count; i++)
        {
            int r = rng.Below(10);
            if (declare && r < 3 && Use(Construct.Local))
            {
                var t = RandomType(allowWide: true);
                var name = Fresh("v");
                list.Add(new Declare(t, name, Value(t, s, options.MaxExpressionDepth)));
                var local = new Ref(t, name);
                s.Readable.Add(local);
                s.Targets.Add(local);
                continue;
            }
            if (r < 6 || nesting <= 0)
            {
                if (Assignment(s) is { } a) list.Add(a);
                continue;
            }
            if (r == 6 && Use(Construct.If))
            {
                var then = Statements(s, rng.Range(1, 3), nesting - 1, false);
                var els = rng.Chance(0.5) ? Statements(s, rng.Range(1, 2), nesting - 1, false) : [];
                list.Add(new If(Gen(HType.Bool, s, 2), then, els));
                continue;
            }
            if (r == 7) { list.Add(GenerateSwitch(s, nesting)); continue; }
            if (r == 8 && s.LoopDepth == 0 && Use(Construct.ForLoop))
            {
                bool negative = Can(Construct.NegativeIntToUnsigned) && rng.Chance(0.3);
                int from = negative ? -rng.Range(1, 3) : 0, to = rng.Range(1, 4);
                string? bound = null;
                if (!negative && s.BusArrays.Count > 0 && rng.Chance(0.4) && Use(Construct.BusArray))
                {
                    // for (int i = 0; i < In.A0.Length; i++)
                    var a = rng.Pick(s.BusArrays);
                    to = a.Length;
                    bound = a.Name + ".Length";
                }
                if (bound is null && !negative && wordScope && rng.Chance(0.4))
                {
                    Use(Construct.GenericWord);
                    to = wordTableLength;
                    bound = WordRef + ".T.Length";
                }
                s.Loop = (from, to);
                s.LoopDepth++;
                var loopVar = new Ref(HType.Int, "i", Static: true);
                s.Readable.Add(loopVar);
                used.Add(Construct.LoopVariable);
                var body = Statements(s, rng.Range(1, 3), nesting - 1, false);
                if (negative)
                {
                    Use(Construct.NegativeIntToUnsigned);
                    var targets = s.Targets.Where(x => x.Type == HType.UInt).ToList();
                    if (targets.Count > 0) body.Add(new Assign(rng.Pick(targets), "+", new Cast(HType.UInt, loopVar)));
                }
                s.Readable.Remove(loopVar);
                s.LoopDepth--;
                s.Loop = null;
                list.Add(new For("i", from, to, body, bound));
                continue;
            }
            if (Assignment(s) is { } b) list.Add(b);
        }
        return list;
    }

    Stmt GenerateSwitch(Scope s, int nesting)
    {
        var enumTypes = enums.Where(e => s.Readable.Any(r => r.Type == e)).ToList();
        bool onEnum = enumTypes.Count > 0 && rng.Chance(0.5) && Use(Construct.SwitchOnEnum);
        HType t = onEnum ? rng.Pick(enumTypes) : rng.Pick(HType.Narrow);
        if (!onEnum) Use(Construct.SwitchOnInteger);
        var selector = onEnum ? Leaf(t, s, nonConstant: true) : NonConstant(t, s, 1);
        var labels = new List<Lit>();
        int wanted = onEnum ? rng.Range(1, t.EnumMembers) : rng.Range(1, 4);
        for (int tries = 0; labels.Count < wanted && tries < 20; tries++)
        {
            var l = onEnum ? RandomLit(t) : rng.Chance(0.5) ? Lit.Of(t, (UInt128)rng.Below(4)) : RandomLit(t);
            if (!labels.Any(x => x.Bits == l.Bits)) labels.Add(l);
        }
        var cases = new List<(IReadOnlyList<Lit>, IReadOnlyList<Stmt>)>();
        for (int i = 0; i < labels.Count;)
        {
            int n = Math.Min(labels.Count - i, rng.Range(1, 2));
            cases.Add((labels.GetRange(i, n), Statements(s, rng.Range(0, 2), nesting - 1, false)));
            i += n;
        }
        bool defaultFirst = Can(Construct.SwitchDefaultNotLast) && rng.Chance(0.3);
        if (defaultFirst) Use(Construct.SwitchDefaultNotLast);
        return new Switch(selector, cases, Statements(s, rng.Range(0, 2), nesting - 1, false), defaultFirst ? rng.Below(cases.Count) : cases.Count);
    }

    Stmt? Assignment(Scope s)
    {
        var targets = s.Targets.ToList();
        var writable = s.WritableArrays.ToList();
        if (targets.Count == 0 && writable.Count == 0) return null;
        Expr target;
        if (writable.Count > 0 && (targets.Count == 0 || rng.Chance(0.25)))
        {
            var a = rng.Pick(writable);
            used.Add(Construct.RegisterFile);
            target = new Element(a.Element, a.Name, Index(a.Length, s));
        }
        else target = rng.Pick(targets);
        var t = target.Type;
        if (t.IsInteger && !t.IsWord && rng.Chance(0.15) && Use(Construct.IncrementDecrement)) return new IncDec(target, rng.Pick(new[] { "++", "--" }));
        if (!t.IsEnum && rng.Chance(0.35) && Use(Construct.CompoundAssignment))
        {
            if (t.IsBool) return new Assign(target, rng.Pick(new[] { "&", "|", "^" }), Value(t, s, 2));
            var op = rng.Pick(new[] { "+", "-", "*", "&", "|", "^", "<<", ">>" });
            if (op is "<<" or ">>") { Use(Construct.Shift); return new Assign(target, op, Lit.Of(HType.Int, (UInt128)rng.Below(t.IsWord ? 20 : t.Bits))); }
            return new Assign(target, op, Value(t, s, 2));
        }
        return new Assign(target, "", Value(t, s, options.MaxExpressionDepth));
    }

    /// <summary>
    /// A value to store in a variable: GHDL's synthesis propagates static values through variables, so
    /// unless <see cref="Construct.StaticOperands"/> is on, a stored value is never static.
    /// </summary>
    Expr Value(HType t, Scope s, int depth)
    {
        var e = Gen(t, s, depth);
        if (!e.IsStatic) return e;
        if (Can(Construct.StaticOperands)) { Use(Construct.StaticOperands); return e; }
        return Leaf(t, s, nonConstant: true);
    }

    static bool WritesTo(Stmt s, string name) => s switch
    {
        Assign { Target: Ref r } a => r.Text == name && a.Op == "" && !a.Value.IsStatic,
        _ => false,
    };

    // ---- helpers ---------------------------------------------------------------------------------

    HelperModel GenerateHelper()
    {
        var result = RandomType(allowWide: true);
        var parameters = new List<(HType, string)>();
        for (int p = rng.Range(1, 3); p > 0; p--) parameters.Add((RandomType(allowWide: true, allowBool: false), $"a{parameters.Count}"));
        if (!parameters.Any(p => p.Item1.IsInteger && !p.Item1.IsWide)) parameters.Add((HType.UInt, $"a{parameters.Count}"));
        var name = $"H{helpers.Count}";
        var self = new HelperModel(name, result, parameters, []);
        var s = new Scope { InHelper = true, Self = self };
        foreach (var (t, n) in parameters) s.Readable.Add(new Ref(t, n));
        var body = Statements(s, rng.Range(0, options.MaxStatements / 2), 1, true);
        if (rng.Chance(0.3))
            body.Add(new If(Gen(HType.Bool, s, 2), [new Return(Gen(result, s, options.MaxExpressionDepth))], []));
        body.Add(new Return(Gen(result, s, options.MaxExpressionDepth)));
        Use(Construct.HelperCall);
        return self with { Body = body };
    }

    // ---- generic word types ----------------------------------------------------------------------

    /// <summary>
    /// The generic class <c>U0_Word&lt;W&gt;</c>: the word's size, a static readonly rotate amount and a
    /// W scalar computed from it (values per closed type), a table of W (literal or computed from the
    /// size), and one or two helpers over W.
    /// </summary>
    void GenerateWordClass()
    {
        Use(Construct.GenericWord);
        int length = Can(Construct.GuardedIndex) && rng.Chance(0.25) ? rng.Range(3, 6) : 1 << rng.Range(1, 3);
        wordTableLength = length;
        string rotation = rng.Below(3) switch
        {
            0 => $"Bits / 2 - {rng.Range(1, 3)}",
            1 => $"Bits == 8 ? {rng.Range(1, 7)} : Bits == 16 ? {rng.Range(1, 15)} : Bits == 32 ? {rng.Range(1, 31)} : Bits == 64 ? {rng.Range(1, 63)} : {rng.Range(1, 127)}",
            _ => $"Bits * 3 / 4 + {rng.Range(0, 3)}",
        };
        string table = rng.Chance(0.5)
            ? $"[{string.Join(", ", Enumerable.Range(0, length).Select(_ => RandomWord().Render()))}]"
            : $"[.. System.Linq.Enumerable.Select(System.Linq.Enumerable.Range(1, {length}), i => W.CreateTruncating(0x{rng.Next():X}UL * (ulong)i) >> (Bits / {rng.Pick(new[] { 2, 4, 8 })}))]";
        wordMembers =
        [
            "public static readonly int Bits = System.Runtime.CompilerServices.Unsafe.SizeOf<W>() * 8;",
            $"public static readonly int R = {rotation};",
            $"public static readonly W S = {RandomWord().Render()} ^ (W.AllBitsSet >> (Bits - {rng.Range(1, 8)}));",
            $"public static readonly W[] T = {table};",
        ];
        for (int h = rng.Range(1, 2); h > 0; h--) helpers.Add(GenerateWordHelper());
    }

    /// <summary>What generic code reads of the word class: its size, rotate amount and W scalar; and its table.</summary>
    void AddWordClass(Scope s)
    {
        s.Readable.Add(new Ref(HType.Int, WordRef + ".Bits", Static: true));
        s.Readable.Add(new Ref(HType.Int, WordRef + ".R", Static: true));
        s.Readable.Add(new Ref(HType.Word, WordRef + ".S", Static: true));
        s.Arrays.Add((WordRef + ".T", HType.Word, wordTableLength));
    }

    HelperModel GenerateWordHelper()
    {
        wordScope = true;
        var result = rng.Chance(0.7) ? HType.Word : RandomType(allowWide: true, allowWord: false);
        var parameters = new List<(HType, string)> { (HType.Word, "a0") };
        for (int p = rng.Range(0, 2); p > 0; p--) parameters.Add((RandomType(allowWide: true, allowBool: false), $"a{parameters.Count}"));
        if (!parameters.Any(p => p.Item1.IsInteger && !p.Item1.IsWide && !p.Item1.IsWord)) parameters.Add((HType.UInt, $"a{parameters.Count}"));
        var self = new HelperModel($"G{helpers.Count(h => h.Word)}", result, parameters, [], Word: true);
        var s = new Scope { InHelper = true, Self = self };
        foreach (var (t, n) in parameters) s.Readable.Add(new Ref(t, n));
        AddWordClass(s);
        var body = Statements(s, rng.Range(0, options.MaxStatements / 2), 1, true);
        if (rng.Chance(0.3))
            body.Add(new If(Gen(HType.Bool, s, 2), [new Return(Gen(result, s, options.MaxExpressionDepth))], []));
        body.Add(new Return(Gen(result, s, options.MaxExpressionDepth)));
        Use(Construct.HelperCall);
        wordScope = false;
        return self with { Body = body };
    }

    /// <summary>The closed types of a generic process's instances: one, two different ones, the same one twice, or three.</summary>
    List<HType> PickWords()
    {
        var a = rng.Pick(HType.Words);
        var b = rng.Pick(HType.Words.Where(x => x != a).ToList());
        return rng.Below(10) switch
        {
            < 3 => [a],
            < 6 => [a, b],
            < 8 => [a, a],
            _ => [a, b, a],
        };
    }

    // ---- processes -------------------------------------------------------------------------------

    ProcessModel GenerateProcess(int k, List<ProcessModel> earlier, List<SignalModel> input, List<Expr> nested)
    {
        bool clocked = rng.Chance(0.55);
        Use(clocked ? Construct.ClockedProcess : Construct.CombinationalProcess);
        var cls = $"{prefix}_P{k}";
        var s = new Scope { Combinational = !clocked };
        var inputs = new List<InputModel> { new("In", $"{prefix}_In", null) };
        foreach (var sig in input) AddReadable(s, "In", sig);
        // a generic process P<W> (one entity per closed type)
        bool generic = wordMembers is not null && rng.Chance(k == 0 ? 0.7 : 0.45);
        List<HType>? words = null;
        if (generic) { Use(Construct.GenericWord); wordScope = true; }
        if (earlier.Count > 0 && rng.Chance(0.6))
        {
            int from = rng.Below(earlier.Count);
            var up = earlier[from];
            if (up.Words is { } uw)
            {
                Use(Construct.GenericWord);
                if (generic && rng.Chance(0.6))
                {
                    // the bus read open (U0_P0_Out<W>): instances closed with the types of the upstream's instances
                    var closedTypes = uw.Distinct().ToList();
                    words = [.. Enumerable.Range(0, rng.Range(1, 3)).Select(_ => rng.Pick(closedTypes))];
                    inputs.Add(new InputModel("Up", up.OutInterface + "<W>", from, "W"));
                    foreach (var sig in up.Outputs.Where(o => !o.Type.IsWide)) AddReadable(s, "Up", sig);
                }
                else
                {
                    // the bus read closed (U0_P0_Out<uint>), its W signals of that type
                    var c = rng.Pick(uw);
                    inputs.Add(new InputModel("Up", $"{up.OutInterface}<{c.Name}>", from, c.Name));
                    foreach (var sig in up.Outputs.Select(o => o with { Type = o.Type.Close(c) }).Where(o => !o.Type.IsWide)) AddReadable(s, "Up", sig);
                }
            }
            else
            {
                inputs.Add(new InputModel("Up", up.OutInterface, from));
                foreach (var sig in up.Outputs.Where(o => !o.Type.IsWide)) AddReadable(s, "Up", sig);
            }
        }
        if (generic)
        {
            words ??= PickWords();
            AddWordClass(s);
        }
        s.Readable.AddRange(nested);
        if (nested.Count > 0) Use(Construct.NestedStaticScalars);

        // generics: one value per instance
        int instances = words is not null ? words.Count : rng.Chance(0.3) && Use(Construct.MultipleInstances) ? rng.Range(2, 3) : 1;
        if (words is { Count: > 1 }) Use(Construct.MultipleInstances);
        var generics = new List<GenericModel>();
        for (int g = rng.Range(instances > 1 && words is null ? 1 : 0, 3); g > 0; g--)
        {
            if (!Use(Construct.Generic)) break;
            var t = RandomType(allowEnum: false, allowWord: false);
            // the back end labels the VHDL process "tick" (clocked) or "logic" (combinational)
            string label = clocked ? "tick" : "logic";
            string name = g == 1 && Can(Construct.GenericNamedLikeLabel) && rng.Chance(0.3) ? label : $"k{generics.Count}";
            if (name == label) Use(Construct.GenericNamedLikeLabel);
            generics.Add(new GenericModel(t.Name, name, [.. Enumerable.Range(0, instances).Select(_ => RandomLit(t).Render())]));
            s.Readable.Add(new Ref(t, name, Static: true));
        }
        var members = new List<string>();
        if (!clocked && Can(Construct.SharedArray) && instances > 1 && tables.Any(t => t.Name.EndsWith(".Shared")) && rng.Chance(0.5))
        {
            Use(Construct.SharedArray);
            generics.Add(new GenericModel("uint[]", "shared", [.. Enumerable.Range(0, instances).Select(_ => $"{prefix}_Tables.Shared")]));
            s.Arrays.Add(("shared", HType.UInt, 4));
        }
        if (rng.Chance(0.3) && Use(Construct.ConstField))
        {
            var t = rng.Pick(HType.Narrow);
            var c = RandomLit(t);
            members.Add($"const {t.Name} C0 = {c.Render()};");
            s.Readable.Add(new Ref(t, "C0", Constant: true));
        }
        if (clocked)
        {
            for (int r = rng.Range(1, 3); r > 0; r--)
            {
                var t = RandomType(allowWide: true);
                string name = Fresh("r");
                if (t.IsEnum && Can(Construct.FieldNamedLikeEnum) && rng.Chance(0.4) && !members.Any(m => m.StartsWith(t.Name + " " + t.Name)))
                {
                    Use(Construct.FieldNamedLikeEnum);
                    name = t.Name;
                }
                Use(t.IsEnum ? Construct.EnumRegister : Construct.Register);
                members.Add($"{t.Name} {name} = {RandomLit(t).Render()};");
                var reg = new Ref(t, name);
                s.Readable.Add(reg);
                s.Targets.Add(reg);
            }
            if (rng.Chance(0.35) && Use(Construct.RegisterFile))
            {
                var t = rng.Pick(HType.Narrow);
                int length = 1 << rng.Range(1, 3);
                var name = Fresh("rf");
                members.Add($"{t.Name}[] {name} = new {t.Name}[{length}];");
                s.Arrays.Add((name, t, length));
                s.WritableArrays.Add((name, t, length));
            }
        }
        else if (rng.Chance(0.3) && Use(Construct.ArrayConstant))
        {
            var t = rng.Pick(HType.Narrow);
            int length = 1 << rng.Range(1, 3);
            var name = Fresh("ca");
            members.Add($"readonly {t.Name}[] {name} = [{string.Join(", ", Enumerable.Range(0, length).Select(_ => RandomLit(t).Render()))}];");
            s.Arrays.Add((name, t, length));
        }

        var body = Statements(s, rng.Range(1, options.MaxStatements), 2, true);
        if (!Can(Construct.StaticOperands))
        {
            // a register that is never written is a constant to GHDL's synthesis: write each one
            foreach (var reg in s.Targets.OfType<Ref>().Where(r => !r.Text.StartsWith('v')).ToList())
                if (!body.Any(st => WritesTo(st, reg.Text)))
                {
                    s.Readable.Remove(reg);
                    body.Add(new Assign(reg, "", Leaf(reg.Type, s, nonConstant: true)));
                    s.Readable.Add(reg);
                }
        }
        else if (clocked) Use(Construct.StaticOperands);
        var outputs = new List<SignalModel>();
        for (int o = rng.Range(1, 3); o > 0; o--)
        {
            var t = RandomType(allowWide: true);
            var sig = new SignalModel($"O{outputs.Count}", t, null, clocked && !t.IsWide ? t.IsWord ? Lit.Zero(t) : RandomLit(t) : null);
            outputs.Add(sig);
            var write = new Assign(new Ref(t, $"Out.{sig.Name}"), "", Gen(t, s, options.MaxExpressionDepth));
            if (clocked && rng.Chance(0.3) && Use(Construct.HeldOutput)) body.Add(new If(Gen(HType.Bool, s, 2), [write], []));
            else body.Add(write);
        }
        if (rng.Chance(0.25) && Use(Construct.BusArray))
            for (int a = rng.Range(1, 2); a > 0; a--)
            {
                var t = RandomType(allowWide: true);
                int? width = ArrayWidth(t);
                var init = clocked && !t.IsWide ? t.IsWord ? Lit.Zero(t) : RandomLit(t) : null;
                if (init is not null && width is { } w) init = Lit.Of(t, init.Bits & ((UInt128.One << w) - 1));
                var sig = new SignalModel($"Q{outputs.Count(o => o.IsArray)}", t, width, init, rng.Range(1, 5));
                outputs.Add(sig);
                body.AddRange(ArrayWrites(sig, s, clocked));
            }
        RamModel? ram = null;
        // (not in a generic process: the RAM's bus W would be named like the type parameter)
        if (clocked && words is null && rng.Chance(0.2) && Use(Construct.Ram))
        {
            var rt = rng.Pick(new[] { HType.UInt, HType.Byte, HType.ULong, HType.UShort, HType.Int });
            ram = new RamModel(rt, 1 << rng.Range(1, 4));
            var mask = Lit.Of(HType.UInt, (UInt128)(ram.Depth - 1));
            body.Add(new Assign(new Ref(HType.Bool, "W.Enable"), "", Gen(HType.Bool, s, 2)));
            body.Add(new Assign(new Ref(HType.UInt, "W.Address"), "", new Binary(HType.UInt, "&", NonConstant(HType.UInt, s, 2), mask)));
            body.Add(new Assign(new Ref(rt, "W.Data"), "", Gen(rt, s, 2)));
            body.Add(new Assign(new Ref(HType.Bool, "R.Enable"), "", Gen(HType.Bool, s, 2)));
            body.Add(new Assign(new Ref(HType.UInt, "R.Address"), "", new Binary(HType.UInt, "&", NonConstant(HType.UInt, s, 2), mask)));
        }
        wordScope = false;
        return new ProcessModel(cls, clocked, inputs, outputs, generics, members, body, ram, words);
    }
}
