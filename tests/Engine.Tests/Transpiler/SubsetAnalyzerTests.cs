using System.Collections.Immutable;
using System.Text.RegularExpressions;
using Hdl;
using Hdl.Analyzers;
using Hdl.Vhdl;
using Hdl.Vhdl.Transpiler;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace Engine.Tests.Transpiler;

/// <summary>
/// The subset analyzer (src/Hdl.Analyzers) reports, for every construct the transpiler refuses, the
/// transpiler's own message at the same line and column, under the rule's id; and nothing on code
/// inside the subset.
/// </summary>
public class SubsetAnalyzerTests
{
    static readonly string SourceFolder = Path.Combine(AppContext.BaseDirectory, "..", "..", "..");

    /// <summary>The rule each rejected construct falls under.</summary>
    static readonly (string Process, string Rule)[] Cases =
    [
        (nameof(ReturnInOnTick), "HDL001"),
        (nameof(WhileLoop), "HDL002"),
        (nameof(ForeachLoop), "HDL002"),
        (nameof(InstanceMethodCall), "HDL003"),
        (nameof(LibraryCall), "HDL004"),
        (nameof(BitOperationsPopCount), "HDL004"),
        (nameof(CreateSaturating), "HDL004"),
        (nameof(WritesReadonlyField), "HDL005"),
        (nameof(HelperAssignsParameter), "HDL006"),
        (nameof(RefParameter), "HDL006"),
        (nameof(LocalArray), "HDL007"),
        (nameof(Lambda), "HDL007"),
        (nameof(ObjectCreation), "HDL007"),
        (nameof(StringUse), "HDL007"),
        (nameof(SwitchExpression), "HDL007"),
        (nameof(TryCatch), "HDL008"),
        (nameof(ReadsItsOutput), "HDL009"),
        (nameof(WritesItsInput), "HDL010"),
        (nameof(WritesItsInputArray), "HDL010"),
        (nameof(CopiesIntoItsInput), "HDL010"),
        (nameof(FloatingPoint), "HDL011"),
        (nameof(DirectRecursion), "HDL012"),
        (nameof(MutualRecursion), "HDL012"),
        (nameof(IntegerToEnumCast), "HDL013"),
        (nameof(EnumIncrement), "HDL013"),
        (nameof(VariableLoopBound), "HDL014"),
        (nameof(NonBusProperty), "HDL015"),
        (nameof(WholeBusArray), "HDL007"),
    ];

    public static TheoryData<string, string> Rules()
    {
        var data = new TheoryData<string, string>();
        foreach (var (process, rule) in Cases) data.Add(process, rule);
        return data;
    }

    [Theory]
    [MemberData(nameof(Rules))]
    public void TheAnalyzerReportsWhatTheTranspilerRefusesWhereItRefusesIt(string process, string rule)
    {
        var refusal = Refusal(process);
        var m = Regex.Match(refusal, @"^(?<file>[^:]+):(?<line>\d+):(?<column>\d+): (?<message>.*)$", RegexOptions.Singleline);
        Assert.True(m.Success, refusal);
        int line = int.Parse(m.Groups["line"].Value), column = int.Parse(m.Groups["column"].Value);
        var at = Analyze(Path.Combine(SourceFolder, "Transpiler", "RejectedConstructs.cs"))
            .Where(d => d.Location.GetLineSpan().StartLinePosition is var p && p.Line + 1 == line && p.Character + 1 == column)
            .ToList();
        Assert.True(at.Any(d => d.Id == rule && d.GetMessage() == m.Groups["message"].Value),
            $"transpiler: {refusal}\nanalyzer at {line}:{column}: {string.Join("; ", at.Select(d => $"{d.Id} {d.GetMessage()}"))}");
    }

    [Fact]
    public void EveryRuleHasACase() =>
        Assert.Equal(new SubsetAnalyzer().SupportedDiagnostics.Select(d => d.Id).Order(),
            Cases.Select(c => c.Rule).Distinct().Order());

    [Fact]
    public void CodeInsideTheSubsetGetsNoDiagnostic()
    {
        // The construct tests: every construct of the subset, bus arrays and copies included.
        var clean = Directory.GetFiles(Path.Combine(SourceFolder, "Constructs"), "*.cs")
            .Concat(Directory.GetFiles(Path.Combine(SourceFolder, "Designs"), "*.cs"))
            .Where(f => !f.EndsWith("Tests.cs")).ToArray();
        Assert.True(clean.Length > 20);
        var support = Directory.GetFiles(Path.Combine(SourceFolder, "Support"), "*.cs");
        var diagnostics = Analyze([.. clean, .. support]);
        Assert.True(diagnostics.Count == 0, string.Join("\n", diagnostics));
    }

    static string Refusal(string process)
    {
        var p = (RejectProcess)Activator.CreateInstance(typeof(RejectProcess).Assembly.GetType($"Engine.Tests.Transpiler.{process}")!)!;
        var d = new Design("rejected");
        d.Add(p);
        p.Input = d.Input(Bus.Create<IRejectIn>(), "source");
        d.Output(p.Output, "result");
        return Assert.Throws<TranspileException>(() => VhdlGenerator.Generate(d.Elaborate())).Message;
    }

    static readonly CSharpParseOptions Options = new(LanguageVersion.Latest);

    /// <summary>The analyzer's diagnostics on source files compiled against the engine (their #pragma lines taken out).</summary>
    static List<Diagnostic> Analyze(params string[] files)
    {
        var trees = files.Select(f => CSharpSyntaxTree.ParseText(
            string.Join("\n", File.ReadAllLines(f).Select(l => l.TrimStart().StartsWith("#pragma warning") ? "" : l)),
            Options, path: f)).ToList();
        // the project's implicit usings
        trees.Add(CSharpSyntaxTree.ParseText("global using System; global using System.Collections.Generic; global using System.IO; global using System.Linq;", Options));
        var references = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator)
            .Where(p => Path.GetFileName(p) != Path.GetFileName(typeof(SubsetAnalyzerTests).Assembly.Location))
            .Select(p => MetadataReference.CreateFromFile(p))
            .Append(MetadataReference.CreateFromFile(typeof(Design).Assembly.Location))
            .Append(MetadataReference.CreateFromFile(typeof(Crypto.Streams.IStreamControl).Assembly.Location));
        var compilation = CSharpCompilation.Create("analyzed", trees, references,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable));
        var errors = compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
        Assert.True(errors.Count == 0, "the sources do not compile alone: " + string.Join("\n", errors.Take(5)));
        return [.. compilation.WithAnalyzers([new SubsetAnalyzer()]).GetAnalyzerDiagnosticsAsync().Result];
    }
}
