using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace Hdl.Vhdl.Transpiler;

/// <summary>Translates a static helper method into a VHDL pure function of the design package.</summary>
internal static class FunctionTranslator
{
    public static (string Declaration, string Body) Translate(PackageBuilder pkg, IMethodSymbol method, string name)
    {
        var (block, arrow) = SourceSet.Body(method.OriginalDefinition);
        SyntaxNode at = (SyntaxNode?)block ?? arrow!;
        var model = pkg.Sources.Model(at.SyntaxTree);
        if (method.ReturnsVoid) throw TranspileException.At(at, $"helper {method.Name} returns nothing; hardware helpers return a value");
        var scope = new NameScope(pkg.Scope);
        var body = new BodyTranslator(pkg, null, scope, isFunction: true, method);
        body.Bind(method.ContainingType);
        var parameters = new List<string>();
        foreach (var p in method.Parameters)
        {
            var syntax = p.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax() ?? at;
            if (p.RefKind != RefKind.None) throw TranspileException.At(syntax, "ref/out/in parameters are not in the hardware subset");
            if (p.Type is IArrayTypeSymbol) throw TranspileException.At(syntax, "array parameters are not in the hardware subset; read tables directly");
            var t = ParameterType(pkg, p, syntax);
            var pn = scope.Claim(p.Name);
            // the body's operations name the declaration's parameter (a generic class's instantiation has its own symbols)
            body.Parameter(method.OriginalDefinition.Parameters[p.Ordinal], pn, t);
            parameters.Add($"{pn} : {t.Name}");
        }
        var ret = pkg.TypeOf(method.ReturnType, at);
        body.ReturnType = ret;
        body.SetIndent(2);
        if (block is not null)
        {
            var op = model.GetOperation(block) ?? throw TranspileException.At(block, "no semantic model for this body");
            CheckNoParameterWrites(op);
            body.Statement(op);
        }
        else
        {
            var op = model.GetOperation(arrow!.Expression) ?? throw TranspileException.At(arrow, "no semantic model for this body");
            body.Line($"return {body.As(op, ret)};");
        }
        var decl = $"function {name}({string.Join("; ", parameters)}) return {ret.Name}";
        var sb = new StringBuilder();
        sb.Append($"  -- {method.ContainingType.ToDisplayString()}.{method.Name}\n");
        sb.Append($"  {decl} is\n");
        foreach (var (vn, vt) in body.Variables) sb.Append($"    variable {vn} : {vt.Name};\n");
        sb.Append("  begin\n").Append(body.Text).Append("  end function;\n");
        return (decl, sb.ToString());
    }

    /// <summary>
    /// The VHDL type of a helper's parameter: an int is a VHDL integer (parameters are never assigned,
    /// and every int value is one; arithmetic on it converts it to signed(31 downto 0) as C# wraps).
    /// </summary>
    public static VType ParameterType(PackageBuilder pkg, IParameterSymbol p, SyntaxNode at) =>
        p.Type.SpecialType == SpecialType.System_Int32 ? VType.Integer : pkg.TypeOf(p.Type, at);

    static void CheckNoParameterWrites(IOperation op)
    {
        foreach (var d in op.Descendants())
        {
            var target = d switch
            {
                IAssignmentOperation a => a.Target,
                IIncrementOrDecrementOperation i => i.Target,
                _ => null,
            };
            if (target is IParameterReferenceOperation p)
                throw TranspileException.At(d.Syntax, $"parameter {p.Parameter.Name} is assigned; in hardware helpers parameters are constants (copy it to a local)");
        }
    }
}
