using System.Runtime.CompilerServices;

namespace Hdl;

/// <summary>One signal of a bus: its name, hardware type and simulation state.</summary>
public abstract class SignalBase
{
    public string Name { get; }
    public HdlType Type { get; }
    public BusBase Bus { get; internal set; } = null!;
    /// <summary>The bus member the signal belongs to: its own name, or the name of the array it is an element of.</summary>
    public string Member { get; internal set; }
    /// <summary>The signal's index in its member's array, or -1 for a scalar member.</summary>
    public int Index { get; internal set; } = -1;
    /// <summary>The value before the first write, or null when there is none.</summary>
    public object? InitialValue { get; }

    internal Simulation? Sim;
    /// <summary>The signal's number in its simulation.</summary>
    internal int Id;
    internal int Owner = -1;
    internal bool Has;
    internal bool Pending;

    protected SignalBase(string name, HdlType type, object? initial)
    {
        Name = name; Member = name; Type = type; InitialValue = initial;
    }

    /// <summary>Writes a boxed value of the signal's C# type (for drivers that do not know the type).</summary>
    public abstract void WriteValue(object value);

    /// <summary>Writes the value of <paramref name="source"/>, a signal of the same C# type, this cycle.</summary>
    internal abstract void CopyFrom(SignalBase source);

    public string FullName => $"{Bus.Name}.{Name}";

    /// <summary>Whether the signal has a value (written, or initial).</summary>
    public bool HasValue => Has;

    /// <summary>Current value as bits (two's complement, masked to the width).</summary>
    public abstract UInt128 Bits { get; }

    internal abstract void Commit();
    internal abstract void Reset();
    /// <summary>A synchronous reset of the register that drives the signal: its initial value (zero without one).</summary>
    internal abstract void ResetRegister();
    /// <summary>Random bits within the signal's width, as a register without reset may hold after one.</summary>
    internal abstract void Scramble(Random rng);

    /// <summary>Words per value in a trace: 1 up to 64 bits, 2 above.</summary>
    internal int TraceWords => Type.Width > 64 ? 2 : 1;

    /// <summary>Stores the current bits (low word first) at <paramref name="at"/>.</summary>
    internal abstract void StoreBits(ulong[] words, int at);
}

/// <summary>A signal of C# type <typeparamref name="T"/>.</summary>
public sealed class Signal<T> : SignalBase where T : unmanaged
{
    T cur, next;
    readonly T initial;
    readonly UInt128 mask;
    readonly bool narrow;
    readonly ulong enumCount;
    /// <summary>For an unsigned or enum signal of up to 64 bits: the raw bits of a value that fits lie
    /// below this bound (2^Width, or the number of enum members); 0 when the exact check decides.</summary>
    readonly ulong fitsBelow;

    public Signal(string name, HdlType type, object? initial) : base(name, type, initial)
    {
        if (initial is not null) this.initial = (T)initial;
        mask = type.Mask;
        narrow = type.Kind is HdlKind.Unsigned or HdlKind.Signed && type.Width < Unsafe.SizeOf<T>() * 8;
        if (type.Kind == HdlKind.Enum) { enumCount = (ulong)Enum.GetValues(typeof(T)).Length; narrow = true; }
        if (narrow && Unsafe.SizeOf<T>() <= 8 && !type.IsSigned)
            fitsBelow = enumCount != 0 ? enumCount : 1UL << type.Width;
        Reset();
    }

    internal override void Reset()
    {
        cur = next = initial;
        Has = InitialValue is not null;
        Pending = false;
        Owner = -1;
    }

    internal override void ResetRegister()
    {
        cur = next = initial;
        Has = true;
    }

