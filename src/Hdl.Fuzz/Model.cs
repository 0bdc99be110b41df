using System.Globalization;
using System.Text;

namespace Hdl.Fuzz;

/// <summary>A hardware C# type: bool, an integer type, or an enum of the generated design.</summary>
public sealed record HType(string Name, int Bits, bool Signed, int EnumMembers = 0)
{
    public bool IsBool => Name == "bool";
    public bool IsEnum => EnumMembers > 0;
    public bool IsInteger => !IsBool && !IsEnum;
    /// <summary>byte, sbyte, ushort, short: C# promotes them to int in arithmetic.</summary>
    public bool IsPromoted => IsInteger && Bits < 32;
    public bool IsWide => IsInteger && Bits == 128 && !IsWord;
    /// <summary>
    /// The type parameter W of generic code (<c>W : unmanaged, IBinaryInteger&lt;W&gt;, IUnsignedNumber&lt;W&gt;</c>):
    /// an unsigned integer of unknown width (its literals are taken at 128 bits and truncated by
    /// <c>W.CreateTruncating</c>); each instantiation is one of <see cref="Words"/>.
    /// </summary>
    public bool IsWord => Name == "W";

    public static readonly HType Bool = new("bool", 1, false);
    public static readonly HType Byte = new("byte", 8, false), SByte = new("sbyte", 8, true);
    public static readonly HType UShort = new("ushort", 16, false), Short = new("short", 16, true);
    public static readonly HType UInt = new("uint", 32, false), Int = new("int", 32, true);
    public static readonly HType ULong = new("ulong", 64, false), Long = new("long", 64, true);
    public static readonly HType UInt128 = new("UInt128", 128, false), Int128 = new("Int128", 128, true);

    public static readonly HType[] Integers = [Byte, SByte, UShort, Short, UInt, Int, ULong, Long, UInt128, Int128];
    public static readonly HType[] Narrow = [Byte, SByte, UShort, Short, UInt, Int, ULong, Long];
    /// <summary>The type parameter of generic processes, buses and helpers, and the types it is closed with.</summary>
    public static readonly HType Word = new("W", 128, false);
    public static readonly HType[] Words = [Byte, UShort, UInt, ULong, UInt128];
    public const string WordConstraint = "where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>";

    /// <summary>This type with W read as <paramref name="closed"/>.</summary>
    public HType Close(HType closed) => IsWord ? closed : this;

    public UInt128 Mask => Bits >= 128 ? System.UInt128.MaxValue : ((System.UInt128)1 << Bits) - 1;
    public override string ToString() => Name;
}

// ---- expressions ----------------------------------------------------------------------------------

/// <summary>An expression of a known type. Rendering makes every C# conversion explicit.</summary>
public abstract record Expr(HType Type)
{
    /// <summary>True when C# folds it to a constant (then out-of-range casts are compile errors).</summary>
    public abstract bool IsConstant { get; }
    /// <summary>
    /// True when the value is fixed at elaboration (literals, constants, generics, loop variables and
    /// what is computed from them only): GHDL's synthesis evaluates such operators itself.
    /// </summary>
    public virtual bool IsStatic => Children.All(c => c.IsStatic);
    public abstract IEnumerable<Expr> Children { get; }
    public abstract Expr WithChildren(IReadOnlyList<Expr> children);
    public abstract string Render();
    public int Size => 1 + Children.Sum(c => c.Size);
}

/// <summary>A literal; <paramref name="Bits"/> holds the value's two's complement bits at the type's width.</summary>
public sealed record Lit(HType T, UInt128 Bits, string? EnumName = null) : Expr(T)
{
    public override bool IsConstant => !T.IsWide;
    public override IEnumerable<Expr> Children => [];
    public override Expr WithChildren(IReadOnlyList<Expr> c) => this;

    public static Lit Of(HType t, UInt128 bits) => new(t, bits & t.Mask);
    public static Lit Zero(HType t) => t.IsEnum ? new Lit(t, 0, t.Name) : new Lit(t, 0);

