using System.Numerics;
using Crypto.Streams;
using Hdl;

namespace Crypto.Hashing;

/// <summary>A freshly built hash core and its top-level buses.</summary>
public sealed record HashCoreDesign<TIn, TOut>(Design Design, TIn Input, IReady InputReady, TOut Output, IReady OutputReady, int Slots)
    where TIn : class, IHashChunkControl where TOut : class, IStreamControl;

/// <summary>What a run of messages through a hash core produced.</summary>
public sealed record HashRun(
    IReadOnlyList<byte[]?> Digests, long Cycles, long FirstInputCycle, long LastOutputCycle, int Blocks,
    IReadOnlyList<long> InputCycles, IReadOnlyList<long> OutputCycles, IReadOnlyList<string> ProtocolErrors)
{
    /// <summary>Clocks from the first chunk taken to the last digest out, per compression block.</summary>
    public double ClocksPerBlock => Blocks > 0 ? (double)(LastOutputCycle - FirstInputCycle + 1) / Blocks : double.NaN;
}

/// <summary>
/// The producer and consumer around a hash core, as a host would drive it: it streams many messages
/// at once, each on a message id (slot) of its own, offering the next chunk of the active messages
/// in round-robin order, starting a waiting message on an id as soon as that id's digest came out.
/// It keeps the stream contract (an offered chunk stays offered, unchanged, until taken), adds
/// seeded random input gaps and output back-pressure, and checks that the core keeps the contract.
/// </summary>
public static class HashMessageDriver
{
    /// <summary>Compression blocks of a message of <paramref name="length"/> bytes (padding and length field included).</summary>
    public static int BlockCount(long length, int blockBytes, int lengthBytes) =>
        (int)((length + 1 + lengthBytes + blockBytes - 1) / blockBytes);

