using System.Globalization;
using System.Text;
using Microsoft.CodeAnalysis;

namespace Hdl.Vhdl.Transpiler;

internal enum VKind { Bool, Unsigned, Signed, Enum, Integer }

/// <summary>A VHDL value type: boolean, unsigned(w), signed(w), an enumeration, or a loop integer.</summary>
internal sealed record VType(VKind Kind, int Width, string? EnumName = null)
{
    public static readonly VType Bool = new(VKind.Bool, 1);
    public static readonly VType Integer = new(VKind.Integer, 32);
    public static VType U(int w) => new(VKind.Unsigned, w);
    public static VType S(int w) => new(VKind.Signed, w);

    public bool IsVector => Kind is VKind.Unsigned or VKind.Signed;

    /// <summary>The package subtype name (hdl_u32, hdl_s8, boolean, the enum type).</summary>
    public string Name => Kind switch
    {
        VKind.Bool => "boolean",
        VKind.Unsigned => $"hdl_u{Width}",
        VKind.Signed => $"hdl_s{Width}",
        VKind.Enum => EnumName!,
        _ => "integer",
    };

    public static VType From(HdlType t, Func<Type, string> enumName) => t.Kind switch
    {
        HdlKind.Bool => Bool,
        HdlKind.Unsigned => U(t.Width),
        HdlKind.Signed => S(t.Width),
        _ => new VType(VKind.Enum, t.Width, enumName(t.ClrType)),
    };

    public override string ToString() => Name;
}

/// <summary>VHDL text of literals and conversions between value types.</summary>
internal static class VhdlText
{
    /// <summary>A literal of type <paramref name="t"/> holding <paramref name="bits"/> (two's complement).</summary>
    public static string Literal(VType t, UInt128 bits, Func<long, string>? enumLiteral = null)
    {
        switch (t.Kind)
        {
            case VKind.Bool: return bits != 0 ? "true" : "false";
            case VKind.Integer: return ((long)(ulong)bits).ToString(CultureInfo.InvariantCulture);
            case VKind.Enum: return enumLiteral!((long)(ulong)bits);
        }
        var mask = t.Width >= 128 ? UInt128.MaxValue : (UInt128.One << t.Width) - 1;
        bits &= mask;
        var prefix = t.Kind == VKind.Unsigned ? "unsigned'" : "signed'";
        return prefix + "(" + BitString(bits, t.Width) + ")";
    }

    /// <summary>x"..." when the width is a multiple of 4, else a binary string.</summary>
    public static string BitString(UInt128 bits, int width)
    {
        var sb = new StringBuilder();
        if (width % 4 == 0)
        {
            sb.Append("x\"");
            for (int i = width / 4 - 1; i >= 0; i--) sb.Append("0123456789ABCDEF"[(int)((bits >> (4 * i)) & 15)]);
        }
        else
        {
            sb.Append('"');
            for (int i = width - 1; i >= 0; i--) sb.Append(((bits >> i) & 1) != 0 ? '1' : '0');
        }
        return sb.Append('"').ToString();
    }

    /// <summary>
    /// Converts <paramref name="e"/> from <paramref name="from"/> to <paramref name="to"/> with C# semantics
    /// (wrap, sign-extend). <paramref name="support"/> notes a support function the text calls (a sign
    /// extension is <c>hdl_sext</c>, <see cref="StaticSafeForms"/>), so the package defines it.
    /// </summary>
    public static string Convert(string e, VType from, VType to, Func<string, string> support)
    {
        string SignExtend(string x, int width) => $"{support(StaticSafeForms.SignExtend)}({x}, {width})";
        if (from == to) return e;
        switch (from.Kind, to.Kind)
        {
            // A VHDL integer here is a C# int (a loop variable, a Length): as int, then C#'s conversion.
            // to_unsigned of a negative value, or to_signed to fewer bits, would stop the simulator.
            // The low bits of an integer up to 30 of them: mod 2**w is never negative (no 32-bit detour).
            case (VKind.Integer, VKind.Unsigned) when to.Width <= 30: return $"to_unsigned({e} mod {1 << to.Width}, {to.Width})";
            case (VKind.Integer, VKind.Signed) when to.Width <= 30: return $"signed(to_unsigned({e} mod {1 << to.Width}, {to.Width}))";
            // A wider vector holds every integer: to_signed at its width is C#'s sign extension.
            case (VKind.Integer, VKind.Signed) when to.Width >= 32: return $"to_signed({e}, {to.Width})";
            case (VKind.Integer, VKind.Unsigned) when to.Width >= 32: return $"unsigned(to_signed({e}, {to.Width}))";
            case (VKind.Integer, VKind.Unsigned or VKind.Signed): return Convert($"to_signed({e}, 32)", VType.S(32), to, support);
            case (VKind.Unsigned, VKind.Integer):
            case (VKind.Signed, VKind.Integer): return $"to_integer({e})";
            case (VKind.Unsigned, VKind.Unsigned): return to.Width < from.Width ? Low(e, to.Width) : $"resize({e}, {to.Width})";
            case (VKind.Unsigned, VKind.Signed):
                return to.Width == from.Width ? Reinterpret(e, "unsigned", "signed")
                    : $"signed({(to.Width < from.Width ? Low(e, to.Width) : $"resize({e}, {to.Width})")})";
            case (VKind.Signed, VKind.Signed):
                return to.Width >= from.Width ? SignExtend(e, to.Width) : Reinterpret(Low($"unsigned({e})", to.Width), "unsigned", "signed");
            case (VKind.Signed, VKind.Unsigned):
                return to.Width < from.Width ? Low(Reinterpret(e, "signed", "unsigned"), to.Width)
                    : to.Width == from.Width ? Reinterpret(e, "signed", "unsigned") : $"unsigned({SignExtend(e, to.Width)})";
            case (VKind.Enum, VKind.Unsigned or VKind.Signed):
                return Convert($"to_unsigned({from.EnumName}'pos({e}), {from.Width})", VType.U(from.Width), to, support);
            case (VKind.Enum, VKind.Integer): return $"{from.EnumName}'pos({e})";
        }
        throw new TranspileException(to.Kind == VKind.Enum
            ? $"a conversion from {from} to enum {to} is not in the hardware subset: C# lets it make a value that is no member, which a VHDL enumeration cannot hold; use a switch on the integer that assigns members"
            : $"cannot convert {from} to {to}");
    }

