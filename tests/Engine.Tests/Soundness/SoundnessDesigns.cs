using Hdl;
using Engine.Tests.Constructs;

namespace Engine.Tests.Soundness;

// Small designs, one per kind of failure the VHDL back end once had, written as a new user would
// write them against docs/hardware-csharp.md. The C# simulation of each is right; SoundnessTests
// co-simulates each in GHDL (VHDL-93 and -2008 analysis, every output every cycle, ghdl --synth).

public interface ISoundResult : IBus
{
    uint X { get; set; }
    uint Y { get; set; }
}

public static class SoundTables
{
    /// <summary>Ten words: no power of two, so a 4-bit index can point past its end.</summary>
    public static readonly uint[] Ten = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3];

    public static uint SafeQuotient(uint a, uint b) => b != 0 ? a / b : 0xDEADu;
}

/// <summary>?: guarding a table index and a division: only the taken branch may be evaluated.</summary>
public sealed class GuardedBranches : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ISoundResult Output = Bus.Create<ISoundResult>();

    protected override void OnTick()
    {
        uint i = Input.A & 15u;
        uint b = Input.B;
        uint word = i < 10 ? SoundTables.Ten[i] : 0u;
        bool big = i < 10 && SoundTables.Ten[i] > (i < 5 ? 4u : 5u);
        Output.X = word + (big ? 100u : 0u);
        uint rank;
        if (b == 1) rank = 1;
        else if ((b != 0 ? Input.A / b : 0u) > 1000u) rank = 2;
        else rank = 3;
        Output.Y = (b != 0 ? Input.A / b : Input.A) ^ SoundTables.SafeQuotient(Input.A, b & 7u) ^ (rank << 28);
    }
}

/// <summary>Combinational / and % by a top-level input that the C# testbench never sets to 0.</summary>
public sealed class DivisionByInput : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ISoundResult Output = Bus.Create<ISoundResult>();

    protected override void OnTick()
    {
        Output.X = Input.A / Input.B;
        Output.Y = (uint)((int)Input.A % (int)Input.B) ^ (uint)((int)Input.A / (int)Input.B);
    }
}

/// <summary>Signed % of a loop variable by a constant (ghdl --synth had no signed rem).</summary>
public sealed class SignedRemainderInLoop : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ISoundResult Output = Bus.Create<ISoundResult>();

    protected override void OnTick()
    {
        uint sum = 0;
        int mixed = 0;
        for (int i = 0; i < 8; i++)
            if (((Input.A >> i) & 1u) != 0)
            {
                sum += (uint)((i - 4) % 3);
                mixed += ((int)Input.B >> 1) % (i - 4 == 0 ? 7 : i - 4) + ((int)Input.B >> 1) / (i - 4 == 0 ? 7 : i - 4);
            }
        Output.X = sum;
        Output.Y = (uint)mixed;
    }
}

/// <summary>A switch whose default section comes first.</summary>
public sealed class DefaultFirstSwitch : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ISoundResult Output = Bus.Create<ISoundResult>();

    protected override void OnTick()
    {
        uint x;
        switch ((byte)(Input.A & 7u))
        {
            default:
                x = Input.B;
                break;
            case 1:
                x = Input.B + 1;
                break;
            case 2:
            case 3:
                x = Input.B ^ 0xFFu;
                break;
        }
        Output.X = x;
        Output.Y = 0;
    }
}

/// <summary>A negative int loop variable cast to uint (and to narrower types).</summary>
public sealed class NegativeLoopVariable : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ISoundResult Output = Bus.Create<ISoundResult>();

    protected override void OnTick()
    {
        uint x = 0;
        uint y = 0;
        for (int i = -4; i < 4; i++)
        {
            x ^= (uint)i * Input.A;
            y += (byte)(i * 100) + (uint)(ulong)(long)i;
        }
        Output.X = x;
        Output.Y = y;
    }
}

public enum Mode { Idle, Run, Hold }

public enum Phase { Early, Late }