    /// <summary>
    /// Runs <paramref name="messages"/> through the core. <paramref name="write"/> puts one chunk
    /// (its bytes, message id, last flag) on the input bus; <paramref name="read"/> takes a digest
    /// and its message id off the output bus. At most <paramref name="maxActive"/> ids are used
    /// (default: every slot of the core).
    /// </summary>
    public static HashRun Run<TIn, TOut>(HashCoreDesign<TIn, TOut> core, Simulation sim, IReadOnlyList<byte[]> messages,
        int blockBytes, int lengthBytes, Action<TIn, ReadOnlySpan<byte>, byte, bool> write, Func<TOut, (byte Id, byte[] Digest)> read,
        StreamOptions options, int? maxActive = null)
        where TIn : class, IHashChunkControl where TOut : class, IStreamControl
    {
        int ids = Math.Min(maxActive ?? core.Slots, core.Slots);
        var rng = new Random(options.Seed);
        var digests = new byte[]?[messages.Count];
        var errors = new List<string>();
        var inputCycles = new List<long>();
        var outputCycles = new List<long>();
        var message = new int[ids];          // message on each id, -1 when free
        var nextChunk = new int[ids];
        var chunkCount = new int[ids];
        Array.Fill(message, -1);
        int nextMessage = 0, done = 0, lastId = ids - 1, offeredId = -1;
        bool offering = false, heldValid = false;
        (byte Id, byte[] Digest) held = default;
        long start = sim.Cycle, firstIn = -1, lastOut = -1;
        int blocks = messages.Sum(m => BlockCount(m.Length, blockBytes, lengthBytes));

        while (done < messages.Count && sim.Cycle - start < options.StopAfterCycles)
        {
            if (sim.Cycle - start >= options.MaxCycles)
                throw new HardwareException(
                    $"hash run stopped after {options.MaxCycles} cycles: {done} of {messages.Count} digests received (seed {options.Seed})");
            if (!offering && rng.NextDouble() >= options.GapProbability)
            {
                for (int step = 1; step <= ids && !offering; step++)
                {
                    int id = (lastId + step) % ids;
                    if (message[id] < 0 && nextMessage < messages.Count)
                    {
                        message[id] = nextMessage++;
                        nextChunk[id] = 0;
                        chunkCount[id] = Math.Max(1, (messages[message[id]].Length + blockBytes - 1) / blockBytes);
                    }
                    if (message[id] >= 0 && nextChunk[id] < chunkCount[id])
                    {
                        var data = messages[message[id]];
                        int from = nextChunk[id] * blockBytes;
                        int count = Math.Min(blockBytes, data.Length - from);
                        write(core.Input, data.AsSpan(from, count), (byte)id, nextChunk[id] == chunkCount[id] - 1);
                        offering = true;
                        offeredId = id;
                        lastId = id;
                    }
                }
            }
            core.Input.Valid = offering;
            core.OutputReady.Ready = rng.NextDouble() >= options.StallProbability;

            sim.Settle();

            bool outValid = core.Output.Valid;
            if (heldValid)
            {
                if (!outValid) errors.Add($"cycle {sim.Cycle}: output Valid dropped before the digest was taken");
                else
                {
                    var now = read(core.Output);
                    if (now.Id != held.Id || !now.Digest.AsSpan().SequenceEqual(held.Digest))
                        errors.Add($"cycle {sim.Cycle}: output payload changed while Valid was high and Ready low");
                }
            }
            if (offering && core.InputReady.Ready)
            {
                if (firstIn < 0) firstIn = sim.Cycle;
                inputCycles.Add(sim.Cycle);
                offering = false;
                nextChunk[offeredId]++;
            }
            heldValid = false;
            if (outValid)
            {
                var value = read(core.Output);
                if (core.OutputReady.Ready)
                {
                    outputCycles.Add(sim.Cycle);
                    lastOut = sim.Cycle;
                    if (value.Id >= ids || message[value.Id] < 0 || nextChunk[value.Id] < chunkCount[value.Id])
                        errors.Add($"cycle {sim.Cycle}: digest for message id {value.Id}, which has no finished message");
                    else
                    {
                        digests[message[value.Id]] = value.Digest;
                        message[value.Id] = -1;
                        done++;
                    }
                }
                else { heldValid = true; held = value; }
            }
            sim.Clock();
            if (errors.Count > 20) break;
        }
        return new HashRun(digests, sim.Cycle - start, firstIn, lastOut, blocks, inputCycles, outputCycles, errors);
    }

    /// <summary>
    /// Puts a chunk of up to one block (16 words of <typeparamref name="W"/>: 64 or 128 bytes) on a
    /// hash core's input bus, big-endian words (bytes past the chunk are zero).
    /// </summary>
    public static void WriteChunk<W>(IHashChunkIn<W> bus, ReadOnlySpan<byte> chunk, byte id, bool last)
        where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
    {
        int wordBytes = HashWords<W>.WordBytes;
        Span<byte> block = stackalloc byte[16 * wordBytes];
        block.Clear();
        chunk.CopyTo(block);
        for (int i = 0; i < bus.Data.Length; i++)
            bus.Data[i] = W.ReadBigEndian(block.Slice(wordBytes * i, wordBytes), isUnsigned: true);
        bus.ByteCount = (byte)chunk.Length;
        bus.MessageId = id;
        bus.Last = last;
    }

    /// <summary>Lane <paramref name="lane"/> of a block: 16 bytes, byte 0 in the most significant bits.</summary>
    public static UInt128 Lane(ReadOnlySpan<byte> block, int lane) =>
        System.Buffers.Binary.BinaryPrimitives.ReadUInt128BigEndian(block.Slice(16 * lane, 16));

    /// <summary>The bytes of lanes, in order.</summary>
    public static byte[] Bytes(params UInt128[] lanes)
    {
        var bytes = new byte[16 * lanes.Length];
        for (int i = 0; i < lanes.Length; i++)
            System.Buffers.Binary.BinaryPrimitives.WriteUInt128BigEndian(bytes.AsSpan(16 * i, 16), lanes[i]);
        return bytes;
    }
}
