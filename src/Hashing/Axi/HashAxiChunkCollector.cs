using System.Numerics;
using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Axi.Cores;

/// <summary>
/// Between the wrapper and a hash core: collects the 16-byte wrapper blocks of one chunk of the core's
/// message stream (<see cref="IHashChunkIn{W}"/>, 16 words of <typeparamref name="W"/>: four blocks for
/// the 64-byte chunks of MD5 and SHA-224/256 over uint, eight for the 128-byte chunks of SHA-384/512
/// over ulong), or fewer at the end of a packet, byte 0 in the most significant bits of Data[0]. One
/// packet is one message; every message uses message id 0, so the core hashes them one after the other.
/// <para>
/// Each block's words go straight into the output register (the chunk is not on offer while it is
/// collected); the words after a packet's final block are zero.
/// </para>
/// <para>
/// A soft reset drops the chunk being collected. A chunk on offer to the core stays on offer until
/// the core takes it (a stream's valid is never withdrawn); when the interrupted message is then still
/// open (the core has taken chunks of it but not its final one), a one-byte final chunk closes it.
/// <see cref="Closing"/> is high until the message is closed; the wrapper's drain drops the digest
/// that comes of it.
/// </para>
/// </summary>
public sealed class HashAxiChunkCollector<W> : ClockedProcess where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
{
    [InputBus] public IAxiBlock Input = null!;
    [InputBus] public IAxiStreamControl Control = null!;
    /// <summary>The hash core's input ready.</summary>
    [InputBus] public IReady CoreReady = null!;
    /// <summary>Ready for a wrapper block (a register).</summary>
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();
    /// <summary>The core's input bus (assigned when wiring).</summary>
    [OutputBus] public IHashChunkIn<W> Output = Bus.Create<IHashChunkIn<W>>();
    [OutputBus] public IAxiDrain Closing = Bus.Create<IAxiDrain>();
    /// <summary>No errors: a hash takes any number of bytes.</summary>
    [OutputBus] public IAxiErrorReport Error = Bus.Create<IAxiErrorReport>();

    bool ready, outputValid, outputLast, closing;
    /// <summary>The core has taken chunks of a message but not its final one.</summary>
    bool midMessage;
    /// <summary>Wrapper blocks collected into the chunk being built (0 .. blocks per chunk - 1).</summary>
    byte count;
    /// <summary>Message bytes in the chunk being built.</summary>
    byte bytes;

    protected override void OnTick()
    {
        if (outputValid && CoreReady.Ready)
        {
            outputValid = false;
            midMessage = !outputLast;
            if (outputLast) closing = false;
        }
        if (Control.Flush)
        {
            count = 0;
            bytes = 0;
            // The chunk on offer stays; the message is closed once it is taken, unless it is the final chunk.
            // Closing until then, so the drain drops the digest (and the bank stays disabled).
            closing = outputValid || midMessage;
        }
        else
        {
            if (ready && Input.Valid)
            {
                UInt128 lane = AxiMath.ReverseBytes(Input.Data);
                byte total = (byte)(bytes + Input.Bytes);
                bool final = count == HashWords<W>.Lanes - 1 || Input.Last;
                for (int i = 0; i < Output.Data.Length; i++)
                {
                    int at = HashWords<W>.LaneOfWord(i);
                    if (at == count) Output.Data[i] = HashWords<W>.WordOfLane(lane, i);
                    else if (final && at > count) Output.Data[i] = W.Zero;
                }
                if (final)
                {
                    Output.ByteCount = total;
                    Output.MessageId = 0;
                    Output.Last = Input.Last;
                    outputValid = true;
                    outputLast = Input.Last;
                    count = 0;
                    bytes = 0;
                }
                else
                {
                    count++;
                    bytes = total;
                }
            }
        }
        if (closing && !outputValid)
        {
            // Close the interrupted message so the core's slot is free for the next one.
            for (int i = 0; i < Output.Data.Length; i++) Output.Data[i] = W.Zero;
            Output.ByteCount = 1;
            Output.MessageId = 0;
            Output.Last = true;
            outputValid = true;
            outputLast = true;
        }
        ready = !Control.Flush && !outputValid && !closing;
        Output.Valid = outputValid;
        InputReady.Ready = ready;
        Closing.Discard = closing;
        Error.Error = false;
        Error.Code = 0;
    }
}
