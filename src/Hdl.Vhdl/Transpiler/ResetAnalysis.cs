using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Hdl.Vhdl.Transpiler;

/// <summary>
/// Decides which registers keep the synchronous reset in the generated VHDL. A register (a register
/// field of a clocked process, or a signal a clocked process writes) keeps it when it is bool or enum
/// typed, carries <see cref="KeepResetAttribute"/>, or when its value can reach a decision: a
/// condition (if, ?:, loop), a switch value or case guard, an index an array element is written at,
/// a shift or rotate amount, or an argument of a call the analysis does not see into. Values flow
/// through locals, registers, helper parameters and bus signals, across processes (a reader's
/// decision makes the writer's signal a decision, and what the writer computed it from), and through
/// combinational processes. Every other register is a datapath register: its reset value is never
/// observed, so it has none (its signal keeps its initial value for power-up). A read index is data
/// (a table or a register file read is a function of the index); top-level outputs that are not bool
/// or enum are data. A process whose tick uses a construct this analysis does not model keeps every
/// register's reset and makes all its inputs decisions. A register file that the tick reads after
/// writing it keeps its reset too (a GHDL workaround, see <see cref="Analyse"/>). One entity serves
/// every instance of a class, so a register keeps its reset when it does in any instance.
/// </summary>
internal sealed class ResetAnalysis
{
    readonly Netlist netlist;
    readonly SourceSet sources;
    readonly Dictionary<Type, ProcessFlow> flows = [];
    /// <summary>Per helper: whether it is a pure function of its arguments that this analysis models.</summary>
    readonly Dictionary<IMethodSymbol, bool> pureHelpers = new(SymbolEqualityComparer.Default);
    /// <summary>Keeps-reset decisions per class: register fields by key, output signals by (bus field key, signal).</summary>
    readonly HashSet<(Type, FlowNode)> keptByClass = [];
    /// <summary>The nodes whose value reaches a decision, each with the chain to that decision.</summary>
    readonly Dictionary<(Process, FlowNode), string> control = [];

    public ResetPlan Plan { get; }

    public ResetAnalysis(Netlist netlist, SourceSet sources)
    {
        this.netlist = netlist;
        this.sources = sources;
        foreach (var t in netlist.Processes.Select(p => p.GetType()).Distinct())
            flows[t] = MemoryWriter.IsMemory(t) ? MemoryFlow(t) : Analyse(t);

        // Instance graph: each node of a process's flow, and each input signal to the writers' nodes.
        var edges = new Dictionary<(Process, FlowNode), List<(Process, FlowNode)>>();
        void Edge((Process, FlowNode) target, (Process, FlowNode) source)
        {
            if (!edges.TryGetValue(target, out var list)) edges[target] = list = [];
            list.Add(source);
        }
        var seeds = new List<((Process, FlowNode) Node, string Why)>();
        foreach (var p in netlist.Processes)
        {
            var flow = flows[p.GetType()];
            foreach (var (target, from) in flow.Sources)
                foreach (var s in from) Edge((p, target), (p, s));
            seeds.AddRange(flow.Seeds.Select(s => ((p, s), $"{p}: {flow.Why.GetValueOrDefault(s, "a decision")}")));
            foreach (var port in netlist.Ports[p].Where(x => !x.IsOutput))
                foreach (var signal in port.Bus.Signals)
                {
                    var node = new SignalNode(Key(port.Field), signal.Member);
                    if (flow.Unmodelled) seeds.Add(((p, node), $"{p} is not modelled ({flow.UnmodelledAt})"));
                    foreach (var w in netlist.Writers[port.Bus])
                        foreach (var wp in netlist.Ports[w].Where(x => x.IsOutput && x.Bus == port.Bus))
                            Edge((p, node), (w, new SignalNode(Key(wp.Field), signal.Member)));
                }
        }
        // A [KeepReset] register's reset value is observed, and so would be stale values it is computed from.
        foreach (var p in netlist.Clocked)
            foreach (var (node, member) in Registers(p))
                if (member is FieldInfo f ? f.IsDefined(typeof(KeepResetAttribute)) : IsKeepResetSignal(p, (SignalNode)node))
                    seeds.Add(((p, node), $"[KeepReset] on {Name((p, node))}"));
        // The outside world decides on bool and enum top-level outputs (valid, ready, state).
        foreach (var b in netlist.Outputs)
            foreach (var signal in b.Signals.Where(s => s.Type.Kind is HdlKind.Bool or HdlKind.Enum))
                foreach (var w in netlist.Writers[b])
                    foreach (var wp in netlist.Ports[w].Where(x => x.IsOutput && x.Bus == b))
                        seeds.Add(((w, new SignalNode(Key(wp.Field), signal.Member)), $"top-level output {signal.FullName}"));

        var work = new Stack<(Process, FlowNode)>();
        foreach (var (s, why) in seeds) if (control.TryAdd(s, why)) work.Push(s);
        while (work.Count > 0)
        {
            var n = work.Pop();
            if (edges.TryGetValue(n, out var from))
                foreach (var s in from) if (control.TryAdd(s, $"{Name(n)} <- {control[n]}")) work.Push(s);
        }

        foreach (var p in netlist.Clocked)
        {
            var t = p.GetType();
            foreach (var (node, _) in Registers(p))
                if (Keeps(p, node)) keptByClass.Add((t, node));
        }
        var unresetFields = new List<(Process, FieldInfo)>();
        var unresetSignals = new List<SignalBase>();
        foreach (var p in netlist.Clocked)
            foreach (var (node, member) in Registers(p))
            {
                if (KeepsReset(p.GetType(), node)) continue;
                if (member is FieldInfo f) unresetFields.Add((p, f));
                else unresetSignals.Add((SignalBase)member);
            }
        Plan = new ResetPlan(unresetFields, unresetSignals);
    }

