using Crypto.Streams;
using Hdl;

namespace Crypto.Aes;

// Modes of operation as processes around any AES core (ECB needs none). A message is the blocks up to
// and including one with Last; its IV (CBC) or initial counter block (CTR) is the Side of its first
// block. The front maps the message's blocks onto the core's input, the mode register keeps the
// chaining value or counter, the back maps the core's output onto the message's output.
//   CTR:         core input = counter (IV, IV+1, ... full 128-bit big-endian increment), Side = data;
//                output = E(counter) ^ data. Pipelined: one block per clock through a pipeline. The
//                increment is four 32-bit increments whose carries are registered (which low words
//                of the last counter are all ones), not a 128-bit carry chain.
//   CBC decrypt: core input = ciphertext, Side = previous ciphertext (IV first); output = D(C) ^ Side.
//                Pipelined.
//   CBC encrypt: core input = plaintext ^ previous ciphertext (IV first). Serial: a block may enter
//                only when the previous one has left the core, so it runs at one block per latency.

/// <summary>The chaining value or counter a mode keeps between blocks.</summary>
public interface IAesModeState : IBus
{
    /// <summary>The next block starts a message (takes its IV from Side).</summary>
    [InitialValue(true)] bool First { get; set; }
    /// <summary>CTR: the last block's counter (the next one is Chain + 1); CBC: the previous ciphertext.</summary>
    UInt128 Chain { get; set; }
    /// <summary>CTR: Chain + 1 carries into 32-bit word 1 (bits 63..32): Chain's bits 31..0 are all ones.</summary>
    [InitialValue(false)] bool Carry1 { get; set; }
    /// <summary>CTR: Chain + 1 carries into word 2: bits 63..0 are all ones.</summary>
    [InitialValue(false)] bool Carry2 { get; set; }
    /// <summary>CTR: Chain + 1 carries into word 3: bits 95..0 are all ones.</summary>
    [InitialValue(false)] bool Carry3 { get; set; }
    /// <summary>CBC encryption: a block is in the core (the next one must wait for its ciphertext).</summary>
    [InitialValue(false)] bool Busy { get; set; }
}

/// <summary>
/// The CTR counter's increment in 32-bit words (word j: bits 32j..32j+31 of the big-endian counter
/// block): word j gets a carry when every word below it is all ones. Those carries are registered
/// beside the counter (<see cref="IAesModeState"/>), so the increment's longest carry chain is 32
/// bits, not 128, and nothing but the message-start bit comes before it.
/// </summary>
public static class AesCounter
{
    /// <summary>
    /// <paramref name="counter"/> + 1 when <paramref name="increment"/>, else the counter, given the
    /// carries into words 1..3 (<paramref name="carry1"/>: word 0 is all ones; <paramref name="carry2"/>:
    /// words 0 and 1; <paramref name="carry3"/>: words 0 to 2).
    /// </summary>
    public static UInt128 Increment(UInt128 counter, bool increment, bool carry1, bool carry2, bool carry3)
    {
        uint word0 = (uint)counter + (increment ? 1u : 0u);
        uint word1 = (uint)(counter >> 32) + (increment && carry1 ? 1u : 0u);
        uint word2 = (uint)(counter >> 64) + (increment && carry2 ? 1u : 0u);
        uint word3 = (uint)(counter >> 96) + (increment && carry3 ? 1u : 0u);
        return ((UInt128)word3 << 96) | ((UInt128)word2 << 64) | ((UInt128)word1 << 32) | word0;
    }
}

/// <summary>The mode's input side: what the core gets for the offered block.</summary>
public sealed class AesModeFront : CombinationalProcess
{
    /// <summary>The mode core's input stream (Side of a message's first block: IV or initial counter).</summary>
    [InputBus] public IAesBlockIn Input = null!;
    /// <summary>The mode register.</summary>
    [InputBus] public IAesModeState State = null!;
    /// <summary>The block cipher core's input.</summary>
    [OutputBus] public IAesBlockIn Output = Bus.Create<IAesBlockIn>();

    readonly AesMode mode;
    readonly bool decrypt;

    public AesModeFront(AesMode mode, bool decrypt)
    {
        this.mode = mode;
        this.decrypt = decrypt;
    }

    protected override void OnTick()
    {
        bool serial = mode == AesMode.Cbc && !decrypt;
        bool valid = Input.Valid && !(serial && State.Busy);
        Output.Valid = valid;
        if (Input.Valid)
        {
            UInt128 chain = State.First ? Input.Side : State.Chain;
            if (mode == AesMode.Ctr)
            {
                Output.Block = AesCounter.Increment(chain, !State.First, State.Carry1, State.Carry2, State.Carry3);
                Output.Side = Input.Block;
            }
            else if (mode == AesMode.Cbc && decrypt)
            {
                Output.Block = Input.Block;
                Output.Side = chain;
            }
            else if (mode == AesMode.Cbc)
            {
                Output.Block = Input.Block ^ chain;
                Output.Side = 0;
            }
            else
            {
                Output.Block = Input.Block;
                Output.Side = Input.Side;
            }
            Output.KeyHigh = Input.KeyHigh;
            Output.KeyLow = Input.KeyLow;
            Output.KeySize = Input.KeySize;
            Output.Tag = Input.Tag;
            Output.Last = Input.Last;
        }
        else
        {
            Output.Block = 0;
            Output.Side = 0;
            Output.KeyHigh = 0;
            Output.KeyLow = 0;
            Output.KeySize = 0;
            Output.Tag = 0;
            Output.Last = false;
        }
    }
}

