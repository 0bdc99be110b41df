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
    /// <summary>Writer id between Settle and Clock: a testbench write then forces a new settle.</summary>
    const int SettledId = -2;

    public Netlist Netlist { get; }
    public long Cycle { get; private set; }
    public TraceRecorder? Trace { get; private set; }

    readonly Process[] clocked, comb;
    readonly int[] clockedIds, combIds;
    readonly Process[] byId;
    readonly SignalBase[][] owned;
    readonly int[] ownedCount;
    /// <summary>Every signal of the design, by <see cref="SignalBase.Id"/>.</summary>
    readonly SignalBase[] signals;
    // The dirty list holds signal ids, not references: storing an int needs no GC write barrier.
    readonly int[] dirty;
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
                s.Id = total++;
                s.Reset();
            }
        signals = new SignalBase[total];
        foreach (var b in netlist.Buses)
            foreach (var s in b.Signals) signals[s.Id] = s;
        dirty = new int[total];
        owned = new SignalBase[byId.Length][];
        ownedCount = new int[byId.Length];
        for (int i = 1; i < byId.Length; i++)
            owned[i] = new SignalBase[netlist.Ports[byId[i]].Where(x => x.IsOutput).Sum(x => x.Bus.Signals.Count)];
        // A bus with one writer belongs to it from the start: a latch is caught even before the
        // first write, and a stray writer is named at once.
        foreach (var b in netlist.Buses)
        {
            int writer = netlist.Inputs.Contains(b) ? TestbenchId
                : netlist.Writers[b].Count == 1 ? id[netlist.Writers[b][0]] : -1;
            if (writer >= 0)
                foreach (var s in b.Signals) Claim(s, writer);
        }
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
        catch (Exception e) when (e is not HardwareException { HasContext: true })
        {
            throw InProcess(comb[i], e);
        }
        finally { Writer = SettledId; }
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
        catch (Exception e) when (e is not HardwareException { HasContext: true })
        {
            throw InProcess(clocked[i], e);
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

    /// <summary>
    /// A synchronous reset asserted between two cycles (after <see cref="Clock"/>), as the generated
    /// VHDL does it: every register that has a reset (a register field of a clocked process, or a
    /// signal a clocked process writes) takes its value after construction again (see
    /// <see cref="Netlist.InitialValue"/>; a signal its [InitialValue], else zero), and every register
    /// in <paramref name="plan"/>'s unreset sets keeps its value, or, with
    /// <paramref name="scrambleUnreset"/>, takes random bits. Memory contents stay (block RAM has no
    /// reset), top-level inputs stay, and combinational signals follow at the next settle. Not for a
    /// traced simulation: the replay testbench has no mid-run reset.
    /// </summary>
    public void Reset(ResetPlan plan, Random? scrambleUnreset = null)
    {
        if (Trace is not null) throw new InvalidOperationException("a traced simulation cannot be reset mid-run: its GHDL replay has no mid-run reset");
        if (settled) throw new InvalidOperationException("reset between cycles: after Clock(), before the next Settle()");
        foreach (var p in clocked)
        {
            if (p is IMemoryProcess) continue;
            foreach (var f in Netlist.InstanceFields(p.GetType()))
            {
                if (typeof(IBus).IsAssignableFrom(f.FieldType) || (f.IsInitOnly && !f.FieldType.IsArray)) continue;
                if (plan.IsReset(p, f))
                {
                    var start = Netlist.InitialValue(p, f);
                    if (start is Array a) Array.Copy(a, (Array)f.GetValue(p)!, a.Length);
                    else f.SetValue(p, start);
                }
                else if (scrambleUnreset is not null)
                {
                    if (f.GetValue(p) is Array array)
                        for (int i = 0; i < array.Length; i++) array.SetValue(RandomValue(f.FieldType.GetElementType()!, scrambleUnreset), i);
                    else f.SetValue(p, RandomValue(f.FieldType, scrambleUnreset));
                }
            }
        }
        foreach (var b in Netlist.Buses)
        {
            if (Netlist.Inputs.Contains(b)) continue;
            foreach (var s in b.Signals)
            {
                if (!(s.Owner > TestbenchId ? byId[s.Owner].IsClocked : Netlist.Writers[b].All(w => w.IsClocked))) continue;
                if (plan.IsReset(s)) s.ResetRegister();
                else if (scrambleUnreset is not null) s.Scramble(scrambleUnreset);
            }
        }
    }

    /// <summary>A random value of a register field's type.</summary>
    static object RandomValue(Type t, Random rng)
    {
        if (t == typeof(bool)) return rng.Next(2) == 1;
        if (t.IsEnum) { var members = Enum.GetValues(t); return members.GetValue(rng.Next(members.Length))!; }
        Span<byte> bytes = stackalloc byte[16];
        rng.NextBytes(bytes);
        var bits = System.Buffers.Binary.BinaryPrimitives.ReadUInt128LittleEndian(bytes);
        return Type.GetTypeCode(t) switch
        {
            TypeCode.Byte => (byte)bits,
            TypeCode.SByte => (sbyte)(byte)bits,
            TypeCode.UInt16 => (ushort)bits,
            TypeCode.Int16 => (short)(ushort)bits,
            TypeCode.UInt32 => (uint)bits,
            TypeCode.Int32 => (int)(uint)bits,
            TypeCode.UInt64 => (ulong)bits,
            TypeCode.Int64 => (long)(ulong)bits,
            _ when t == typeof(UInt128) => bits,
            _ when t == typeof(Int128) => (Int128)bits,
            _ => throw new HardwareException($"cannot scramble a register of type {t.Name}"),
        };
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    void Commit()
    {
        for (int i = 0; i < dirtyCount; i++) signals[dirty[i]].Commit();
        dirtyCount = 0;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal void MarkDirty(SignalBase s) => dirty[dirtyCount++] = s.Id;

    void CheckNoLatch(int id)
    {
        var list = owned[id];
        for (int i = 0; i < ownedCount[id]; i++)
            if (!list[i].Pending)
                throw InContext(
                    $"cycle {Cycle}: combinational process {byId[id]} did not write {list[i].FullName} this cycle; " +
                    "it would be a latch in hardware: write every output on every path");
    }

    HardwareException InProcess(Process p, Exception e) => e is HardwareException
        ? new HardwareException($"cycle {Cycle}: process {p}: {e.Message}", e) { HasContext = true }
        : new HardwareException($"cycle {Cycle}: process {p} threw {e.GetType().Name}: {e.Message}", e) { HasContext = true };

    static HardwareException InContext(string message) => new(message) { HasContext = true };

    string WriterName(int id) => id <= TestbenchId ? "the testbench" : $"process {byId[id]}";

    [MethodImpl(MethodImplOptions.NoInlining)]
    internal static void ReadOfUnwritten(SignalBase s)
    {
        var sim = s.Sim;
        if (sim is null) throw Detached(s);
        throw InContext(
            $"cycle {sim.Cycle}: {sim.WriterName(sim.Writer)} reads {s.FullName}, which nothing has written yet and which has no [InitialValue]");
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    internal static void ClaimOrFail(SignalBase s)
    {
        var sim = s.Sim ?? throw Detached(s);
        if (sim.Writer == SettledId)
        {
            // The testbench changes an input after settling (it peeked at the outputs): the clock
            // edge must see the new value, so the next Clock() settles again.
            sim.Writer = TestbenchId;
            sim.settled = false;
            if (s.Owner == TestbenchId) return;
        }
        bool isInput = sim.Netlist.Inputs.Contains(s.Bus);
        if (sim.Writer == TestbenchId && !isInput)
            throw InContext($"cycle {sim.Cycle}: the testbench writes {s.FullName}, which is not a top-level input");
        if (sim.Writer != TestbenchId && !sim.Netlist.Ports[sim.byId[sim.Writer]].Any(p => p.IsOutput && p.Bus == s.Bus))
            throw InContext(isInput
                ? $"cycle {sim.Cycle}: {sim.WriterName(sim.Writer)} writes {s.FullName}, a top-level input driven by the testbench; bus {s.Bus} is not one of its [OutputBus] fields"
                : $"cycle {sim.Cycle}: {sim.WriterName(sim.Writer)} writes {s.FullName}, but bus {s.Bus} is not one of its [OutputBus] fields");
        if (s.Owner >= 0)
            throw InContext(
                $"cycle {sim.Cycle}: {sim.WriterName(sim.Writer)} writes {s.FullName}, which {sim.WriterName(s.Owner)} also writes; a signal has one writer");
        sim.Claim(s, sim.Writer);
    }

    void Claim(SignalBase s, int writer)
    {
        s.Owner = writer;
        if (writer != TestbenchId && !byId[writer].IsClocked)
            owned[writer][ownedCount[writer]++] = s;
    }

    internal static void Fail(Simulation? sim, string message) =>
        throw new HardwareException(sim is null ? message : $"cycle {sim.Cycle}: {sim.WriterName(sim.Writer)} {message}") { HasContext = sim is not null };

    static HardwareException Detached(SignalBase s) =>
        new($"bus {s.Bus} is not part of a simulation yet: create the Simulation before reading or writing {s.FullName}");
}
