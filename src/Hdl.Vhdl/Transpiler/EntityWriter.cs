using System.Reflection;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace Hdl.Vhdl.Transpiler;

/// <summary>
/// A port of an entity: one member of one bus field, a signal of type <see cref="Type"/> or, when
/// <see cref="Length"/> is above 0, an array of that many (VHDL type <see cref="TypeName"/>).
/// </summary>
internal sealed record EntityPort(string Name, VType Type, bool IsOutput, FieldInfo Field, string Signal, object? Initial, int Length, string TypeName)
{
    public bool IsArray => Length > 0;
}

/// <summary>A generic of an entity: one readonly scalar field.</summary>
internal sealed record EntityGeneric(string Name, VType Type, FieldInfo Field);

/// <summary>
/// One entity per process class: bus signals as ports, readonly scalar fields as generics, mutable
/// fields as registers, and OnTick as one clocked or combinational VHDL process.
/// </summary>
internal sealed class EntityWriter : IMemberResolver
{
    public string EntityName { get; }
    public IReadOnlyList<EntityPort> Ports => ports;
    public IReadOnlyList<EntityGeneric> Generics => generics;
    public string Text { get; }

    readonly PackageBuilder pkg;
    readonly Type type;
    readonly INamedTypeSymbol symbol;
    readonly List<EntityPort> ports = [];
    readonly List<EntityGeneric> generics = [];
    /// <summary>Keyed by declaring type and name: a derived class may declare a field named like one of its base's.</summary>
    readonly Dictionary<(string Type, string Name), MemberInfo> fields = [];
    /// <summary>Register signals: name, tick variable, type, initial (reset) value, and whether the reset assigns it.</summary>
    readonly List<(string Signal, string Variable, string TypeName, string Reset, bool Keep)> registers = [];
    /// <summary>Register arrays by field: read and written as their signals, or copied to a variable and back.</summary>
    readonly Dictionary<(string Type, string Name), (string Signal, string Variable)> arrays = [];
    /// <summary>Scalar registers by field: read and written as their signals, or read through a variable written with them.</summary>
    readonly Dictionary<(string Type, string Name), (string Signal, string Variable)> scalars = [];
    readonly List<string> architectureDecls = [];
    /// <summary>
    /// The register signal behind each output port of a clocked process that has no reset: it carries
    /// the start value (GHDL's synthesis drops a port's default value, so the register would start
    /// unknown), and the port is driven from it.
    /// </summary>
    readonly Dictionary<EntityPort, string> portRegisters = [];
    readonly NameScope scope;

    const string Architecture = "rtl", ClockedLabel = "tick", CombinationalLabel = "logic";

    readonly ResetAnalysis resets;

