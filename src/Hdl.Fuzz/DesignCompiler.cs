using System.Reflection;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Hdl.Fuzz;

/// <summary>A generated source did not compile: a defect of the generator (or of a shrinking step).</summary>
public sealed class GeneratedCodeException(string message) : Exception(message);

/// <summary>
/// Compiles generated C# sources in memory with Roslyn into a hardware assembly: each source is
/// embedded as the manifest resource <c>hdl-source:&lt;file&gt;</c>, as the build does for hardware
/// projects, so that the transpiler reads it back from the loaded assembly.
/// </summary>
public static class DesignCompiler
{
    static readonly Lazy<MetadataReference[]> references = new(() =>
    {
        var paths = ((string?)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES") ?? "").Split(Path.PathSeparator)
            .Where(p => p.Length > 0).ToHashSet(StringComparer.OrdinalIgnoreCase);
        paths.Add(typeof(Process).Assembly.Location);
        return [.. paths.Select(p => MetadataReference.CreateFromFile(p))];
    });

    static int counter;

    /// <summary>Compiles (file name, source) pairs and loads the assembly (not collectible: the kernel emits bus types against it).</summary>
    public static Assembly Compile(IReadOnlyList<(string FileName, string Source)> sources)
    {
        var options = new CSharpParseOptions(LanguageVersion.Preview);
        var trees = sources.Select(s => CSharpSyntaxTree.ParseText(s.Source, options, s.FileName, Encoding.UTF8)).ToList();
        trees.Add(CSharpSyntaxTree.ParseText("global using System;", options, "Usings.g.cs"));
        var name = $"HdlFuzz{Interlocked.Increment(ref counter)}_{Environment.ProcessId}";
        var compilation = CSharpCompilation.Create(name, trees, references.Value,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable,
                optimizationLevel: OptimizationLevel.Release, generalDiagnosticOption: ReportDiagnostic.Default));
        var resources = sources.Select(s => new ResourceDescription("hdl-source:" + s.FileName,
            () => new MemoryStream(Encoding.UTF8.GetBytes(s.Source)), isPublic: true)).ToList();
        using var pe = new MemoryStream();
        var result = compilation.Emit(pe, manifestResources: resources);
        if (!result.Success)
        {
            var errors = result.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error).Take(5).Select(d => d.ToString());
            throw new GeneratedCodeException("the generated C# does not compile:\n" + string.Join("\n", errors));
        }
        return Assembly.Load(pe.ToArray());
    }
}
