using Crypto.Streams;
using Hdl;

namespace Engine.Tests.Designs;

/// <summary>A stream of 32-bit words.</summary>
public interface IWordStream : IStreamControl
{
    uint Data { get; set; }
}

/// <summary>
/// A synchronous FIFO with valid/ready on both sides and registered outputs. Storage is an array of
/// <see cref="Depth"/> words (a power of two, indexed by wrapping pointers) plus the output register,
/// so it holds <see cref="Capacity"/> words. Input Ready is registered too: it says whether there was
/// room after the previous edge. A word pushed into an empty FIFO appears one cycle later.
/// </summary>
public sealed class Fifo : ClockedProcess
{
    public const uint Depth = 8;
    public const uint Capacity = Depth + 1;
    const uint IndexMask = Depth - 1;

    [InputBus] public IWordStream Input = null!;
    [InputBus] public IReady OutputReady = null!;
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();
    [OutputBus] public IWordStream Output = Bus.Create<IWordStream>();

    uint[] words = new uint[Depth];
    bool[] lasts = new bool[Depth];
    uint head;
    uint tail;
    uint stored;
    bool outValid;
    uint outData;
    bool outLast;
    bool inReady;

    protected override void OnTick()
    {
        bool push = Input.Valid && inReady;
        bool pop = outValid && OutputReady.Ready;
        uint count = stored;
        uint readIndex = head;
        uint writeIndex = tail;
        bool bypass = false;

        if (pop || !outValid)
        {
            if (count != 0)
            {
                outData = words[readIndex];
                outLast = lasts[readIndex];
                outValid = true;
                readIndex = (readIndex + 1) & IndexMask;
                count--;
            }
            else if (push)
            {
                outData = Input.Data;
                outLast = Input.Last;
                outValid = true;
                bypass = true;
            }
            else
            {
                outValid = false;
            }
        }
        if (push && !bypass)
        {
            words[writeIndex] = Input.Data;
            lasts[writeIndex] = Input.Last;
            writeIndex = (writeIndex + 1) & IndexMask;
            count++;
        }

        head = readIndex;
        tail = writeIndex;
        stored = count;
        inReady = count < Depth;

        InputReady.Ready = inReady;
        Output.Valid = outValid;
        Output.Data = outData;
        Output.Last = outLast;
    }
}

public static class FifoDesign
{
    public static Design Build()
    {
        var d = new Design("fifo");
        var fifo = d.Add(new Fifo());
        fifo.Input = d.Input(Bus.Create<IWordStream>(), "push");
        fifo.OutputReady = d.Input(Bus.Create<IReady>(), "pop_ready");
        d.Output(fifo.InputReady, "push_ready");
        d.Output(fifo.Output, "pop");
        return d;
    }
}

/// <summary>
/// A producer and a consumer around the FIFO, both random and seeded: the producer offers a new word
/// with probability <c>offer</c> and holds it (Valid and payload) until it is taken; the consumer is
/// ready with probability <c>accept</c>. Both see only registered FIFO outputs, so they may decide
/// before the cycle settles (which is what lets the same driver feed the co-simulation).
/// </summary>
public sealed class FifoStimulus(int seed, double offer, double accept)
{
    readonly Random random = new(seed);
    bool offering;
    uint data;
    bool last;
    bool offeredLastCycle;
    bool readyLastCycle;
    uint serial;

    public void Drive(Simulation sim, int cycle)
    {
        var push = sim.Port<IWordStream>("push");
        var pushReady = sim.Port<IReady>("push_ready");
        var popReady = sim.Port<IReady>("pop_ready");
        if (offeredLastCycle && readyLastCycle) offering = false; // taken at the last edge
        if (!offering && random.NextDouble() < offer)
        {
            offering = true;
            data = (uint)random.Next() ^ (++serial << 24);
            last = random.Next(4) == 0;
        }
        push.Valid = offering;
        push.Data = data;
        push.Last = last;
        popReady.Ready = random.NextDouble() < accept;
        offeredLastCycle = offering;
        readyLastCycle = pushReady.Ready; // registered: already this cycle's value
    }
}