    public Int128 SignedValue => T.Signed && T.Bits < 128 && (Bits >> (T.Bits - 1) & 1) == 1
        ? (Int128)Bits - ((Int128)1 << T.Bits) : (Int128)Bits;

    /// <summary>
    /// A literal of W: <c>W.Zero</c>, <c>W.One</c>, <c>W.AllBitsSet</c>, or <c>W.CreateTruncating</c> of an
    /// int, of a negative long (bits 63 and up set: sign-extended), of a ulong or of a UInt128 (both
    /// truncated to narrower words).
    /// </summary>
    static string RenderWord(UInt128 bits)
    {
        if (bits == 0) return "W.Zero";
        if (bits == 1) return "W.One";
        if (bits == System.UInt128.MaxValue) return "W.AllBitsSet";
        if (bits <= int.MaxValue) return $"W.CreateTruncating({(int)bits})";
        if (bits >> 63 == System.UInt128.MaxValue >> 63) return $"W.CreateTruncating({(long)(ulong)bits}L)";
        if (bits <= ulong.MaxValue) return $"W.CreateTruncating(0x{(ulong)bits:X}UL)";
        return $"W.CreateTruncating(new UInt128(0x{(ulong)(bits >> 64):X}UL, 0x{(ulong)bits:X}UL))";
    }

    public override string Render()
    {
        if (T.IsBool) return Bits != 0 ? "true" : "false";
        if (T.IsEnum) return $"{T.Name}.M{(int)Bits}";
        if (T.IsWord) return RenderWord(Bits);
        if (T.IsWide)
        {
            string u = $"new UInt128(0x{(ulong)(Bits >> 64):X}UL, 0x{(ulong)Bits:X}UL)";
            return T.Signed ? $"((Int128){u})" : u;
        }
        string v = T.Signed ? SignedValue.ToString(CultureInfo.InvariantCulture) : Bits.ToString(CultureInfo.InvariantCulture);
        return T.Name switch
        {
            "int" => T.Signed && SignedValue < 0 ? $"({v})" : v,
            "uint" => v + "u",
            "long" => SignedValue < 0 ? $"({v}L)" : v + "L",
            "ulong" => v + "UL",
            _ => $"(({T.Name})({v}))",
        };
    }
}

/// <summary>A name: local, parameter, loop variable, bus signal, field, or constant.</summary>
public sealed record Ref(HType T, string Text, bool Constant = false, bool Static = false) : Expr(T)
{
    public override bool IsConstant => Constant;
    public override bool IsStatic => Constant || Static;
    public override IEnumerable<Expr> Children => [];
    public override Expr WithChildren(IReadOnlyList<Expr> c) => this;
    public override string Render() => Text;
}

public sealed record Unary(HType T, string Op, Expr Operand) : Expr(T)
{
    public override bool IsConstant => Operand.IsConstant;
    public override IEnumerable<Expr> Children => [Operand];
    public override Expr WithChildren(IReadOnlyList<Expr> c) => this with { Operand = c[0] };
    public override string Render() => T.IsBool || T.IsWord ? $"({Op}{Operand.Render()})" : $"(({T.Name})({Op}{Operand.Render()}))";
}

/// <summary>Arithmetic, bitwise or logical operator on two operands of the result's type.</summary>
public sealed record Binary(HType T, string Op, Expr Left, Expr Right) : Expr(T)
{
    public override bool IsConstant => Left.IsConstant && Right.IsConstant;
    public override IEnumerable<Expr> Children => [Left, Right];
    public override Expr WithChildren(IReadOnlyList<Expr> c) => this with { Left = c[0], Right = c[1] };
    public override string Render() => T.IsBool || !T.IsPromoted && T.Name is "int" or "uint" or "long" or "ulong" or "UInt128" or "Int128" or "W"
        ? $"({Left.Render()} {Op} {Right.Render()})"
        : $"(({T.Name})({Left.Render()} {Op} {Right.Render()}))";
}

