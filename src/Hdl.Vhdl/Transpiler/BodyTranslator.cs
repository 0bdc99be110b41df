using System.Text.RegularExpressions;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Operations;

namespace Hdl.Vhdl.Transpiler;

internal enum MemberKind { Generic, Register, RegisterArray, ConstantArray }

/// <summary>
/// How an instance field of a process appears in VHDL. A register that is <paramref name="Direct"/>
/// is its signal, read and written (element by element for an array) without a variable copy.
/// </summary>
/// <param name="KeepsReset">A register array that keeps its reset (registers, never a memory in synthesis).</param>
/// <param name="FixedReads">A register array read at an index synthesis may fold to a constant: written element by element (never a memory).</param>
/// <param name="Signal">A scalar register's signal, assigned the variable <paramref name="Name"/> wherever the tick writes it when not Direct.</param>
internal sealed record MemberInfo(MemberKind Kind, string Name, VType Type, int Length = 0, bool Direct = false, bool KeepsReset = false, string? Signal = null,
    bool FixedReads = false);

/// <summary>Resolves the instance members a body refers to (null inside static helpers).</summary>
internal interface IMemberResolver
{
    MemberInfo Field(IFieldSymbol field, SyntaxNode at);
    /// <summary>Whether <paramref name="field"/> is an instance constant of the process (a VHDL generic).</summary>
    bool IsInstanceConstant(IFieldSymbol field);
    /// <summary>
    /// The port of a bus member: its name (of the register signal that drives it, for an output of a
    /// clocked process without reset), its (element) VHDL type, whether the process writes it, its
    /// array length (0 for a scalar signal), and whether the name is of such a register signal.
    /// </summary>
    (string Port, VType Type, bool IsOutput, int Length, bool Register) Signal(IFieldSymbol busField, IPropertySymbol signal, SyntaxNode at);
}

/// <summary>
/// Translates method bodies of the hardware subset (through Roslyn's IOperation tree, which makes
/// every implicit conversion explicit) into VHDL sequential statements and expressions.
/// Anything outside the subset is a <see cref="TranspileException"/> at file:line:column.
/// </summary>
/// <remarks>
/// Expressions are side-effect free, so a statement's expression may first emit statements of its
/// own (hoisting): a conditional <c>c ? a : b</c> becomes an <c>if</c> around the assignment or
/// return it is the value of, or, inside a larger expression, one that assigns a temporary
/// variable, so only the taken branch is evaluated, as in C#; <c>&amp;&amp;</c> and <c>||</c> whose right side
/// needs such statements evaluate it only when C# does. Every operation is total (see
/// <see cref="TotalArithmetic"/>): no value, even one C# never computes, stops the simulator.
/// </remarks>
internal sealed class BodyTranslator(PackageBuilder pkg, IMemberResolver? members, NameScope scope, bool isFunction, IMethodSymbol? method = null)
{
    readonly Dictionary<ISymbol, (string Name, VType Type)> locals = new(SymbolEqualityComparer.Default);
    readonly Dictionary<ISymbol, (long From, long To)> loopVariables = new(SymbolEqualityComparer.Default);
    readonly List<(string Name, VType Type)> variables = [];
    readonly StringBuilder text = new();
    /// <summary>The type arguments of the generic classes (the process's, a helper's) the body is translated for.</summary>
    readonly TypeSubstitution types = new(pkg.Sources.Compilation);
    int indent;

    public IReadOnlyList<(string Name, VType Type)> Variables => variables;

    /// <summary>
    /// The elements the body writes of each array output driven from a register signal, by that
    /// signal's name: the constant indices and the ranges of loop variables it writes them at; null
    /// when it writes one at a computed index or the whole array (then any element may be written).
    /// </summary>
    public IReadOnlyDictionary<string, HashSet<long>?> WrittenElements => writtenElements;
    readonly Dictionary<string, HashSet<long>?> writtenElements = [];

    /// <summary>
    /// The array outputs driven from a register signal whose written elements may differ from one
    /// instance to another, and that every instance writes: the body writes an element at a computed
    /// index or under a condition on the instance's constants (which synthesis folds), and writes the
    /// output somewhere outside such conditions. (An output written only under such conditions may be
    /// written by no clock of an instance, and GHDL's synthesis keeps the initial value of a signal
    /// nothing assigns, but not of one only assigned itself.)
    /// </summary>
    public IEnumerable<string> WrittenPerInstance => writtenPerInstance.Where(writtenInEveryInstance.Contains);
    readonly HashSet<string> writtenPerInstance = [];
    readonly HashSet<string> writtenInEveryInstance = [];

    /// <summary>How many of the conditions (if, else-if, switch) around the statement being translated read an instance constant.</summary>
    int instanceConstantConditions;

    /// <summary>The locals whose value may come from an instance constant (<see cref="FindInstanceConstantLocals"/>).</summary>
    readonly HashSet<ILocalSymbol> instanceConstantLocals = new(SymbolEqualityComparer.Default);

    /// <summary>
    /// Finds the locals of <paramref name="body"/> that an instance constant may reach: assigned or
    /// initialized from an expression that reads one (or such a local), or a loop variable bounded
    /// by one, to a fixed point.
    /// </summary>
    public void FindInstanceConstantLocals(IOperation body)
    {
        bool grew = true;
        while (grew)
        {
            grew = false;
            foreach (var op in body.DescendantsAndSelf())
            {
                var (local, value) = op switch
                {
                    IVariableDeclaratorOperation d => (d.Symbol, d.Initializer?.Value),
                    IAssignmentOperation { Target: ILocalReferenceOperation l } a => (l.Local, a.Value),
                    IForLoopOperation f when f.Condition is not null && f.Locals.Length == 1 => (f.Locals[0], f.Condition),
                    _ => (null, null),
                };
                if (local is not null && value is not null && !instanceConstantLocals.Contains(local) && ReadsInstanceConstant(value))
                    grew |= instanceConstantLocals.Add(local);
            }
        }
    }

    /// <summary>Whether <paramref name="op"/> reads an instance constant (a generic) or a local one may reach.</summary>
    bool ReadsInstanceConstant(IOperation op) => op.DescendantsAndSelf().Any(o => o switch
    {
        IFieldReferenceOperation { Field.IsStatic: false } f => members is not null && members.IsInstanceConstant(f.Field),
        ILocalReferenceOperation l => instanceConstantLocals.Contains(l.Local),
        _ => false,
    });

    /// <summary>Translates <paramref name="branches"/> under <paramref name="condition"/>, counted in <see cref="instanceConstantConditions"/> when it reads an instance constant.</summary>
    void UnderCondition(IOperation condition, Action branches)
    {
        int depends = ReadsInstanceConstant(condition) ? 1 : 0;
        instanceConstantConditions += depends;
        branches();
        instanceConstantConditions -= depends;
    }

    /// <summary>Records a write of the register port <paramref name="signal"/> at <paramref name="indexOp"/> (null: the whole array).</summary>
    void RecordWrite(string signal, IOperation? indexOp, int length)
    {
        var index = indexOp is null ? null : Unwrap(indexOp);
        var known = new HashSet<long>();
        if (index is not null && length == 1) known.Add(0);
        else if (index is not null && IntegralConstant(index) is { } k && k < (UInt128)length) known.Add((long)k);
        else if (index is ILocalReferenceOperation l && loopVariables.TryGetValue(l.Local, out var range) && range.From >= 0 && range.To < length)
            for (long i = range.From; i <= range.To; i++) known.Add(i);
        else if (index is not null) writtenPerInstance.Add(signal);
        if (index is not null && instanceConstantConditions > 0) writtenPerInstance.Add(signal);
        if (instanceConstantConditions == 0) writtenInEveryInstance.Add(signal);
        if (writtenElements.TryGetValue(signal, out var set) && set is null) return;
        if (index is null || known.Count == 0) writtenElements[signal] = null;
        else writtenElements[signal] = [.. set ?? [], .. known];
    }
    public string Text => text.ToString();

    public void Parameter(IParameterSymbol p, string name, VType type) => locals[p] = (name, type);

    /// <summary>Translates for one instantiation of a generic class: its type parameters are read as its type arguments.</summary>
    public void Bind(INamedTypeSymbol instantiation) => types.Bind(instantiation);

    public void SetIndent(int n) => indent = n;

    public void Line(string s) => text.Append(' ', indent * 2).Append(s).Append('\n');

    /// <summary>
    /// Runs a translation and takes back the statements it hoisted, with their indentation relative
    /// to the current one, so the caller can place them (inside an else, or behind a short-circuit).
    /// </summary>
    (string Value, List<string> Hoisted) Capture(Func<string> translate)
    {
        int mark = text.Length, at = indent * 2;
        var value = translate();
        var hoisted = text.ToString(mark, text.Length - mark).Split('\n', StringSplitOptions.RemoveEmptyEntries).Select(l => l[at..]).ToList();
        text.Length = mark;
        return (value, hoisted);
    }

    void Emit(List<string> lines)
    {
        foreach (var l in lines) Line(l);
    }

    /// <summary>A fresh variable of the process or function for a hoisted value.</summary>
    string Temporary(string hint, VType type)
    {
        var name = scope.Claim(hint);
        variables.Add((name, type));
        return name;
    }

    static TranspileException Error(IOperation op, string message) => TranspileException.At(op.Syntax, message);

    static TranspileException EnumArithmetic(IOperation op) => Error(op,
        "arithmetic on an enum is not in the hardware subset: C# lets it leave the members, which a VHDL enumeration cannot hold; assign members explicitly");

    // ---------------------------------------------------------------- statements

