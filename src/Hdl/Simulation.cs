using System.Runtime.CompilerServices;

namespace Hdl;

/// <summary>
/// The cycle-accurate simulation kernel. One cycle is:
/// <list type="number">
/// <item><see cref="Settle"/>: the testbench's writes to top-level inputs are committed, then the
/// combinational processes run in dependency order, each seeing this cycle's values;</item>
/// <item><see cref="Clock"/>: the trace records the settled top-level ports, every clocked process runs
/// on the settled values, and their writes become visible together (the clock edge).</item>
/// </list>
/// The loop allocates nothing, uses no reflection, dictionaries or tasks: processes are virtual calls,
/// signals are fields, and writes are committed from a preallocated dirty list.
/// </summary>
public sealed class Simulation
{
    /// <summary>Writer id of the testbench (code outside any process).</summary>
    public const int TestbenchId = 0;

    public Netlist Netlist { get; }
    public long Cycle { get; private set; }
    public TraceRecorder? Trace { get; private set; }

    readonly Process[] clocked, comb;
    readonly int[] clockedIds, combIds;
    readonly Process[] byId;
    readonly SignalBase[][] owned;
    readonly int[] ownedCount;
    // Struct slots: storing into them needs no covariant array-store check.
    struct DirtySlot { public SignalBase Signal; }
    readonly DirtySlot[] dirty;
    int dirtyCount;
    internal int Writer = TestbenchId;
    bool settled;

    public Simulation(Design design) : this(design.Elaborate()) { }

    public Simulation(Netlist netlist)
    {
        Netlist = netlist;
        byId = [null!, .. netlist.Processes];
        var id = new Dictionary<Process, int>();
        for (int i = 1; i < byId.Length; i++) id[byId[i]] = i;
        clocked = [.. netlist.Clocked];
        clockedIds = [.. clocked.Select(p => id[p])];
        comb = [.. netlist.CombinationalOrder];
        combIds = [.. comb.Select(p => id[p])];

        int total = 0;
        foreach (var b in netlist.Buses)
            foreach (var s in b.Signals)
            {
                if (s.Sim is not null && s.Sim != this)
                    throw new HardwareException($"bus {b} already belongs to another simulation; build a fresh design per simulation");
                s.Sim = this;
                s.Reset();
                total++;
            }
        dirty = new DirtySlot[total];
        owned = new SignalBase[byId.Length][];
        ownedCount = new int[byId.Length];
        for (int i = 1; i < byId.Length; i++)
            owned[i] = new SignalBase[netlist.Ports[byId[i]].Where(x => x.IsOutput).Sum(x => x.Bus.Signals.Count)];
    }

    /// <summary>Records every top-level port from now on (call before the first cycle).</summary>
    public TraceRecorder EnableTrace()
    {
        if (Cycle != 0) throw new InvalidOperationException("enable tracing before the first cycle");
        return Trace ??= new TraceRecorder(Netlist);
    }

    /// <summary>Commits the testbench's input writes and runs the combinational logic.</summary>
    public void Settle()
    {
        int i = 0;
        try
        {
            Commit();
            for (; i < comb.Length; i++)
            {
                int id = combIds[i];
                Writer = id;
                comb[i].OnTick();
                CheckNoLatch(id);
                Commit();
            }
        }
        catch (Exception e) when (e is not HardwareException)
        {
            throw new HardwareException($"cycle {Cycle}: process {comb[i]} threw {e.GetType().Name}: {e.Message}");
        }
        finally { Writer = TestbenchId; }
        settled = true;
    }

    /// <summary>The clock edge: records the trace, runs every clocked process, commits their writes.</summary>
    public void Clock()
    {
        if (!settled) Settle();
        Trace?.Record();
        int i = 0;
        try
        {
            for (; i < clocked.Length; i++)
            {
                Writer = clockedIds[i];
                clocked[i].OnTick();
            }
            Writer = TestbenchId;
            Commit();
        }
        catch (Exception e) when (e is not HardwareException)
        {
            throw new HardwareException($"cycle {Cycle}: process {clocked[i]} threw {e.GetType().Name}: {e.Message}");
        }
        finally { Writer = TestbenchId; }
        settled = false;
        Cycle++;
    }

    /// <summary>One whole cycle (settle, then clock edge).</summary>
    public void Step()
    {
        Settle();
        Clock();
    }

    /// <summary>Runs <paramref name="cycles"/> cycles.</summary>
    public void Run(long cycles)
    {
        for (long i = 0; i < cycles; i++) Step();
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    void Commit()
    {
        for (int i = 0; i < dirtyCount; i++) dirty[i].Signal.Commit();
        dirtyCount = 0;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal void MarkDirty(SignalBase s) => dirty[dirtyCount++].Signal = s;

    void CheckNoLatch(int id)
    {
        var list = owned[id];
        for (int i = 0; i < ownedCount[id]; i++)
            if (!list[i].Pending)
                throw new HardwareException(
                    $"cycle {Cycle}: combinational process {byId[id]} did not write {list[i].FullName} this cycle; " +
                    "it would be a latch in hardware: write every output on every path");
    }

    string WriterName(int id) => id == TestbenchId ? "the testbench" : $"process {byId[id]}";

    [MethodImpl(MethodImplOptions.NoInlining)]
    internal static void ReadOfUnwritten(SignalBase s)
    {
        var sim = s.Sim;
        if (sim is null) throw Detached(s);
        throw new HardwareException(
            $"cycle {sim.Cycle}: {sim.WriterName(sim.Writer)} reads {s.FullName}, which nothing has written yet and which has no [InitialValue]");
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    internal static void ClaimOrFail(SignalBase s)
    {
        var sim = s.Sim ?? throw Detached(s);
        if (s.Owner >= 0)
            throw new HardwareException(
                $"cycle {sim.Cycle}: {sim.WriterName(sim.Writer)} writes {s.FullName}, which {sim.WriterName(s.Owner)} also writes; a signal has one writer");
        bool isInput = sim.Netlist.Inputs.Contains(s.Bus);
        if (isInput != (sim.Writer == TestbenchId))
            throw new HardwareException(isInput
                ? $"cycle {sim.Cycle}: {sim.WriterName(sim.Writer)} writes {s.FullName}, a top-level input driven by the testbench; a signal has one writer"
                : $"cycle {sim.Cycle}: the testbench writes {s.FullName}, which is not a top-level input");
        if (sim.Writer != TestbenchId && !sim.Netlist.Ports[sim.byId[sim.Writer]].Any(p => p.IsOutput && p.Bus == s.Bus))
            throw new HardwareException(
                $"cycle {sim.Cycle}: {sim.WriterName(sim.Writer)} writes {s.FullName}, but bus {s.Bus} is not one of its [OutputBus] fields");
        s.Owner = sim.Writer;
        if (sim.Writer != TestbenchId && !sim.byId[sim.Writer].IsClocked)
            sim.owned[sim.Writer][sim.ownedCount[sim.Writer]++] = s;
    }

    internal static void Fail(Simulation? sim, string message) =>
        throw new HardwareException(sim is null ? message : $"cycle {sim.Cycle}: {sim.WriterName(sim.Writer)} {message}");

    static HardwareException Detached(SignalBase s) =>
        new($"bus {s.Bus} is not part of a simulation yet: create the Simulation before reading or writing {s.FullName}");
}