    internal override void Scramble(Random rng)
    {
        Span<byte> bytes = stackalloc byte[16];
        rng.NextBytes(bytes);
        var bits = System.Buffers.Binary.BinaryPrimitives.ReadUInt128LittleEndian(bytes) & mask;
        if (enumCount != 0) bits %= enumCount;
        else if (Type.Kind == HdlKind.Bool) bits &= 1;
        else if (Type.IsSigned && ((bits >> (Type.Width - 1)) & 1) != 0) bits |= ~mask;
        T value = default;
        Unsafe.CopyBlockUnaligned(ref Unsafe.As<T, byte>(ref value), ref Unsafe.As<UInt128, byte>(ref bits), (uint)Unsafe.SizeOf<T>());
        cur = next = value;
        Has = true;
    }

    public override void WriteValue(object value) => Write((T)value);

    internal override void CopyFrom(SignalBase source) => Write(((Signal<T>)source).Read());

    /// <summary>Reads the value of this cycle.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public T Read()
    {
        if (!Has) Simulation.ReadOfUnwritten(this);
        return cur;
    }

    /// <summary>Writes the value; readers see it after this phase commits.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(T value)
    {
        var sim = Sim;
        if (sim is null || Owner != sim.Writer) Simulation.ClaimOrFail(this);
        if (narrow && Low64(value) >= fitsBelow) CheckWidth(value);
        next = value;
        if (!Pending)
        {
            Pending = true;
            sim!.MarkDirty(this);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    void CheckWidth(T value)
    {
        var bits = ToBits(value);
        bool fits;
        if (enumCount != 0)
        {
            if (bits >= enumCount)
                Simulation.Fail(Sim, $"writes {value} to {FullName}, which is no member of {typeof(T).Name}");
            return;
        }
        if (Type.IsSigned)
        {
            int size = Unsafe.SizeOf<T>() * 8;
            Int128 v = (Int128)(bits << (128 - size)) >> (128 - size);
            Int128 half = Int128.One << (Type.Width - 1);
            fits = v >= -half && v < half;
        }
        else fits = (bits & ~mask) == 0;
        if (!fits)
            Simulation.Fail(Sim, $"writes {value} (0x{bits & (UInt128.MaxValue >> (128 - Unsafe.SizeOf<T>() * 8)):X}) to {FullName}, which does not fit in [Width({Type.Width})]");
    }

    /// <summary>The raw bits of a value of up to 64 bits, zero-extended (each branch is a constant for a given T).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    static ulong Low64(T value)
    {
        if (Unsafe.SizeOf<T>() == 1) return Unsafe.As<T, byte>(ref value);
        if (Unsafe.SizeOf<T>() == 2) return Unsafe.As<T, ushort>(ref value);
        if (Unsafe.SizeOf<T>() == 4) return Unsafe.As<T, uint>(ref value);
        if (Unsafe.SizeOf<T>() == 8) return Unsafe.As<T, ulong>(ref value);
        return ulong.MaxValue;
    }

    static UInt128 ToBits(T value)
    {
        UInt128 raw = 0;
        Unsafe.CopyBlockUnaligned(ref Unsafe.As<UInt128, byte>(ref raw), ref Unsafe.As<T, byte>(ref value), (uint)Unsafe.SizeOf<T>());
        return raw;
    }

    internal override void Commit()
    {
        cur = next;
        Has = true;
        Pending = false;
    }

    public override UInt128 Bits => ToBits(cur) & mask;

    internal override void StoreBits(ulong[] words, int at)
    {
        // Each branch is a constant for a given T, so the JIT keeps one line of it.
        if (Unsafe.SizeOf<T>() == 1) words[at] = Unsafe.As<T, byte>(ref cur) & (ulong)mask;
        else if (Unsafe.SizeOf<T>() == 2) words[at] = Unsafe.As<T, ushort>(ref cur) & (ulong)mask;
        else if (Unsafe.SizeOf<T>() == 4) words[at] = Unsafe.As<T, uint>(ref cur) & (ulong)mask;
        else if (Unsafe.SizeOf<T>() == 8) words[at] = Unsafe.As<T, ulong>(ref cur) & (ulong)mask;
        else
        {
            var v = Unsafe.As<T, UInt128>(ref cur) & mask;
            words[at] = (ulong)v;
            words[at + 1] = (ulong)(v >> 64);
        }
    }
}
