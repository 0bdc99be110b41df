using Crypto.ChaCha;
using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Bench;

/// <summary>
/// Holds a design's top-level inputs at a full-speed stream: every input stream Valid and every
/// Ready high, Last low, and the payloads (and any other input signal) at fixed seeded random values.
/// The core then takes a block whenever it is ready and its consumer always takes its output, so each
/// cycle is a cycle of a full-speed stream with no testbench work in the loop.
/// <para>
/// A hash core's input (<see cref="IHashChunkControl"/>) is held at a stream of empty messages, all
/// Last, ByteCount 0 and MessageId 0: constant inputs can make no longer messages, and a message id
/// is taken again only after its digest came out, so such a core hashes one one-block message per
/// pass of its pipeline (the pipeline is mostly empty: a cycle-based simulator does the same work per
/// cycle either way; an event-driven one such as GHDL does less).
/// </para>
/// <para>
/// A Poly1305 core's input (<see cref="IPoly1305In"/>) is held at one-word messages of 16 bytes,
/// all Last: the core then does a full block and a final reduction at every clock and puts out a tag
/// at every clock (with Last low it would never put out anything).
/// </para>
/// </summary>
public static class FullSpeedStream
{
    public static void Drive(Design design, int seed)
    {
        var rng = new Random(seed);
        foreach (var bus in design.Inputs)
        {
            bool stream = typeof(IStreamControl).IsAssignableFrom(bus.InterfaceType);
            bool ready = typeof(IReady).IsAssignableFrom(bus.InterfaceType);
            bool messages = typeof(IHashChunkControl).IsAssignableFrom(bus.InterfaceType);
            bool tagged = typeof(IPoly1305In).IsAssignableFrom(bus.InterfaceType);
            foreach (var signal in bus.Signals)
            {
                object value = signal.Member switch
                {
                    nameof(IStreamControl.Valid) when stream => true,
                    nameof(IStreamControl.Last) when stream => messages || tagged,
                    nameof(IHashChunkControl.ByteCount) or nameof(IHashChunkControl.MessageId) when messages => (byte)0,
                    nameof(IPoly1305In.ByteCount) when tagged => (byte)16,
                    nameof(IReady.Ready) when ready => true,
                    _ => RandomValue(signal.Type.ClrType, signal.Type.Mask, rng),
                };
                signal.WriteValue(value);
            }
        }
    }

    /// <summary>The members that carry the data a core works on: AES blocks and their sideband, ChaCha20, hash and Poly1305 data.</summary>
    static readonly HashSet<string> DataMembers = ["Block", "Side", "Data"];

    /// <summary>
    /// Second values for the data of the design's input streams (<see cref="DataMembers"/>), seeded
    /// random like the held ones: a free-running testbench that switches between the two at every
    /// clock streams data that changes at every clock. Keys, nonces, counters, sizes, ids and the
    /// control bits stay, so the core streams exactly as with every input held.
    /// </summary>
    public static IReadOnlyDictionary<SignalBase, UInt128> ChangingData(Design design, int seed)
    {
        var rng = new Random(seed);
        var values = new Dictionary<SignalBase, UInt128>();
        Span<byte> bytes = stackalloc byte[16];
        foreach (var bus in design.Inputs.Where(b => typeof(IStreamControl).IsAssignableFrom(b.InterfaceType)))
            foreach (var signal in bus.Signals.Where(s => DataMembers.Contains(s.Member)))
            {
                rng.NextBytes(bytes);
                values[signal] = System.Buffers.Binary.BinaryPrimitives.ReadUInt128LittleEndian(bytes) & signal.Type.Mask;
            }
        return values;
    }

    /// <summary>
    /// Runs <paramref name="cycles"/> cycles and counts the cycles where an output stream of the
    /// design transfers (Valid high; the driven consumer is always ready).
    /// </summary>
    public static int CountOutputTransfers(Simulation sim, Design design, int cycles)
    {
        var valids = design.Outputs
            .Where(b => typeof(IStreamControl).IsAssignableFrom(b.InterfaceType))
            .Select(b => (Bus: b, Valid: typeof(IStreamControl).GetProperty(nameof(IStreamControl.Valid))!))
            .ToList();
        if (valids.Count == 0) throw new InvalidOperationException($"design {design.Name} has no output stream");
        int transfers = 0;
        for (int i = 0; i < cycles; i++)
        {
            sim.Settle();
            if (valids.Any(v => (bool)v.Valid.GetValue(v.Bus)!)) transfers++;
            sim.Clock();
        }
        return transfers;
    }

    static object RandomValue(Type type, UInt128 mask, Random rng)
    {
        Span<byte> bytes = stackalloc byte[16];
        rng.NextBytes(bytes);
        var bits = System.Buffers.Binary.BinaryPrimitives.ReadUInt128LittleEndian(bytes) & mask;
        if (type.IsEnum) return Enum.ToObject(type, 0);
        return Type.GetTypeCode(type) switch
        {
            TypeCode.Boolean => (bits & 1) == 1,
            TypeCode.Byte => (byte)bits,
            TypeCode.SByte => (sbyte)(byte)bits,
            TypeCode.UInt16 => (ushort)bits,
            TypeCode.Int16 => (short)(ushort)bits,
            TypeCode.UInt32 => (uint)bits,
            TypeCode.Int32 => (int)(uint)bits,
            TypeCode.UInt64 => (ulong)bits,
            TypeCode.Int64 => (long)(ulong)bits,
            _ when type == typeof(UInt128) => bits,
            _ => throw new NotSupportedException($"input signal of type {type.Name}"),
        };
    }
}
