using Crypto.Streams;
using Hdl;

namespace Crypto.ChaCha;

/// <summary>
/// Back of a ChaCha20-Poly1305 core. Queues the words the core takes until their keystream comes out
/// of the ChaCha20 datapath (in request order: a message's key block, then one block per data word);
/// takes a message's block 0 as the Poly1305 one-time key (r, s); XORs each data word with its
/// keystream block into the output; feeds the MAC (<see cref="Poly1305BlockStage"/>) one 16-byte
/// block per clock: the AAD and the ciphertext, each zero-padded to 16 bytes, then the lengths
/// block; and gives out the message's End word with the tag and, on decryption, the comparison with
/// the received tag.
/// <para>
/// A 64-byte word takes 4 clocks of the MAC (a partial one, one per 16 bytes begun); the next word is
/// loaded at the clock its last block goes into the MAC. The ready signals it gives (queue room,
/// keystream) are registers.
/// </para>
/// </summary>
public sealed class ChaChaPolyCombiner : ClockedProcess
{
    [InputBus] public IChaChaPolyIn Input = null!;
    [InputBus] public IReady InputReady = null!;
    [InputBus] public IChaChaPolyMessage Message = null!;
    /// <summary>Keystream blocks from the ChaCha20 datapath.</summary>
    [InputBus] public IChaChaDataOut Keystream = null!;
    /// <summary>Tags from the MAC.</summary>
    [InputBus] public IPoly1305Out Tag = null!;
    [InputBus] public IReady OutputReady = null!;
    /// <summary>The queue takes a word at the next clock.</summary>
    [OutputBus] public IReady QueueReady = Bus.Create<IReady>();
    /// <summary>The keystream buffer is free: the ChaCha20 datapath's consumer ready.</summary>
    [OutputBus] public IReady KeystreamReady = Bus.Create<IReady>();
    /// <summary>The MAC's enable: always high, the tag is taken the clock it comes out.</summary>
    [OutputBus] public IReady MacAdvance = Bus.Create<IReady>();
    /// <summary>Blocks into the MAC, one per clock at most, with the message's one-time key.</summary>
    [OutputBus] public IPoly1305In Mac = Bus.Create<IPoly1305In>();
    [OutputBus] public IChaChaPolyOut Output = Bus.Create<IChaChaPolyOut>();

    /// <summary>Entries of the queue (a power of two).</summary>
    readonly int depth;
    /// <summary>Queued words: data (an End word's received tag in queued0), byte count, kind, and the message's direction.</summary>
    readonly UInt128[] queued0, queued1, queued2, queued3;
    readonly byte[] queuedBytes;
    readonly bool[] queuedData, queuedEnd, queuedDecrypt;
    byte head, tail, count;

    /// <summary>A keystream block is held (the next one is taken when it is used).</summary>
    bool keystreamHeld;
    UInt128 keystream0, keystream1, keystream2, keystream3;

    /// <summary>The current message's one-time key is held.</summary>
    bool haveKey;
    UInt128 keyR, keyS;
    ulong aadBytes, dataBytes;

    /// <summary>A word's MAC blocks are going into the MAC.</summary>
    bool feeding;
    /// <summary>The word fed is the lengths block: the tag follows.</summary>
    bool feedingEnd;
    byte macBlock, macBlocks;
    UInt128 mac0, mac1, mac2, mac3;
    /// <summary>The lengths block went into the MAC; the tag is not here yet.</summary>
    bool awaitingTag;
    bool tagHeld;
    UInt128 tag;
    bool checkTag;
    UInt128 receivedTag;

    /// <summary>Mirrors of Output.Valid and KeystreamReady.Ready.</summary>
    bool outputValid, keystreamReady;

    public ChaChaPolyCombiner(int queueDepth)
    {
        depth = queueDepth;
        queued0 = new UInt128[queueDepth];
        queued1 = new UInt128[queueDepth];
        queued2 = new UInt128[queueDepth];
        queued3 = new UInt128[queueDepth];
        queuedBytes = new byte[queueDepth];
        queuedData = new bool[queueDepth];
        queuedEnd = new bool[queueDepth];
        queuedDecrypt = new bool[queueDepth];
    }

