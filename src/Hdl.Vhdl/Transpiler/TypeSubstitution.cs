using Microsoft.CodeAnalysis;

namespace Hdl.Vhdl.Transpiler;

/// <summary>
/// The type arguments of the generic classes a body is translated for: a process class or a helper's
/// class with type parameters (<c>Sha2RoundStage&lt;W&gt;</c>, <c>Sha2Math&lt;W&gt;</c>) is translated once per
/// instantiation, as VHDL elaborates a generic entity, with every type parameter read as its argument
/// (W as uint: unsigned(31 downto 0)). Roslyn's operations of a generic body speak of the type
/// parameters; this maps them, and the symbols built from them, to the instantiation's.
/// </summary>
internal sealed class TypeSubstitution(Compilation compilation)
{
    readonly Dictionary<ITypeParameterSymbol, ITypeSymbol> map = new(SymbolEqualityComparer.Default);

    /// <summary>Binds the type parameters of <paramref name="type"/>, of its base classes and of their containing types to their type arguments.</summary>
    public void Bind(INamedTypeSymbol type)
    {
        for (var b = type; b is not null; b = b.BaseType)
            BindOwn(b);
    }

    void BindOwn(INamedTypeSymbol type)
    {
        for (var t = type; t is not null; t = t.ContainingType)
            for (int i = 0; i < t.TypeParameters.Length; i++)
                if (!SymbolEqualityComparer.Default.Equals(t.TypeParameters[i], t.TypeArguments[i]))
                    map[t.TypeParameters[i]] = Apply(t.TypeArguments[i]);
    }

    /// <summary>Binds the type parameters of a (constructed) helper's class for the translation of its body, and unbinds them after.</summary>
    public IDisposable BindFor(IMethodSymbol method)
    {
        var saved = map.ToDictionary(SymbolEqualityComparer.Default);
        Bind(method.ContainingType);
        return new Restore(() =>
        {
            map.Clear();
            foreach (var (k, v) in saved) map[(ITypeParameterSymbol)k] = v;
        });
    }

    sealed class Restore(Action undo) : IDisposable
    {
        public void Dispose() => undo();
    }

    /// <summary>The type with every bound type parameter replaced by its argument.</summary>
    public ITypeSymbol Apply(ITypeSymbol type)
    {
        switch (type)
        {
            case ITypeParameterSymbol p:
                return map.TryGetValue(p, out var bound) ? bound : type;
            case IArrayTypeSymbol a when Open(a):
                return compilation.CreateArrayTypeSymbol(Apply(a.ElementType));
            case INamedTypeSymbol n when Open(n):
                {
                    var container = n.ContainingType is { } c ? (INamedTypeSymbol)Apply(c) : null;
                    var definition = container is null ? n.OriginalDefinition
                        : container.GetTypeMembers(n.Name, n.Arity).First();
                    return n.Arity == 0 ? definition : definition.Construct([.. n.TypeArguments.Select(Apply)]);
                }
            default:
                return type;
        }
    }

    /// <summary>A method of a generic class (or a generic method) as the instantiation's.</summary>
    public IMethodSymbol Apply(IMethodSymbol method)
    {
        if (!Open(method.ContainingType) && !method.TypeArguments.Any(Open)) return method;
        var type = (INamedTypeSymbol)Apply(method.ContainingType);
        var member = type.GetMembers(method.Name).OfType<IMethodSymbol>()
            .First(m => SymbolEqualityComparer.Default.Equals(m.OriginalDefinition, method.OriginalDefinition));
        return member.IsGenericMethod ? member.ConstructedFrom.Construct([.. method.TypeArguments.Select(Apply)]) : member;
    }

    /// <summary>A static field of a generic class as the instantiation's (each has its own value).</summary>
    public IFieldSymbol Apply(IFieldSymbol field)
    {
        if (!Open(field.ContainingType)) return field;
        var type = (INamedTypeSymbol)Apply(field.ContainingType);
        return type.GetMembers(field.Name).OfType<IFieldSymbol>().First();
    }

    /// <summary>Whether a type mentions a bound type parameter.</summary>
    bool Open(ITypeSymbol type) => type switch
    {
        ITypeParameterSymbol p => map.ContainsKey(p),
        IArrayTypeSymbol a => Open(a.ElementType),
        INamedTypeSymbol n => n.TypeArguments.Any(Open) || n.ContainingType is { } c && Open(c),
        _ => false,
    };
}
