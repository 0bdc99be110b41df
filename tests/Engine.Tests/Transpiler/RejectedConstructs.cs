using System.Numerics;
using Hdl;

namespace Engine.Tests.Transpiler;

// Processes that the simulation runs but the transpiler must refuse, each with one construct
// outside the hardware subset. RejectedConstructTests asserts the file:line:column and the advice;
// SubsetAnalyzerTests that the analyzer reports the same there, so its errors are off in the build.
#pragma warning disable HDL001, HDL002, HDL003, HDL004, HDL005, HDL006, HDL007, HDL008, HDL009, HDL010, HDL011, HDL012, HDL013, HDL014, HDL015

public interface IRejectIn : IBus
{
    [InitialValue(0u)] uint Value { get; set; }
    [ArrayLength(2), InitialValue(0u)] BusArray<uint> Pair { get; }
}

public interface IRejectOut : IBus
{
    uint Value { get; set; }
}

public abstract class RejectProcess : ClockedProcess
{
    [InputBus] public IRejectIn Input = null!;
    [OutputBus] public IRejectOut Output = Bus.Create<IRejectOut>();
}

public sealed class ReturnInOnTick : RejectProcess
{
    protected override void OnTick()
    {
        if (Input.Value == 0) return;
        Output.Value = Input.Value;
    }
}

public sealed class WhileLoop : RejectProcess
{
    protected override void OnTick()
    {
        uint x = Input.Value;
        while (x > 10) x -= 10;
        Output.Value = x;
    }
}

public sealed class ForeachLoop : RejectProcess
{
    static readonly uint[] Table = [1, 2, 3];
    protected override void OnTick()
    {
        uint sum = 0;
        foreach (var t in Table) sum += t;
        Output.Value = sum + Input.Value;
    }
}

public sealed class InstanceMethodCall : RejectProcess
{
    uint Twice(uint x) => x * 2;
    protected override void OnTick() => Output.Value = Twice(Input.Value);
}

public sealed class NonBusProperty : RejectProcess
{
    protected override void OnTick() => Output.Value = IsClocked ? Input.Value : 0u;
}

public sealed class LibraryCall : RejectProcess
{
    protected override void OnTick() => Output.Value = Math.Max(Input.Value, 3u);
}

public sealed class LocalArray : RejectProcess
{
    protected override void OnTick()
    {
        var scratch = new uint[4];
        scratch[0] = Input.Value;
        Output.Value = scratch[0];
    }
}

public sealed class Lambda : RejectProcess
{
    protected override void OnTick()
    {
        Func<uint, uint> f = x => x + 1;
        Output.Value = f(Input.Value);
    }
}

public sealed class TryCatch : RejectProcess
{
    protected override void OnTick()
    {
        try { Output.Value = 100 / Input.Value; }
        catch (DivideByZeroException) { Output.Value = 0; }
    }
}

public sealed class WholeBusArray : RejectProcess
{
    protected override void OnTick()
    {
        Output.Value = Helpers.First(Input.Pair);
    }

    static class Helpers
    {
        public static uint First(BusArray<uint> pair) => pair[0];
    }
}

public sealed class WritesItsInputArray : RejectProcess
{
    protected override void OnTick()
    {
        Input.Pair[1] = Input.Value;
        Output.Value = Input.Pair[0];
    }
}

public sealed class CopiesIntoItsInput : RejectProcess
{
    protected override void OnTick()
    {
        Input.CopyFrom(Input);
        Output.Value = Input.Value;
    }
}

public sealed class ReadsItsOutput : RejectProcess
{
    protected override void OnTick()
    {
        Output.Value = Input.Value;
        if (Output.Value > 3) Output.Value = 3;
    }
}

public sealed class WritesItsInput : RejectProcess
{
    protected override void OnTick()
    {
        Input.Value = 1;
        Output.Value = 2;
    }
}

public sealed class WritesReadonlyField : RejectProcess
{
    readonly uint limit = 4;
    protected override void OnTick()
    {
        Unsafe.Write(limit);
        Output.Value = Input.Value;
    }
}

public static class Unsafe
{
    public static void Write(uint x) { _ = x; }
}

public sealed class VariableLoopBound : RejectProcess
{
    protected override void OnTick()
    {
        uint sum = 0;
        for (int i = 0; i < (int)Input.Value; i++) sum += 2;
        Output.Value = sum;
    }
}

public sealed class SwitchExpression : RejectProcess
{
    protected override void OnTick() => Output.Value = Input.Value switch { 0 => 5, _ => 7 };
}

public sealed class FloatingPoint : RejectProcess
{
    protected override void OnTick()
    {
        double half = Input.Value / 2.0;
        Output.Value = (uint)half;
    }
}

public static class BadHelpers
{
    public static uint AssignsParameter(uint x)
    {
        x += 1;
        return x;
    }

    public static uint WithRef(ref uint x) => x;
}

public sealed class HelperAssignsParameter : RejectProcess
{
    protected override void OnTick() => Output.Value = BadHelpers.AssignsParameter(Input.Value);
}

public sealed class RefParameter : RejectProcess
{
    protected override void OnTick()
    {
        uint v = Input.Value;
        Output.Value = BadHelpers.WithRef(ref v);
    }
}

public sealed class ObjectCreation : RejectProcess
{
    protected override void OnTick() => Output.Value = (uint)new Random(1).Next() + Input.Value;
}

public sealed class StringUse : RejectProcess
{
    protected override void OnTick() => Output.Value = (uint)$"{Input.Value}".Length;
}

public sealed class BitOperationsPopCount : RejectProcess
{
    protected override void OnTick() => Output.Value = (uint)BitOperations.PopCount(Input.Value);
}

/// <summary>Generic math outside the subset's members (rotates, CreateTruncating, Zero/One/AllBitsSet).</summary>
public sealed class CreateSaturating : RejectProcess
{
    protected override void OnTick() => Output.Value = ushort.CreateSaturating(Input.Value);
}

public enum Light { Red, Yellow, Green }

public sealed class IntegerToEnumCast : RejectProcess
{
    Light light;
    protected override void OnTick()
    {
        light = (Light)(Input.Value & 3u);
        switch (light)
        {
            case Light.Red: Output.Value = 1; break;
            case Light.Green: Output.Value = 2; break;
            default: Output.Value = 3; break;
        }
    }
}

public sealed class EnumIncrement : RejectProcess
{
    Light light;
    protected override void OnTick()
    {
        light++;
        Output.Value = (uint)light + Input.Value;
    }
}

public static class RecursiveHelpers
{
    public static uint Factorial(uint n) => n <= 1 ? 1u : n * Factorial(n - 1);

    public static uint Even(uint n) => n == 0 ? 1u : Odd(n - 1);

    public static uint Odd(uint n) => n == 0 ? 0u : Even(n - 1);
}

public sealed class DirectRecursion : RejectProcess
{
    protected override void OnTick() => Output.Value = RecursiveHelpers.Factorial(Input.Value & 7u);
}

public sealed class MutualRecursion : RejectProcess
{
    protected override void OnTick() => Output.Value = RecursiveHelpers.Even(Input.Value & 7u);
}