    public EntityWriter(PackageBuilder pkg, Type type, IReadOnlyList<Process> instances, Netlist netlist, string entityName, ResetAnalysis resets)
    {
        this.resets = resets;
        this.pkg = pkg;
        this.type = type;
        EntityName = entityName;
        symbol = pkg.Sources.Symbol(type);
        scope = new NameScope(pkg.Scope);
        scope.Reserve(entityName);
        // The architecture's and the process's labels are names of this scope too.
        foreach (var label in new[] { "clk", "rst", Architecture, ClockedLabel, CombinationalLabel }) scope.Reserve(label);
        var first = instances[0];
        bool clocked = first.IsClocked;

        foreach (var f in Netlist.InstanceFields(type))
        {
            if (typeof(IBus).IsAssignableFrom(f.FieldType))
            {
                bool isOutput = f.IsDefined(typeof(OutputBusAttribute));
                foreach (var m in Bus.Members(f.FieldType))
                {
                    var t = pkg.TypeOf(HdlType.Of(m.Property, m.ElementType));
                    var initial = m.Property.GetCustomAttribute<InitialValueAttribute>() is { } iv
                        ? (iv.Value is null ? Activator.CreateInstance(m.ElementType) : iv.Value) : null;
                    ports.Add(new EntityPort(scope.Claim($"{f.Name}_{m.Name}"), t, isOutput, f, m.Name, initial,
                        m.Length, m.IsArray ? pkg.ArrayType(t, m.Length) : t.Name));
                }
                continue;
            }
            var fieldSym = FindField(f);
            var at = fieldSym.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax();
            if (f.FieldType.IsArray)
            {
                var elem = pkg.TypeOf(HdlType.Of(f, f.FieldType.GetElementType()!));
                var values = instances.Select(i => (Array?)netlist.InitialValue(i, f) ?? throw new TranspileException($"{type.Name}.{f.Name} is null")).ToList();
                var arr = values[0];
                for (int i = 1; i < values.Count; i++)
                    if (!SameContents(arr, values[i]))
                        throw new TranspileException($"{type.Name}.{f.Name}: instances {instances[0]} and {instances[i]} start with different contents; one entity serves every instance, so give them the same initial array");
                var arrayType = pkg.ArrayType(elem, arr.Length);
                var init = pkg.Aggregate(arr, elem);
                if (clocked)
                {
                    var v = scope.Claim(f.Name);
                    var s = scope.Claim(f.Name + "_reg");
                    bool keep = resets.KeepsReset(type, f);
                    fields[Key(f)] = new MemberInfo(MemberKind.RegisterArray, v, elem, arr.Length, KeepsReset: keep);
                    registers.Add((s, v, arrayType, init, keep));
                    arrays[Key(f)] = (s, v);
                }
                else
                {
                    var c = scope.Claim(f.Name);
                    architectureDecls.Add($"constant {c} : {arrayType} := {init.Replace("\n", "\n  ")};");
                    fields[Key(f)] = new MemberInfo(MemberKind.ConstantArray, c, elem, arr.Length);
                }
                continue;
            }
            var ft = pkg.TypeOf(HdlType.Of(f, f.FieldType));
            if (f.IsInitOnly)
            {
                // An int instance constant is a VHDL integer generic: compared and indexed as an
                // integer, converted to signed(31 downto 0) only where C# does arithmetic on it.
                var gt = f.FieldType == typeof(int) ? VType.Integer : ft;
                var g = scope.Claim(f.Name);
                generics.Add(new EntityGeneric(g, gt, f));
                fields[Key(f)] = new MemberInfo(MemberKind.Generic, g, gt);
            }
            else
            {
                var starts = instances.Select(i => netlist.InitialValue(i, f)!).ToList();
                for (int i = 1; i < starts.Count; i++)
                    if (!Equals(starts[0], starts[i]))
                        throw new TranspileException($"{type.Name}.{f.Name}: instances {instances[0]} and {instances[i]} start with different values ({starts[0]} and {starts[i]}); make the start value a readonly field (a generic) and copy it in the first cycle, or use one start value");
                var v = scope.Claim(f.Name);
                var s = scope.Claim(f.Name + "_reg");
                fields[Key(f)] = new MemberInfo(MemberKind.Register, v, ft, Signal: s);
                registers.Add((s, v, ft.Name, pkg.Value(starts[0], ft), resets.KeepsReset(type, f)));
                scalars[Key(f)] = (s, v);
            }
        }
        Text = Render(clocked);
    }

    static bool SameContents(Array a, Array b)
    {
        if (a.Length != b.Length) return false;
        for (int i = 0; i < a.Length; i++) if (!Equals(a.GetValue(i), b.GetValue(i))) return false;
        return true;
    }

    static (string, string) Key(FieldInfo f) => (f.DeclaringType!.Name, f.Name);

    static (string, string) Key(IFieldSymbol f) => (f.ContainingType.MetadataName, f.Name);

    IFieldSymbol FindField(FieldInfo field) =>
        FindField(Key(field)) ?? throw new TranspileException($"{type.Name}.{field.Name}: field not found in the sources");

    public MemberInfo Field(IFieldSymbol field, SyntaxNode at) =>
        fields.TryGetValue(Key(field), out var m) && IsOurs(field) ? m
            : throw TranspileException.At(at, $"field {field.Name} is not a field of process {type.Name} (hardware reads only its own fields)");

    public bool IsInstanceConstant(IFieldSymbol field) =>
        fields.TryGetValue(Key(field), out var m) && IsOurs(field) && m.Kind == MemberKind.Generic;

    bool IsOurs(IFieldSymbol field)
    {
        for (var t = symbol; t is not null; t = t.BaseType)
            if (SymbolEqualityComparer.Default.Equals(t.OriginalDefinition, field.ContainingType.OriginalDefinition)) return true;
        return false;
    }

