using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Axi.Cores;

/// <summary>
/// The twin of <see cref="HashAxiChunkCollector512"/> for hash cores with 1024-bit blocks (SHA-384/512):
/// collects eight 16-byte wrapper blocks, or fewer at the end of a packet, into one chunk of the
/// core's message stream (<see cref="IHashChunk1024In"/>: byte 0 in the most significant bits of
/// Data0). One packet is one message; every message uses message id 0.
/// <para>
/// A soft reset drops the chunk being collected. A chunk on offer to the core stays on offer until
/// the core takes it (a stream's valid is never withdrawn); when the interrupted message is then still
/// open (the core has taken chunks of it but not its final one), a one-byte final chunk closes it.
/// <see cref="Closing"/> is high until the message is closed; the wrapper's drain drops the digest
/// that comes of it.
/// </para>
/// </summary>
public sealed class HashAxiChunkCollector1024 : ClockedProcess
{
    [InputBus] public IAxiBlock Input = null!;
    [InputBus] public IAxiStreamControl Control = null!;
    /// <summary>The hash core's input ready.</summary>
    [InputBus] public IReady CoreReady = null!;
    /// <summary>Ready for a wrapper block (a register).</summary>
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();
    /// <summary>The core's input bus (assigned when wiring).</summary>
    [OutputBus] public IHashChunk1024In Output = Bus.Create<IHashChunk1024In>();
    [OutputBus] public IAxiDrain Closing = Bus.Create<IAxiDrain>();
    /// <summary>No errors: a hash takes any number of bytes.</summary>
    [OutputBus] public IAxiErrorReport Error = Bus.Create<IAxiErrorReport>();

    bool ready, outputValid, outputLast, closing;
    /// <summary>The core has taken chunks of a message but not its final one.</summary>
    bool midMessage;
    /// <summary>Wrapper blocks collected into the chunk being built (0..7).</summary>
    byte count;
    /// <summary>Message bytes in the chunk being built.</summary>
    byte bytes;
    UInt128 lane0, lane1, lane2, lane3, lane4, lane5, lane6;

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
                if (count == 7 || Input.Last)
                {
                    Output.Data0 = count == 0 ? lane : lane0;
                    Output.Data1 = count == 1 ? lane : (count > 1 ? lane1 : 0);
                    Output.Data2 = count == 2 ? lane : (count > 2 ? lane2 : 0);
                    Output.Data3 = count == 3 ? lane : (count > 3 ? lane3 : 0);
                    Output.Data4 = count == 4 ? lane : (count > 4 ? lane4 : 0);
                    Output.Data5 = count == 5 ? lane : (count > 5 ? lane5 : 0);
                    Output.Data6 = count == 6 ? lane : (count > 6 ? lane6 : 0);
                    Output.Data7 = count == 7 ? lane : 0;
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
                    if (count == 0) lane0 = lane;
                    else if (count == 1) lane1 = lane;
                    else if (count == 2) lane2 = lane;
                    else if (count == 3) lane3 = lane;
                    else if (count == 4) lane4 = lane;
                    else if (count == 5) lane5 = lane;
                    else lane6 = lane;
                    count++;
                    bytes = total;
                }
            }
        }
        if (closing && !outputValid)
        {
            // Close the interrupted message so the core's slot is free for the next one.
            Output.Data0 = 0;
            Output.Data1 = 0;
            Output.Data2 = 0;
            Output.Data3 = 0;
            Output.Data4 = 0;
            Output.Data5 = 0;
            Output.Data6 = 0;
            Output.Data7 = 0;
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