    public void Statement(IOperation op)
    {
        switch (op)
        {
            case IBlockOperation b:
                foreach (var s in b.Operations) Statement(s);
                break;
            case IVariableDeclarationGroupOperation g:
                foreach (var d in g.Declarations)
                    foreach (var v in d.Declarators)
                    {
                        if (v.Symbol.Type is IArrayTypeSymbol)
                            throw Error(v, "local arrays are not in the hardware subset; use an array field (a register file) or a static readonly table");
                        if (v.Symbol.Type.TypeKind == TypeKind.Delegate)
                            throw Error(v, "lambdas and delegates are not in the hardware subset; write a static helper method");
                        var type = pkg.TypeOf(types.Apply(v.Symbol.Type), v.Syntax);
                        var name = scope.Claim(v.Symbol.Name);
                        locals[v.Symbol] = (name, type);
                        variables.Add((name, type));
                        var init = v.Initializer ?? d.Initializer;
                        if (init is not null) Select(init.Value, type, v => Line($"{name} := {v};"));
                    }
                break;
            case IExpressionStatementOperation e:
                ExpressionStatement(e.Operation);
                break;
            case IConditionalOperation c:
                If(c);
                break;
            case ISwitchOperation s:
                Switch(s);
                break;
            case IForLoopOperation f:
                For(f);
                break;
            case IReturnOperation r when isFunction && r.ReturnedValue is not null:
                Select(r.ReturnedValue, ReturnType!, v => Line($"return {v};"));
                break;
            case IReturnOperation r:
                throw Error(r, "return is not allowed in OnTick: a VHDL process has one exit; use if/else instead");
            case IEmptyOperation:
                break;
            case IBranchOperation br:
                throw Error(br, $"{br.BranchKind.ToString().ToLowerInvariant()} is only allowed as the last statement of a switch section");
            case ILocalFunctionOperation lf:
                throw Error(lf, "local functions are not in the hardware subset; write a static method");
            case IWhileLoopOperation or IForEachLoopOperation:
                throw Error(op, "only for loops with constant bounds are in the hardware subset (no while, do or foreach)");
            case IThrowOperation or ITryOperation:
                throw Error(op, "exceptions are not in the hardware subset");
            default:
                throw Error(op, $"this statement ({op.Kind}) is not in the hardware subset");
        }
    }

    public VType? ReturnType { get; set; }

    public void ExpressionStatement(IOperation e)
    {
        switch (e)
        {
            case ISimpleAssignmentOperation a when AssignsItself(a):
                // x = x changes nothing; written out, it is a register whose next value is always its own,
                // which GHDL 2.0 synthesizes as a signal driven by itself without its initial value (unknown forever)
                break;
            case ISimpleAssignmentOperation a:
                Assign(a.Target, a.Value, null);
                break;
            case ICompoundAssignmentOperation c:
                Assign(c.Target, c.Value, c);
                break;
            case IIncrementOrDecrementOperation i:
                {
                    var t = TypeOf(i.Target);
                    if (t.Kind == VKind.Enum)
                        throw Error(i, $"{(i.Kind == OperationKind.Increment ? "++" : "--")} on an enum is not in the hardware subset: C# lets it step past the last member, which a VHDL enumeration cannot hold; assign the next member explicitly (a switch)");
                    var cur = Read(i.Target);
                    var one = VhdlText.Literal(t, 1);
                    var kind = i.Kind == OperationKind.Increment ? BinaryOperatorKind.Add : BinaryOperatorKind.Subtract;
                    Write(i.Target, t.IsVector ? WidthKeeping(kind, cur, one) : $"({cur} {WidthKeepingOperator(kind)} {one})");
                    break;
                }
            case IInvocationOperation inv when BusCopy(inv) is { } copy:
                foreach (var property in copy.Members)
                {
                    var (to, toType, toOutput, toLength, toRegister) = members!.Signal(copy.Target, property, inv.Syntax);
                    var (from, fromType, fromOutput, _, _) = members.Signal(copy.Source, property, inv.Syntax);
                    if (!toOutput) throw Error(inv, $"{copy.Target.Name} is an [InputBus]: a process writes only its [OutputBus] fields");
                    if (fromOutput) throw Error(inv, $"{copy.Source.Name} is an [OutputBus]: a process reads only its [InputBus] fields (keep a register copy if you need the value)");
                    if (toRegister && toLength > 0) RecordWrite(to, null, toLength);
                    Line($"{to} <= {(toLength > 0 ? from : Conv(from, fromType, toType, inv))};");
                }
                break;
            case IInvocationOperation inv:
                throw Error(inv, "a call as a statement does nothing in hardware; helpers must return a value that you assign");
            default:
                throw Error(e, $"this expression statement ({e.Kind}) is not in the hardware subset");
        }
    }

    /// <summary>A local or a field of this process assigned its own value.</summary>
    static bool AssignsItself(ISimpleAssignmentOperation a) => (a.Target, a.Value) switch
    {
        (ILocalReferenceOperation t, ILocalReferenceOperation v) => SymbolEqualityComparer.Default.Equals(t.Local, v.Local),
        (IFieldReferenceOperation { Instance: IInstanceReferenceOperation } t, IFieldReferenceOperation { Instance: IInstanceReferenceOperation } v) =>
            SymbolEqualityComparer.Default.Equals(t.Field, v.Field),
        _ => false,
    };

    void Assign(IOperation target, IOperation value, ICompoundAssignmentOperation? compound)
    {
        var targetType = TypeOf(target);
        if (compound is null)
        {
            Select(value, targetType, v => Write(target, v));
            return;
        }
        if (targetType.Kind == VKind.Enum)
            throw EnumArithmetic(compound);
        // C#: target = (T)(target op value), computed in the promoted type. On a word type (W, a type
        // parameter) C# calls W's own operator: no promotion, and a shift masks its amount to W's width
        // (a byte W shifted by 9 shifts by 1, where C#'s byte shifts as an int).
        var opType = target.Type is ITypeParameterSymbol ? targetType
            : compound.OperatorKind is BinaryOperatorKind.LeftShift or BinaryOperatorKind.RightShift
            ? Promote(targetType, targetType) : Promote(targetType, TypeOf(value));
        if (targetType.IsVector && opType.IsVector && targetType.Width < opType.Width && compound.OperatorKind is BinaryOperatorKind.Add
            or BinaryOperatorKind.Subtract or BinaryOperatorKind.And or BinaryOperatorKind.Or or BinaryOperatorKind.ExclusiveOr)
        {
            // Only the target's bits are kept: compute at its width.
            var narrow = pkg.Use(VType.U(targetType.Width));
            var l = VhdlText.Convert(Read(target), targetType, narrow, pkg.Support);
            Write(target, Conv(WidthKeeping(compound.OperatorKind, l, Low(value, targetType.Width)), narrow, targetType, compound));
            return;
        }
        var left = VhdlText.Convert(Read(target), targetType, opType, pkg.Support);
        var result = Binary(compound.OperatorKind, left, opType, value, opType, compound);
        Write(target, Conv(result, opType, targetType, compound));
    }

    /// <summary>
    /// <paramref name="left"/> op <paramref name="right"/> for +, -, &amp;, | or ^ on two vectors of one width,
    /// with that width: a sum or difference as SimulationFastForms' hdl_add or hdl_sub (numeric_std's
    /// operator in synthesis, a faster carry chain in simulation).
    /// </summary>
    string WidthKeeping(BinaryOperatorKind kind, string left, string right) => kind switch
    {
        BinaryOperatorKind.Add => $"{pkg.Support(SimulationFastForms.Add)}({left}, {right})",
        BinaryOperatorKind.Subtract => $"{pkg.Support(SimulationFastForms.Subtract)}({left}, {right})",
        _ => $"({left} {WidthKeepingOperator(kind)} {right})",
    };

    /// <summary>The VHDL operator of +, -, &amp;, | or ^, whose result has its operands' width.</summary>
    static string WidthKeepingOperator(BinaryOperatorKind kind) => kind switch
    {
        BinaryOperatorKind.Add => "+",
        BinaryOperatorKind.Subtract => "-",
        BinaryOperatorKind.And => "and",
        BinaryOperatorKind.Or => "or",
        BinaryOperatorKind.ExclusiveOr => "xor",
        _ => throw new ArgumentOutOfRangeException(nameof(kind), kind, "not an operator that keeps the width"),
    };

    /// <summary>C# binary numeric promotion.</summary>
    static VType Promote(VType a, VType b)
    {
        if (a.Kind == VKind.Bool) return a;
        int w = Math.Max(a.Width, b.Width);
        if (w == 128) return a.Kind == VKind.Unsigned && a.Width == 128 || b.Kind == VKind.Unsigned && b.Width == 128 ? VType.U(128) : VType.S(128);
        if (w == 64) return (a.Kind == VKind.Unsigned && a.Width == 64) || (b.Kind == VKind.Unsigned && b.Width == 64) ? VType.U(64) : VType.S(64);
        bool au = a.Kind == VKind.Unsigned && a.Width == 32, bu = b.Kind == VKind.Unsigned && b.Width == 32;
        if (au && bu) return VType.U(32);
        if (au || bu) return (au ? b : a).Kind == VKind.Signed ? VType.S(64) : VType.U(32);
        return VType.S(32);
    }

    /// <summary>
    /// Gives <paramref name="value"/> as <paramref name="type"/> to <paramref name="use"/> (an
    /// assignment or a return); a conditional <c>c ? a : b</c> of that type becomes an if/elsif/else
    /// whose branches each use their own value, so only the taken branch is evaluated.
    /// </summary>
    void Select(IOperation value, VType type, Action<string> use)
    {
        if (value is not IConditionalOperation { Type: not null } c || c.ConstantValue.HasValue || TypeOf(c) != type)
        {
            use(As(value, type));
            return;
        }
        Line($"if {As(c.Condition, VType.Bool)} then");
        SelectBranches(c, type, use);
        Line("end if;");
    }