    public (string Port, VType Type, bool IsOutput, int Length, bool Register) Signal(IFieldSymbol busField, IPropertySymbol signal, SyntaxNode at)
    {
        var p = ports.FirstOrDefault(x => Key(x.Field) == Key(busField) && x.Signal == signal.Name)
            ?? throw TranspileException.At(at, $"{busField.Name}.{signal.Name} is not a signal of a bus field of {type.Name}");
        return portRegisters.TryGetValue(p, out var register) ? (register, p.Type, p.IsOutput, p.Length, true) : (p.Name, p.Type, p.IsOutput, p.Length, false);
    }

    string Render(bool clocked)
    {
        var onTick = FindOnTick();
        var (block, arrow) = SourceSet.Body(onTick);
        SyntaxNode bodyNode = (SyntaxNode?)block ?? arrow?.Expression ?? throw new TranspileException($"{type.Name}.OnTick has no body in the sources");
        var model = pkg.Sources.Model(bodyNode.SyntaxTree);
        var op = model.GetOperation(bodyNode) ?? throw TranspileException.At(bodyNode, "no semantic model for OnTick");
        // A register array that the tick never reads after writing it needs no copy: its signal is
        // read (the value at the clock edge, as C# reads it then) and written element by element.
        // A scalar register the same: its signal; one read after a write in the tick is read through
        // a variable, copied from the signal at the start, and the signal is written with the
        // variable wherever the tick writes it (not at every clock: an unwritten register holds).
        var direct = new HashSet<string>();
        foreach (var (key, (signal, variable)) in arrays.Concat(scalars))
            if (FindField(key) is { } registerField && ReadBeforeWritten(op, registerField))
            {
                fields[key] = fields[key] with { Name = signal, Direct = true };
                direct.Add(variable);
            }
        // A register file read at an index that synthesis may find fixed is written element by element
        // (BodyTranslator): GHDL 2.0 takes one written at a computed index for a memory and, when it is
        // read at a constant index too, synthesizes its write as never happening ("1'b0; // posedge" in
        // its Verilog): every element stays at its initial value, silently (AesRoundStage's round keys).
        foreach (var key in arrays.Keys)
            if (FindField(key) is { } arrayField && ReadAtFixedIndex(op, arrayField))
                fields[key] = fields[key] with { FixedReads = true };
        var copied = registers.Where(r => !direct.Contains(r.Variable)).ToList();
        var copiedBack = copied.Where(r => arrays.ContainsValue((r.Signal, r.Variable))).ToList();
        // Output ports of a clocked process are registers: reset, or (datapath) a register signal with a
        // power-up value that drives the port.
        var resetPorts = clocked ? ports.Where(p => p.IsOutput && resets.KeepsReset(type, p.Field, p.Signal)).ToList() : [];
        var unresetPorts = clocked ? ports.Where(p => p.IsOutput && !resetPorts.Contains(p)).ToList() : [];
        foreach (var p in unresetPorts) portRegisters[p] = scope.Claim(p.Name + "_reg");
        bool anyReset = registers.Any(r => r.Keep) || resetPorts.Count > 0;
        var body = new BodyTranslator(pkg, this, new NameScope(scope), isFunction: false);
        body.Bind(symbol);
        body.SetIndent(clocked ? 4 : 2);
        if (!clocked)
        {
            if (!ports.Any(p => !p.IsOutput)) throw new TranspileException($"combinational process {type.Name} has no input bus");
            foreach (var p in ports.Where(p => p.IsOutput)) body.Line($"{p.Name} <= {Whole(p, VhdlText.Zero(p.Type))};");
        }
        else
            foreach (var r in copied) body.Line($"{r.Variable} := {r.Signal};");
        body.FindInstanceConstantLocals(op);
        if (block is not null) body.Statement(op);
        else body.ExpressionStatement(op);
        if (clocked)
            foreach (var r in copiedBack) body.Line($"{r.Signal} <= {r.Variable};");
        var bodyText = HoldWrittenPerInstance(body, unresetPorts) + body.Text;

        var sb = new StringBuilder(VhdlFile.Header);
        sb.Append($"-- {(clocked ? "Clocked" : "Combinational")} process {symbol.ToDisplayString()}\n");
        sb.Append("library ieee;\nuse ieee.std_logic_1164.all;\nuse ieee.numeric_std.all;\n");
        sb.Append($"use work.{pkg.Name}.all;\n\n");
        sb.Append($"entity {EntityName} is\n");
        if (generics.Count > 0)
            sb.Append("  generic (\n").Append(string.Join(";\n", generics.Select(g => $"    {g.Name} : {g.Type.Name}"))).Append("\n  );\n");
        var portLines = new List<string>();
        if (clocked) { portLines.Add("    clk : in std_logic"); portLines.Add("    rst : in std_logic"); }
        portLines.AddRange(ports.Select(p => $"    {p.Name} : {(p.IsOutput ? "out" : "in")} {p.TypeName}"));
        sb.Append("  port (\n").Append(string.Join(";\n", portLines)).Append("\n  );\n");
        sb.Append("end entity;\n\n");
        sb.Append($"architecture {Architecture} of {EntityName} is\n");
        foreach (var d in architectureDecls) sb.Append("  ").Append(d).Append('\n');
        foreach (var r in registers)
            sb.Append($"  signal {r.Signal} : {r.TypeName} := {r.Reset.Replace("\n", "\n  ")};\n");
        foreach (var p in unresetPorts) sb.Append($"  signal {portRegisters[p]} : {p.TypeName} := {PortStart(p)};\n");
        sb.Append("begin\n");
        foreach (var p in unresetPorts) sb.Append($"  {p.Name} <= {PortFromRegister(p, body.WrittenElements.GetValueOrDefault(portRegisters[p], []))};\n");
        if (clocked)
        {
            sb.Append($"  {ClockedLabel} : process(clk)\n");
            foreach (var r in copied) sb.Append($"    variable {r.Variable} : {r.TypeName};\n");
            foreach (var (vn, vt) in body.Variables) sb.Append($"    variable {vn} : {vt.Name};\n");
            sb.Append("  begin\n");
            var unreset = registers.Where(r => !r.Keep).Select(r => r.Signal).Concat(unresetPorts.Select(p => portRegisters[p])).ToList();
            // Registers without reset hold while rst is high, as in the C# simulation (which starts
            // after the reset, and whose Simulation.Reset leaves them): rst is their clock enable.
            if (!anyReset)
            {
                sb.Append(Comment("    ", "Datapath only, no reset (the reset value is never observed); they hold during reset: ", unreset));
                sb.Append("    if rising_edge(clk) then\n      if rst = '0' then\n").Append(bodyText).Append("      end if;\n    end if;\n  end process;\n");
            }
            else
            {
                sb.Append("    if rising_edge(clk) then\n      if rst = '1' then\n");
                foreach (var r in registers.Where(r => r.Keep)) sb.Append($"        {r.Signal} <= {r.Reset.Replace("\n", "\n        ")};\n");
                foreach (var p in resetPorts) sb.Append($"        {p.Name} <= {PortStart(p)};\n");
                if (unreset.Count > 0) sb.Append(Comment("        ", "Datapath, no reset (the reset value is never observed): ", unreset));
                sb.Append("      else\n").Append(bodyText).Append("      end if;\n    end if;\n  end process;\n");
            }
        }
        else
        {
            sb.Append($"  {CombinationalLabel} : process({string.Join(", ", ports.Where(p => !p.IsOutput).Select(p => p.Name))})\n");
            foreach (var (vn, vt) in body.Variables) sb.Append($"    variable {vn} : {vt.Name};\n");
            sb.Append("  begin\n").Append(body.Text).Append("  end process;\n");
        }
        sb.Append("end architecture;\n");
        return sb.ToString();
    }

