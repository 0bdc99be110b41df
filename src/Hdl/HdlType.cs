using System.Reflection;

namespace Hdl;

public enum HdlKind { Bool, Unsigned, Signed, Enum }

/// <summary>The hardware shape of a C# scalar type: kind and bit width.</summary>
public sealed record HdlType(HdlKind Kind, int Width, Type ClrType)
{
    public bool IsSigned => Kind == HdlKind.Signed;

    /// <summary>The shape of <paramref name="t"/>, narrowed by a [Width] when given.</summary>
    public static HdlType Of(Type t, int? width = null)
    {
        var natural = NaturalOf(t) ?? throw new HardwareException(
            $"type {t.Name} is not a hardware type: use bool, byte/ushort/uint/ulong (or signed), UInt128 or an enum");
        if (width is int w)
        {
            if (natural.Kind is HdlKind.Bool or HdlKind.Enum)
                throw new HardwareException($"[Width] applies to integer types, not {t.Name}");
            if (w < 1 || w > natural.Width)
                throw new HardwareException($"[Width({w})] does not fit in {t.Name} ({natural.Width} bits)");
            return natural with { Width = w };
        }
        return natural;
    }

    /// <summary>The shape of a member, honouring its [Width] or [ByteLanesOf] attribute.</summary>
    public static HdlType Of(MemberInfo member, Type t)
    {
        int? width = member.GetCustomAttribute<WidthAttribute>()?.Bits;
        if (member.GetCustomAttribute<ByteLanesOfAttribute>() is { } lanes)
        {
            if (width is not null) throw new HardwareException($"{member.Name} has both [Width] and [ByteLanesOf]: give it one");
            width = ByteLanes(member.DeclaringType!, lanes.TypeParameter);
        }
        return Of(t, width);
    }

    /// <summary>Bytes of the type argument named <paramref name="parameter"/> of the closed generic <paramref name="owner"/>.</summary>
    static int ByteLanes(Type owner, string parameter)
    {
        if (!owner.IsConstructedGenericType)
            throw new HardwareException($"[ByteLanesOf({parameter})] needs a closed generic bus interface, not {owner.Name}");
        var parameters = owner.GetGenericTypeDefinition().GetGenericArguments();
        int i = Array.FindIndex(parameters, p => p.Name == parameter);
        if (i < 0) throw new HardwareException($"[ByteLanesOf({parameter})]: {owner.Name} has no type parameter {parameter}");
        var word = owner.GenericTypeArguments[i];
        var natural = NaturalOf(word);
        if (natural is null || natural.Kind is not (HdlKind.Unsigned or HdlKind.Signed))
            throw new HardwareException($"[ByteLanesOf({parameter})]: {word.Name} is not an integer word");
        return natural.Width / 8;
    }

    static HdlType? NaturalOf(Type t)
    {
        if (t.IsEnum)
        {
            var values = Enum.GetValues(t);
            for (int i = 0; i < values.Length; i++)
                if (Convert.ToInt64(values.GetValue(i)) != i)
                    throw new HardwareException(
                        $"enum {t.Name} must number its members 0, 1, 2, ... in order to be hardware");
            int n = Math.Max(values.Length, 2);
            return new HdlType(HdlKind.Enum, (int)Math.Ceiling(Math.Log2(n)), t);
        }
        return t == typeof(bool) ? new(HdlKind.Bool, 1, t)
            : t == typeof(byte) ? new(HdlKind.Unsigned, 8, t)
            : t == typeof(ushort) ? new(HdlKind.Unsigned, 16, t)
            : t == typeof(uint) ? new(HdlKind.Unsigned, 32, t)
            : t == typeof(ulong) ? new(HdlKind.Unsigned, 64, t)
            : t == typeof(UInt128) ? new(HdlKind.Unsigned, 128, t)
            : t == typeof(sbyte) ? new(HdlKind.Signed, 8, t)
            : t == typeof(short) ? new(HdlKind.Signed, 16, t)
            : t == typeof(int) ? new(HdlKind.Signed, 32, t)
            : t == typeof(long) ? new(HdlKind.Signed, 64, t)
            : t == typeof(Int128) ? new(HdlKind.Signed, 128, t)
            : null;
    }

    /// <summary>Mask of the low <see cref="Width"/> bits.</summary>
    public UInt128 Mask => Width >= 128 ? UInt128.MaxValue : (UInt128.One << Width) - 1;

    /// <summary>Bits of a boxed value of this type (two's complement, masked to the width).</summary>
    public UInt128 BitsOf(object value)
    {
        UInt128 raw = value switch
        {
            bool b => b ? 1u : 0u,
            UInt128 u => u,
            Int128 s => (UInt128)s,
            Enum e => (UInt128)Convert.ToUInt64(e),
            sbyte or short or int or long => (UInt128)(Int128)Convert.ToInt64(value),
            _ => (UInt128)Convert.ToUInt64(value),
        };
        return raw & Mask;
    }
}
