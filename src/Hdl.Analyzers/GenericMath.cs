using System.Linq;
using Microsoft.CodeAnalysis;

namespace Hdl.Analyzers;

/// <summary>
/// The members of .NET's generic math that the hardware subset reads as operators, for code over a
/// word type (<c>W : IBinaryInteger&lt;W&gt;</c>) and for the integer types themselves; the analyzer and
/// the transpiler decide with these alone.
/// </summary>
public static class GenericMath
{
    static readonly string[] integerTypes = ["Byte", "SByte", "UInt16", "Int16", "UInt32", "Int32", "UInt64", "Int64", "UInt128", "Int128"];

    static bool InSystem(ISymbol s) => s.ContainingNamespace?.ToDisplayString() is "System" or "System.Numerics";

    /// <summary><c>BitOperations.RotateLeft/RotateRight</c>, <c>uint.RotateLeft</c> ... and <c>W.RotateLeft</c> of a word type.</summary>
    public static bool IsRotate(IMethodSymbol m) =>
        m.IsStatic && m.Name is "RotateLeft" or "RotateRight" && m.Parameters.Length == 2 && InSystem(m.ContainingType) &&
        m.ContainingType.Name is "BitOperations" or "UInt32" or "UInt64" or "UInt128" or "Byte" or "UInt16" or "IBinaryInteger";

    /// <summary><c>T.CreateTruncating(x)</c>: C#'s cast from one integer type to another (wraps, sign- or zero-extends).</summary>
    public static bool IsConversion(IMethodSymbol m) =>
        m.IsStatic && m.Name == "CreateTruncating" && m.Parameters.Length == 1 && InSystem(m.ContainingType) &&
        (m.ContainingType.Name == "INumberBase" || integerTypes.Contains(m.ContainingType.Name));

    /// <summary><c>W.Zero</c>, <c>W.One</c>, <c>W.AllBitsSet</c>: constants of a word type.</summary>
    public static bool IsConstant(IPropertySymbol p) =>
        p.IsStatic && InSystem(p.ContainingType) &&
        (p.Name is "Zero" or "One" && p.ContainingType.Name is "INumberBase" or "IAdditiveIdentity" or "IMultiplicativeIdentity"
         || p.Name == "AllBitsSet" && p.ContainingType.Name == "IBinaryNumber");
}