/// <summary>The mode core's input ready: the core's, held low while CBC encryption waits for a ciphertext.</summary>
public sealed class AesModeInputReady : CombinationalProcess
{
    [InputBus] public IAesModeState State = null!;
    /// <summary>The block cipher core's input ready.</summary>
    [InputBus] public IReady CoreReady = null!;
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();

    readonly AesMode mode;
    readonly bool decrypt;

    public AesModeInputReady(AesMode mode, bool decrypt)
    {
        this.mode = mode;
        this.decrypt = decrypt;
    }

    protected override void OnTick()
    {
        bool serial = mode == AesMode.Cbc && !decrypt;
        InputReady.Ready = CoreReady.Ready && !(serial && State.Busy);
    }
}

/// <summary>The mode register: counter or chaining value, message start, and (CBC encryption) the block in flight.</summary>
public sealed class AesModeRegister : ClockedProcess
{
    /// <summary>The block cipher core's input (from <see cref="AesModeFront"/>).</summary>
    [InputBus] public IAesBlockIn CoreInput = null!;
    /// <summary>The mode core's input stream.</summary>
    [InputBus] public IAesBlockIn Input = null!;
    /// <summary>The block cipher core's input ready.</summary>
    [InputBus] public IReady CoreReady = null!;
    /// <summary>The block cipher core's output.</summary>
    [InputBus] public IAesBlockOut CoreOutput = null!;
    /// <summary>The consumer's ready.</summary>
    [InputBus] public IReady OutputReady = null!;
    [OutputBus] public IAesModeState State = Bus.Create<IAesModeState>();

    readonly AesMode mode;
    readonly bool decrypt;

    bool first = true;
    bool busy;
    UInt128 chain;
    bool carry1, carry2, carry3;

    public AesModeRegister(AesMode mode, bool decrypt)
    {
        this.mode = mode;
        this.decrypt = decrypt;
    }

    protected override void OnTick()
    {
        bool serial = mode == AesMode.Cbc && !decrypt;
        if (serial && busy && CoreOutput.Valid && OutputReady.Ready)
        {
            chain = CoreOutput.Block;
            busy = false;
        }
        if (CoreInput.Valid && CoreReady.Ready)
        {
            if (mode == AesMode.Ctr)
            {
                // The carries of the next increment: the counter in use has all ones below word 1, 2 or 3.
                // It is the IV, or Chain + 1 (then Chain's low words are all ones but one).
                if (first)
                {
                    carry1 = (uint)Input.Side == uint.MaxValue;
                    carry2 = (ulong)Input.Side == ulong.MaxValue;
                    carry3 = carry2 && (uint)(Input.Side >> 64) == uint.MaxValue;
                }
                else
                {
                    carry1 = (uint)chain == uint.MaxValue - 1;
                    carry2 = (ulong)chain == ulong.MaxValue - 1;
                    carry3 = carry2 && (uint)(chain >> 64) == uint.MaxValue;
                }
                chain = CoreInput.Block;
            }
            first = CoreInput.Last;
            if (mode == AesMode.Cbc && decrypt) chain = Input.Block;
            if (serial) busy = true;
        }
        State.First = first;
        State.Chain = chain;
        State.Carry1 = carry1;
        State.Carry2 = carry2;
        State.Carry3 = carry3;
        State.Busy = busy;
    }
}

/// <summary>The mode's output side: E(counter) ^ data (CTR), D(C) ^ previous ciphertext (CBC decryption), or the block.</summary>
public sealed class AesModeBack : CombinationalProcess
{
    /// <summary>The block cipher core's output.</summary>
    [InputBus] public IAesBlockOut Input = null!;
    /// <summary>The mode core's output stream (Side is zero).</summary>
    [OutputBus] public IAesBlockOut Output = Bus.Create<IAesBlockOut>();

    readonly AesMode mode;
    readonly bool decrypt;

    public AesModeBack(AesMode mode, bool decrypt)
    {
        this.mode = mode;
        this.decrypt = decrypt;
    }

    protected override void OnTick()
    {
        bool valid = Input.Valid;
        Output.Valid = valid;
        if (valid)
        {
            bool xorSide = mode == AesMode.Ctr || (mode == AesMode.Cbc && decrypt);
            Output.Block = xorSide ? Input.Block ^ Input.Side : Input.Block;
            Output.KeySize = Input.KeySize;
            Output.Tag = Input.Tag;
            Output.Last = Input.Last;
        }
        else
        {
            Output.Block = 0;
            Output.KeySize = 0;
            Output.Tag = 0;
            Output.Last = false;
        }
        Output.Side = 0;
    }
}
