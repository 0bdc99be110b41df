using System.Reflection;
using System.Text;
using Microsoft.CodeAnalysis;

namespace Hdl.Vhdl.Transpiler;

/// <summary>
/// Everything the entities of one design share, rendered as the package &lt;design&gt;_pkg:
/// subtypes, enumerations, table and register-file array types, tables (ROM constants), static
/// constants, the total arithmetic helpers (hdl_div, hdl_rem, hdl_index) and the translated static
/// helper functions.
/// </summary>
internal sealed class PackageBuilder
{
    public SourceSet Sources { get; }
    public string Name { get; }
    /// <summary>The package's names; every entity, process and function scope nests in it.</summary>
    public NameScope Scope { get; } = new();
    readonly SortedSet<int> unsignedWidths = [], signedWidths = [];
    readonly Dictionary<string, (Type Clr, string Name, string[] Literals)> enums = new(StringComparer.Ordinal);
    readonly Dictionary<IFieldSymbol, (string Name, VType Type)> scalars = new(SymbolEqualityComparer.Default);
    readonly Dictionary<IMethodSymbol, List<(IMethodSymbol Callee, SyntaxNode At)>> calls = new(SymbolEqualityComparer.Default);
    readonly SortedSet<string> support = new(StringComparer.Ordinal);
    readonly Dictionary<(string Elem, int Length), string> arrayTypes = [];
    readonly List<string> arrayTypeDecls = [];
    readonly Dictionary<IFieldSymbol, (string Name, VType Elem, int Length)> tables = new(SymbolEqualityComparer.Default);
    readonly List<string> constantDecls = [];
    readonly Dictionary<IMethodSymbol, string> functions = new(SymbolEqualityComparer.Default);
    readonly Queue<IMethodSymbol> pendingFunctions = new();
    readonly List<(string Declaration, string Body)> functionTexts = [];

    public PackageBuilder(SourceSet sources, string packageName)
    {
        Sources = sources;
        Name = packageName;
        Scope.Reserve(packageName);
    }

    /// <summary>The VHDL type of a C# type symbol.</summary>
    public VType TypeOf(ITypeSymbol t, SyntaxNode? at = null)
    {
        VType v = t.TypeKind == TypeKind.Enum ? EnumType(t) : t.SpecialType switch
        {
            SpecialType.System_Boolean => VType.Bool,
            SpecialType.System_Byte => VType.U(8),
            SpecialType.System_UInt16 => VType.U(16),
            SpecialType.System_UInt32 => VType.U(32),
            SpecialType.System_UInt64 => VType.U(64),
            SpecialType.System_SByte => VType.S(8),
            SpecialType.System_Int16 => VType.S(16),
            SpecialType.System_Int32 => VType.S(32),
            SpecialType.System_Int64 => VType.S(64),
            _ => (t.ContainingNamespace?.ToDisplayString(), t.Name) switch
            {
                ("System", "UInt128") => VType.U(128),
                ("System", "Int128") => VType.S(128),
                ("Hdl", "BusArray") => throw Error(at, "a bus array is no value in hardware: read and write its elements (Input.Words[i]) or its Length"),
                _ => throw Error(at, $"type {t.ToDisplayString()} is not a hardware type (use bool, byte..ulong, sbyte..long, UInt128 or an enum)"),
            },
        };
        return Use(v);
    }

    /// <summary>The VHDL type of a CLR hardware type (with its [Width] narrowing).</summary>
    public VType TypeOf(HdlType t) => Use(VType.From(t, clr => EnumType(Sources.Symbol(clr)).EnumName!));

    public VType Use(VType v)
    {
        if (v.Kind == VKind.Unsigned) unsignedWidths.Add(v.Width);
        if (v.Kind == VKind.Signed) signedWidths.Add(v.Width);
        return v;
    }

    static Exception Error(SyntaxNode? at, string message) => at is null ? new TranspileException(message) : TranspileException.At(at, message);

    VType EnumType(ITypeSymbol t)
    {
        var key = t.ToDisplayString();
        if (!enums.TryGetValue(key, out var e))
        {
            var clr = Sources.ClrType((INamedTypeSymbol)t);
            HdlType.Of(clr); // checks the 0..n-1 numbering
            var name = Scope.Claim(t.Name);
            // The literals are package names too: claimed, so no field, port or local can hide them.
            e = (clr, name, [.. Enum.GetNames(clr).Select(n => Scope.Claim($"{name}_{n}"))]);
            enums[key] = e;
        }
        int n = Math.Max(Enum.GetValues(e.Clr).Length, 2);
        return new VType(VKind.Enum, (int)Math.Ceiling(Math.Log2(n)), e.Name);
    }

