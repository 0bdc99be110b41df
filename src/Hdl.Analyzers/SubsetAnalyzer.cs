using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace Hdl.Analyzers;

/// <summary>
/// The hardware C# subset's rules (docs/hardware-csharp.md) at build time and in the editor: the
/// OnTick bodies of every ClockedProcess and CombinationalProcess, and the static helpers of the
/// compilation they call, directly or through other helpers. Each diagnostic carries the message the
/// transpiler (src/Hdl.Vhdl) stops with for the same construct, at the same place.
/// <para>
/// It checks what can be seen in the source; what needs the elaborated design (an array object shared
/// by two instances, instance start values, widths) stays with the simulation and the transpiler.
/// </para>
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class SubsetAnalyzer : DiagnosticAnalyzer
{
    const string Category = "HardwareSubset";
    const string Help = "docs/hardware-csharp.md";

    static DiagnosticDescriptor Rule(string id, string title) =>
        new(id, title, "{0}", Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: Help);

    public static readonly DiagnosticDescriptor ReturnInOnTick = Rule("HDL001", "return in OnTick");
    public static readonly DiagnosticDescriptor Loop = Rule("HDL002", "loop or jump outside the subset");
    public static readonly DiagnosticDescriptor InstanceCall = Rule("HDL003", "instance method call");
    public static readonly DiagnosticDescriptor NotInSources = Rule("HDL004", "call outside the hardware sources");
    public static readonly DiagnosticDescriptor CallStatement = Rule("HDL005", "call as a statement");
    public static readonly DiagnosticDescriptor Parameter = Rule("HDL006", "ref/out/in or assigned parameter");
    public static readonly DiagnosticDescriptor Construct = Rule("HDL007", "construct outside the subset");
    public static readonly DiagnosticDescriptor Exception = Rule("HDL008", "exceptions");
    public static readonly DiagnosticDescriptor ReadsOutput = Rule("HDL009", "read of an output bus");
    public static readonly DiagnosticDescriptor Writes = Rule("HDL010", "write of an input bus, a readonly field or a static field");
    public static readonly DiagnosticDescriptor NonHardwareType = Rule("HDL011", "type that is no hardware type");
    public static readonly DiagnosticDescriptor Recursion = Rule("HDL012", "recursion");
    public static readonly DiagnosticDescriptor EnumValue = Rule("HDL013", "enum value that may be no member");
    public static readonly DiagnosticDescriptor ForShape = Rule("HDL014", "for loop shape");
    public static readonly DiagnosticDescriptor Property = Rule("HDL015", "property other than a bus signal");

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(
        ReturnInOnTick, Loop, InstanceCall, NotInSources, CallStatement, Parameter, Construct, Exception,
        ReadsOutput, Writes, NonHardwareType, Recursion, EnumValue, ForShape, Property);

    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(start =>
        {
            var clocked = start.Compilation.GetTypeByMetadataName("Hdl.ClockedProcess");
            var combinational = start.Compilation.GetTypeByMetadataName("Hdl.CombinationalProcess");
            if (clocked is null || combinational is null) return; // not a hardware assembly
            var helpers = new ConcurrentDictionary<IMethodSymbol, bool>(SymbolEqualityComparer.Default);
            var cycles = new ConcurrentDictionary<string, bool>();
            start.RegisterOperationBlockAction(block =>
            {
                if (block.OwningSymbol is not IMethodSymbol { Name: "OnTick", IsStatic: false } onTick) return;
                if (!DerivesFrom(onTick.ContainingType, clocked) && !DerivesFrom(onTick.ContainingType, combinational)) return;
                foreach (var body in block.OperationBlocks)
                {
                    var checker = new Checker(block.Compilation, block.ReportDiagnostic, onTick: true);
                    checker.Check(body);
                    checker.CheckHelpers(helpers, cycles);
                }
            });
        });
    }

    static bool DerivesFrom(INamedTypeSymbol? type, INamedTypeSymbol baseType)
    {
        for (var t = type?.BaseType; t is not null; t = t.BaseType)
            if (SymbolEqualityComparer.Default.Equals(t, baseType)) return true;
        return false;
    }

    /// <summary>Walks one body; collects the helpers of the compilation it calls.</summary>
    sealed class Checker(Compilation compilation, Action<Diagnostic> report, bool onTick)
    {
        readonly List<(IMethodSymbol Method, IOperation At)> calls = [];

        void Report(DiagnosticDescriptor rule, IOperation at, string message) =>
            report(Diagnostic.Create(rule, at.Syntax.GetLocation(), message));

        /// <summary>Checks the helpers called so far and theirs, each once per compilation, and the call graph for cycles.</summary>
        public void CheckHelpers(ConcurrentDictionary<IMethodSymbol, bool> done, ConcurrentDictionary<string, bool> reportedCycles)
        {
            var graph = new Dictionary<IMethodSymbol, List<(IMethodSymbol, IOperation)>>(SymbolEqualityComparer.Default);
            var work = new Queue<IMethodSymbol>(calls.Select(c => c.Method).Distinct<IMethodSymbol>(SymbolEqualityComparer.Default));
            while (work.Count > 0)
            {
                var m = work.Dequeue();
                if (graph.ContainsKey(m) || Body(m) is not { } body) continue;
                var checker = new Checker(compilation, done.TryAdd(m, true) ? report : _ => { }, onTick: false);
                checker.Check(body);
                graph[m] = checker.calls;
                foreach (var (callee, _) in checker.calls) work.Enqueue(callee);
            }
            // A cycle among the helpers: at the call that closes it, as the transpiler reports it.
            foreach (var (at, cycle) in HelperCycles.Find(graph, graph.Keys.ToList()))
                if (reportedCycles.TryAdd(at.Syntax.GetLocation().ToString(), true))
                    Report(Recursion, at, HelperCycles.Message(cycle));
        }

        IOperation? Body(IMethodSymbol m)
        {
            var syntax = m.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax();
            if (syntax is null || !compilation.ContainsSyntaxTree(syntax.SyntaxTree)) return null;
            return compilation.GetSemanticModel(syntax.SyntaxTree).GetOperation(syntax); // the method's body (block or arrow)
        }

        public void Check(IOperation body)
        {
            foreach (var op in body.DescendantsAndSelf())
                CheckOne(op);
        }

        void CheckOne(IOperation op)
        {
            switch (op)
            {
                case IReturnOperation { IsImplicit: false } r when onTick && r.Kind == OperationKind.Return:
                    Report(ReturnInOnTick, r, "return is not allowed in OnTick: a VHDL process has one exit; use if/else instead");
                    break;
                case IWhileLoopOperation or IForEachLoopOperation:
                    Report(Loop, op, "only for loops with constant bounds are in the hardware subset (no while, do or foreach)");
                    break;
                case IBranchOperation { IsImplicit: false } b when !EndsSwitchSection(b):
                    Report(Loop, b, $"{b.BranchKind.ToString().ToLowerInvariant()} is only allowed as the last statement of a switch section");
                    break;
                case ITryOperation or IThrowOperation:
                    Report(Exception, op, "exceptions are not in the hardware subset");
                    break;
                case ILocalFunctionOperation:
                    Report(Construct, op, "local functions are not in the hardware subset; write a static method");
                    break;
                case IVariableDeclaratorOperation { Symbol.Type: IArrayTypeSymbol } d:
                    Report(Construct, d, "local arrays are not in the hardware subset; use an array field (a register file) or a static readonly table");
                    break;
                case IVariableDeclaratorOperation { Symbol.Type.TypeKind: TypeKind.Delegate } d:
                    Report(Construct, d, "lambdas and delegates are not in the hardware subset; write a static helper method");
                    break;
                case IAnonymousFunctionOperation or IDelegateCreationOperation when !InDeclaration(op, 2) && op.Parent is not IDelegateCreationOperation:
                    Report(Construct, op, "lambdas and delegates are not in the hardware subset; write a static helper method");
                    break;
                case IArrayCreationOperation when !InDeclaration(op, 1):
                    Report(Construct, op, "local arrays are not in the hardware subset; use an array field (a register file) or a static readonly table");
                    break;
                case IObjectCreationOperation o when !(o.Type is { Name: "UInt128" or "Int128" } && o.Arguments.Length == 2):
                    Report(Construct, o, "object creation is not in the hardware subset (only new UInt128(upper, lower))");
                    break;
                case IIsPatternOperation or ISwitchExpressionOperation:
                    Report(Construct, op, "patterns and switch expressions are not in the hardware subset; use if/else or a switch statement");
                    break;
                case IInterpolatedStringOperation or ILiteralOperation { Type.SpecialType: SpecialType.System_String }:
                    Report(Construct, op, "strings are not in the hardware subset");
                    break;
                case ILiteralOperation { Type: { } t } when NotHardware(t):
                    Report(NonHardwareType, op, $"type {t.ToDisplayString()} is not a hardware type (use bool, byte..ulong, sbyte..long, UInt128 or an enum)");
                    break;
                case IVariableDeclaratorOperation { Symbol.Type: { } t } d when NotHardware(t):
                    Report(NonHardwareType, d, $"type {t.ToDisplayString()} is not a hardware type (use bool, byte..ulong, sbyte..long, UInt128 or an enum)");
                    break;
                case IInvocationOperation inv:
                    Invocation(inv);
                    break;
                case IPropertyReferenceOperation p:
                    PropertyReference(p);
                    break;
                case IFieldReferenceOperation f when IsWritten(f):
                    if (f.Field.IsStatic)
                        Report(Writes, f, $"static field {f.Field.Name} cannot be written in hardware");
                    else if (f.Field.IsReadOnly && !IsBus(f.Field.Type))
                        Report(Writes, f, $"{f.Field.Name} is an instance constant (readonly); only mutable fields of clocked processes (registers) can be assigned");
                    break;
                case IParameterReferenceOperation pr when IsWritten(pr):
                    Report(Parameter, pr.Parent!, $"parameter {pr.Parameter.Name} is assigned; in hardware helpers parameters are constants (copy it to a local)");
                    break;
                case IConversionOperation { Type.TypeKind: TypeKind.Enum } c when c.Operand.Type is { TypeKind: not TypeKind.Enum } from
                    && !c.Operand.ConstantValue.HasValue && from.SpecialType != SpecialType.None:
                    Report(EnumValue, c, $"a conversion from {Short(from)} to enum {c.Type!.Name} is not in the hardware subset: C# lets it make a value that is no member, which a VHDL enumeration cannot hold; use a switch on the integer that assigns members");
                    break;
                case IIncrementOrDecrementOperation { Target.Type.TypeKind: TypeKind.Enum } i:
                    Report(EnumValue, i, $"{(i.Kind == OperationKind.Increment ? "++" : "--")} on an enum is not in the hardware subset: C# lets it step past the last member, which a VHDL enumeration cannot hold; assign the next member explicitly (a switch)");
                    break;
                case IForLoopOperation f when !ForShapeOk(f):
                    Report(ForShape, f, "for loops must read: for (int i = A; i < B; i++) with A and B constants, int instance constants (generics) or the Length of an array or bus array");
                    break;
            }
        }

        /// <summary>The VHDL subtype name the transpiler's message gives a C# integer type.</summary>
        static string Short(ITypeSymbol t) => t.SpecialType switch
        {
            SpecialType.System_Byte => "hdl_u8", SpecialType.System_UInt16 => "hdl_u16", SpecialType.System_UInt32 => "hdl_u32", SpecialType.System_UInt64 => "hdl_u64",
            SpecialType.System_SByte => "hdl_s8", SpecialType.System_Int16 => "hdl_s16", SpecialType.System_Int32 => "hdl_s32", SpecialType.System_Int64 => "hdl_s64",
            _ => t.Name,
        };

        /// <summary>Whether <paramref name="op"/> is (within <paramref name="depth"/> levels) the initial value of a local declaration, reported there.</summary>
        static bool InDeclaration(IOperation op, int depth)
        {
            for (var p = op.Parent; p is not null && depth >= 0; p = p.Parent, depth--)
                if (p is IVariableInitializerOperation) return true;
            return false;
        }

        static bool NotHardware(ITypeSymbol t) => t.SpecialType is SpecialType.System_Single or SpecialType.System_Double
            or SpecialType.System_Decimal or SpecialType.System_Char;

        static bool EndsSwitchSection(IBranchOperation b)
        {
            if (b.BranchKind != BranchKind.Break) return false;
            if (b.Parent is ISwitchCaseOperation section) return section.Body.LastOrDefault() == b;
            return false;
        }

        static bool IsWritten(IOperation op) =>
            op.Parent is IAssignmentOperation a && a.Target == op || op.Parent is IIncrementOrDecrementOperation;

        static bool IsBus(ITypeSymbol t) =>
            t.AllInterfaces.Any(i => i.Name == "IBus" && i.ContainingNamespace.ToDisplayString() == "Hdl")
            || t.Name == "IBus" && t.ContainingNamespace.ToDisplayString() == "Hdl";

        static bool IsBusArray(ITypeSymbol? t) => t is INamedTypeSymbol { Name: "BusArray" } n && n.ContainingNamespace.ToDisplayString() == "Hdl";

        static bool HasAttribute(ISymbol s, string name) => s.GetAttributes().Any(a => a.AttributeClass?.Name == name);

        void Invocation(IInvocationOperation inv)
        {
            var m = inv.TargetMethod;
            if (GenericMath.IsRotate(m) || GenericMath.IsConversion(m))
                return;
            if (m.Name == "CopyFrom" && m.ContainingType.ToDisplayString() == "Hdl.BusCopy")
            {
                if (Unwrap(inv.Arguments.First(a => a.Parameter!.Ordinal == 0).Value) is IFieldReferenceOperation target && HasAttribute(target.Field, "InputBusAttribute"))
                    Report(Writes, inv, $"{target.Field.Name} is an [InputBus]: a process writes only its [OutputBus] fields");
                return;
            }
            if (!m.IsStatic)
            {
                Report(InstanceCall, inv, $"instance method {m.Name} cannot be translated: make it static and pass what it needs as parameters");
                return;
            }
            var ns = m.ContainingNamespace?.ToDisplayString() ?? "";
            if (ns == "System" || ns.StartsWith("System.", StringComparison.Ordinal) || ns.StartsWith("Microsoft.", StringComparison.Ordinal))
            {
                Report(NotInSources, inv, $"{m.ContainingType.ToDisplayString()}.{m.Name} is not in the hardware sources; only static helpers written in the hardware assemblies (and the rotates and CreateTruncating of the integer types) can be called");
                return;
            }
            if (inv.Parent is IExpressionStatementOperation)
                Report(CallStatement, inv, "a call as a statement does nothing in hardware; helpers must return a value that you assign");
            foreach (var a in inv.Arguments.Where(a => a.Parameter?.RefKind is not null and not RefKind.None))
                Report(Parameter, a, "ref/out/in parameters are not in the hardware subset");
            calls.Add((m.OriginalDefinition, inv));
        }

        void PropertyReference(IPropertyReferenceOperation p)
        {
            if (p.Property.Name == "Length" && (p.Instance?.Type is IArrayTypeSymbol || IsBusArray(p.Instance?.Type))) return;
            // a bus signal, or an element of a bus array: the bus field decides the direction
            var signal = p.Property.IsIndexer && IsBusArray(p.Instance?.Type) ? p.Instance as IPropertyReferenceOperation : p;
            if (signal?.Instance is IFieldReferenceOperation { Field.IsStatic: false } bus && IsBus(bus.Field.Type))
            {
                if (IsBusArray(p.Type) && (p.Parent is not IPropertyReferenceOperation parent || parent.Instance != p)) 
                    Report(Construct, p, "a bus array is no value in hardware: read and write its elements (Input.Words[i]) or its Length");
                if (IsBusArray(p.Type)) return; // the element or Length above it is what is read or written
                bool written = IsWritten(p);
                if (written && HasAttribute(bus.Field, "InputBusAttribute"))
                    Report(Writes, p, $"{bus.Field.Name} is an [InputBus]: a process writes only its [OutputBus] fields");
                else if (!written && HasAttribute(bus.Field, "OutputBusAttribute"))
                    Report(ReadsOutput, p, $"{bus.Field.Name} is an [OutputBus]: a process reads only its [InputBus] fields (keep a register copy if you need the value)");
                return;
            }
            if (p.Instance?.Type?.SpecialType == SpecialType.System_String)
            {
                Report(Construct, p, "strings are not in the hardware subset");
                return;
            }
            if (GenericMath.IsConstant(p.Property)) return;
            Report(Property, p, $"property {p.Property.Name} is not in the hardware subset (only bus signals; use fields in processes)");
        }

        static IOperation Unwrap(IOperation op) => op is IConversionOperation { IsImplicit: true } c ? Unwrap(c.Operand) : op;

        static bool ForShapeOk(IForLoopOperation f)
        {
            if (f.Before.Length != 1 || f.Before[0] is not IVariableDeclarationGroupOperation g ||
                g.Declarations.Length != 1 || g.Declarations[0].Declarators.Length != 1)
                return false;
            var decl = g.Declarations[0].Declarators[0];
            var init = decl.Initializer?.Value ?? g.Declarations[0].Initializer?.Value;
            if (init is null || !Bound(init)) return false;
            if (f.Condition is not IBinaryOperation { OperatorKind: BinaryOperatorKind.LessThan or BinaryOperatorKind.LessThanOrEqual } cond ||
                Unwrap(cond.LeftOperand) is not ILocalReferenceOperation lr || !SymbolEqualityComparer.Default.Equals(lr.Local, decl.Symbol) ||
                !Bound(cond.RightOperand))
                return false;
            return f.AtLoopBottom.Length == 1 && f.AtLoopBottom[0] is IExpressionStatementOperation { Operation: IIncrementOrDecrementOperation { Kind: OperationKind.Increment } inc }
                && Unwrap(inc.Target) is ILocalReferenceOperation ir && SymbolEqualityComparer.Default.Equals(ir.Local, decl.Symbol);
        }

        /// <summary>A for bound: a constant, an int instance constant, or the Length of an array or bus array.</summary>
        static bool Bound(IOperation op)
        {
            if (op.ConstantValue.HasValue && op.ConstantValue.Value is not null and not bool) return true;
            return Unwrap(op) switch
            {
                IFieldReferenceOperation { Field: { IsStatic: false, IsReadOnly: true, Type.SpecialType: SpecialType.System_Int32 } } => true,
                IPropertyReferenceOperation { Property.Name: "Length" } l => l.Instance?.Type is IArrayTypeSymbol || IsBusArray(l.Instance?.Type),
                _ => false,
            };
        }
    }
}