    /// <summary>Whether the entity of <paramref name="processType"/> resets register field <paramref name="field"/>.</summary>
    public bool KeepsReset(Type processType, FieldInfo field) => KeepsReset(processType, new RegisterNode(Key(field)));

    /// <summary>Whether the entity of <paramref name="processType"/> resets the output signal of bus field <paramref name="busField"/>.</summary>
    public bool KeepsReset(Type processType, FieldInfo busField, string signal) => KeepsReset(processType, new SignalNode(Key(busField), signal));

    bool KeepsReset(Type t, FlowNode node) => !MemoryWriter.IsMemory(t) && keptByClass.Contains((t, node));

    /// <summary>The registers of a clocked process: register fields, and the signals of its output buses.</summary>
    IEnumerable<(FlowNode Node, object Member)> Registers(Process p)
    {
        if (MemoryWriter.IsMemory(p.GetType()))
        {
            // Memory contents are no register; the read data register has no reset (MemoryWriter).
            foreach (var port in netlist.Ports[p].Where(x => x.IsOutput))
                foreach (var s in port.Bus.Signals) yield return (new SignalNode(Key(port.Field), s.Member), s);
            yield break;
        }
        foreach (var f in Netlist.InstanceFields(p.GetType()))
            if (!typeof(IBus).IsAssignableFrom(f.FieldType) && (f.FieldType.IsArray || !f.IsInitOnly))
                yield return (new RegisterNode(Key(f)), f);
        foreach (var port in netlist.Ports[p].Where(x => x.IsOutput))
            foreach (var s in port.Bus.Signals) yield return (new SignalNode(Key(port.Field), s.Member), s);
    }

    bool Keeps(Process p, FlowNode node)
    {
        var flow = flows[p.GetType()];
        if (flow.Unmodelled || flow.CopiedArrays.Contains(node) || control.ContainsKey((p, node))) return true;
        switch (node)
        {
            case RegisterNode r:
                {
                    var f = Netlist.InstanceFields(p.GetType()).First(x => Key(x) == r.Field);
                    var t = f.FieldType.IsArray ? f.FieldType.GetElementType()! : f.FieldType;
                    return t == typeof(bool) || t.IsEnum || f.IsDefined(typeof(KeepResetAttribute));
                }
            case SignalNode s:
                {
                    var member = SignalMember(p, s);
                    return member.ElementType == typeof(bool) || member.ElementType.IsEnum || member.Property.IsDefined(typeof(KeepResetAttribute));
                }
        }
        return true;
    }

    /// <summary>The bus interface member of an output signal of a process.</summary>
    BusMember SignalMember(Process p, SignalNode s)
    {
        var port = netlist.Ports[p].First(x => x.IsOutput && Key(x.Field) == s.BusField);
        return Bus.Members(port.Field.FieldType).First(x => x.Name == s.Signal);
    }

    bool IsKeepResetSignal(Process p, SignalNode s) => SignalMember(p, s).Property.IsDefined(typeof(KeepResetAttribute));