    void SelectBranches(IConditionalOperation c, VType type, Action<string> use)
    {
        indent++; Select(c.WhenTrue, type, use); indent--;
        if (c.WhenFalse is IConditionalOperation { Type: not null } next && !next.ConstantValue.HasValue && TypeOf(next) == type)
        {
            ElseIf(next.Condition, () => SelectBranches(next, type, use));
            return;
        }
        Line("else");
        indent++; Select(c.WhenFalse!, type, use); indent--;
    }

    /// <summary>
    /// Continues an if with a further condition and its <paramref name="branches"/>: an elsif, or,
    /// when the condition needs statements first, an else holding them and a nested if (C#
    /// evaluates the condition only when the earlier ones were false).
    /// </summary>
    void ElseIf(IOperation condition, Action branches)
    {
        var (text, hoisted) = Capture(() => As(condition, VType.Bool));
        if (hoisted.Count == 0)
        {
            Line($"elsif {text} then");
            branches();
            return;
        }
        Line("else");
        indent++;
        Emit(hoisted);
        Line($"if {text} then");
        branches();
        Line("end if;");
        indent--;
    }

    void If(IConditionalOperation c)
    {
        Line($"if {As(c.Condition, VType.Bool)} then");
        UnderCondition(c.Condition, () => Branches(c));
        Line("end if;");
    }

    /// <summary>The then part and the else-if/else parts of an if (without its end).</summary>
    void Branches(IConditionalOperation c)
    {
        indent++; Statement(c.WhenTrue); indent--;
        if (c.WhenFalse is IConditionalOperation elseIf && elseIf.Type is null && elseIf.Syntax.Parent is Microsoft.CodeAnalysis.CSharp.Syntax.ElseClauseSyntax)
        {
            ElseIf(elseIf.Condition, () => UnderCondition(elseIf.Condition, () => Branches(elseIf)));
            return;
        }
        if (c.WhenFalse is not null)
        {
            Line("else");
            indent++; Statement(c.WhenFalse); indent--;
        }
    }

    /// <summary>
    /// A switch becomes an if/elsif chain of equality tests, the default section last. Not a VHDL case:
    /// GHDL 2.0 synthesizes a case as a one-hot mux whose default its Verilog writer
    /// (<c>--synth --out=verilog</c>, what yosys, Verilator and the formal checks read) drops, so the
    /// others branch is lost and yosys infers latches for the selector values no choice names (the
    /// AXI register bank's reads of unmapped addresses, an enum's unused encodings). An if chain
    /// becomes 2:1 muxes, which it writes whole.
    /// </summary>
    void Switch(ISwitchOperation s)
    {
        var selType = TypeOf(s.Value);
        // In the switch's own type, as its labels are: a value the VHDL keeps as an integer (an int
        // generic, a Length) is converted, since ghdl --synth cannot fold integer = signed.
        var sel = As(s.Value, selType);
        var sections = s.Cases.Select(c => (Labels: c.Clauses.Select(cl => cl switch
        {
            ISingleValueCaseClauseOperation v when v.Value.ConstantValue.HasValue => (object?)v.Value.ConstantValue.Value,
            IDefaultCaseClauseOperation => null,
            _ => throw Error(cl, "switch labels must be constants (no patterns or ranges)"),
        }).ToList(), Body: SectionBody(c))).ToList();

        // The labels of a switch are disjoint, so the order of the tests is free: the default goes last.
        sections = [.. sections.OrderBy(x => x.Labels.Contains(null) ? 1 : 0)];
        bool firstBranch = true;
        foreach (var (labels, body) in sections)
        {
            if (labels.Contains(null)) Line(firstBranch ? "if true then" : "else");
            else Line($"{(firstBranch ? "if" : "elsif")} {string.Join(" or ", labels.Select(l => $"({sel} = {pkg.Value(l!, selType)})"))} then");
            firstBranch = false;
            indent++;
            if (body.Count == 0) Line("null;");
            UnderCondition(s.Value, () => { foreach (var st in body) Statement(st); });
            indent--;
        }
        if (!firstBranch) Line("end if;");
    }

    static List<IOperation> SectionBody(ISwitchCaseOperation c)
    {
        var body = c.Body.ToList();
        if (body.Count > 0 && body[^1] is IBranchOperation { BranchKind: BranchKind.Break }) body.RemoveAt(body.Count - 1);
        else if (body.Count > 0 && body[^1] is not IReturnOperation)
            throw Error(c, "each switch section must end with break");
        if (body.Count == 1 && body[0] is IBlockOperation b && b.Operations.LastOrDefault() is IBranchOperation { BranchKind: BranchKind.Break })
            body = [.. b.Operations.Take(b.Operations.Length - 1)];
        return body;
    }

    void For(IForLoopOperation f)
    {
        const string shape = "for loops must read: for (int i = A; i < B; i++) with A and B constants, int instance constants (generics) or the Length of an array or bus array";
        if (f.Before.Length != 1 || f.Before[0] is not IVariableDeclarationGroupOperation g ||
            g.Declarations.Length != 1 || g.Declarations[0].Declarators.Length != 1)
            throw Error(f, shape);
        var decl = g.Declarations[0].Declarators[0];
        var init = decl.Initializer?.Value ?? g.Declarations[0].Initializer?.Value;
        if (init is null || LoopBound(init) is not { } from) throw Error(f, shape);
        if (f.Condition is not IBinaryOperation { OperatorKind: BinaryOperatorKind.LessThan or BinaryOperatorKind.LessThanOrEqual } cond ||
            Unwrap(cond.LeftOperand) is not ILocalReferenceOperation lr || !SymbolEqualityComparer.Default.Equals(lr.Local, decl.Symbol) ||
            LoopBound(cond.RightOperand) is not { } to)
            throw Error(f, shape);
        if (f.AtLoopBottom.Length != 1 || f.AtLoopBottom[0] is not IExpressionStatementOperation { Operation: IIncrementOrDecrementOperation { Kind: OperationKind.Increment } inc } ||
            Unwrap(inc.Target) is not ILocalReferenceOperation ir || !SymbolEqualityComparer.Default.Equals(ir.Local, decl.Symbol))
            throw Error(f, shape);
        if (cond.OperatorKind == BinaryOperatorKind.LessThan)
            to = to.Value is { } last ? ($"{last - 1}", last - 1) : ($"{to.Text} - 1", null);
        var name = scope.Claim(decl.Symbol.Name);
        locals[decl.Symbol] = (name, VType.Integer);
        // A bound from a generic is known per instance only: the range proofs of indexes then see no range.
        loopVariables[decl.Symbol] = (from.Value ?? long.MinValue, to.Value ?? long.MaxValue);
        Line($"for {name} in {from.Text} to {to.Text} loop");
        indent++; Statement(f.Body); indent--;
        Line("end loop;");
    }

    /// <summary>A for loop's bound: an integral constant (its value) or an int instance constant (its generic, value unknown here).</summary>
    (string Text, long? Value)? LoopBound(IOperation op)
    {
        if (op.ConstantValue.HasValue && op.ConstantValue.Value is not null and not bool)
        {
            long value = Convert.ToInt64(op.ConstantValue.Value);
            return ($"{value}", value);
        }
        var plain = Unwrap(op);
        if (KnownLength(plain) is { } length) return ($"{length}", length);
        return IntegerGeneric(plain) is not null ? (Read(plain), null) : null;
    }

    /// <summary>The length of a table, an array field or a bus array (<c>x.Length</c>), fixed when the design is built.</summary>
    int? KnownLength(IOperation op) => op switch
    {
        IPropertyReferenceOperation { Property.Name: "Length", Instance: { Type: IArrayTypeSymbol } array } => ArrayLength(array),
        IPropertyReferenceOperation { Property.Name: "Length", Instance: IPropertyReferenceOperation member } when BusMember(member) is { Length: > 0 } bus => bus.Length,
        _ => null,
    };

    /// <summary>The operand under implicit conversions.</summary>
    internal static IOperation Unwrap(IOperation op) => op is IConversionOperation { IsImplicit: true } c ? Unwrap(c.Operand) : op;

    /// <summary>The operand under parentheses.</summary>
    static IOperation Plain(IOperation op)
    {
        while (op is IParenthesizedOperation p) op = p.Operand;
        return op;
    }

    static readonly System.Text.RegularExpressions.Regex Name = new("^[A-Za-z][A-Za-z0-9_]*$", System.Text.RegularExpressions.RegexOptions.Compiled);

    /// <summary>Whether VHDL text is a plain name (which can be sliced and indexed).</summary>
    static bool IsName(string text) => Name.IsMatch(text);

    /// <summary>The VHDL name of a local, parameter, field or bus signal of vector type <paramref name="t"/>, or null.</summary>
    string? NamedVector(IOperation op, VType t)
    {
        if (op is not (ILocalReferenceOperation or IParameterReferenceOperation or IFieldReferenceOperation or IPropertyReferenceOperation)) return null;
        var (name, type) = Expr(op);
        return type == t && IsName(name) ? name : null;
    }

    /// <summary>Whether <paramref name="op"/> is a for-loop variable whose values all lie in 0..<paramref name="n"/> - 1.</summary>
    bool LoopVariableWithin(IOperation op, long n) =>
        op is ILocalReferenceOperation l && loopVariables.TryGetValue(l.Local, out var range) && range.From >= 0 && range.To < n;

    /// <summary>The operands of a binary operation, a product's constant factor last.</summary>
    static (IOperation Left, IOperation Right) FactorLast(IBinaryOperation b) =>
        b.OperatorKind == BinaryOperatorKind.Multiply && b.LeftOperand.ConstantValue.HasValue ? (b.RightOperand, b.LeftOperand) : (b.LeftOperand, b.RightOperand);

    /// <summary>The bits of an integral C# constant (two's complement), or null.</summary>
    static UInt128? IntegralConstant(IOperation op) =>
        op.ConstantValue is { HasValue: true, Value: sbyte or byte or short or ushort or int or uint or long or ulong or Int128 or UInt128 } c
            ? PackageBuilder.Bits(c.Value!) : null;

