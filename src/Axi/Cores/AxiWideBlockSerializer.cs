using Crypto.Streams;
using Hdl;

namespace Crypto.Axi.Cores;

/// <summary>
/// An output of up to 64 bytes from a core whose output is wider than the wrapper's 16-byte blocks (a
/// SHA-2 digest, a ChaCha20 word), in stream byte order: byte i in bits 8(i mod 16)+7..8(i mod 16) of
/// Lanes[i / 16]; bytes from <see cref="ByteCount"/> on are zero. Last ends the output packet.
/// </summary>
public interface IAxiWideBlock : IStreamControl
{
    /// <summary>The bytes, 16 per lane.</summary>
    [ArrayLength(4)] BusArray<UInt128> Lanes { get; }
    /// <summary>Bytes in the lanes, 1..64.</summary>
    [Width(7)] byte ByteCount { get; set; }
}

/// <summary>
/// Sends a wide output (<see cref="IAxiWideBlock"/>) as 16-byte wrapper blocks: ByteCount / 16
/// rounded up of them, the final one with the remaining bytes, and with Last when the wide output
/// had it. It holds one wide output and takes the next when the last block of it has gone; the
/// output converter needs two clocks per block, so the one clock between them costs no throughput.
/// A soft reset does not clear it: the wrapper's drain drops what it still holds (see
/// <see cref="CoreFlowDrain"/>, which counts an output as gone at its Last block).
/// </summary>
public sealed class AxiWideBlockSerializer : ClockedProcess
{
    [InputBus] public IAxiWideBlock Input = null!;
    /// <summary>The wrapper's ready for a block (written by its gate).</summary>
    [InputBus] public IReady OutputReady = null!;
    /// <summary>The core's output ready (assigned when wiring).</summary>
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();
    [OutputBus] public IAxiBlock Output = Bus.Create<IAxiBlock>();

    bool holding, ready, last;
    /// <summary>The block being offered, and the final block of the wide output held.</summary>
    byte index, lastBlock;
    /// <summary>Bytes in the final block (1..16).</summary>
    byte finalBytes;
    UInt128 lane0, lane1, lane2, lane3;

    protected override void OnTick()
    {
        if (holding && OutputReady.Ready)
        {
            if (index == lastBlock) holding = false;
            else index++;
        }
        if (ready && Input.Valid)
        {
            lane0 = Input.Lanes[0];
            lane1 = Input.Lanes[1];
            lane2 = Input.Lanes[2];
            lane3 = Input.Lanes[3];
            lastBlock = (byte)((Input.ByteCount - 1) >> 4);
            finalBytes = (byte)(Input.ByteCount - (((Input.ByteCount - 1) >> 4) << 4));
            last = Input.Last;
            index = 0;
            holding = true;
        }
        ready = !holding;
        bool final = index == lastBlock;
        Output.Valid = holding;
        Output.Last = holding && final && last;
        Output.Bytes = !holding ? (byte)0 : final ? finalBytes : (byte)16;
        Output.Data = !holding ? 0 : index == 0 ? lane0 : index == 1 ? lane1 : index == 2 ? lane2 : lane3;
        InputReady.Ready = ready;
    }
}