    protected override void OnTick()
    {
        bool outputFree = !outputValid || OutputReady.Ready;
        if (outputValid && OutputReady.Ready) outputValid = false;

        // The word the core takes at this clock joins the queue.
        bool push = Input.Valid && InputReady.Ready;
        if (push)
        {
            bool end = Input.Kind == ChaChaPolyKind.End;
            queued0[tail] = end ? Input.Tag : Input.Data[0];
            queued1[tail] = Input.Data[1];
            queued2[tail] = Input.Data[2];
            queued3[tail] = Input.Data[3];
            queuedBytes[tail] = Input.ByteCount;
            queuedData[tail] = Input.Kind == ChaChaPolyKind.Data;
            queuedEnd[tail] = end;
            queuedDecrypt[tail] = Message.Decrypt;
            tail = (byte)((tail + 1) & (depth - 1));
        }

        // The tag comes out of the MAC one clock after the lengths block went in.
        if (Tag.Valid)
        {
            tag = Tag.Tag;
            tagHeld = true;
            awaitingTag = false;
        }

        // The next MAC block of the current word.
        bool macValid = false;
        bool wordDone = !feeding;
        if (feeding)
        {
            Mac.Block = ChaChaPolyMath.WordBlock(mac0, mac1, mac2, mac3, macBlock);
            Mac.ByteCount = Poly1305Math.BlockBytes;
            Mac.Last = feedingEnd;
            Mac.KeyR = keyR;
            Mac.KeyS = keyS;
            macValid = true;
            macBlock++;
            if (feedingEnd) awaitingTag = true;
            wordDone = feedingEnd || macBlock == macBlocks;
        }
        bool idle = wordDone && !awaitingTag && !tagHeld;

        bool pop = false;
        if (tagHeld && outputFree && !awaitingTag)
        {
            // The message's End word; the next message starts with its own key block.
            Output.Kind = ChaChaPolyKind.End;
            for (int i = 0; i < Output.Data.Length; i++) Output.Data[i] = 0;
            Output.ByteCount = 0;
            Output.Tag = tag;
            Output.TagMismatch = checkTag && tag != receivedTag;
            Output.Last = true;
            outputValid = true;
            tagHeld = false;
            haveKey = false;
            aadBytes = 0;
            dataBytes = 0;
            feeding = false;
        }
        else if (!haveKey && keystreamHeld)
        {
            // Block 0 of the message's keystream: r, then s.
            keyR = keystream0;
            keyS = keystream1;
            haveKey = true;
            keystreamHeld = false;
            feeding = false;
        }
        else if (idle && haveKey && count != 0)
        {
            byte bytes = queuedBytes[head];
            bool decrypting = queuedDecrypt[head];
            UInt128 word0 = queued0[head], word1 = queued1[head], word2 = queued2[head], word3 = queued3[head];
            if (queuedEnd[head])
            {
                pop = true;
                mac0 = ChaChaPolyMath.LengthsBlock(aadBytes, dataBytes);
                macBlocks = 1;
                feedingEnd = true;
                checkTag = decrypting;
                receivedTag = word0;
            }
            else if (!queuedData[head])
            {
                pop = true;
                mac0 = word0 & ChaChaMath.KeepMask(bytes, 0);
                mac1 = word1 & ChaChaMath.KeepMask(bytes, 1);
                mac2 = word2 & ChaChaMath.KeepMask(bytes, 2);
                mac3 = word3 & ChaChaMath.KeepMask(bytes, 3);
                macBlocks = ChaChaPolyMath.MacBlocks(bytes);
                feedingEnd = false;
                aadBytes += bytes;
            }
            else if (keystreamHeld && outputFree)
            {
                pop = true;
                UInt128 out0 = (word0 ^ keystream0) & ChaChaMath.KeepMask(bytes, 0);
                UInt128 out1 = (word1 ^ keystream1) & ChaChaMath.KeepMask(bytes, 1);
                UInt128 out2 = (word2 ^ keystream2) & ChaChaMath.KeepMask(bytes, 2);
                UInt128 out3 = (word3 ^ keystream3) & ChaChaMath.KeepMask(bytes, 3);
                Output.Kind = ChaChaPolyKind.Data;
                Output.Data[0] = out0;
                Output.Data[1] = out1;
                Output.Data[2] = out2;
                Output.Data[3] = out3;
                Output.ByteCount = bytes;
                Output.Tag = 0;
                Output.TagMismatch = false;
                Output.Last = false;
                outputValid = true;
                keystreamHeld = false;
                // The MAC covers the ciphertext: the output when encrypting, the input when decrypting.
                mac0 = decrypting ? word0 & ChaChaMath.KeepMask(bytes, 0) : out0;
                mac1 = decrypting ? word1 & ChaChaMath.KeepMask(bytes, 1) : out1;
                mac2 = decrypting ? word2 & ChaChaMath.KeepMask(bytes, 2) : out2;
                mac3 = decrypting ? word3 & ChaChaMath.KeepMask(bytes, 3) : out3;
                macBlocks = ChaChaPolyMath.MacBlocks(bytes);
                feedingEnd = false;
                dataBytes += bytes;
            }
            if (pop)
            {
                head = (byte)((head + 1) & (depth - 1));
                macBlock = 0;
                feeding = macBlocks != 0;
            }
            else if (wordDone) feeding = false;
        }
        else if (wordDone) feeding = false;

        if (push && !pop) count++;
        if (pop && !push) count--;

        // A keystream block arrives when the buffer was free at this clock (keystreamReady).
        if (keystreamReady && Keystream.Valid)
        {
            keystream0 = Keystream.Data[0];
            keystream1 = Keystream.Data[1];
            keystream2 = Keystream.Data[2];
            keystream3 = Keystream.Data[3];
            keystreamHeld = true;
        }
        keystreamReady = !keystreamHeld;

        Mac.Valid = macValid;
        MacAdvance.Ready = true;
        Output.Valid = outputValid;
        KeystreamReady.Ready = keystreamReady;
        QueueReady.Ready = count < depth;
    }
}