    // ---------------------------------------------------------------- targets

    VType TypeOf(IOperation op)
    {
        if (op is ILocalReferenceOperation l && loopVariables.ContainsKey(l.Local)) return VType.Integer;
        if (IntegerGeneric(op) is not null) return VType.Integer;
        if (op is IParameterReferenceOperation p && locals.TryGetValue(p.Parameter, out var parameter) && parameter.Type.Kind == VKind.Integer) return VType.Integer;
        return pkg.TypeOf(types.Apply(op.Type ?? throw Error(op, "expression without a type")), op.Syntax);
    }

    /// <summary>The member of an int instance constant (a VHDL integer generic) that <paramref name="op"/> reads, or null.</summary>
    MemberInfo? IntegerGeneric(IOperation op) =>
        op is IFieldReferenceOperation { Field.IsStatic: false } f && members is not null &&
        members.Field(f.Field, f.Syntax) is { Kind: MemberKind.Generic, Type.Kind: VKind.Integer } m ? m : null;

    string Read(IOperation target) => Expr(target).Text;

    void Write(IOperation target, string value)
    {
        switch (target)
        {
            case ILocalReferenceOperation l when loopVariables.ContainsKey(l.Local):
                throw Error(target, "a for-loop variable cannot be assigned in the loop body");
            case ILocalReferenceOperation or IParameterReferenceOperation:
                Line($"{Expr(target).Text} := {value};");
                return;
            case IFieldReferenceOperation f when !f.Field.IsStatic && members is not null:
                {
                    var m = members.Field(f.Field, f.Syntax);
                    if (m.Kind != MemberKind.Register)
                        throw Error(target, $"{f.Field.Name} is {(m.Kind == MemberKind.Generic ? "an instance constant (readonly)" : "not writable")}; only mutable fields of clocked processes (registers) can be assigned");
                    var register = Conv(value, TypeOf(target), m.Type, target);
                    if (m.Direct)
                        Line($"{m.Name} <= {register};");
                    else
                    {
                        Line($"{m.Name} := {register};");
                        Line($"{m.Signal} <= {m.Name};");
                    }
                    return;
                }
            case IArrayElementReferenceOperation a when Unwrap(a.ArrayReference) is IFieldReferenceOperation af && !af.Field.IsStatic && members is not null:
                {
                    var m = members.Field(af.Field, af.Syntax);
                    if (m.Kind != MemberKind.RegisterArray) throw Error(target, $"{af.Field.Name} is not a register array (clocked process array field)");
                    var element = Conv(value, TypeOf(target), m.Type, target);
                    // A register file that keeps its reset (registers, not a memory), or that is read at an
                    // index synthesis may find fixed, is written element by element (WriteElement). A
                    // register file without reset read only at computed indices keeps the indexed write
                    // GHDL takes as a memory (LUT-RAM).
                    WriteElement(m.Name, a.Indices[0], m.Length, m.Direct ? "<=" : ":=", element, byElement: m.KeepsReset || m.FixedReads, af.Field);
                    return;
                }
            case IPropertyReferenceOperation p when ElementOfRegisterPort(p) is var (registerPort, elementType, length):
                // An element of an array output that a register signal drives: the signal is read whole
                // (the port's assignment), at constant indices, so it is written element by element.
                RecordWrite(registerPort, p.Arguments[0].Value, length);
                WriteElement(registerPort, p.Arguments[0].Value, length, "<=", Conv(value, TypeOf(target), elementType, target), byElement: true);
                return;
            case IPropertyReferenceOperation p when BusSignal(p) is var (busField, port, type, isOutput):
                if (!isOutput) throw Error(target, $"{busField.Name} is an [InputBus]: a process writes only its [OutputBus] fields");
                Line($"{port} <= {Conv(value, TypeOf(target), type, target)};");
                return;
            case IFieldReferenceOperation { Field.IsStatic: true } sf:
                throw Error(target, $"static field {sf.Field.Name} cannot be written in hardware");
        }
        throw Error(target, "this cannot be assigned in the hardware subset (assign locals, register fields, register array elements or output bus signals)");
    }

    /// <summary>
    /// Writes <paramref name="element"/> into element <paramref name="indexOp"/> of the array
    /// <paramref name="name"/>: at that index, or, when <paramref name="byElement"/> and the index is
    /// computed, as a loop over the elements, each written at a constant index. GHDL 2.0's synthesis
    /// stops with an internal error (netlists-memories.adb:1413) on a read and a write at computed
    /// indices in some branch shapes (Fuzz/Regressions/*register-file*), and takes an array written at
    /// a computed index and read at a constant one for a memory it never writes. C# evaluates the
    /// index once, before the write: where it reads the array being written (<paramref name="field"/>, as a variable,
    /// <c>rf[rf[0] &amp; 3]++</c>), it is computed into a variable before the loop, or the element
    /// written in the loop would change it for the elements after it (a second write). With the index
    /// fixed, one element is written, so the value is as C# computes it.
    /// </summary>
    void WriteElement(string name, IOperation indexOp, int length, string assign, string element, bool byElement, IFieldSymbol? field = null)
    {
        var index = Index(indexOp, length);
        if (!byElement || int.TryParse(index, out _) || LoopVariableWithin(Unwrap(indexOp), length))
        {
            Line($"{name}({index}) {assign} {element};");
            return;
        }
        if (assign == ":=" && field is not null && indexOp.DescendantsAndSelf().Any(o =>
                o is IFieldReferenceOperation f && SymbolEqualityComparer.Default.Equals(f.Field.OriginalDefinition, field.OriginalDefinition)))
        {
            var at = Temporary("index", VType.Integer);
            Line($"{at} := {index};");
            index = at;
        }
        var k = scope.Claim("element");
        Line($"for {k} in 0 to {length - 1} loop");
        Line($"  if {k} = {index} then {name}({k}) {assign} {element}; end if;");
        Line("end loop;");
    }

    /// <summary>An element of an array output driven from a register signal (<c>Out.Words[i]</c> of a clocked process without reset): that signal, its element type and length; else null.</summary>
    (string Port, VType Type, int Length)? ElementOfRegisterPort(IPropertyReferenceOperation p)
    {
        if (!p.Property.IsIndexer || p.Instance is not IPropertyReferenceOperation array || array.Instance is not IFieldReferenceOperation bf || BusMember(array) is not { IsOutput: true, Length: > 0 })
            return null;
        var signal = members!.Signal(bf.Field, array.Property, p.Syntax);
        return signal.Register ? (signal.Port, signal.Type, signal.Length) : null;
    }

    /// <summary>
    /// A bus signal: a scalar member (<c>Input.Valid</c>) or an element of an array member
    /// (<c>Input.Data[i]</c>), as the port or the port's element; null when <paramref name="p"/> is
    /// no bus signal.
    /// </summary>
    (IFieldSymbol Field, string Port, VType Type, bool IsOutput)? BusSignal(IPropertyReferenceOperation p)
    {
        if (p.Property.IsIndexer && p.Instance is IPropertyReferenceOperation array && BusMember(array) is var (field, port, type, isOutput, length))
        {
            if (length == 0) return null;
            return (field, $"{port}({Index(p.Arguments[0].Value, length)})", type, isOutput);
        }
        if (BusMember(p) is not var (busField, name, elementType, output, members)) return null;
        if (members > 0)
            throw Error(p, "a bus array is no value in hardware: read and write its elements (Input.Words[i]) or its Length");
        return (busField, name, elementType, output);
    }

    /// <summary>
    /// A call of <c>Hdl.BusCopy.CopyFrom&lt;T&gt;(target, source)</c>: the two bus fields and the members
    /// of T (inherited ones first); null for any other call.
    /// </summary>
    (IFieldSymbol Target, IFieldSymbol Source, IReadOnlyList<IPropertySymbol> Members)? BusCopy(IInvocationOperation inv)
    {
        if (BusCopyCall(inv) is not var (target, source, list)) return null;
        if (members is null) throw Error(inv, "a static helper cannot copy buses; copy them in OnTick");
        IFieldSymbol Field(IOperation op) => op is IFieldReferenceOperation { Field.IsStatic: false } f ? f.Field
            : throw Error(op, "CopyFrom copies between bus fields of the process (Output.CopyFrom<T>(Input))");
        return (Field(target), Field(source), list);
    }

    /// <summary>
    /// The operands of <c>Hdl.BusCopy.CopyFrom&lt;T&gt;(target, source)</c> (implicit conversions
    /// removed) and the members of T, inherited ones first; null for any other call. The transpiler
    /// and the reset analysis both read a copy through it.
    /// </summary>
    internal static (IOperation Target, IOperation Source, IReadOnlyList<IPropertySymbol> Members)? BusCopyCall(IInvocationOperation inv)
    {
        var m = inv.TargetMethod;
        if (m.Name != "CopyFrom" || m.ContainingType.ToDisplayString() != "Hdl.BusCopy") return null;
        IOperation Argument(int ordinal) => Unwrap(inv.Arguments.First(a => a.Parameter!.Ordinal == ordinal).Value);
        var type = m.TypeArguments[0];
        return (Argument(0), Argument(1), [.. type.AllInterfaces.Reverse().Append(type).SelectMany(i => i.GetMembers().OfType<IPropertySymbol>())]);
    }

    /// <summary>A member of a bus field: scalar signal or array (length above 0).</summary>
    (IFieldSymbol Field, string Port, VType Type, bool IsOutput, int Length)? BusMember(IPropertyReferenceOperation p)
    {
        if (members is null || p.Instance is not IFieldReferenceOperation bf || bf.Field.IsStatic ||
            !bf.Field.Type.AllInterfaces.Any(i => i.Name == "IBus" && i.ContainingNamespace.ToDisplayString() == "Hdl"))
            return null;
        var (port, type, isOutput, length, _) = members.Signal(bf.Field, p.Property, p.Syntax);
        return (bf.Field, port, type, isOutput, length);
    }