    static (string, string) Key(FieldInfo f) => (f.DeclaringType!.Name, f.Name);

    static string Name((Process P, FlowNode Node) n) => n.Node switch
    {
        RegisterNode r => $"{n.P}.{r.Field.Name}",
        SignalNode s => $"{n.P}.{s.BusField.Name}.{s.Signal}",
        LocalNode l => $"{n.P}:{l.Symbol.Name}",
        _ => n.ToString(),
    };

    /// <summary>Every register of every clocked process: whether it keeps its reset, its bits, and why it keeps it.</summary>
    public IReadOnlyList<ResetDecision> Decisions()
    {
        var list = new List<ResetDecision>();
        foreach (var p in netlist.Clocked)
            foreach (var (node, member) in Registers(p))
            {
                bool keep = KeepsReset(p.GetType(), node);
                int bits = member switch
                {
                    FieldInfo f => HdlType.Of(f.FieldType.IsArray ? f.FieldType.GetElementType()! : f.FieldType).Width
                        * (f.FieldType.IsArray ? ((Array)netlist.InitialValue(p, f)!).Length : 1),
                    SignalBase s => s.Type.Width,
                    _ => 0,
                };
                string why = !keep ? "" : flows[p.GetType()].Unmodelled ? $"not modelled: {flows[p.GetType()].UnmodelledAt}"
                    : flows[p.GetType()].CopiedArrays.Contains(node) ? "a register file read after it is written in the tick (copied through a variable)"
                    : control.TryGetValue((p, node), out var chain) ? chain
                    : netlist.Processes.Where(q => q.GetType() == p.GetType() && control.ContainsKey((q, node))).Select(q => $"as in {q}: {control[(q, node)]}").FirstOrDefault()
                    ?? "type or [KeepReset]";
                list.Add(new ResetDecision(p, Name((p, node))[(p.ToString()!.Length + 1)..], bits, keep, why));
            }
        return list;
    }

    static (string, string) Key(IFieldSymbol f) => (f.ContainingType.MetadataName, f.Name);

    // ------------------------------------------------------------------ one process class

    /// <summary>The engine's memories, whose VHDL <see cref="MemoryWriter"/> writes by hand.</summary>
    static ProcessFlow MemoryFlow(Type t)
    {
        var flow = new ProcessFlow();
        bool isRam = t.GetGenericTypeDefinition() == typeof(Ram<>);
        var result = new SignalNode((t.Name, "Result"), "Data");
        var contents = new RegisterNode((t.Name, "memory"));
        SignalNode In(string field, string signal) => new((t.Name, field), signal);
        flow.Decide(In("Read", "Enable"), "memory read enable");
        flow.Flow(result, [contents, In("Read", "Address")]);
        if (isRam)
        {
            flow.Decide(In("Write", "Enable"), "memory write enable");
            flow.Decide(In("Write", "Address"), "memory write address");
            flow.Flow(contents, [In("Write", "Data")]);
        }
        return flow;
    }

    ProcessFlow Analyse(Type t)
    {
        var flow = new ProcessFlow();
        var symbol = sources.Symbol(t);
        IMethodSymbol? onTick = null;
        for (var s = symbol; s is not null && onTick is null; s = s.BaseType)
            onTick = s.GetMembers("OnTick").OfType<IMethodSymbol>().FirstOrDefault(m => !m.IsAbstract);
        var body = onTick is null ? null : Operation(onTick);
        if (body is null) { flow.Unmodelled = true; return flow; }
        Walk(body, flow);
        // A register file the tick reads after writing it is copied through a variable (EntityWriter);
        // without a reset GHDL 2.0's synthesis takes it for a memory and crashes or hangs on some of
        // them (fuzz designs 579 of seed 20261125, 61 of 20261124), so it keeps its reset. One read
        // and written element by element, the form synthesis takes as a memory, has none.
        foreach (var f in Netlist.InstanceFields(t).Where(f => f.FieldType.IsArray))
            for (var s = symbol; s is not null; s = s.BaseType)
                if (s.MetadataName == f.DeclaringType!.Name && s.GetMembers(f.Name).OfType<IFieldSymbol>().FirstOrDefault() is { } field)
                {
                    if (!EntityWriter.ReadBeforeWritten(body, field)) flow.CopiedArrays.Add(new RegisterNode(Key(f)));
                    break;
                }
        return flow;
    }