    public string EnumLiteral(VType t, long value)
    {
        var e = enums.Values.First(x => x.Name == t.EnumName);
        // HdlType.Of checked the members are numbered 0..n-1, so a value is its literal's position.
        if (value < 0 || value >= e.Literals.Length)
            throw new TranspileException($"{value} is not a member of enum {e.Clr.Name}: an enumeration in VHDL holds only its members");
        return e.Literals[value];
    }

    /// <summary>Name of the array type (0 to length-1) of <paramref name="elem"/>.</summary>
    public string ArrayType(VType elem, int length)
    {
        var key = (elem.Name, length);
        if (!arrayTypes.TryGetValue(key, out var name))
        {
            name = elem.IsVector ? Scope.ClaimVerbatim($"{elem.Name}_x{length}") : Scope.Claim($"{elem.Name}_x{length}");
            arrayTypes[key] = name;
            arrayTypeDecls.Add($"type {name} is array (0 to {length - 1}) of {elem.Name};");
        }
        return name;
    }

    /// <summary>A static readonly array: a ROM constant of the package, read once by reflection.</summary>
    public (string Name, VType Elem, int Length) Table(IFieldSymbol field, SyntaxNode at)
    {
        if (tables.TryGetValue(field, out var t)) return t;
        var elemSym = ((IArrayTypeSymbol)field.Type).ElementType;
        var elem = TypeOf(elemSym, at);
        var array = (Array)(ReadStatic(field, at) ?? throw Error(at, $"table {field.Name} is null"));
        if (array.Rank != 1) throw Error(at, $"table {field.Name} must be a one-dimensional array");
        var name = Scope.Claim($"{OwnerName(field.ContainingType)}_{field.Name}");
        var type = ArrayType(elem, array.Length);
        constantDecls.Add($"constant {name} : {type} := {Aggregate(array, elem)};");
        tables[field] = t = (name, elem, array.Length);
        return t;
    }

    /// <summary>A static readonly scalar: a package constant, one per field symbol (never per name).</summary>
    public (string Name, VType Type) StaticScalar(IFieldSymbol field, SyntaxNode at)
    {
        // The symbol as used (Foo<int>.X and Foo<uint>.X are two fields with two values).
        if (scalars.TryGetValue(field, out var c)) return c;
        var type = TypeOf(field.Type, at);
        var value = ReadStatic(field, at) ?? throw Error(at, $"{field.Name} is null");
        string literal;
        try { literal = Value(value, type); }
        catch (TranspileException e) { throw Error(at, e.Message); }
        var name = Scope.Claim($"{OwnerName(field.ContainingType)}_{field.Name}");
        constantDecls.Add($"constant {name} : {type.Name} := {literal};");
        return scalars[field] = (name, type);
    }

    /// <summary>Notes that <paramref name="name"/> (<see cref="TotalArithmetic"/>, <see cref="StaticSafeForms"/>, <see cref="SimulationFastForms"/>) is used, so the package defines it.</summary>
    public string Support(string name)
    {
        support.Add(name);
        return name;
    }

    /// <summary>Records a call from a helper (null: from a process) for the recursion check.</summary>
    public void Call(IMethodSymbol? caller, IMethodSymbol callee, SyntaxNode at)
    {
        if (caller is null) return;
        caller = caller.OriginalDefinition;
        if (!calls.TryGetValue(caller, out var list)) calls[caller] = list = [];
        list.Add((callee.OriginalDefinition, at));
    }

    /// <summary>The bits of a static readonly integer scalar (a constant of a generic class's instantiation, say), or null for any other field.</summary>
    public UInt128? StaticBits(IFieldSymbol field, SyntaxNode at) =>
        field.IsStatic && field.IsReadOnly && field.Type.SpecialType is >= SpecialType.System_SByte and <= SpecialType.System_UInt64
            ? Bits(ReadStatic(field, at)!) : null;

    object? ReadStatic(IFieldSymbol field, SyntaxNode at)
    {
        var clr = Sources.ClrType(field.ContainingType);
        var fi = clr.GetField(field.Name, BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic)
            ?? throw Error(at, $"static field {field.Name} not found in {clr.FullName}");
        return fi.GetValue(null);
    }

    /// <summary>The VHDL literal of a boxed C# value of type <paramref name="t"/>.</summary>
    public string Value(object value, VType t) =>
        VhdlText.Literal(t, Bits(value), v => EnumLiteral(t, v));

