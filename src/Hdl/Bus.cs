using System.Collections.Concurrent;
using System.Reflection;
using System.Reflection.Emit;

namespace Hdl;

/// <summary>
/// Runtime base of every bus. The implementation of a bus interface is emitted once per interface
/// type: each property reads or writes a <see cref="Signal{T}"/> field directly (no dictionary,
/// no boxing, no reflection per access).
/// </summary>
public abstract class BusBase : IBus
{
    /// <summary>Name of the bus (a VHDL name stem); set by Create or given by the design.</summary>
    public string? Name { get; internal set; }
    public Type InterfaceType { get; }
    public IReadOnlyList<SignalBase> Signals { get; }
    internal bool NameFixed;

    protected BusBase(Type interfaceType, SignalBase[] signals)
    {
        InterfaceType = interfaceType;
        Signals = signals;
        foreach (var s in signals) s.Bus = this;
    }

    public override string ToString() => Name ?? InterfaceType.Name;
}

/// <summary>Creates bus instances.</summary>
public static class Bus
{
    static readonly ConcurrentDictionary<Type, Func<SignalBase[], object[], BusBase>> factories = new();
    static readonly ModuleBuilder module = AssemblyBuilder
        .DefineDynamicAssembly(new AssemblyName("Hdl.EmittedBuses"), AssemblyBuilderAccess.Run)
        .DefineDynamicModule("Hdl.EmittedBuses");
    static readonly Lock emitLock = new();
    static int emitted;

    /// <summary>Creates a bus of interface type <typeparamref name="T"/>.</summary>
    /// <param name="name">Bus name; when null the design names it after the process field that writes it.</param>
    public static T Create<T>(string? name = null) where T : class, IBus
    {
        var factory = factories.GetOrAdd(typeof(T), Emit);
        var (signals, members) = CreateSignals(typeof(T));
        var bus = factory(signals, members);
        if (name is not null) { bus.Name = name; bus.NameFixed = true; }
        return (T)(object)bus;
    }

    /// <summary>The bus behind an interface reference.</summary>
    public static BusBase Of(IBus bus) => bus as BusBase
        ?? throw new HardwareException($"{bus.GetType().Name} is not a bus created by Bus.Create");

    /// <summary>
    /// The members of a bus interface, in declaration order (inherited first): scalar signals (get
    /// and set) and fixed-length arrays of signals (<c>[ArrayLength(n)] BusArray&lt;T&gt; Name { get; }</c>).
    /// </summary>
    public static IReadOnlyList<BusMember> Members(Type busInterface)
    {
        if (!busInterface.IsInterface || !typeof(IBus).IsAssignableFrom(busInterface))
            throw new HardwareException($"{busInterface.Name} must be an interface deriving from IBus");
        var list = new List<BusMember>();
        var seen = new HashSet<string>();
        foreach (var iface in busInterface.GetInterfaces().Reverse().Append(busInterface))
            foreach (var p in iface.GetProperties().OrderBy(p => p.MetadataToken))
            {
                if (!seen.Add(p.Name))
                    throw new HardwareException($"bus {busInterface.Name} declares signal {p.Name} twice");
                var where = $"{busInterface.Name}.{p.Name}";
                var length = p.GetCustomAttribute<ArrayLengthAttribute>()?.Length;
                if (p.PropertyType.IsGenericType && p.PropertyType.GetGenericTypeDefinition() == typeof(BusArray<>))
                {
                    if (length is null)
                        throw new HardwareException($"bus array {where} needs [ArrayLength(n)]: a bus's arrays have a fixed length");
                    if (length < 1)
                        throw new HardwareException($"bus array {where}: [ArrayLength({length})] must be at least 1");
                    if (!p.CanRead || p.CanWrite)
                        throw new HardwareException($"bus array {where} has a get accessor only (write its elements: {p.Name}[i] = x)");
                    list.Add(new BusMember(p, p.PropertyType.GetGenericArguments()[0], length.Value));
                    continue;
                }
                if (length is not null)
                    throw new HardwareException($"{where}: [ArrayLength] needs a BusArray<T> member with a get accessor only");
                if (!p.CanRead || !p.CanWrite)
                    throw new HardwareException($"signal {where} needs both get and set");
                list.Add(new BusMember(p, p.PropertyType, 0));
            }
        if (list.Count == 0)
            throw new HardwareException($"bus {busInterface.Name} has no signals");
        var names = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        foreach (var m in list)
            for (int i = 0; i < Math.Max(m.Length, 1); i++)
                if (!names.Add(m.SignalName(i)))
                    throw new HardwareException($"bus {busInterface.Name}: signal {m.SignalName(i)} is named twice (array elements are named Member_index; VHDL names ignore case)");
        return list;
    }