    // ---------------------------------------------------------------- expressions

    /// <summary>The expression converted to <paramref name="t"/> with C# conversion semantics.</summary>
    public string As(IOperation op, VType t)
    {
        if (op.ConstantValue.HasValue)
            return Constant(op, t);
        if (t.Kind is VKind.Integer or VKind.Unsigned or VKind.Signed && Known(op) is { } known && TypeOf(op) is { Kind: VKind.Integer or VKind.Unsigned or VKind.Signed } from)
            return VhdlText.Literal(t, (UInt128)Signed(known, from)); // a value the arguments of a helper written in place fix
        if (t.Kind == VKind.Integer && PromotedToInt(op) is { } narrow)
            return $"to_integer({Expr(narrow).Text})";
        var (text, type) = Expr(op);
        return Conv(text, type, t, op);
    }

    /// <summary>A conversion with C# semantics, or an error at <paramref name="at"/> if it has no hardware form.</summary>
    string Conv(string e, VType from, VType to, IOperation at)
    {
        try { return VhdlText.Convert(e, from, to, pkg.Support); }
        catch (TranspileException x) { throw Error(at, x.Message); }
    }

    string Constant(IOperation op, VType t)
    {
        var v = op.ConstantValue.Value ?? throw Error(op, "null is not a hardware value");
        if (v is string or char or float or double or decimal) throw Error(op, $"{v.GetType().Name} constants are not hardware values");
        try { return pkg.Value(v, t); }
        catch (TranspileException x) { throw Error(op, x.Message); }
    }

    /// <summary><paramref name="operand"/> converted to <paramref name="to"/> as C#'s cast (a conversion or <c>T.CreateTruncating</c>): wraps, sign- or zero-extends.</summary>
    (string, VType) Cast(IOperation operand, VType to, IOperation at)
    {
        if (operand.ConstantValue.HasValue) return (As(operand, to), to);
        if (to.IsVector && TypeOf(operand) is { IsVector: true } wide && wide.Width > to.Width &&
            (Slice(operand, 0, to.Width) is not null || Narrowable(operand)))
            return (Conv(Low(operand, to.Width), pkg.Use(VType.U(to.Width)), to, at), to);
        if (Converted(operand) is { } innerOperand && !innerOperand.ConstantValue.HasValue)
        {
            // (T2)(T1)x is (T2)x when T1 holds x's value, or when T1 extends x and T2 is no
            // wider than T1: one conversion, as ghdl --synth crashes (netlists-utils.adb) on
            // a resize of a resize of a variable it folds to a constant (StaticSafeForms)
            var mid = TypeOf(operand);
            var source = TypeOf(innerOperand);
            bool holdsValue = source.Kind == VKind.Unsigned
                ? mid.Kind == VKind.Unsigned ? mid.Width >= source.Width : mid.Width > source.Width
                : source.Kind == VKind.Signed && mid.Kind == VKind.Signed && mid.Width >= source.Width;
            if (source.IsVector && mid.IsVector && to.IsVector
                && (holdsValue || mid.Width >= source.Width && to.Width <= mid.Width))
            {
                var (x, xType) = Expr(innerOperand);
                return (Conv(x, xType, to, at), to);
            }
        }
        var (text, from) = Expr(operand);
        return (Conv(text, from, to, at), to);
    }

    /// <summary>
    /// The operand of an integer conversion: a C# cast, or <c>T.CreateTruncating(x)</c> (the same
    /// conversion in generic code); else null.
    /// </summary>
    IOperation? Converted(IOperation op) => op switch
    {
        IConversionOperation c => c.Operand,
        IInvocationOperation { Arguments.Length: 1 } inv when Hdl.Analyzers.GenericMath.IsConversion(inv.TargetMethod) => inv.Arguments[0].Value,
        _ => null,
    };

    /// <summary>The expression in its own (C#) type.</summary>
    public (string Text, VType Type) Expr(IOperation op)
    {
        if (op.ConstantValue.HasValue && op.Type is not null)
        {
            var t = pkg.TypeOf(types.Apply(op.Type), op.Syntax);
            return (Constant(op, t), t);
        }
        switch (op)
        {
            case IConversionOperation c:
                return Cast(c.Operand, TypeOf(c), c);
            case ILocalReferenceOperation l:
                return locals.TryGetValue(l.Local, out var lv) ? lv : throw Error(op, $"local {l.Local.Name} is not declared in the translated code");
            case IParameterReferenceOperation p:
                return locals.TryGetValue(p.Parameter, out var pv) ? pv : throw Error(op, $"parameter {p.Parameter.Name} is not available here");
            case IFieldReferenceOperation f:
                return Field(f);
            case IPropertyReferenceOperation p:
                return Property(p);
            case IArrayElementReferenceOperation a:
                return Element(a);
            case IBinaryOperation b:
                {
                    var resultType = TypeOf(b);
                    if (resultType.Kind == VKind.Enum)
                        throw EnumArithmetic(b);
                    bool shift = b.OperatorKind is BinaryOperatorKind.LeftShift or BinaryOperatorKind.RightShift;
                    bool compare = b.OperatorKind is BinaryOperatorKind.Equals or BinaryOperatorKind.NotEquals or BinaryOperatorKind.LessThan
                        or BinaryOperatorKind.LessThanOrEqual or BinaryOperatorKind.GreaterThan or BinaryOperatorKind.GreaterThanOrEqual;
                    if (b.OperatorKind == BinaryOperatorKind.Or && Concatenation(b, resultType) is { } joined) return (joined, resultType);
                    if (b.OperatorKind is BinaryOperatorKind.Equals or BinaryOperatorKind.NotEquals && BitTest(b) is { } bit) return (bit, VType.Bool);
                    var leftType = shift ? resultType : compare ? OperandType(b.LeftOperand, b.RightOperand) : resultType;
                    var rightType = shift ? VType.S(32) : leftType;
                    var (leftOp, rightOp) = FactorLast(b);
                    var left = As(leftOp, leftType);
                    return (Binary(b.OperatorKind, left, leftType, rightOp, rightType, b), resultType);
                }
            case IUnaryOperation u:
                {
                    var t = TypeOf(u);
                    var x = As(u.Operand, t);
                    return u.OperatorKind switch
                    {
                        UnaryOperatorKind.Not or UnaryOperatorKind.BitwiseNegation => ($"(not {x})", t),
                        UnaryOperatorKind.Minus when t.Kind == VKind.Signed => ($"(-{x})", t),
                        UnaryOperatorKind.Plus => (x, t),
                        _ => throw Error(op, $"unary {u.OperatorKind} is not in the hardware subset for {t}"),
                    };
                }
            case IConditionalOperation c when c.Type is not null:
                {
                    // if/else on a temporary: only the taken branch is evaluated, as in C#.
                    var t = TypeOf(c);
                    var value = Temporary("choice", t);
                    Select(c, t, v => Line($"{value} := {v};"));
                    return (value, t);
                }
            case IInvocationOperation inv:
                return Invocation(inv);
            case IObjectCreationOperation oc when oc.Type is { Name: "UInt128", ContainingNamespace.Name: "System" } && oc.Arguments.Length == 2:
                return ($"unsigned'({As(oc.Arguments[0].Value, VType.U(64))} & {As(oc.Arguments[1].Value, VType.U(64))})", pkg.Use(VType.U(128)));
            case IObjectCreationOperation:
                throw Error(op, "object creation is not in the hardware subset (only new UInt128(upper, lower))");
            case IParenthesizedOperation par:
                return Expr(par.Operand);
            case IDefaultValueOperation d when d.Type is not null:
                {
                    var t = TypeOf(d);
                    return (t.IsVector ? VhdlText.Literal(t, 0) : VhdlText.Zero(t), t);
                }
            case IAnonymousFunctionOperation:
                throw Error(op, "lambdas are not in the hardware subset");
            case IInterpolatedStringOperation or ILiteralOperation { Type.SpecialType: SpecialType.System_String }:
                throw Error(op, "strings are not in the hardware subset");
            case IIsPatternOperation or IIsTypeOperation or ISwitchExpressionOperation:
                throw Error(op, "patterns and switch expressions are not in the hardware subset; use if/else or a switch statement");
            case IIncrementOrDecrementOperation or ISimpleAssignmentOperation or ICompoundAssignmentOperation:
                throw Error(op, "assignments and ++/-- are statements in the hardware subset, not values inside an expression");
        }
        throw Error(op, $"this expression ({op.Kind}) is not in the hardware subset");
    }

    /// <summary>
    /// Whether the low bits of <paramref name="op"/> depend only on the low bits of its operands
    /// (+, -, *, &amp;, |, ^, ~, unary -, &lt;&lt;), so a truncation of it can be computed at the narrow width.
    /// </summary>
    bool Narrowable(IOperation op)
    {
        op = Plain(op);
        if (!TypeOf(op).IsVector) return false;
        return op switch
        {
            IBinaryOperation b => b.OperatorKind is BinaryOperatorKind.Add or BinaryOperatorKind.Subtract or BinaryOperatorKind.Multiply
                or BinaryOperatorKind.And or BinaryOperatorKind.Or or BinaryOperatorKind.ExclusiveOr or BinaryOperatorKind.LeftShift,
            IUnaryOperation u => u.OperatorKind is UnaryOperatorKind.BitwiseNegation or UnaryOperatorKind.Minus or UnaryOperatorKind.Plus,
            IConversionOperation c => TypeOf(c.Operand).IsVector && Narrowable(c.Operand),
            IInvocationOperation when Converted(op) is { } x => TypeOf(x).IsVector && Narrowable(x),
            _ => false,
        };
    }