/// <summary>A comparison of two operands of one type.</summary>
public sealed record Compare(string Op, Expr Left, Expr Right) : Expr(HType.Bool)
{
    public override bool IsConstant => Left.IsConstant && Right.IsConstant;
    public override IEnumerable<Expr> Children => [Left, Right];
    public override Expr WithChildren(IReadOnlyList<Expr> c) => this with { Left = c[0], Right = c[1] };
    public override string Render() => $"({Left.Render()} {Op} {Right.Render()})";
}

/// <summary><c>x &lt;&lt; n</c> / <c>x &gt;&gt; n</c> with an int amount.</summary>
public sealed record Shift(HType T, string Op, Expr Value, Expr Amount) : Expr(T)
{
    public override bool IsConstant => Value.IsConstant && Amount.IsConstant;
    public override IEnumerable<Expr> Children => [Value, Amount];
    public override Expr WithChildren(IReadOnlyList<Expr> c) => this with { Value = c[0], Amount = c[1] };
    public override string Render() => T.IsWord ? $"({Value.Render()} {Op} {Amount.Render()})" : $"(({T.Name})({Value.Render()} {Op} {Amount.Render()}))";
}

/// <summary>A rotate through <c>BitOperations</c> or the type's static method.</summary>
public sealed record Rotate(HType T, string Method, Expr Value, Expr Amount) : Expr(T)
{
    public override bool IsConstant => false;
    public override IEnumerable<Expr> Children => [Value, Amount];
    public override Expr WithChildren(IReadOnlyList<Expr> c) => this with { Value = c[0], Amount = c[1] };
    public override string Render() => $"{Method}({Value.Render()}, {Amount.Render()})";
}

/// <summary>
/// A conversion between integer types (or from an enum): <c>(T)(x)</c>, or <c>T.CreateTruncating(x)</c>
/// when either side is W (or <paramref name="Truncating"/>), which C# does not fold.
/// </summary>
public sealed record Cast(HType T, Expr Operand, bool Truncating = false) : Expr(T)
{
    bool Generic => Truncating || T.IsWord || Operand.Type.IsWord;
    public override bool IsConstant => Operand.IsConstant && !T.IsWide && !Operand.Type.IsWide && !Generic;
    public override IEnumerable<Expr> Children => [Operand];
    public override Expr WithChildren(IReadOnlyList<Expr> c) => this with { Operand = c[0] };
    public override string Render() => Generic ? $"{T.Name}.CreateTruncating({Operand.Render()})" : $"(({T.Name})({Operand.Render()}))";
}

public sealed record Conditional(HType T, Expr Condition, Expr WhenTrue, Expr WhenFalse) : Expr(T)
{
    public override bool IsConstant => Condition.IsConstant && WhenTrue.IsConstant && WhenFalse.IsConstant;
    /// <summary>A static condition selects a branch at elaboration (GHDL inlines <c>sel</c>).</summary>
    public override bool IsStatic => Condition.IsStatic ? WhenTrue.IsStatic || WhenFalse.IsStatic : WhenTrue.IsStatic && WhenFalse.IsStatic;
    public override IEnumerable<Expr> Children => [Condition, WhenTrue, WhenFalse];
    public override Expr WithChildren(IReadOnlyList<Expr> c) => this with { Condition = c[0], WhenTrue = c[1], WhenFalse = c[2] };
    public override string Render() => $"({Condition.Render()} ? {WhenTrue.Render()} : {WhenFalse.Render()})";
}

public sealed record Call(HType T, string Function, IReadOnlyList<Expr> Arguments) : Expr(T)
{
    public override bool IsConstant => false;
    /// <summary>A helper may return a value that does not depend on its arguments: taken as static.</summary>
    public override bool IsStatic => Function != "new UInt128" || Arguments.All(a => a.IsStatic);
    public override IEnumerable<Expr> Children => Arguments;
    public override Expr WithChildren(IReadOnlyList<Expr> c) => this with { Arguments = [.. c] };
    public override string Render() => $"{Function}({string.Join(", ", Arguments.Select(a => a.Render()))})";
    public bool Equals(Call? other) => other is not null && T == other.T && Function == other.Function && Arguments.SequenceEqual(other.Arguments);
    public override int GetHashCode() => HashCode.Combine(T, Function, Arguments.Count);
}