    /// <summary>The signals of a bus, and each member's signal or <see cref="BusArray{T}"/>.</summary>
    static (SignalBase[] Signals, object[] Members) CreateSignals(Type busInterface)
    {
        var members = Members(busInterface);
        var signals = new List<SignalBase>();
        var values = new object[members.Count];
        for (int i = 0; i < members.Count; i++)
        {
            var m = members[i];
            var p = m.Property;
            var where = $"{busInterface.Name}.{p.Name}";
            HdlType type;
            try { type = HdlType.Of(p, m.ElementType); }
            catch (HardwareException e) { throw new HardwareException($"signal {where}: {e.Message}"); }
            object? initial = null;
            if (p.GetCustomAttribute<InitialValueAttribute>() is { } iv)
            {
                var t = m.ElementType;
                try
                {
                    initial = iv.Value is null ? Activator.CreateInstance(t)
                        : t.IsEnum ? Enum.ToObject(t, iv.Value)
                        : t == typeof(UInt128) ? (UInt128)Convert.ToUInt64(iv.Value)
                        : t == typeof(Int128) ? (Int128)Convert.ToInt64(iv.Value)
                        : Convert.ChangeType(iv.Value, t);
                }
                catch (Exception e) when (e is OverflowException or InvalidCastException or FormatException or ArgumentException)
                {
                    throw new HardwareException($"signal {where}: [InitialValue] {iv.Value} is not a {t.Name} value");
                }
                if ((type.BitsOf(initial!) != HdlType.Of(t).BitsOf(initial!) && type.Kind == HdlKind.Unsigned) ||
                    (type.Kind == HdlKind.Signed && !FitsSigned(initial!, type.Width)))
                    throw new HardwareException($"signal {where}: [InitialValue({iv.Value})] does not fit in [Width({type.Width})]");
            }
            var sigType = typeof(Signal<>).MakeGenericType(m.ElementType);
            if (!m.IsArray)
            {
                var s = (SignalBase)Activator.CreateInstance(sigType, p.Name, type, initial)!;
                signals.Add(s);
                values[i] = s;
                continue;
            }
            var elements = Array.CreateInstance(sigType, m.Length);
            for (int e = 0; e < m.Length; e++)
            {
                var s = (SignalBase)Activator.CreateInstance(sigType, m.SignalName(e), type, initial)!;
                s.Member = p.Name;
                s.Index = e;
                signals.Add(s);
                elements.SetValue(s, e);
            }
            values[i] = Activator.CreateInstance(typeof(BusArray<>).MakeGenericType(m.ElementType),
                BindingFlags.Instance | BindingFlags.NonPublic, null, [elements], null)!;
        }
        return ([.. signals], values);
    }

    static bool FitsSigned(object value, int width)
    {
        var v = value is Int128 big ? big : (Int128)Convert.ToInt64(value);
        var half = Int128.One << (width - 1);
        return v >= -half && v < half;
    }

    static Func<SignalBase[], object[], BusBase> Emit(Type iface)
    {
        if (!iface.IsPublic && !iface.IsNestedPublic)
            throw new HardwareException($"bus interface {iface.FullName} must be public");
        var members = Members(iface);
        lock (emitLock)
        {
            var tb = module.DefineType($"{iface.FullName}.Impl{++emitted}",
                TypeAttributes.Public | TypeAttributes.Sealed | TypeAttributes.Class, typeof(BusBase));
            tb.AddInterfaceImplementation(iface);
            foreach (var i in iface.GetInterfaces()) tb.AddInterfaceImplementation(i);

            // One field per member: the Signal<T> of a scalar, the BusArray<T> of an array.
            var fields = new FieldBuilder[members.Count];
            for (int i = 0; i < members.Count; i++)
                fields[i] = tb.DefineField("m" + i, members[i].IsArray ? members[i].Property.PropertyType
                    : typeof(Signal<>).MakeGenericType(members[i].ElementType), FieldAttributes.Private | FieldAttributes.InitOnly);

            var baseCtor = typeof(BusBase).GetConstructor(BindingFlags.NonPublic | BindingFlags.Instance,
                [typeof(Type), typeof(SignalBase[])])!;
            var ctor = tb.DefineConstructor(MethodAttributes.Public, CallingConventions.Standard, [typeof(SignalBase[]), typeof(object[])]);
            var il = ctor.GetILGenerator();
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldtoken, iface);
            il.Emit(OpCodes.Call, typeof(Type).GetMethod(nameof(Type.GetTypeFromHandle))!);
            il.Emit(OpCodes.Ldarg_1);
            il.Emit(OpCodes.Call, baseCtor);
            for (int i = 0; i < members.Count; i++)
            {
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Ldarg_2);
                il.Emit(OpCodes.Ldc_I4, i);
                il.Emit(OpCodes.Ldelem_Ref);
                il.Emit(OpCodes.Castclass, fields[i].FieldType);
                il.Emit(OpCodes.Stfld, fields[i]);
            }
            il.Emit(OpCodes.Ret);

            const MethodAttributes accessor = MethodAttributes.Public | MethodAttributes.Virtual |
                MethodAttributes.Final | MethodAttributes.HideBySig | MethodAttributes.SpecialName | MethodAttributes.NewSlot;
            for (int i = 0; i < members.Count; i++)
            {
                var p = members[i].Property;
                var fieldType = fields[i].FieldType;
                var get = tb.DefineMethod("get_" + p.Name, accessor, p.PropertyType, Type.EmptyTypes);
                var g = get.GetILGenerator();
                g.Emit(OpCodes.Ldarg_0);
                g.Emit(OpCodes.Ldfld, fields[i]);
                if (!members[i].IsArray) g.Emit(OpCodes.Call, fieldType.GetMethod(nameof(Signal<int>.Read))!);
                g.Emit(OpCodes.Ret);
                tb.DefineMethodOverride(get, p.GetMethod!);
                if (members[i].IsArray) continue;

                var set = tb.DefineMethod("set_" + p.Name, accessor, typeof(void), [p.PropertyType]);
                var s = set.GetILGenerator();
                s.Emit(OpCodes.Ldarg_0);
                s.Emit(OpCodes.Ldfld, fields[i]);
                s.Emit(OpCodes.Ldarg_1);
                s.Emit(OpCodes.Call, fieldType.GetMethod(nameof(Signal<int>.Write))!);
                s.Emit(OpCodes.Ret);
                tb.DefineMethodOverride(set, p.SetMethod!);
            }
            var type = tb.CreateType();
            var ci = type.GetConstructor([typeof(SignalBase[]), typeof(object[])])!;
            return (signals, values) => (BusBase)ci.Invoke([signals, values]);
        }
    }
}