/// <summary>
/// Names a VHDL back end must keep apart: a field named like its enum type and one like an enum
/// literal, a generic named like the process label, a local named like a package constant.
/// </summary>
public sealed class NamesLikeVhdlNames : ClockedProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ISoundResult Output = Bus.Create<ISoundResult>();

    readonly uint tick;
    Mode mode = Mode.Idle;
    uint Mode_Run = 5;

    public NamesLikeVhdlNames(uint tick) => this.tick = tick;

    protected override void OnTick()
    {
        Phase phase = (Input.A & 1u) != 0 ? Phase.Late : Phase.Early;
        uint SoundTables_Ten = Input.B + tick;
        switch (mode)
        {
            case Mode.Idle:
                mode = Mode.Run;
                break;
            case Mode.Run:
                mode = phase == Phase.Late ? Mode.Hold : Mode.Run;
                break;
            default:
                mode = Mode.Idle;
                break;
        }
        Mode_Run += SoundTables_Ten + SoundTables.Ten[Input.A & 7u];
        Output.X = Mode_Run;
        Output.Y = (uint)mode;
    }
}

/// <summary>A combinational process with a generic named like its process label.</summary>
public sealed class GenericNamedLogic : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ISoundResult Output = Bus.Create<ISoundResult>();

    readonly uint logic;
    readonly uint rtl;

    public GenericNamedLogic(uint logic, uint rtl) { this.logic = logic; this.rtl = rtl; }

    protected override void OnTick()
    {
        Output.X = Input.A + logic;
        Output.Y = Input.B ^ rtl;
    }
}

public static class Alpha
{
    public static class Config
    {
        public static readonly uint Seed = 0x1111_1111u;
    }
}

public static class Beta
{
    public static class Config
    {
        public static readonly uint Seed = 0x2222_2222u;
    }
}

/// <summary>Two static readonly scalars with the same short name (Alpha.Config.Seed, Beta.Config.Seed).</summary>
public sealed class SameShortNames : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ISoundResult Output = Bus.Create<ISoundResult>();

    protected override void OnTick()
    {
        Output.X = Input.A ^ Alpha.Config.Seed;
        Output.Y = Input.B + Beta.Config.Seed;
    }
}

/// <summary>A clocked process that keeps words in an array it was given.</summary>
public sealed class ArrayKeeper : ClockedProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ISoundResult Output = Bus.Create<ISoundResult>();

    readonly uint[] words;

    public ArrayKeeper(uint[] words) => this.words = words;

    protected override void OnTick()
    {
        words[Input.A & 3u] = Input.B;
        Output.X = words[(Input.A >> 2) & 3u];
        Output.Y = 0;
    }
}

public abstract class CountingBase : ClockedProcess
{
    protected uint count = 1;
}

/// <summary>A field that hides its base class's field of the same name: two registers.</summary>
public sealed class HidingCounter : CountingBase
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ISoundResult Output = Bus.Create<ISoundResult>();

    new uint count = 100;

    protected override void OnTick()
    {
        base.count += Input.A;
        count += 2;
        Output.X = base.count;
        Output.Y = count;
    }
}

/// <summary>A combinational process that reads a table it was given (a constant in VHDL).</summary>
public sealed class TableReader : CombinationalProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ISoundResult Output = Bus.Create<ISoundResult>();

    readonly uint[] table;

    public TableReader(uint[] table) => this.table = table;

    protected override void OnTick()
    {
        Output.X = table[Input.A & 3u];
        Output.Y = Input.B;
    }
}

/// <summary>Writes X of a bus it shares with <see cref="HalfWriterY"/>: one writer per signal, as the simulation wants.</summary>
public sealed class HalfWriterX : ClockedProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ISoundResult Output = Bus.Create<ISoundResult>();

    protected override void OnTick() => Output.X = Input.A;
}

/// <summary>Writes Y of the bus <see cref="HalfWriterX"/> writes X of.</summary>
public sealed class HalfWriterY : ClockedProcess
{
    [InputBus] public IOperands Input = null!;
    [OutputBus] public ISoundResult Output = null!;

    protected override void OnTick() => Output.Y = Input.B;
}
