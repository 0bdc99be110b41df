using Crypto.Streams;
using Hdl;

namespace Engine.Tests.Resets;

// Small designs for the back end's reset analysis (ResetAnalysisTests) and the mid-run reset of the
// kernel (MidRunResetTests): which registers keep the synchronous reset in the VHDL.

public interface IResetWord : IStreamControl
{
    uint Word { get; set; }
}

public interface IResetCode : IBus
{
    [InitialValue(false)] bool Valid { get; set; }
    [InitialValue(0)] byte Code { get; set; }
}

public interface IResetFlag : IBus
{
    [InitialValue(false)] bool Flag { get; set; }
    uint Value { get; set; }
}

/// <summary>A pipeline stage: the valid bit keeps its reset, the block (only taken when valid) loses it.</summary>
public sealed class DataStage : ClockedProcess
{
    [InputBus] public IResetWord Input = null!;
    [InputBus] public IReady Advance = null!;
    [OutputBus] public IResetWord Output = Bus.Create<IResetWord>();

    bool valid;
    uint block;

    protected override void OnTick()
    {
        if (Advance.Ready)
        {
            valid = Input.Valid;
            if (Input.Valid) block = ResetMath.Scramble(Input.Word);
            Output.Valid = valid;
            Output.Word = block;
            Output.Last = false;
        }
    }
}

public static class ResetMath
{
    /// <summary>A helper that decides inside (a multiplexer): its argument stays data.</summary>
    public static uint Scramble(uint x) => (x & 1) != 0 ? x * 3 + 1 : x >> 1;
}

/// <summary>A counter read in a condition keeps its reset; so does the enum phase; the marked sum keeps it by [KeepReset].</summary>
public sealed class CountingStage : ClockedProcess
{
    [InputBus] public IResetCode Input = null!;
    [OutputBus] public IResetFlag Output = Bus.Create<IResetFlag>();

    byte count;
    ResetPhase phase;
    [KeepReset] uint total;
    uint last;
    /// <summary>A register file read in a condition: it keeps its reset (to these values).</summary>
    readonly byte[] marks = [1, 2, 3, 4];

    protected override void OnTick()
    {
        count++;
        if (count == 10) phase = ResetPhase.Running;
        total += Input.Code;
        last = Input.Code;
        Output.Flag = phase == ResetPhase.Running && marks[count & 3] > 2;
        Output.Value = total ^ last;
        marks[count & 3] = Input.Code;
    }
}

public enum ResetPhase { Idle, Running }

/// <summary>Writes a byte to a bus that <see cref="CodeReader"/> decides on (through <see cref="CodeIncrement"/>).</summary>
public sealed class CodeWriter : ClockedProcess
{
    [InputBus] public IResetWord Input = null!;
    [OutputBus] public IResetCode Output = Bus.Create<IResetCode>();

    byte code;
    uint payload;

    protected override void OnTick()
    {
        code = (byte)Input.Word;
        payload = Input.Word;
        Output.Valid = Input.Valid;
        Output.Code = (byte)(code ^ (byte)(payload >> 8));
    }
}

/// <summary>Combinational: passes the code on, plus one.</summary>
public sealed class CodeIncrement : CombinationalProcess
{
    [InputBus] public IResetCode Input = null!;
    [OutputBus] public IResetCode Output = Bus.Create<IResetCode>();

    protected override void OnTick()
    {
        Output.Valid = Input.Valid;
        Output.Code = (byte)(Input.Code + 1);
    }
}

/// <summary>Decides on the code it reads.</summary>
public sealed class CodeReader : ClockedProcess
{
    [InputBus] public IResetCode Input = null!;
    [OutputBus] public IResetFlag Output = Bus.Create<IResetFlag>();

    protected override void OnTick()
    {
        if (Input.Code > 100) Output.Value = Input.Code;
        Output.Flag = Input.Valid;
    }
}

public interface IResetNumber : IBus
{
    /// <summary>Seen from the first cycle: a data register without reset must start with it, in GHDL too.</summary>
    [InitialValue(7)] uint Value { get; set; }
}

/// <summary>Only data: no register of it keeps a reset.</summary>
public sealed class DataDelay : ClockedProcess
{
    [InputBus] public IResetCode Input = null!;
    [OutputBus] public IResetNumber Output = Bus.Create<IResetNumber>();

    uint previous;

    protected override void OnTick()
    {
        Output.Value = previous + Input.Code;
        previous = (uint)Input.Code << 4;
    }
}

/// <summary>
/// The mutant: a running sum whose start value only the reset sets. No decision reads the sum, so
/// the analysis calls it data, yet every output after a reset shows the value it started from.
/// </summary>
public sealed class RunningSumStage : ClockedProcess
{
    [InputBus] public IResetWord Input = null!;
    [InputBus] public IReady Advance = null!;
    [OutputBus] public IResetWord Output = Bus.Create<IResetWord>();

    uint sum;

    protected override void OnTick()
    {
        if (Advance.Ready)
        {
            Output.Valid = Input.Valid;
            if (Input.Valid)
            {
                sum += Input.Word;
                Output.Word = sum;
                Output.Last = Input.Last;
            }
        }
    }
}

/// <summary>
/// Data through <c>W.CreateTruncating</c>, in the tick and inside a helper of a generic class: a cast,
/// so the registers stay data (regression: the analysis took the call for one it cannot see into and
/// kept the reset of the hash padder's slot buffers).
/// </summary>
public sealed class TruncatingStage<W> : ClockedProcess where W : unmanaged, System.Numerics.IBinaryInteger<W>, System.Numerics.IUnsignedNumber<W>
{
    [InputBus] public IResetWord Input = null!;
    [OutputBus] public IResetWord Output = Bus.Create<IResetWord>();

    bool valid;
    W narrow;
    W[] held = new W[4];

    protected override void OnTick()
    {
        Output.Valid = valid;
        Output.Word = uint.CreateTruncating(narrow) ^ uint.CreateTruncating(held[0]);
        Output.Last = false;
        // After the read: the register file is a memory (an element read, an element write).
        valid = Input.Valid;
        if (Input.Valid)
        {
            held[Input.Word & 3] = TruncatingMath<W>.Widen(narrow);
            narrow = W.CreateTruncating(Input.Word);
        }
    }
}

public static class TruncatingMath<W> where W : unmanaged, System.Numerics.IBinaryInteger<W>, System.Numerics.IUnsignedNumber<W>
{
    public static W Widen(W x) => x ^ W.CreateTruncating(0x80u) ^ W.CreateTruncating(ulong.CreateTruncating(x) >> 3);
}
