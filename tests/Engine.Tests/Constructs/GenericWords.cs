using System.Numerics;
using System.Runtime.CompilerServices;
using Hdl;

namespace Engine.Tests.Constructs;

/// <summary>Two words of type W, and whether they count.</summary>
public interface IWordPair<W> : IBus where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
{
    [ArrayLength(2)] BusArray<W> Words { get; }
    bool Valid { get; set; }
}

/// <summary>What a <see cref="GenericWordStage{W}"/> makes of them.</summary>
public interface IWordMix<W> : IBus where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
{
    [InitialValue] W Total { get; set; }
    [InitialValue] W Rotated { get; set; }
    [InitialValue] W Salted { get; set; }
    [InitialValue] W Extended { get; set; }
    [InitialValue] uint Low { get; set; }
    [InitialValue] bool Above { get; set; }
}

/// <summary>
/// Helpers and constants of one class per word type: each instantiation has its own values, computed
/// in C# from the word's size (rotation amount, salts), and its own VHDL functions and constants.
/// </summary>
public static class WordMath<W> where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
{
    public static readonly int Bits = Unsafe.SizeOf<W>() * 8;
    public static readonly int Shift = Bits == 64 ? 13 : Bits == 32 ? 7 : 3;
    /// <summary>The golden ratio's bits, one salt per word, cut to the word (3 of them for bytes, 4 else).</summary>
    public static readonly W[] Salts = [.. Enumerable.Range(1, Bits == 8 ? 3 : 4).Select(i => W.CreateTruncating(0x9E3779B97F4A7C15UL * (ulong)i))];

    public static W Mix(W a, W b) => (a ^ W.RotateRight(b, Shift)) + Salts[int.CreateTruncating(a & W.CreateTruncating(1))];

    public static W Choose(W x, W y, W z) => (x & y) ^ (~x & z);
}

/// <summary>
/// Construct: a process class with a type parameter (one VHDL entity per instantiation), a register
/// and bus signals of type W, operators, rotates, CreateTruncating both ways (a negative int extended),
/// W.Zero/One/AllBitsSet, a generic class's helpers, scalars and table, whose Length bounds a loop.
/// </summary>
public sealed class GenericWordStage<W> : ClockedProcess where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
{
    [InputBus] public IWordPair<W> Input = null!;
    [OutputBus] public IWordMix<W> Output = Bus.Create<IWordMix<W>>();

    W total;

    protected override void OnTick()
    {
        W a = Input.Words[0], b = Input.Words[1];
        if (Input.Valid)
        {
            total += WordMath<W>.Mix(a, b);
        }
        Output.Total = total;
        Output.Rotated = W.RotateLeft(a, 3) ^ WordMath<W>.Choose(a, b, W.AllBitsSet - W.One);
        W salted = W.Zero;
        for (int i = 0; i < WordMath<W>.Salts.Length; i++)
        {
            salted ^= WordMath<W>.Salts[i] >> i;
        }
        Output.Salted = salted + (a >> WordMath<W>.Shift);
        int signedLow = (int)uint.CreateTruncating(b) - 1000;
        Output.Extended = W.CreateTruncating(signedLow);
        Output.Low = uint.CreateTruncating(a >> 1);
        Output.Above = a > b;
    }
}

public static class GenericWordsCase
{
    public static Design Build()
    {
        var d = new Design("construct_generic_words");
        Add<byte>(d, "bytes");
        Add<uint>(d, "words");
        Add<uint>(d, "words2");
        Add<ulong>(d, "longs");
        Add<UInt128>(d, "wides");
        return d;
    }

    static void Add<W>(Design d, string name) where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
    {
        var stage = d.Add(new GenericWordStage<W>());
        stage.Input = d.Input(Bus.Create<IWordPair<W>>(), $"{name}_in");
        d.Output(stage.Output, $"{name}_out");
    }

    public static void Drive(Simulation sim, int cycle)
    {
        Drive<byte>(sim, "bytes", cycle, 0);
        Drive<uint>(sim, "words", cycle, 3);
        Drive<uint>(sim, "words2", cycle, 6);
        Drive<ulong>(sim, "longs", cycle, 9);
        Drive<UInt128>(sim, "wides", cycle, 12);
    }

    static void Drive<W>(Simulation sim, string name, int cycle, int lane) where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
    {
        var input = sim.Port<IWordPair<W>>($"{name}_in");
        for (int i = 0; i < 2; i++)
        {
            var low = Stimulus.Bits(Operands.Seed, cycle, lane + i);
            var high = Stimulus.Bits(Operands.Seed, cycle, lane + i + 20);
            // Small values now and then, so CreateTruncating sees negative ints (b - 1000 < 0).
            input.Words[i] = W.CreateTruncating(Stimulus.Chance(Operands.Seed, cycle, lane + 40, 0.3) ? low % 2000 : new UInt128(high, low));
        }
        input.Valid = Stimulus.Chance(Operands.Seed, cycle, lane + 2, 0.6);
    }
}
