using System.Collections.Concurrent;
using System.Reflection;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;

namespace Hdl.Vhdl.Transpiler;

/// <summary>
/// The C# sources of the hardware assemblies, read from their embedded resources (no MSBuild, no
/// project path), compiled with Roslyn against the assemblies they reference, for the semantic model.
/// </summary>
internal sealed class SourceSet
{
    const string ResourcePrefix = "hdl-source:";
    static readonly ConcurrentDictionary<string, SourceSet> cache = new();

    public CSharpCompilation Compilation { get; }
    readonly Dictionary<SyntaxTree, SemanticModel> models = [];
    readonly Assembly[] assemblies;

    SourceSet(Assembly[] hardware)
    {
        assemblies = hardware;
        var trees = new List<SyntaxTree>();
        var options = new CSharpParseOptions(LanguageVersion.Preview);
        foreach (var asm in hardware)
            foreach (var res in asm.GetManifestResourceNames().Where(r => r.StartsWith(ResourcePrefix)).Order(StringComparer.Ordinal))
            {
                using var stream = asm.GetManifestResourceStream(res)!;
                using var reader = new StreamReader(stream, Encoding.UTF8);
                var path = $"{asm.GetName().Name}/{res[ResourcePrefix.Length..]}";
                trees.Add(CSharpSyntaxTree.ParseText(SourceText.From(reader.ReadToEnd(), Encoding.UTF8), options, path));
            }
        // The SDK's implicit usings live in a generated file under obj/, which is not embedded.
        trees.Add(CSharpSyntaxTree.ParseText(
            "global using System; global using System.Collections.Generic; global using System.IO; global using System.Linq; " +
            "global using System.Net.Http; global using System.Threading; global using System.Threading.Tasks;", options, "ImplicitUsings.g.cs"));
        var refs = new Dictionary<string, MetadataReference>(StringComparer.OrdinalIgnoreCase);
        void AddRef(string? path) { if (!string.IsNullOrEmpty(path) && File.Exists(path) && !refs.ContainsKey(path)) refs[path] = MetadataReference.CreateFromFile(path); }
        foreach (var p in ((string?)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES") ?? "").Split(Path.PathSeparator)) AddRef(p);
        var hardwareNames = hardware.Select(a => a.GetName().Name).ToHashSet();
        foreach (var asm in hardware)
            foreach (var name in asm.GetReferencedAssemblies())
            {
                if (hardwareNames.Contains(name.Name)) continue;
                try { AddRef(Assembly.Load(name).Location); } catch (IOException) { } catch (BadImageFormatException) { }
            }
        AddRef(typeof(Process).Assembly.Location);
        Compilation = CSharpCompilation.Create("HardwareSources", trees, refs.Values,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable));
    }

    /// <summary>The sources of the assemblies that hold <paramref name="types"/> and of the hardware assemblies they reference.</summary>
    public static SourceSet For(IEnumerable<Type> types)
    {
        var found = new Dictionary<string, Assembly>();
        void Visit(Assembly a)
        {
            var name = a.GetName().Name!;
            if (found.ContainsKey(name) || !a.GetManifestResourceNames().Any(r => r.StartsWith(ResourcePrefix))) return;
            found[name] = a;
            foreach (var r in a.GetReferencedAssemblies())
            {
                Assembly dep;
                try { dep = Assembly.Load(r); } catch (IOException) { continue; }
                Visit(dep);
            }
        }
        foreach (var t in types)
        {
            Visit(t.Assembly);
            if (!found.ContainsKey(t.Assembly.GetName().Name!))
                throw new TranspileException($"{t.FullName}: its assembly {t.Assembly.GetName().Name} does not embed its sources; set <EmbedHardwareSources>true</EmbedHardwareSources> in its project");
        }
        var set = found.Values.OrderBy(a => a.GetName().Name, StringComparer.Ordinal).ToArray();
        var key = string.Join("|", set.Select(a => a.FullName + "@" + a.ManifestModule.ModuleVersionId));
        return cache.GetOrAdd(key, _ => new SourceSet(set));
    }

    /// <summary>How many source sets (one per set of hardware assemblies) are cached.</summary>
    public static int CachedCount => cache.Count;

    /// <summary>Drops every cached source set; the next translation of an assembly compiles its sources again.</summary>
    public static void ClearCache() => cache.Clear();

    public SemanticModel Model(SyntaxTree tree)
    {
        lock (models)
        {
            if (!models.TryGetValue(tree, out var m)) models[tree] = m = Compilation.GetSemanticModel(tree);
            return m;
        }
    }

    /// <summary>The symbol of a type of the hardware sources; a closed generic type (<c>Stage&lt;uint&gt;</c>) as the definition constructed with its arguments.</summary>
    public INamedTypeSymbol Symbol(Type t)
    {
        if (t.IsGenericType && !t.IsGenericTypeDefinition)
            return Symbol(t.GetGenericTypeDefinition()).Construct([.. t.GetGenericArguments().Select(TypeArgument)]);
        return Compilation.GetTypeByMetadataName(t.FullName!)
            ?? throw new TranspileException($"{t.FullName}: source not found in the embedded hardware sources");
    }

    /// <summary>A type argument: a hardware integer (uint, UInt128 ...), or a type of the sources.</summary>
    ITypeSymbol TypeArgument(Type t) => Type.GetTypeCode(t) switch
    {
        TypeCode.Boolean => Compilation.GetSpecialType(SpecialType.System_Boolean),
        TypeCode.Byte => Compilation.GetSpecialType(SpecialType.System_Byte),
        TypeCode.SByte => Compilation.GetSpecialType(SpecialType.System_SByte),
        TypeCode.UInt16 => Compilation.GetSpecialType(SpecialType.System_UInt16),
        TypeCode.Int16 => Compilation.GetSpecialType(SpecialType.System_Int16),
        TypeCode.UInt32 => Compilation.GetSpecialType(SpecialType.System_UInt32),
        TypeCode.Int32 => Compilation.GetSpecialType(SpecialType.System_Int32),
        TypeCode.UInt64 => Compilation.GetSpecialType(SpecialType.System_UInt64),
        TypeCode.Int64 => Compilation.GetSpecialType(SpecialType.System_Int64),
        _ when t.Assembly == typeof(object).Assembly => Compilation.GetTypeByMetadataName(t.FullName!)
            ?? throw new TranspileException($"type argument {t.FullName} not found"),
        _ => Symbol(t),
    };

    /// <summary>The loaded CLR type of a source symbol (for reading static tables by reflection); a constructed generic class as the closed type.</summary>
    public Type ClrType(INamedTypeSymbol symbol)
    {
        if (symbol.IsGenericType && !SymbolEqualityComparer.Default.Equals(symbol, symbol.OriginalDefinition))
            return ClrType(symbol.OriginalDefinition).MakeGenericType([.. symbol.TypeArguments.Select(ClrTypeArgument)]);
        var name = symbol.ContainingType is null
            ? (symbol.ContainingNamespace.IsGlobalNamespace ? "" : symbol.ContainingNamespace.ToDisplayString() + ".") + symbol.MetadataName
            : ClrType(symbol.ContainingType).FullName + "+" + symbol.MetadataName;
        foreach (var a in assemblies)
            if (a.GetType(name) is { } t) return t;
        throw new TranspileException($"type {name} not found in the hardware assemblies");
    }

    Type ClrTypeArgument(ITypeSymbol t) =>
        t is INamedTypeSymbol n && n.ContainingAssembly is { } a && a.Name == Compilation.GetSpecialType(SpecialType.System_Object).ContainingAssembly.Name
            ? typeof(object).Assembly.GetType($"{n.ContainingNamespace.ToDisplayString()}.{n.MetadataName}")
              ?? throw new TranspileException($"type argument {n.ToDisplayString()} not found")
            : t is INamedTypeSymbol named ? ClrType(named)
            : throw new TranspileException($"type argument {t.ToDisplayString()} is no class or struct");

    /// <summary>The body of a method: its block or expression body.</summary>
    public static (BlockSyntax? Block, ArrowExpressionClauseSyntax? Arrow) Body(IMethodSymbol method)
    {
        foreach (var r in method.DeclaringSyntaxReferences)
            if (r.GetSyntax() is MethodDeclarationSyntax m && (m.Body is not null || m.ExpressionBody is not null))
                return (m.Body, m.ExpressionBody);
        return (null, null);
    }
}

/// <summary>A construct outside the hardware subset, or a design the transpiler cannot render.</summary>
public sealed class TranspileException(string message) : Exception(message)
{
    public static TranspileException At(SyntaxNode node, string message)
    {
        var span = node.GetLocation().GetLineSpan();
        return new TranspileException($"{span.Path}:{span.StartLinePosition.Line + 1}:{span.StartLinePosition.Character + 1}: {message}");
    }
}