    IOperation? Operation(IMethodSymbol method)
    {
        var (block, arrow) = SourceSet.Body(method.OriginalDefinition);
        SyntaxNode? node = (SyntaxNode?)block ?? arrow?.Expression;
        return node is null ? null : sources.Model(node.SyntaxTree).GetOperation(node);
    }

    /// <summary>Records every flow and every decision of a body (a tick or a helper).</summary>
    void Walk(IOperation body, ProcessFlow flow)
    {
        foreach (var op in body.DescendantsAndSelf())
        {
            switch (op)
            {
                case ISimpleAssignmentOperation a:
                    Assigned(a.Target, Reads(a.Value), flow);
                    break;
                case ICompoundAssignmentOperation c:
                    Assigned(c.Target, [.. Reads(c.Value), .. Reads(c.Target)], flow);
                    if (IsShift(c.OperatorKind)) flow.Decide(Reads(c.Value), op);
                    break;
                case IIncrementOrDecrementOperation i:
                    Assigned(i.Target, Reads(i.Target), flow);
                    break;
                case IVariableDeclaratorOperation v:
                    if ((v.Initializer ?? (v.Parent as IVariableDeclarationOperation)?.Initializer) is { } init)
                        flow.Flow(new LocalNode(v.Symbol), Reads(init.Value));
                    break;
                case IConditionalOperation c:
                    flow.Decide(Reads(c.Condition), op);
                    break;
                case ISwitchOperation s:
                    flow.Decide(Reads(s.Value), op);
                    break;
                case ISwitchExpressionOperation se:
                    flow.Decide(Reads(se.Value), op);
                    break;
                case ISwitchExpressionArmOperation arm:
                    if (arm.Guard is not null) flow.Decide(Reads(arm.Guard), op);
                    break;
                case IPatternCaseClauseOperation pc:
                    if (pc.Guard is not null) flow.Decide(Reads(pc.Guard), op);
                    break;
                case IIsPatternOperation ip:
                    flow.Decide(Reads(ip.Value), op);
                    break;
                case IForLoopOperation f:
                    if (f.Condition is not null) flow.Decide(Reads(f.Condition), op);
                    break;
                case IWhileLoopOperation w:
                    if (w.Condition is not null) flow.Decide(Reads(w.Condition), op);
                    break;
                case IForEachLoopOperation fe:
                    flow.Decide(Reads(fe.Collection), op);
                    break;
                case IBinaryOperation b when IsShift(b.OperatorKind):
                    flow.Decide(Reads(b.RightOperand), op);
                    break;
                case IInvocationOperation inv when BodyTranslator.BusCopyCall(inv) is var (target, source, copied):
                    // Output.CopyFrom<T>(Input): each member of T flows from the source's signal to the target's.
                    if (target is not IFieldReferenceOperation to || source is not IFieldReferenceOperation from) { flow.NotModelled(inv); break; }
                    foreach (var p in copied)
                        flow.Flow(new SignalNode(Key(to.Field), p.Name), [new SignalNode(Key(from.Field), p.Name)]);
                    break;
                case IInvocationOperation inv:
                    Call(inv, flow);
                    break;
                case IArrayElementReferenceOperation e when IsWritten(e):
                    foreach (var index in e.Indices) flow.Decide(Reads(index), op);
                    break;
                case IPropertyReferenceOperation { Property.IsIndexer: true } element when IsWritten(element):
                    // An element of an output bus array: the index decides which signal is written.
                    foreach (var a in element.Arguments) flow.Decide(Reads(a.Value), op);
                    break;
                case IBlockOperation or IVariableDeclarationGroupOperation or IVariableDeclarationOperation or IVariableInitializerOperation
                    or IExpressionStatementOperation or ISwitchCaseOperation or ICaseClauseOperation or IPatternOperation
                    or IReturnOperation or IBranchOperation or IEmptyOperation or ILiteralOperation or IConversionOperation
                    or IParenthesizedOperation or IUnaryOperation or IBinaryOperation or ILocalReferenceOperation
                    or IParameterReferenceOperation or IFieldReferenceOperation or IPropertyReferenceOperation
                    or IInstanceReferenceOperation or IArgumentOperation or IArrayElementReferenceOperation
                    or IObjectCreationOperation or IDefaultValueOperation:
                    break;
                default:
                    // Not modelled: keep every reset of the process.
                    flow.NotModelled(op);
                    break;
            }
        }
    }

