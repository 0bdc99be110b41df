using Hdl;
using Engine.Tests.Constructs;
using Engine.Tests.Soundness;

namespace Engine.Tests.Quality;

// Small designs whose VHDL must read like an engineer's RTL (QualityTests): arithmetic at the width
// C# keeps, int constants as integers, bit fields as slices, register files without a whole copy.

public static class QualityMath
{
    /// <summary>An int parameter (a VHDL integer), compared and used in arithmetic.</summary>
    public static uint Step(uint x, int k) => k > 2 ? x + (uint)(k * 4) : x - (uint)k;

    /// <summary>Byte <paramref name="row"/> of a word, counted from the most significant.</summary>
    public static byte Byte(uint word, int row) => (byte)(word >> (24 - 8 * row));

    /// <summary>The most significant byte of a word: written in place where it is called with a name.</summary>
    public static byte Top(uint word) => (byte)(word >> 24);
}

/// <summary>Byte and short arithmetic that C# promotes to int and truncates.</summary>
public sealed class NarrowArithmetic : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ISoundResult Output = Bus.Create<ISoundResult>();

    protected override void OnTick()
    {
        byte a = (byte)Input.A;
        byte b = (byte)(Input.A >> 8);
        sbyte s = (sbyte)Input.B;
        byte mixed = (byte)(a ^ b);
        byte sum = (byte)(a * 3 + b - 7);
        sbyte negated = (sbyte)(-s);
        ushort shifted = (ushort)(~a << 3);
        byte acc = b;
        acc += a;
        acc ^= 0x5A;
        acc -= mixed;
        Output.X = (uint)(mixed | (sum << 8) | ((byte)negated << 16) | (acc << 24)) ^ shifted;
        Output.Y = Input.A * 16 + (uint)((int)Input.B * 4) + (uint)((int)Input.B * -8);
    }
}

/// <summary>Bit fields of words: right shifts by constants that a truncation keeps inside the word.</summary>
public sealed class BitFields : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ISoundResult Output = Bus.Create<ISoundResult>();

    protected override void OnTick()
    {
        ulong wide = ((ulong)Input.A << 32) | Input.B;
        int signed = (int)Input.B;
        byte top = (byte)(Input.A >> 24);
        ushort middle = (ushort)(wide >> 24);
        byte fromSigned = (byte)(signed >> 28); // bits 28..35 of an int: the upper four are sign copies
        uint high = (uint)((ulong)(wide >> 8) >> 24);
        Output.X = top ^ ((uint)middle << 8) ^ ((uint)fromSigned << 24);
        uint differ = 0;
        for (int i = 0; i < 32; i++)
            if (((Input.A >> i) & 1u) != 0 && ((Input.B >> i) & 1) == 0) differ++;
        bool picked = 1 == ((Input.A >> (int)(Input.B & 63)) & 1);
        uint rotated = uint.RotateLeft(Input.A, 12) ^ System.Numerics.BitOperations.RotateRight(Input.B, 7) ^ uint.RotateLeft(Input.B, (int)(Input.A & 31));
        Output.Y = (differ << 8 ^ (picked ? 1u : 0u)) ^ rotated ^ high ^ QualityMath.Byte(Input.B, 1) ^ ((uint)QualityMath.Top(Input.B) << 8) ^ QualityMath.Top(Input.A ^ Input.B);
    }
}

/// <summary>Int instance constants (VHDL integer generics) and an int helper parameter.</summary>
public sealed class IntegerConstants : ClockedProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ISoundResult Output = Bus.Create<ISoundResult>();

    readonly int offset;
    readonly int limit;
    uint total;

    public IntegerConstants(int offset, int limit)
    {
        this.offset = offset;
        this.limit = limit;
    }

    protected override void OnTick()
    {
        int low = (int)(Input.A & 7);
        for (int i = 0; i < 4; i++)
            if (i >= offset && i < limit) total += QualityMath.Step(Input.B, i + offset);
        Output.X = total;
        Output.Y = low < limit ? (uint)(offset * low) : QualityMath.Step(Input.A, offset);
    }
}

/// <summary>A register file read before it is written in the tick: its signal, no copy.</summary>
public sealed class ReadThenWrite : ClockedProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ISoundResult Output = Bus.Create<ISoundResult>();

    readonly uint[] words = new uint[4];
    readonly byte[] counts = new byte[8];

    protected override void OnTick()
    {
        Output.X = words[Input.A & 3] + words[(Input.A >> 2) & 3];
        Output.Y = words[3] ^ counts[Input.B & 7];
        words[Input.B & 3] = Input.A;
        words[(Input.B >> 2) & 3] = Input.B; // may be the same word: the last write wins, in C# as in VHDL
        counts[Input.A & 7] += 3;
    }
}

/// <summary>A register file read after it is written in the same tick: C# sees the new value.</summary>
public sealed class WriteThenRead : ClockedProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ISoundResult Output = Bus.Create<ISoundResult>();

    readonly uint[] words = new uint[4];

    protected override void OnTick()
    {
        words[Input.B & 3] = Input.A;
        Output.X = words[Input.A & 3];
        uint sum = 0;
        for (int i = 0; i < 4; i++)
        {
            sum += words[i];
            words[i] = sum;
        }
        Output.Y = sum;
    }
}

/// <summary>
/// Scalar registers: <c>total</c> read before it is written, <c>last</c> read after a conditional
/// write, <c>loops</c> read and written in a loop, <c>held</c> never written.
/// </summary>
public sealed class ScalarRegisters : ClockedProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ISoundResult Output = Bus.Create<ISoundResult>();

    uint total, last, loops, held = 5;

    protected override void OnTick()
    {
        Output.X = total ^ held;
        total += Input.A;
        if ((Input.B & 1) != 0) last = Input.B;
        for (int i = 0; i < 2; i++) loops = loops * 3 + last;
        Output.Y = last + loops;
    }
}

/// <summary>Words packed from narrower values (concatenations) and loop integers truncated to bytes.</summary>
public sealed class PackedFields : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ISoundResult Output = Bus.Create<ISoundResult>();

    protected override void OnTick()
    {
        byte a = (byte)Input.A, b = (byte)(Input.A >> 8), c = (byte)(Input.B >> 16);
        ulong packed = ((ulong)Input.A << 32) | Input.B;
        byte mixed = 0;
        for (int i = -2; i < 3; i++)
            mixed ^= (byte)(a + i * 3);
        Output.X = (uint)(a << 24 | b << 16 | c) ^ mixed;
        ulong moved = (packed << 8) | a;
        Output.Y = (uint)(packed >> 16) ^ (uint)(moved >> 32);
    }
}

/// <summary>
/// Sign extensions read as unsigned, and truncated quotients and remainders: the forms ghdl --synth
/// folds without crashing when it knows the operands (hdl_sext, a slice of the function's result).
/// </summary>
public sealed class ExtensionsAndTruncations : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ISoundResult Output = Bus.Create<ISoundResult>();

    protected override void OnTick()
    {
        sbyte s = (sbyte)Input.B;
        ulong wide = ((ulong)Input.A << 32) | Input.B;
        uint zeroExtended = (ushort)s;
        byte quotient = (byte)(wide / ((ulong)Input.B | 1));
        byte remainder = (byte)(wide % 1000003UL);
        Output.X = zeroExtended ^ ((uint)quotient << 16);
        Output.Y = (uint)(long)s ^ ((uint)remainder << 8);
    }
}