    /// <summary>
    /// <paramref name="e"/> read as the other vector type of the same width: <c>to(e)</c>, or the
    /// operand itself when <paramref name="e"/> is <c>from(x)</c> (no conversion back and forth).
    /// </summary>
    static string Reinterpret(string e, string from, string to)
    {
        if (e.StartsWith(from + "(", StringComparison.Ordinal) && e.EndsWith(')') && Balanced(e[(from.Length + 1)..^1])) return e[(from.Length + 1)..^1];
        return $"{to}({e})";
    }

    /// <summary>Whether the parentheses of <paramref name="s"/> pair up (it is one operand, not "a) & (b").</summary>
    static bool Balanced(string s)
    {
        int depth = 0;
        foreach (var ch in s)
        {
            if (ch == '(') depth++;
            else if (ch == ')' && --depth < 0) return false;
        }
        return depth == 0;
    }

    /// <summary>
    /// The low <paramref name="width"/> bits of an unsigned value (C#'s truncation). A name, an array
    /// element, a slice of one or the result of a function (a helper, <c>hdl_div</c>, <c>hdl_rem</c>,
    /// <c>to_unsigned</c>), possibly converted (<c>unsigned(...)</c>), is sliced: <c>ghdl --synth</c> (GHDL
    /// 2.0) crashes (netlists-utils.adb:145 and :163) on a truncating <c>resize</c> of a value it has
    /// folded to a constant, once another operation uses the result. Other values (operators,
    /// numeric_std's resize and shifts, whose truncation GHDL folds) are resized.
    /// </summary>
    static string Low(string e, int width)
    {
        var (conversion, inner) = Converted(e);
        if (Sliceable(inner) is not var (prefix, low)) return $"resize({e}, {width})";
        var slice = $"{prefix}({low + width - 1} downto {low})";
        return conversion is null ? slice : $"{conversion}({slice})";
    }

    /// <summary><c>unsigned(x)</c> or <c>signed(x)</c> as the conversion and x; else no conversion and <paramref name="e"/>.</summary>
    static (string? Conversion, string Inner) Converted(string e)
    {
        foreach (var conversion in new[] { "unsigned", "signed" })
            if (e.StartsWith(conversion + "(", StringComparison.Ordinal) && e.EndsWith(')') && Balanced(e[(conversion.Length + 1)..^1]))
                return (conversion, e[(conversion.Length + 1)..^1]);
        return (null, e);
    }

    /// <summary>
    /// numeric_std's functions whose truncation <c>ghdl --synth</c> folds: it stays a resize
    /// (<c>to_unsigned</c> and <c>to_signed</c> are sliced: the truncation of <c>to_unsigned(E'pos(e), 2)</c>
    /// of an enum value GHDL knows crashes it, netlists-utils.adb:145).
    /// </summary>
    static readonly HashSet<string> NumericStd = ["resize", "shift_left", "shift_right", "rotate_left", "rotate_right", "unsigned", "signed", "std_logic_vector"];

    /// <summary>
    /// A vector that may be sliced, as the prefix to slice and the bit its slice starts at: a name or a
    /// call of a package function with its arguments, or an element (<c>name(i)</c>), at bit 0; a slice
    /// of one (<c>p(h downto l)</c>) as p at bit l; else null.
    /// </summary>
    static (string Prefix, int Low)? Sliceable(string e)
    {
        var name = System.Text.RegularExpressions.Regex.Match(e, "^[A-Za-z][A-Za-z0-9_]*");
        if (!name.Success) return null;
        int at = name.Length, lastGroup = -1;
        while (at < e.Length)
        {
            if (e[at] != '(') return null;
            int depth = 0, start = at;
            for (; at < e.Length; at++)
            {
                if (e[at] == '(') depth++;
                else if (e[at] == ')' && --depth == 0) break;
            }
            if (at == e.Length) return null;
            lastGroup = start;
            at++;
        }
        if (lastGroup < 0) return (e, 0);
        if (NumericStd.Contains(name.Value.ToLowerInvariant()) && lastGroup == name.Length) return null;
        var range = System.Text.RegularExpressions.Regex.Match(e[(lastGroup + 1)..^1], @"^(\d+) downto (\d+)$");
        return range.Success ? (e[..lastGroup], int.Parse(range.Groups[2].Value, CultureInfo.InvariantCulture)) : (e, 0);
    }

    /// <summary>The zero/false/first value of a type (reset and latch-free defaults).</summary>
    public static string Zero(VType t) => t.Kind switch
    {
        VKind.Bool => "false",
        VKind.Enum => $"{t.EnumName}'left",
        VKind.Integer => "0",
        _ => "(others => '0')",
    };
}