    public static UInt128 Bits(object value) => value switch
    {
        bool b => b ? 1u : 0u,
        UInt128 u => u,
        Int128 s => (UInt128)s,
        Enum e => (UInt128)Convert.ToUInt64(e),
        sbyte or short or int or long => (UInt128)(Int128)Convert.ToInt64(value),
        byte or ushort or uint or ulong => (UInt128)Convert.ToUInt64(value),
        _ => throw new TranspileException($"value {value} of type {value.GetType().Name} is not a hardware value"),
    };

    /// <summary>An aggregate for an array constant, eight elements a line.</summary>
    public string Aggregate(Array array, VType elem)
    {
        var sb = new StringBuilder("(");
        for (int i = 0; i < array.Length; i++)
        {
            if (i > 0) sb.Append(", ");
            if (i % 8 == 0) sb.Append("\n    ");
            var v = Value(array.GetValue(i)!, elem);
            // Inside an aggregate of a known element type the qualification is noise.
            sb.Append(elem.IsVector ? v[(v.IndexOf('(') + 1)..^1] : v);
        }
        if (array.Length == 1) sb.Insert(1, "0 => ");
        return sb.Append(')').ToString();
    }

    /// <summary>
    /// The name a class gives its constants and functions: its own, with the VHDL types of its type
    /// arguments for an instantiation of a generic class (<c>Sha2Math_u32</c>).
    /// </summary>
    string OwnerName(INamedTypeSymbol type) => !type.IsGenericType ? type.Name
        : $"{type.Name}_{string.Join("_", type.TypeArguments.Select(a => TypeOf(a).Name.Replace("hdl_", "")))}";

    /// <summary>The VHDL name of a static helper (of an instantiation, for a generic class's), queuing its translation.</summary>
    public string Function(IMethodSymbol method)
    {
        if (!method.ContainingType.IsGenericType) method = method.OriginalDefinition;
        if (!functions.TryGetValue(method, out var name))
        {
            name = Scope.Claim($"{OwnerName(method.ContainingType)}_{method.Name}");
            functions[method] = name;
            pendingFunctions.Enqueue(method);
        }
        return name;
    }

    /// <summary>Translates every queued helper (helpers may queue more).</summary>
    public void TranslateFunctions()
    {
        while (pendingFunctions.TryDequeue(out var m))
            functionTexts.Add(FunctionTranslator.Translate(this, m, functions[m]));
        CheckNoRecursion();
    }

    /// <summary>
    /// A helper that calls itself, directly or through others, has no bound on its depth: hardware
    /// cannot unroll it (GHDL's synthesis and simulation do not survive it). An error at the call
    /// that closes the cycle.
    /// </summary>
    void CheckNoRecursion()
    {
        foreach (var (at, cycle) in Hdl.Analyzers.HelperCycles.Find(calls, functions.Keys))
            throw TranspileException.At(at, Hdl.Analyzers.HelperCycles.Message(cycle));
    }

    public string Render()
    {
        TranslateFunctions();
        var sb = new StringBuilder();
        sb.Append(VhdlFile.Header);
        sb.Append("library ieee;\nuse ieee.std_logic_1164.all;\nuse ieee.numeric_std.all;\n\n");
        sb.Append($"package {Name} is\n");
        foreach (var w in unsignedWidths) sb.Append($"  subtype hdl_u{w} is unsigned({w - 1} downto 0);\n");
        foreach (var w in signedWidths) sb.Append($"  subtype hdl_s{w} is signed({w - 1} downto 0);\n");
        foreach (var (_, name, literals) in enums.Values.OrderBy(e => e.Name, StringComparer.Ordinal))
            sb.Append($"  type {name} is ({string.Join(", ", literals)});\n");
        foreach (var d in arrayTypeDecls) sb.Append("  ").Append(d).Append('\n');
        foreach (var d in constantDecls) sb.Append("  ").Append(d.Replace("\n", "\n  ")).Append('\n');
        var supportTexts = support.SelectMany(n => StaticSafeForms.Defines(n) ? StaticSafeForms.Functions(n)
            : SimulationFastForms.Defines(n) ? SimulationFastForms.Functions(n) : TotalArithmetic.Functions(n)).ToList();
        foreach (var (decl, _) in supportTexts.Concat(functionTexts)) sb.Append("  ").Append(decl).Append(";\n");
        sb.Append($"end package;\n\npackage body {Name} is\n");
        foreach (var (_, body) in supportTexts.Concat(functionTexts)) sb.Append(body).Append('\n');
        sb.Append("end package body;\n");
        return sb.ToString();
    }
}

internal static class VhdlFile
{
    public const string Header = "-- Generated by sme-crypto's transpiler from the C# sources. Do not edit.\n";
}