    /// <summary>
    /// The first statements of a clocked tick: each array output register whose written elements may
    /// differ per instance (<see cref="BodyTranslator.WrittenPerInstance"/>) assigned itself whole, so
    /// that every element is written at every clock (the writes after it decide). Which elements an
    /// instance writes can depend on its constants (<c>Out.Q[k % 5]</c>, or <c>if (k &gt; 3) Out.Q[1] = ...</c>,
    /// k an instance constant); GHDL's synthesis folds them and leaves the elements an instance never
    /// writes undriven instead of at their initial value
    /// (Fuzz/Regressions/new-instance-constant-index-bus-array-output-netlist.cs,
    /// new-folded-condition-bus-array-output-netlist.cs).
    /// </summary>
    string HoldWrittenPerInstance(BodyTranslator body, IEnumerable<EntityPort> unresetPorts)
    {
        var sb = new StringBuilder();
        foreach (var p in unresetPorts)
            if (p.IsArray && body.WrittenPerInstance.Contains(portRegisters[p]))
                sb.Append($"        {portRegisters[p]} <= {portRegisters[p]};\n");
        return sb.ToString();
    }

    /// <summary>The value an output port of a clocked process starts with: its [InitialValue], else zero.</summary>
    string PortStart(EntityPort p) => Whole(p, ElementStart(p));

