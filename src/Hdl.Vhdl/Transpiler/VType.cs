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

    /// <summary>Converts <paramref name="e"/> from <paramref name="from"/> to <paramref name="to"/> with C# semantics (wrap, sign-extend).</summary>
    public static string Convert(string e, VType from, VType to)
    {
        if (from == to) return e;
        switch (from.Kind, to.Kind)
        {
            // A VHDL integer here is a C# int (a loop variable, a Length): as int, then C#'s conversion.
            // to_unsigned of a negative value, or to_signed to fewer bits, would stop the simulator.
            // The low bits of an integer up to 30 of them: mod 2**w is never negative (no 32-bit detour).
            case (VKind.Integer, VKind.Unsigned) when to.Width <= 30: return $"to_unsigned({e} mod {1 << to.Width}, {to.Width})";
            case (VKind.Integer, VKind.Signed) when to.Width <= 30: return $"signed(to_unsigned({e} mod {1 << to.Width}, {to.Width}))";
            case (VKind.Integer, VKind.Unsigned or VKind.Signed): return Convert($"to_signed({e}, 32)", VType.S(32), to);
            case (VKind.Unsigned, VKind.Integer):
            case (VKind.Signed, VKind.Integer): return $"to_integer({e})";
            case (VKind.Unsigned, VKind.Unsigned): return to.Width < from.Width ? Low(e, to.Width) : $"resize({e}, {to.Width})";
            case (VKind.Unsigned, VKind.Signed):
                return to.Width == from.Width ? Reinterpret(e, "unsigned", "signed")
                    : $"signed({(to.Width < from.Width ? Low(e, to.Width) : $"resize({e}, {to.Width})")})";
            case (VKind.Signed, VKind.Signed):
                return to.Width >= from.Width ? $"resize({e}, {to.Width})" : Reinterpret(Low($"unsigned({e})", to.Width), "unsigned", "signed");
            case (VKind.Signed, VKind.Unsigned):
                return to.Width < from.Width ? Low(Reinterpret(e, "signed", "unsigned"), to.Width)
                    : to.Width == from.Width ? Reinterpret(e, "signed", "unsigned") : $"unsigned(resize({e}, {to.Width}))";
            case (VKind.Enum, VKind.Unsigned or VKind.Signed):
                return Convert($"to_unsigned({from.EnumName}'pos({e}), {from.Width})", VType.U(from.Width), to);
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
    /// The low <paramref name="width"/> bits of an unsigned value (C#'s truncation). A named value,
    /// possibly converted (<c>x</c>, <c>unsigned(x)</c>), is sliced: <c>ghdl --synth</c> (GHDL 2.0)
    /// crashes (netlists-utils.adb:145) on a truncating <c>resize</c> of a variable whose value it
    /// has folded to a constant, once another operation uses the result. Other values are resized.
    /// </summary>
    static string Low(string e, int width)
    {
        var m = System.Text.RegularExpressions.Regex.Match(e, @"^(?:(?<conv>unsigned|signed)\((?<name>[A-Za-z][A-Za-z0-9_]*)\)|(?<name>[A-Za-z][A-Za-z0-9_]*))$");
        if (!m.Success) return $"resize({e}, {width})";
        var slice = $"{m.Groups["name"].Value}({width - 1} downto 0)";
        return m.Groups["conv"].Success ? $"{m.Groups["conv"].Value}({slice})" : slice;
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