    /// <summary>
    /// The low <paramref name="w"/> bits of <paramref name="op"/> as unsigned(w - 1 downto 0), computed at
    /// that width where the operation allows it (C# computes in int or wider and then truncates; the low
    /// bits of a sum, difference, product, bitwise operation or left shift are those of the operation on
    /// the operands' low bits).
    /// </summary>
    string Low(IOperation op, int w)
    {
        op = Plain(op);
        var narrow = pkg.Use(VType.U(w));
        if (op.ConstantValue.HasValue) return Constant(op, narrow);
        var t = TypeOf(op);
        if (!t.IsVector || t.Width <= w) return As(op, narrow);
        if (Slice(op, 0, w) is { } slice) return slice;
        // Any integer conversion keeps the low bits it has (here at least w of them).
        if (Converted(op) is { } converted) return Low(converted, w);
        if (!Narrowable(op)) return As(op, narrow);
        switch (op)
        {
            case IUnaryOperation u:
                {
                    var x = Low(u.Operand, w);
                    return u.OperatorKind switch
                    {
                        UnaryOperatorKind.BitwiseNegation => $"(not {x})",
                        UnaryOperatorKind.Minus => WidthKeeping(BinaryOperatorKind.Subtract, VhdlText.Literal(narrow, 0), x),
                        _ => x,
                    };
                }
            case IBinaryOperation b:
                {
                    if (b.OperatorKind == BinaryOperatorKind.LeftShift)
                        return $"shift_left({Low(b.LeftOperand, w)}, {ShiftAmount(b.RightOperand, t.Width)})";
                    var (l, r) = FactorLast(b);
                    if (b.OperatorKind == BinaryOperatorKind.And && AllOnes(r, w)) return Low(l, w); // a mask of the kept bits
                    if (b.OperatorKind == BinaryOperatorKind.And && AllOnes(l, w)) return Low(r, w);
                    var left = Low(l, w);
                    if (b.OperatorKind == BinaryOperatorKind.Multiply)
                        return ShiftsAndAdds(left, r) ?? $"{pkg.Support(SimulationFastForms.Multiply)}({left}, {Low(r, w)})";
                    return WidthKeeping(b.OperatorKind, left, Low(r, w));
                }
        }
        return As(op, narrow);
    }

    /// <summary>
    /// Bits <paramref name="low"/>..<paramref name="low"/> + <paramref name="w"/> - 1 of <paramref name="op"/> as a
    /// slice of a named vector, unsigned(w - 1 downto 0), when <paramref name="op"/> is the name, a
    /// conversion of it or a right shift of it by a constant that keeps those bits; else null.
    /// </summary>
    string? Slice(IOperation op, int low, int w)
    {
        op = Plain(op);
        if (op.ConstantValue.HasValue || TypeOf(op) is not { IsVector: true } t || low + w > t.Width) return null;
        switch (op)
        {
            case IConversionOperation c:
                return TypeOf(c.Operand) is { IsVector: true } from && low + w <= from.Width ? Slice(c.Operand, low, w) : null;
            case IBinaryOperation { OperatorKind: BinaryOperatorKind.RightShift } b when Known(b.RightOperand) is { } amount:
                {
                    int by = (int)(amount & (UInt128)(t.Width - 1));
                    return low + by + w <= t.Width ? Slice(b.LeftOperand, low + by, w) : null;
                }
        }
        if (NamedVector(op, t) is not { } name) return null;
        var bits = low == 0 && w == t.Width ? name : $"{name}({low + w - 1} downto {low})";
        return t.Kind == VKind.Signed ? $"unsigned({bits})" : bits;
    }

    /// <summary>
    /// An or of zero-extended values shifted to disjoint bit ranges (<c>(ulong)hi &lt;&lt; 32 | lo</c>,
    /// <c>b0 &lt;&lt; 24 | b1 &lt;&lt; 16 | ...</c>) as the concatenation it is, zeros in the gaps; else null.
    /// </summary>
    string? Concatenation(IBinaryOperation or, VType type)
    {
        if (!type.IsVector) return null;
        var fields = new List<(int Low, int Width, Func<string> Text)>();
        bool Collect(IOperation op)
        {
            op = Plain(op);
            if (op is IBinaryOperation { OperatorKind: BinaryOperatorKind.Or } b && TypeOf(b) == type) return Collect(b.LeftOperand) && Collect(b.RightOperand);
            int shift = 0;
            if (op is IBinaryOperation { OperatorKind: BinaryOperatorKind.LeftShift } s && TypeOf(s) == type && s.RightOperand.ConstantValue.HasValue)
            {
                shift = (int)(Convert.ToInt64(s.RightOperand.ConstantValue.Value) & (type.Width - 1));
                op = Plain(s.LeftOperand);
            }
            if (shift > 0 && TypeOf(op) == type && Slice(op, 0, type.Width - shift) is { } kept)
            {
                fields.Add((shift, type.Width - shift, () => kept)); // x << k of a name: its low bits moved up
                return true;
            }
            if (op is not IConversionOperation c || op.ConstantValue.HasValue || TypeOf(c.Operand) is not { Kind: VKind.Unsigned } from || from.Width >= type.Width || shift + from.Width > type.Width)
                return false;
            fields.Add((shift, from.Width, () => Expr(c.Operand).Text));
            return true;
        }
        if (!Collect(or) || fields.Count < 2) return null;
        fields.Sort((x, y) => y.Low.CompareTo(x.Low));
        var parts = new List<string>();
        int top = type.Width;
        for (int i = 0, end = type.Width; i < fields.Count; end = fields[i].Low, i++)
            if (fields[i].Low + fields[i].Width > end) return null; // overlapping fields: a real or
        foreach (var (low, width, text) in fields)
        {
            if (low + width < top) parts.Add(VhdlText.BitString(0, top - low - width));
            parts.Add(text());
            top = low;
        }
        if (top > 0) parts.Add(VhdlText.BitString(0, top));
        var joined = $"unsigned'({string.Join(" & ", parts)})";
        return type.Kind == VKind.Signed ? $"signed({joined})" : joined;
    }

    /// <summary>
    /// <c>((x &gt;&gt; k) &amp; 1) != 0</c> (or == 0, == 1, != 1) of a named vector as the bit it tests,
    /// <c>x(k) = '1'</c>, k masked as C# masks a shift; else null.
    /// </summary>
    string? BitTest(IBinaryOperation compare)
    {
        var (masked, constant) = Known(compare.RightOperand) is { } r ? (Plain(compare.LeftOperand), r)
            : Known(compare.LeftOperand) is { } l ? (Plain(compare.RightOperand), l) : (null, UInt128.Zero);
        if (masked is not IBinaryOperation { OperatorKind: BinaryOperatorKind.And } and || constant > 1) return null;
        var shifted = Known(and.RightOperand) == 1 ? Plain(and.LeftOperand) : Known(and.LeftOperand) == 1 ? Plain(and.RightOperand) : null;
        if (shifted is not IBinaryOperation { OperatorKind: BinaryOperatorKind.RightShift } shift || TypeOf(shift) is not { IsVector: true } t) return null;
        if (NamedVector(Plain(shift.LeftOperand), t) is not { } name) return null;
        bool one = (constant == 1) == (compare.OperatorKind == BinaryOperatorKind.Equals);
        return $"({name}({ShiftAmount(shift.RightOperand, t.Width)}) = '{(one ? 1 : 0)}')";
    }

    /// <summary>
    /// The type a comparison is made in: integer when both sides are VHDL integers (loop variables,
    /// int instance constants, int constants, narrower vectors promoted to int): C# compares them as int then.
    /// </summary>
    VType OperandType(IOperation left, IOperation right)
    {
        if (IntegerExact(left) && IntegerExact(right) && !(left.ConstantValue.HasValue && right.ConstantValue.HasValue)) return VType.Integer;
        var l = TypeOf(left);
        return l.Kind == VKind.Integer ? TypeOf(right) : l;
    }

    /// <summary>
    /// Whether a C# int operand is exactly a VHDL integer without a 32-bit detour: a loop variable, an
    /// int instance constant, an int constant, or a narrower vector promoted to int.
    /// </summary>
    bool IntegerExact(IOperation op)
    {
        if (op.ConstantValue.HasValue) return op.ConstantValue.Value is sbyte or byte or short or ushort or int;
        if (TypeOf(op).Kind == VKind.Integer) return true;
        return PromotedToInt(op) is not null;
    }

    /// <summary>The operand of an int promotion of an unsigned vector of up to 31 bits or a signed one of up to 32, or null (also for a Length, a VHDL integer already).</summary>
    IOperation? PromotedToInt(IOperation op) =>
        op is IConversionOperation { Type.SpecialType: SpecialType.System_Int32 } c && KnownLength(Unwrap(c.Operand)) is null &&
        TypeOf(c.Operand) is { IsVector: true } o && (o.Kind == VKind.Unsigned ? o.Width <= 31 : o.Width <= 32) ? c.Operand : null;