    /// <summary>The value each element of an output port of a clocked process starts with (the port's, for a scalar).</summary>
    string ElementStart(EntityPort p) => p.Initial is null ? VhdlText.Zero(p.Type) : pkg.Value(p.Initial, p.Type);

    /// <summary>
    /// What drives an output port of a clocked process without reset: its register signal, or, for an
    /// array port whose register the tick writes only some elements of (<paramref name="written"/>;
    /// null: any), those elements of it and the start value for the others. GHDL's synthesis leaves
    /// the elements of an array signal that no process writes undriven ('Z') instead of at their
    /// initial value (Fuzz/Regressions/new-partly-written-bus-array-output-netlist.cs).
    /// </summary>
    string PortFromRegister(EntityPort p, HashSet<long>? written)
    {
        var register = portRegisters[p];
        if (!p.IsArray || written is null || written.Count == 0 || written.Count == p.Length) return register;
        return $"({string.Join(", ", Enumerable.Range(0, p.Length).Select(k => $"{k} => {(written.Contains(k) ? $"{register}({k})" : ElementStart(p))}"))})";
    }

    /// <summary>A value of the port: <paramref name="element"/> itself, or every element of an array port.</summary>
    static string Whole(EntityPort p, string element) => p.IsArray ? $"(others => {element})" : element;

    /// <summary>A VHDL comment: <paramref name="lead"/> and the names, wrapped at about 100 columns.</summary>
    static string Comment(string indent, string lead, IReadOnlyList<string> names)
    {
        if (names.Count == 0) return "";
        var sb = new StringBuilder();
        var line = new StringBuilder(indent).Append("-- ").Append(lead);
        for (int i = 0; i < names.Count; i++)
        {
            var item = names[i] + (i < names.Count - 1 ? "," : "");
            if (i > 0 && line.Length + item.Length > 100)
            {
                sb.Append(line.ToString().TrimEnd()).Append('\n');
                line.Clear().Append(indent).Append("--   ");
            }
            line.Append(item).Append(' ');
        }
        return sb.Append(line.ToString().TrimEnd()).Append('\n').ToString();
    }

    IFieldSymbol? FindField((string Type, string Name) key)
    {
        for (var t = symbol; t is not null; t = t.BaseType)
            if (t.MetadataName == key.Type && t.GetMembers(key.Name).OfType<IFieldSymbol>().FirstOrDefault() is { } f) return f;
        return null;
    }

    /// <summary>
    /// Whether every read of <paramref name="field"/> (of an element of it, for an array) in the tick
    /// comes before every write (a read in the written value itself included) and no loop holds both,
    /// so no read can see a value written in the same tick.
    /// </summary>
    internal static bool ReadBeforeWritten(IOperation tick, IFieldSymbol field)
    {
        // The references that read or write the field: its elements for an array, the field for a scalar.
        List<IOperation> elements = field.Type is IArrayTypeSymbol
            ? [.. ElementReferences(tick, field)]
            : [.. tick.Descendants().OfType<IFieldReferenceOperation>().Where(f => SameField(f.Field, field))];
        static bool Written(IOperation a) =>
            a.Parent is IAssignmentOperation asg && asg.Target == a || a.Parent is IIncrementOrDecrementOperation;
        var writes = elements.Where(Written).ToList();
        var reads = elements.Where(Read).ToList();
        foreach (var w in writes)
            foreach (var r in reads)
            {
                if (Loops(r).Intersect(Loops(w)).Any()) return false;
                if (r != w && !w.Parent!.Syntax.Span.Contains(r.Syntax.Span) && r.Syntax.SpanStart >= w.Syntax.SpanStart) return false;
            }
        return true;
    }