    static bool IsShift(BinaryOperatorKind k) => k is BinaryOperatorKind.LeftShift or BinaryOperatorKind.RightShift or BinaryOperatorKind.UnsignedRightShift;

    static bool IsWritten(IOperation e) =>
        e.Parent is IAssignmentOperation a && a.Target == e || e.Parent is IIncrementOrDecrementOperation;

    void Assigned(IOperation target, IReadOnlyCollection<FlowNode> from, ProcessFlow flow)
    {
        target = BodyTranslator.Unwrap(target);
        if (target is IArrayElementReferenceOperation e) target = BodyTranslator.Unwrap(e.ArrayReference);
        if (target is IPropertyReferenceOperation { Property.IsIndexer: true, Instance: { } array }) target = BodyTranslator.Unwrap(array);
        if (Node(target) is { } node) flow.Flow(node, from);
        else flow.NotModelled(target);
    }

    /// <summary>
    /// A call. Its result depends on every argument (the flow of the enclosing assignment has them).
    /// A rotate's amount decides. <c>T.CreateTruncating(x)</c> is a cast (data, as a conversion is).
    /// A static helper of the sources is a pure function in the hardware subset (it assigns no
    /// parameter, field or signal; its loops have constant bounds): whatever it decides inside only
    /// selects the value it returns, so its arguments are data. Any other call counts every argument
    /// as a decision.
    /// </summary>
    void Call(IInvocationOperation inv, ProcessFlow flow)
    {
        var m = inv.TargetMethod;
        if (IsRotate(m, inv))
            flow.Decide(Reads(inv.Arguments.First(a => a.Parameter!.Ordinal == 1).Value), inv);
        else if (!Hdl.Analyzers.GenericMath.IsConversion(m) && !IsPureHelper(m))
        {
            foreach (var a in inv.Arguments) flow.Decide(Reads(a.Value), inv);
            if (inv.Instance is not null) flow.Decide(Reads(inv.Instance), inv);
        }
    }

    static bool IsRotate(IMethodSymbol m, IInvocationOperation inv) =>
        m.Name is "RotateLeft" or "RotateRight" && inv.Arguments.Length == 2 && m.IsStatic && m.ContainingNamespace.ToDisplayString().StartsWith("System");

    /// <summary>Whether an operation assigns anything but a local.</summary>
    static bool Assigns(IOperation o) =>
        ((o as IAssignmentOperation)?.Target ?? (o as IIncrementOrDecrementOperation)?.Target)
            is IParameterReferenceOperation or IFieldReferenceOperation or IPropertyReferenceOperation or IArrayElementReferenceOperation;

    /// <summary>Whether a method is a static helper of the sources whose body this analysis models, calling only such helpers, rotates and <c>CreateTruncating</c>.</summary>
    bool IsPureHelper(IMethodSymbol method)
    {
        method = method.OriginalDefinition;
        if (pureHelpers.TryGetValue(method, out var known)) return known;
        pureHelpers[method] = false; // recursion is not in the subset
        if (!method.IsStatic || method.IsGenericMethod || method.ReturnsVoid || method.Parameters.Any(p => p.RefKind != RefKind.None)) return false;
        var body = Operation(method);
        if (body is null) return false;
        var flow = new ProcessFlow();
        Walk(body, flow);
        bool pure = !flow.Unmodelled && !body.DescendantsAndSelf().Any(Assigns)
            && body.Descendants().OfType<IInvocationOperation>().All(i =>
                IsRotate(i.TargetMethod, i) || Hdl.Analyzers.GenericMath.IsConversion(i.TargetMethod) || IsPureHelper(i.TargetMethod));
        pureHelpers[method] = pure;
        return pure;
    }


    /// <summary>The locals, parameters, registers and bus signals an expression reads.</summary>
    static List<FlowNode> Reads(IOperation expression)
    {
        var list = new List<FlowNode>();
        foreach (var op in expression.DescendantsAndSelf())
            if (op is ILocalReferenceOperation or IParameterReferenceOperation or IFieldReferenceOperation or IPropertyReferenceOperation
                && !IsLengthOf(op) && Node(op) is { } node)
                list.Add(node);
        return list;
    }

    /// <summary>Whether <paramref name="op"/> is the array (or bus array) of a <c>.Length</c>: a constant, no read of its values.</summary>
    static bool IsLengthOf(IOperation op) =>
        op.Parent is IPropertyReferenceOperation { Property.Name: "Length" } length && length.Instance == op;