    string Binary(BinaryOperatorKind kind, string left, VType type, IOperation rightOp, VType rightType, IOperation at)
    {
        if (kind is BinaryOperatorKind.LeftShift or BinaryOperatorKind.RightShift)
        {
            var fn = kind == BinaryOperatorKind.LeftShift ? "shift_left" : "shift_right";
            return $"{fn}({left}, {ShiftAmount(rightOp, type.Width)})";
        }
        if (kind is BinaryOperatorKind.ConditionalAnd or BinaryOperatorKind.ConditionalOr)
        {
            var (r, hoisted) = Capture(() => As(rightOp, rightType));
            if (hoisted.Count == 0) return $"({left} {(kind == BinaryOperatorKind.ConditionalAnd ? "and" : "or")} {r})";
            // The right side needs statements: run them only when C# evaluates the right side.
            var value = Temporary("both", VType.Bool);
            Line($"{value} := {left};");
            Line(kind == BinaryOperatorKind.ConditionalAnd ? $"if {value} then" : $"if not {value} then");
            indent++; Emit(hoisted); Line($"{value} := {r};"); indent--;
            Line("end if;");
            return value;
        }
        if (kind == BinaryOperatorKind.Multiply && ShiftsAndAdds(left, rightOp) is { } product) return product;
        var right = As(rightOp, rightType);
        string bool2(string o) => $"({left} {o} {right})";
        // ghdl --synth cannot fold < <= > >= on enumerations (StaticSafeForms): compare their positions
        if (type.Kind == VKind.Enum && kind is BinaryOperatorKind.LessThan or BinaryOperatorKind.LessThanOrEqual
            or BinaryOperatorKind.GreaterThan or BinaryOperatorKind.GreaterThanOrEqual)
        {
            left = $"{type.EnumName}'pos({left})";
            right = $"{type.EnumName}'pos({right})";
        }
        return kind switch
        {
            BinaryOperatorKind.Add or BinaryOperatorKind.Subtract when type.IsVector => WidthKeeping(kind, left, right),
            BinaryOperatorKind.Add => bool2("+"),
            BinaryOperatorKind.Subtract => bool2("-"),
            BinaryOperatorKind.Multiply => type.Kind == VKind.Signed
                ? $"signed(resize(unsigned({left} * {right}), {type.Width}))" // keep the low bits, as C# wraps
                : $"{pkg.Support(SimulationFastForms.Multiply)}({left}, {right})",
            BinaryOperatorKind.Divide when type.IsVector => $"{pkg.Support(TotalArithmetic.Div)}({left}, {right})",
            BinaryOperatorKind.Remainder when type.IsVector => $"{pkg.Support(TotalArithmetic.Rem)}({left}, {right})",
            BinaryOperatorKind.And => bool2("and"),
            BinaryOperatorKind.Or => bool2("or"),
            BinaryOperatorKind.ExclusiveOr => bool2("xor"),
            BinaryOperatorKind.Equals => bool2("="),
            // ghdl --synth cannot fold numeric_std's /= (StaticSafeForms)
            BinaryOperatorKind.NotEquals => type.IsVector ? $"(not ({left} = {right}))" : bool2("/="),
            BinaryOperatorKind.LessThan => bool2("<"),
            BinaryOperatorKind.LessThanOrEqual => bool2("<="),
            BinaryOperatorKind.GreaterThan => bool2(">"),
            BinaryOperatorKind.GreaterThanOrEqual => bool2(">="),
            _ => throw Error(at, $"operator {kind} is not in the hardware subset"),
        };
    }

    /// <summary>Whether <paramref name="op"/> is a constant whose low <paramref name="w"/> bits are all ones.</summary>
    static bool AllOnes(IOperation op, int w)
    {
        if (IntegralConstant(op) is not { } v) return false;
        var mask = w >= 128 ? UInt128.MaxValue : (UInt128.One << w) - 1;
        return (v & mask) == mask;
    }

    /// <summary>
    /// <paramref name="x"/> times a non-negative constant <paramref name="factor"/> of at most three one
    /// bits as shifts and adds (the same low bits as C#'s wrapping product, without a multiplier); else null.
    /// </summary>
    string? ShiftsAndAdds(string x, IOperation factor)
    {
        if (IntegralConstant(factor) is not { } v || factor.ConstantValue.Value is sbyte or short or int or long && Convert.ToInt64(factor.ConstantValue.Value) < 0) return null;
        if (v == 0 || UInt128.PopCount(v) > 3) return null;
        var terms = new List<string>();
        for (int k = 127; k >= 0; k--)
            if (((v >> k) & 1) != 0) terms.Add(k == 0 ? x : $"shift_left({x}, {k})");
        return terms.Aggregate((sum, term) => WidthKeeping(BinaryOperatorKind.Add, sum, term));
    }

    /// <summary>A shift or rotate amount, masked to the operand width as C# does.</summary>
    string ShiftAmount(IOperation amount, int width)
    {
        int bits = (int)Math.Log2(width);
        if ((Known(amount) ?? StaticValue(amount)) is { } known) return ((long)(known & (UInt128)(width - 1))).ToString();
        var plain = Unwrap(amount);
        if (TypeOf(plain).IsVector && Narrowable(plain)) return $"{pkg.Support(StaticSafeForms.Amount)}({Low(plain, bits)}, {bits})";
        var (text, type) = Expr(plain);
        if (LoopVariableWithin(plain, width)) return text;
        if (type.Kind == VKind.Integer) return $"({text} mod {width})";
        if (!type.IsVector) throw Error(amount, $"a shift amount of type {type} is not in the hardware subset");
        return $"{pkg.Support(StaticSafeForms.Amount)}({text}, {bits})";
    }

    (string, VType) Field(IFieldReferenceOperation f)
    {
        var field = types.Apply(f.Field);
        if (field.IsStatic)
        {
            if (field.Type is IArrayTypeSymbol) throw Error(f, $"table {field.Name} can only be indexed (Table[i])");
            if (!field.IsReadOnly) throw Error(f, $"static field {field.Name} is mutable; hardware reads only constants and static readonly tables");
            return pkg.StaticScalar(field, f.Syntax);
        }
        if (members is null) throw Error(f, $"static helper reads instance field {field.Name}; pass it as a parameter");
        var m = members.Field(field, f.Syntax);
        if (m is { Kind: MemberKind.Generic, Type.Kind: VKind.Integer }) return (m.Name, VType.Integer);
        if (m.Kind is MemberKind.RegisterArray or MemberKind.ConstantArray) throw Error(f, $"array field {field.Name} can only be indexed");
        var t = TypeOf(f);
        return (Conv(m.Name, m.Type, t, f), t);
    }

    (string, VType) Property(IPropertyReferenceOperation p)
    {
        if (p.Instance?.Type?.SpecialType == SpecialType.System_String)
            throw Error(p, "strings are not in the hardware subset");
        if (KnownLength(p) is { } length)
            return (length.ToString(), VType.Integer);
        if (BusSignal(p) is var (busField, port, type, isOutput))
        {
            if (isOutput) throw Error(p, $"{busField.Name} is an [OutputBus]: a process reads only its [InputBus] fields (keep a register copy if you need the value)");
            var t = TypeOf(p);
            return (Conv(port, type, t, p), t);
        }
        if (Hdl.Analyzers.GenericMath.IsConstant(p.Property))
        {
            var t = TypeOf(p);
            var bits = p.Property.Name switch { "Zero" => UInt128.Zero, "One" => UInt128.One, _ => UInt128.MaxValue };
            return (VhdlText.Literal(t, bits), t);
        }
        throw Error(p, $"property {p.Property.Name} is not in the hardware subset (only bus signals; use fields in processes)");
    }

    int ArrayLength(IOperation array) => Unwrap(array) switch
    {
        IFieldReferenceOperation { Field.IsStatic: true } sf => pkg.Table(types.Apply(sf.Field), sf.Syntax).Length,
        IFieldReferenceOperation f when members is not null => members.Field(f.Field, f.Syntax).Length,
        var other => throw Error(other, "only tables and array fields have a Length in hardware"),
    };

    (string, VType) Element(IArrayElementReferenceOperation a)
    {
        if (a.Indices.Length != 1) throw Error(a, "only one-dimensional arrays are in the hardware subset");
        var t = TypeOf(a);
        switch (Unwrap(a.ArrayReference))
        {
            case IFieldReferenceOperation { Field.IsStatic: true } sf:
                {
                    if (!sf.Field.IsReadOnly) throw Error(a, $"table {sf.Field.Name} must be static readonly");
                    var (name, elem, length) = pkg.Table(types.Apply(sf.Field), sf.Syntax);
                    return (Conv($"{name}({Index(a.Indices[0], length)})", elem, t, a), t);
                }
            case IFieldReferenceOperation f when members is not null:
                {
                    var m = members.Field(f.Field, f.Syntax);
                    return (Conv($"{m.Name}({Index(a.Indices[0], m.Length)})", m.Type, t, a), t);
                }
            default:
                throw Error(a, "only static readonly tables and array fields of the process can be indexed (no local arrays)");
        }
    }

    /// <summary>
    /// An index into an array of <paramref name="length"/> words that is always in range: the low
    /// address bits of the index, and, when the length is no power of two, element 0 for an index
    /// past the end (C# throws on such an index, so only a value C# never uses gets there).
    /// </summary>
    string Index(IOperation index, int length)
    {
        int bits = Math.Max(1, (int)Math.Ceiling(Math.Log2(length)));
        bool powerOfTwo = (length & (length - 1)) == 0;
        string InRange(string i) => $"{pkg.Support(TotalArithmetic.Index)}({i}, {length})";
        if (length == 1)
        {
            // One element: the only index C# accepts is 0 (and hdl_index gives 0 for any other). A
            // computed index here makes GHDL's synthesis build a 0-bit address, which its Verilog
            // netlist writes as `0'b - x` (yosys cannot read it). The index is still translated, so
            // that what the subset refuses in it is refused.
            Expr(Unwrap(index));
            return "0";
        }
        if (Known(index) is { } known && TypeOf(index) is var it && (it.IsVector || it.Kind == VKind.Integer))
        {
            long c = (long)Signed(known, it);
            return c >= 0 && c < length ? c.ToString() : InRange(c.ToString());
        }
        var plain = Unwrap(index);
        // the low address bits, also through conversions ((int)x: x's low bits, not a resize of a resize)
        if (powerOfTwo && length > 1 && TypeOf(plain) is { IsVector: true } wide && wide.Width > bits)
            return $"{pkg.Support(TotalArithmetic.Address)}({Low(plain, bits)})";
        var (text, type) = Expr(plain);
        if (type.Kind == VKind.Integer)
            return LoopVariableWithin(plain, length) ? text : InRange(text);
        var address = $"{pkg.Support(TotalArithmetic.Address)}({Conv(text, type, pkg.Use(VType.U(bits)), index)})";
        return powerOfTwo && length > 1 ? address : InRange(address);
    }