/// <summary>
/// <c>Array[(int)(Index)]</c>: the index expression keeps the index in range (a mask, a remainder or
/// the loop variable of a loop that stays in range). <paramref name="Signal"/>: an element of a bus
/// array (<c>In.A0[i]</c>, <c>Out.Q0[i]</c>), a signal and never static.
/// </summary>
public sealed record Element(HType T, string Array, Expr Index, bool Signal = false) : Expr(T)
{
    public override bool IsStatic => !Signal && Index.IsStatic && !Array.StartsWith("rf", StringComparison.Ordinal);
    public override bool IsConstant => false;
    public override IEnumerable<Expr> Children => [Index];
    public override Expr WithChildren(IReadOnlyList<Expr> c) => this with { Index = c[0] };
    public override string Render() => Index.Type == HType.Int ? $"{Array}[{Index.Render()}]" : $"{Array}[(int)({Index.Render()})]";
}

// ---- statements ----------------------------------------------------------------------------------

public abstract record Stmt
{
    public abstract void Render(StringBuilder sb, string indent);
    /// <summary>Nested statement lists (branches, loop body, switch sections).</summary>
    public virtual IReadOnlyList<IReadOnlyList<Stmt>> Blocks => [];
    public virtual Stmt WithBlocks(IReadOnlyList<IReadOnlyList<Stmt>> blocks) => this;
    public virtual IReadOnlyList<Expr> Exprs => [];
    public virtual Stmt WithExprs(IReadOnlyList<Expr> exprs) => this;
    public int Size => 1 + Exprs.Sum(e => e.Size) + Blocks.Sum(b => b.Sum(s => s.Size));
}

public sealed record Declare(HType T, string Name, Expr Value) : Stmt
{
    public override void Render(StringBuilder sb, string indent) => sb.Append($"{indent}{T.Name} {Name} = {Value.Render()};\n");
    public override IReadOnlyList<Expr> Exprs => [Value];
    public override Stmt WithExprs(IReadOnlyList<Expr> e) => this with { Value = e[0] };
}

/// <summary><c>target op= value;</c> (op "" for plain assignment).</summary>
public sealed record Assign(Expr Target, string Op, Expr Value) : Stmt
{
    public override void Render(StringBuilder sb, string indent) => sb.Append($"{indent}{Target.Render()} {Op}= {Value.Render()};\n");
    public override IReadOnlyList<Expr> Exprs => Target is Element ? [Target, Value] : [Value];
    public override Stmt WithExprs(IReadOnlyList<Expr> e) => Target is Element ? this with { Target = e[0], Value = e[1] } : this with { Value = e[0] };
}

public sealed record IncDec(Expr Target, string Op) : Stmt
{
    public override void Render(StringBuilder sb, string indent) => sb.Append($"{indent}{Target.Render()}{Op};\n");
}

public sealed record If(Expr Condition, IReadOnlyList<Stmt> Then, IReadOnlyList<Stmt> Else) : Stmt
{
    public override void Render(StringBuilder sb, string indent)
    {
        sb.Append($"{indent}if ({Condition.Render()})\n{indent}{{\n");
        foreach (var s in Then) s.Render(sb, indent + "    ");
        sb.Append($"{indent}}}\n");
        if (Else.Count == 0) return;
        sb.Append($"{indent}else\n{indent}{{\n");
        foreach (var s in Else) s.Render(sb, indent + "    ");
        sb.Append($"{indent}}}\n");
    }
    public override IReadOnlyList<IReadOnlyList<Stmt>> Blocks => [Then, Else];
    public override Stmt WithBlocks(IReadOnlyList<IReadOnlyList<Stmt>> b) => this with { Then = b[0], Else = b[1] };
    public override IReadOnlyList<Expr> Exprs => [Condition];
    public override Stmt WithExprs(IReadOnlyList<Expr> e) => this with { Condition = e[0] };
}