    /// <summary>
    /// Whether the tick reads an element of the register file <paramref name="field"/> at an index
    /// that synthesis may fold to a constant: one that reads no bus signal, register, element of a
    /// register file, or local assigned from one of them somewhere in the tick (a literal, a loop
    /// variable, an instance constant, a table or a helper of them).
    /// </summary>
    internal static bool ReadAtFixedIndex(IOperation tick, IFieldSymbol field)
    {
        static bool BusSignal(IPropertySymbol p) =>
            p.ContainingType.TypeKind == TypeKind.Interface && p.ContainingType.AllInterfaces.Any(i => i.ToDisplayString() == "Hdl.IBus");
        var dynamicLocals = new HashSet<ILocalSymbol>(SymbolEqualityComparer.Default);
        // An element of a register file is a register; one of a static table is as fixed as its index.
        bool Dynamic(IOperation value) => value.DescendantsAndSelf().Any(o =>
            o is IArrayElementReferenceOperation e && BodyTranslator.Unwrap(e.ArrayReference) is IFieldReferenceOperation { Field.IsStatic: false }
            || o is IPropertyReferenceOperation p && BusSignal(p.Property)
            || o is IFieldReferenceOperation { Field: { IsStatic: false, IsReadOnly: false } }
            || o is ILocalReferenceOperation l && dynamicLocals.Contains(l.Local));
        // The locals that take a value that depends on the design's state or inputs, to a fixed point.
        var assignments = tick.Descendants().Select(o => o switch
        {
            IAssignmentOperation { Target: ILocalReferenceOperation l } a => (l.Local, a.Value),
            IVariableDeclaratorOperation { Initializer: { } i } d => (d.Symbol, i.Value),
            _ => ((ILocalSymbol?)null, (IOperation?)null),
        }).Where(x => x.Item1 is not null).ToList();
        for (bool grew = true; grew;)
        {
            grew = false;
            foreach (var (local, value) in assignments)
                if (!dynamicLocals.Contains(local!) && Dynamic(value!)) grew |= dynamicLocals.Add(local!);
        }
        return ElementReferences(tick, field).Where(Read).Any(a => !Dynamic(a.Indices[0]));
    }

    /// <summary>The tick's references to elements of the array field <paramref name="field"/>, read or written.</summary>
    static IEnumerable<IArrayElementReferenceOperation> ElementReferences(IOperation tick, IFieldSymbol field) =>
        tick.Descendants().OfType<IArrayElementReferenceOperation>()
            .Where(a => BodyTranslator.Unwrap(a.ArrayReference) is IFieldReferenceOperation f && SameField(f.Field, field));

    /// <summary>
    /// The fields are the same as declared: the tick's operations name the fields of a generic class as
    /// declared (<c>P&lt;W&gt;.rf</c>), a caller may hold them of the closed class (<c>P&lt;ushort&gt;.rf</c>).
    /// </summary>
    static bool SameField(IFieldSymbol a, IFieldSymbol b) => SymbolEqualityComparer.Default.Equals(a.OriginalDefinition, b.OriginalDefinition);

    /// <summary>A reference whose value is read: anything but the target of a simple assignment (a compound one reads it too).</summary>
    static bool Read(IOperation reference) => !(reference.Parent is ISimpleAssignmentOperation s && s.Target == reference);

    static IEnumerable<IOperation> Loops(IOperation op)
    {
        for (var p = op.Parent; p is not null; p = p.Parent)
            if (p is ILoopOperation) yield return p;
    }

    IMethodSymbol FindOnTick()
    {
        for (var t = symbol; t is not null; t = t.BaseType)
            if (t.GetMembers("OnTick").OfType<IMethodSymbol>().FirstOrDefault(m => !m.IsAbstract) is { } m) return m;
        throw new TranspileException($"{type.Name} has no OnTick body in the sources");
    }
}