    static bool IsBus(ITypeSymbol t) => t.AllInterfaces.Any(i => i.Name == "IBus" && i.ContainingNamespace.ToDisplayString() == "Hdl")
        || t.Name == "IBus" && t.ContainingNamespace.ToDisplayString() == "Hdl";

    /// <summary>The node a reference names, or null for constants, tables and bus references themselves.</summary>
    static FlowNode? Node(IOperation op) => op switch
    {
        ILocalReferenceOperation l => new LocalNode(l.Local),
        IParameterReferenceOperation p => new LocalNode(p.Parameter),
        IFieldReferenceOperation { Field.IsStatic: false } f when !IsBus(f.Field.Type)
            && (!f.Field.IsReadOnly || f.Field.Type is IArrayTypeSymbol) => new RegisterNode(Key(f.Field)),
        IPropertyReferenceOperation { Instance: IFieldReferenceOperation { Field.IsStatic: false } bus } p when IsBus(bus.Field.Type)
            => new SignalNode(Key(bus.Field), p.Property.Name),
        _ => null,
    };
}

/// <summary>A value holder in a process's data flow.</summary>
internal abstract record FlowNode;

/// <summary>A register field, by declaring type and name.</summary>
internal sealed record RegisterNode((string Type, string Name) Field) : FlowNode;

/// <summary>A signal of a bus field, by the field's declaring type and name and the signal's name.</summary>
internal sealed record SignalNode((string Type, string Name) BusField, string Signal) : FlowNode;

/// <summary>A local or a parameter.</summary>
internal sealed record LocalNode(ISymbol Symbol) : FlowNode
{
    public bool Equals(LocalNode? other) => other is not null && SymbolEqualityComparer.Default.Equals(Symbol, other.Symbol);
    public override int GetHashCode() => SymbolEqualityComparer.Default.GetHashCode(Symbol);
}

/// <summary>What one body does with values: which nodes each node is computed from, and which nodes decide.</summary>
internal sealed class ProcessFlow
{
    public Dictionary<FlowNode, HashSet<FlowNode>> Sources { get; } = [];
    /// <summary>Register files the tick reads after writing them (copied through a variable): they keep their reset.</summary>
    public HashSet<FlowNode> CopiedArrays { get; } = [];
    public HashSet<FlowNode> Seeds { get; } = [];
    public bool Unmodelled { get; set; }

    public void Flow(FlowNode target, IEnumerable<FlowNode> from)
    {
        if (!Sources.TryGetValue(target, out var set)) Sources[target] = set = [];
        set.UnionWith(from);
    }

    /// <summary>Why each seed decides: the first decision that reads it (file:line and code).</summary>
    public Dictionary<FlowNode, string> Why { get; } = [];
    /// <summary>Where the body uses a construct the analysis does not model.</summary>
    public string? UnmodelledAt { get; private set; }

    public void Decide(IEnumerable<FlowNode> nodes, IOperation at)
    {
        foreach (var n in nodes)
            if (Seeds.Add(n)) Why[n] = Where(at);
    }

    public void Decide(FlowNode node, string why)
    {
        if (Seeds.Add(node)) Why[node] = why;
    }

    public void NotModelled(IOperation at)
    {
        Unmodelled = true;
        UnmodelledAt ??= $"{at.Kind} at {Where(at)}";
    }

    static string Where(IOperation at)
    {
        var span = at.Syntax.GetLocation().GetLineSpan();
        var code = at.Syntax.ToString().ReplaceLineEndings(" ");
        if (code.Length > 60) code = code[..57] + "...";
        return $"{Path.GetFileName(span.Path)}:{span.StartLinePosition.Line + 1} {code}";
    }

    /// <summary>Every node whose value reaches a decision of this body, with the seed (decision) it reaches.</summary>
    public Dictionary<FlowNode, FlowNode> Closure()
    {
        var reached = new Dictionary<FlowNode, FlowNode>();
        var work = new Stack<FlowNode>();
        foreach (var s in Seeds) if (reached.TryAdd(s, s)) work.Push(s);
        while (work.Count > 0)
        {
            var n = work.Pop();
            if (Sources.TryGetValue(n, out var from))
                foreach (var s in from) if (reached.TryAdd(s, reached[n])) work.Push(s);
        }
        return reached;
    }
}