    (string, VType) Invocation(IInvocationOperation inv)
    {
        var m = types.Apply(inv.TargetMethod);
        var t = inv.Type is null || inv.Type.SpecialType == SpecialType.System_Void
            ? throw Error(inv, "a call to a void method does nothing in hardware; helpers return a value")
            : TypeOf(inv);
        var owner = m.ContainingType.ToDisplayString();
        if (Hdl.Analyzers.GenericMath.IsConversion(m) && inv.Arguments.Length == 1)
            return Cast(inv.Arguments[0].Value, t, inv);
        if (Hdl.Analyzers.GenericMath.IsRotate(m) && inv.Arguments.Length == 2)
        {
            var fn = pkg.Support(m.Name == "RotateLeft" ? StaticSafeForms.RotateLeft : StaticSafeForms.RotateRight);
            var x = As(inv.Arguments[0].Value, t);
            if ((Known(inv.Arguments[1].Value) ?? StaticValue(inv.Arguments[1].Value)) is { } by && IsName(x))
            {
                // A rotate by a known amount of a name is the concatenation of its two slices.
                int left = (int)(by & (UInt128)(t.Width - 1));
                if (m.Name == "RotateRight") left = (t.Width - left) % t.Width;
                if (left == 0) return (x, t);
                var rotated = $"unsigned'({x}({t.Width - 1 - left} downto 0) & {x}({t.Width - 1} downto {t.Width - left}))";
                return (t.Kind == VKind.Signed ? $"signed({rotated})" : rotated, t);
            }
            return ($"{fn}({x}, {ShiftAmount(inv.Arguments[1].Value, t.Width)})", t);
        }
        if (inv.Instance is IObjectCreationOperation created) Expr(created); // reports the creation
        if (!m.IsStatic)
            throw Error(inv, $"instance method {m.Name} cannot be translated: make it static and pass what it needs as parameters");
        var (block, arrow) = SourceSet.Body(m.OriginalDefinition);
        if (block is null && arrow is null)
            throw Error(inv, $"{owner}.{m.Name} is not in the hardware sources; only static helpers written in the hardware assemblies (and the rotates and CreateTruncating of the integer types) can be called");
        if (m.IsGenericMethod) throw Error(inv, "generic methods are not in the hardware subset");
        pkg.Call(method, m, inv.Syntax);
        var args = inv.Arguments.OrderBy(a => a.Parameter!.Ordinal).Select(a =>
        {
            if (a.Parameter!.RefKind != RefKind.None) throw Error(a, "ref/out/in parameters are not in the hardware subset");
            return As(a.Value, FunctionTranslator.ParameterType(pkg, m.Parameters[a.Parameter.Ordinal], a.Syntax));
        }).ToList();
        var argumentValues = inv.Arguments.OrderBy(a => a.Parameter!.Ordinal).Select(a => Known(a.Value)).ToList();
        if (arrow is not null && Inline(m, arrow, args, argumentValues, t) is { } inlined) return (inlined, t);
        return ($"{pkg.Function(m)}({string.Join(", ", args)})", t);
    }

    /// <summary>The bits of a static readonly integer scalar, masked to the expression's type; else null.</summary>
    UInt128? StaticValue(IOperation op) =>
        Plain(op) is IFieldReferenceOperation { Field.IsStatic: true } f && pkg.StaticBits(types.Apply(f.Field), f.Syntax) is { } bits
            && TypeOf(f) is { IsVector: true } t ? bits & (t.Width >= 128 ? UInt128.MaxValue : (UInt128.One << t.Width) - 1) : null;

    readonly HashSet<IMethodSymbol> inlining = new(SymbolEqualityComparer.Default);
    /// <summary>Parameters of helpers written in place whose argument is a known value (its bits in the parameter's type).</summary>
    readonly Dictionary<ISymbol, UInt128> knownParameters = new(SymbolEqualityComparer.Default);

    /// <summary>
    /// The value of an integer expression when it is fixed: a C# constant, or a parameter of a helper
    /// written in place bound to one, through conversions and +, -, *, &amp;, |, ^, ~, unary -, &lt;&lt;, &gt;&gt;
    /// with C#'s wrapping; its bits in the expression's type (masked to its width), else null.
    /// </summary>
    UInt128? Known(IOperation op)
    {
        op = Plain(op);
        if (op.Type is null || op.Type.SpecialType == SpecialType.System_Boolean) return null;
        var t = TypeOf(op);
        if (!t.IsVector && t.Kind != VKind.Integer) return null;
        var mask = t.Width >= 128 ? UInt128.MaxValue : (UInt128.One << t.Width) - 1;
        if (op.ConstantValue.HasValue) return IntegralConstant(op) & mask;
        switch (op)
        {
            case IParameterReferenceOperation pr when knownParameters.TryGetValue(pr.Parameter, out var bound):
                return bound & mask;
            case IObjectCreationOperation { Type.Name: "UInt128", Arguments.Length: 2 } oc
                when Known(oc.Arguments[0].Value) is { } upper && Known(oc.Arguments[1].Value) is { } lower:
                return (upper << 64) | lower;
            case IConversionOperation c when TypeOf(c.Operand) is { } from && (from.IsVector || from.Kind == VKind.Integer) && Known(c.Operand) is { } inner:
                return (UInt128)Signed(inner, from) & mask;
            case IUnaryOperation u when Known(u.Operand) is { } x:
                return u.OperatorKind switch
                {
                    UnaryOperatorKind.BitwiseNegation => ~x & mask,
                    UnaryOperatorKind.Minus => (UInt128.Zero - x) & mask,
                    UnaryOperatorKind.Plus => x,
                    _ => null,
                };
            case IBinaryOperation b when Known(b.LeftOperand) is { } l && Known(b.RightOperand) is { } r:
                {
                    int amount = (int)(r & (UInt128)(t.Width - 1));
                    return b.OperatorKind switch
                    {
                        BinaryOperatorKind.Add => (l + r) & mask,
                        BinaryOperatorKind.Subtract => (l - r) & mask,
                        BinaryOperatorKind.Multiply => (l * r) & mask,
                        BinaryOperatorKind.And => l & r,
                        BinaryOperatorKind.Or => l | r,
                        BinaryOperatorKind.ExclusiveOr => l ^ r,
                        BinaryOperatorKind.LeftShift => (l << amount) & mask,
                        BinaryOperatorKind.RightShift => t.Kind == VKind.Unsigned ? l >> amount : (UInt128)(Signed(l, t) >> amount) & mask,
                        _ => null,
                    };
                }
        }
        return null;
    }

    /// <summary>
    /// The bits of a value of type <paramref name="t"/> as a number, sign-extended when it is signed or
    /// an integer (an unsigned 128-bit value from 2^127 up reads as negative: use it as bits only).
    /// </summary>
    static Int128 Signed(UInt128 bits, VType t)
    {
        if (t.Kind is VKind.Unsigned || t.Width >= 128) return (Int128)bits;
        var sign = UInt128.One << (t.Width - 1);
        return (bits & sign) != 0 ? (Int128)(bits | ~((sign << 1) - 1)) : (Int128)bits;
    }

    /// <summary>
    /// The value of an expression-bodied helper written in place, its parameters bound to the
    /// arguments, when every argument is a plain name or a literal and the body has no conditional
    /// (a one-line slice or concatenation reads better in place than behind a call, and simulates
    /// faster); else null. The call graph still records the call, so recursion is still an error.
    /// </summary>
    string? Inline(IMethodSymbol callee, Microsoft.CodeAnalysis.CSharp.Syntax.ArrowExpressionClauseSyntax arrow, List<string> args, List<UInt128?> argumentValues, VType type)
    {
        if (inlining.Contains(callee) || args.Any(a => !PlainOperand(a)) ||
            arrow.Expression.DescendantNodesAndSelf().Any(n => n is Microsoft.CodeAnalysis.CSharp.Syntax.ConditionalExpressionSyntax
                or Microsoft.CodeAnalysis.CSharp.Syntax.BinaryExpressionSyntax { RawKind: (int)SyntaxKind.LogicalAndExpression or (int)SyntaxKind.LogicalOrExpression }))
            return null;
        var body = pkg.Sources.Model(arrow.SyntaxTree).GetOperation(arrow.Expression);
        if (body is null) return null;
        // The body's operations name the declaration's parameters; their types are the instantiation's.
        var parameters = callee.OriginalDefinition.Parameters;
        var saved = parameters.Select(p => locals.TryGetValue(p, out var v) ? v : ((string, VType)?)null).ToList();
        inlining.Add(callee);
        using var bound = types.BindFor(callee);
        try
        {
            for (int i = 0; i < parameters.Length; i++)
            {
                locals[parameters[i]] = (args[i], FunctionTranslator.ParameterType(pkg, callee.Parameters[i], arrow));
                if (argumentValues[i] is { } value) knownParameters[parameters[i]] = value;
            }
            return As(body, type);
        }
        finally
        {
            inlining.Remove(callee);
            foreach (var p in parameters) knownParameters.Remove(p);
            for (int i = 0; i < parameters.Length; i++)
                if (saved[i] is { } v) locals[parameters[i]] = v; else locals.Remove(parameters[i]);
        }
    }

    /// <summary>A name or a non-negative literal: what may stand for a parameter wherever the body reads it (a
    /// negative literal would bind wrongly next to an operator: -3 mod 32 is -(3 mod 32)).</summary>
    static bool PlainOperand(string text) =>
        System.Text.RegularExpressions.Regex.IsMatch(text, "^([A-Za-z][A-Za-z0-9_]*|[0-9]+|true|false|(un)?signed'\\((x?\"[0-9A-F]*\")\\))$");
}