/// <summary>A switch statement; <paramref name="DefaultAt"/> is the position of the default section among the cases (Cases.Count: last).</summary>
public sealed record Switch(Expr Selector, IReadOnlyList<(IReadOnlyList<Lit> Labels, IReadOnlyList<Stmt> Body)> Cases,
    IReadOnlyList<Stmt> Default, int DefaultAt) : Stmt
{
    public override void Render(StringBuilder sb, string indent)
    {
        sb.Append($"{indent}switch ({Selector.Render()})\n{indent}{{\n");
        void Section(IEnumerable<string> labels, IReadOnlyList<Stmt> body)
        {
            foreach (var l in labels) sb.Append($"{indent}    {l}:\n");
            foreach (var s in body) s.Render(sb, indent + "        ");
            sb.Append($"{indent}        break;\n");
        }
        for (int i = 0; i <= Cases.Count; i++)
        {
            if (i == Math.Min(DefaultAt, Cases.Count)) Section(["default"], Default);
            if (i < Cases.Count) Section(Cases[i].Labels.Select(l => "case " + l.Render()), Cases[i].Body);
        }
        sb.Append($"{indent}}}\n");
    }
    public override IReadOnlyList<IReadOnlyList<Stmt>> Blocks => [.. Cases.Select(c => c.Body), Default];
    public override Stmt WithBlocks(IReadOnlyList<IReadOnlyList<Stmt>> b) =>
        this with { Cases = [.. Cases.Select((c, i) => (c.Labels, b[i]))], Default = b[Cases.Count] };
    public override IReadOnlyList<Expr> Exprs => [Selector];
    public override Stmt WithExprs(IReadOnlyList<Expr> e) => this with { Selector = e[0] };
    public bool Equals(Switch? o) => o is not null && Selector == o.Selector && DefaultAt == o.DefaultAt && Default.SequenceEqual(o.Default)
        && Cases.Count == o.Cases.Count && Cases.Zip(o.Cases).All(p => p.First.Labels.SequenceEqual(p.Second.Labels) && p.First.Body.SequenceEqual(p.Second.Body));
    public override int GetHashCode() => HashCode.Combine(Selector, Cases.Count, DefaultAt);
}

/// <summary><c>for (int v = From; v &lt; To; v++)</c>; <paramref name="Bound"/>, when set, is written for To (<c>In.A0.Length</c>, whose value To is).</summary>
public sealed record For(string Variable, int From, int To, IReadOnlyList<Stmt> Body, string? Bound = null) : Stmt
{
    public override void Render(StringBuilder sb, string indent)
    {
        sb.Append($"{indent}for (int {Variable} = {From}; {Variable} < {Bound ?? To.ToString(CultureInfo.InvariantCulture)}; {Variable}++)\n{indent}{{\n");
        foreach (var s in Body) s.Render(sb, indent + "    ");
        sb.Append($"{indent}}}\n");
    }
    public override IReadOnlyList<IReadOnlyList<Stmt>> Blocks => [Body];
    public override Stmt WithBlocks(IReadOnlyList<IReadOnlyList<Stmt>> b) => this with { Body = b[0] };
    public bool Equals(For? o) => o is not null && Variable == o.Variable && From == o.From && To == o.To && Bound == o.Bound && Body.SequenceEqual(o.Body);
    public override int GetHashCode() => HashCode.Combine(Variable, From, To);
}

public sealed record Return(Expr Value) : Stmt
{
    public override void Render(StringBuilder sb, string indent) => sb.Append($"{indent}return {Value.Render()};\n");
    public override IReadOnlyList<Expr> Exprs => [Value];
    public override Stmt WithExprs(IReadOnlyList<Expr> e) => this with { Value = e[0] };
}
