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
    static readonly ConcurrentDictionary<Type, Func<SignalBase[], BusBase>> factories = new();
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
        var bus = factory(CreateSignals(typeof(T)));
        if (name is not null) { bus.Name = name; bus.NameFixed = true; }
        return (T)(object)bus;
    }

    /// <summary>The bus behind an interface reference.</summary>
    public static BusBase Of(IBus bus) => bus as BusBase
        ?? throw new HardwareException($"{bus.GetType().Name} is not a bus created by Bus.Create");

    /// <summary>The signal properties of a bus interface, in declaration order (inherited first).</summary>
    public static IReadOnlyList<PropertyInfo> SignalProperties(Type busInterface)
    {
        if (!busInterface.IsInterface || !typeof(IBus).IsAssignableFrom(busInterface))
            throw new HardwareException($"{busInterface.Name} must be an interface deriving from IBus");
        var list = new List<PropertyInfo>();
        var seen = new HashSet<string>();
        foreach (var iface in busInterface.GetInterfaces().Reverse().Append(busInterface))
            foreach (var p in iface.GetProperties().OrderBy(p => p.MetadataToken))
            {
                if (!seen.Add(p.Name))
                    throw new HardwareException($"bus {busInterface.Name} declares signal {p.Name} twice");
                if (!p.CanRead || !p.CanWrite)
                    throw new HardwareException($"signal {busInterface.Name}.{p.Name} needs both get and set");
                list.Add(p);
            }
        if (list.Count == 0)
            throw new HardwareException($"bus {busInterface.Name} has no signals");
        return list;
    }

    static SignalBase[] CreateSignals(Type busInterface)
    {
        var props = SignalProperties(busInterface);
        var signals = new SignalBase[props.Count];
        for (int i = 0; i < props.Count; i++)
        {
            var p = props[i];
            var where = $"{busInterface.Name}.{p.Name}";
            HdlType type;
            try { type = HdlType.Of(p, p.PropertyType); }
            catch (HardwareException e) { throw new HardwareException($"signal {where}: {e.Message}"); }
            object? initial = null;
            if (p.GetCustomAttribute<InitialValueAttribute>() is { } iv)
            {
                try
                {
                    initial = iv.Value is null ? Activator.CreateInstance(p.PropertyType)
                        : p.PropertyType.IsEnum ? Enum.ToObject(p.PropertyType, iv.Value)
                        : p.PropertyType == typeof(UInt128) ? (UInt128)Convert.ToUInt64(iv.Value)
                        : p.PropertyType == typeof(Int128) ? (Int128)Convert.ToInt64(iv.Value)
                        : Convert.ChangeType(iv.Value, p.PropertyType);
                }
                catch (Exception e) when (e is OverflowException or InvalidCastException or FormatException or ArgumentException)
                {
                    throw new HardwareException($"signal {where}: [InitialValue] {iv.Value} is not a {p.PropertyType.Name} value");
                }
                if ((type.BitsOf(initial!) != HdlType.Of(p.PropertyType).BitsOf(initial!) && type.Kind == HdlKind.Unsigned) ||
                    (type.Kind == HdlKind.Signed && !FitsSigned(initial!, type.Width)))
                    throw new HardwareException($"signal {where}: [InitialValue({iv.Value})] does not fit in [Width({type.Width})]");
            }
            var sigType = typeof(Signal<>).MakeGenericType(p.PropertyType);
            signals[i] = (SignalBase)Activator.CreateInstance(sigType, p.Name, type, initial)!;
        }
        return signals;
    }

    static bool FitsSigned(object value, int width)
    {
        var v = value is Int128 big ? big : (Int128)Convert.ToInt64(value);
        var half = Int128.One << (width - 1);
        return v >= -half && v < half;
    }

    static Func<SignalBase[], BusBase> Emit(Type iface)
    {
        if (!iface.IsPublic && !iface.IsNestedPublic)
            throw new HardwareException($"bus interface {iface.FullName} must be public");
        var props = SignalProperties(iface);
        lock (emitLock)
        {
            var tb = module.DefineType($"{iface.FullName}.Impl{++emitted}",
                TypeAttributes.Public | TypeAttributes.Sealed | TypeAttributes.Class, typeof(BusBase));
            tb.AddInterfaceImplementation(iface);
            foreach (var i in iface.GetInterfaces()) tb.AddInterfaceImplementation(i);

            var fields = new FieldBuilder[props.Count];
            for (int i = 0; i < props.Count; i++)
                fields[i] = tb.DefineField("s" + i, typeof(Signal<>).MakeGenericType(props[i].PropertyType),
                    FieldAttributes.Private | FieldAttributes.InitOnly);

            var baseCtor = typeof(BusBase).GetConstructor(BindingFlags.NonPublic | BindingFlags.Instance,
                [typeof(Type), typeof(SignalBase[])])!;
            var ctor = tb.DefineConstructor(MethodAttributes.Public, CallingConventions.Standard, [typeof(SignalBase[])]);
            var il = ctor.GetILGenerator();
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldtoken, iface);
            il.Emit(OpCodes.Call, typeof(Type).GetMethod(nameof(Type.GetTypeFromHandle))!);
            il.Emit(OpCodes.Ldarg_1);
            il.Emit(OpCodes.Call, baseCtor);
            for (int i = 0; i < props.Count; i++)
            {
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Ldarg_1);
                il.Emit(OpCodes.Ldc_I4, i);
                il.Emit(OpCodes.Ldelem_Ref);
                il.Emit(OpCodes.Castclass, fields[i].FieldType);
                il.Emit(OpCodes.Stfld, fields[i]);
            }
            il.Emit(OpCodes.Ret);

            const MethodAttributes accessor = MethodAttributes.Public | MethodAttributes.Virtual |
                MethodAttributes.Final | MethodAttributes.HideBySig | MethodAttributes.SpecialName | MethodAttributes.NewSlot;
            for (int i = 0; i < props.Count; i++)
            {
                var p = props[i];
                var sigType = fields[i].FieldType;
                var get = tb.DefineMethod("get_" + p.Name, accessor, p.PropertyType, Type.EmptyTypes);
                var g = get.GetILGenerator();
                g.Emit(OpCodes.Ldarg_0);
                g.Emit(OpCodes.Ldfld, fields[i]);
                g.Emit(OpCodes.Call, sigType.GetMethod(nameof(Signal<int>.Read))!);
                g.Emit(OpCodes.Ret);
                tb.DefineMethodOverride(get, p.GetMethod!);

                var set = tb.DefineMethod("set_" + p.Name, accessor, typeof(void), [p.PropertyType]);
                var s = set.GetILGenerator();
                s.Emit(OpCodes.Ldarg_0);
                s.Emit(OpCodes.Ldfld, fields[i]);
                s.Emit(OpCodes.Ldarg_1);
                s.Emit(OpCodes.Call, sigType.GetMethod(nameof(Signal<int>.Write))!);
                s.Emit(OpCodes.Ret);
                tb.DefineMethodOverride(set, p.SetMethod!);
            }
            var type = tb.CreateType();
            var ci = type.GetConstructor([typeof(SignalBase[])])!;
            return signals => (BusBase)ci.Invoke([signals]);
        }
    }
}
