using Crypto.Streams;
using Hdl;

namespace Crypto.Md5;

/// <summary>
/// The MD5 compression one step per clock in one step datapath: takes a block, runs steps 0..63 on
/// 64 clock edges (the last one writes the output register), so a block takes 64 clocks and the next
/// block is taken at the edge that finishes the previous one.
/// <para>
/// InputReady and Output.Valid are registers, as in the AES iterative core: Ready is raised when the
/// datapath will be free at the next edge whatever the consumer does.
/// </para>
/// </summary>
public sealed class Md5IterativeCompression : ClockedProcess
{
    [InputBus] public IMd5Block Input = null!;
    /// <summary>The output register is taken at an edge where this is high.</summary>
    [InputBus] public IReady Advance = null!;
    [OutputBus] public IMd5Block Output = Bus.Create<IMd5Block>();
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();

    bool busy;
    /// <summary>The step the datapath does at the next edge, 0..63.</summary>
    byte step;
    UInt128 state;
    /// <summary>The block's message words X[0..15].</summary>
    readonly uint[] message = new uint[16];
    byte slot;
    bool first, last;
    bool resultValid;
    bool inputReady;

    protected override void OnTick()
    {
        bool outputFree = !resultValid || Advance.Ready;
        bool accept = inputReady && Input.Valid;
        if (resultValid && Advance.Ready) resultValid = false;

        if (busy)
        {
            if (step < Md5Math.Steps - 1)
            {
                state = Md5Math.Step(state, message[Md5Math.MessageIndex[step]], step);
                step++;
            }
            else if (outputFree)
            {
                Output.State = Md5Math.Step(state, message[Md5Math.MessageIndex[step]], step);
                Output.First = first;
                Output.Slot = slot;
                Output.Last = last;
                resultValid = true;
                busy = false;
            }
        }

        if (accept)
        {
            state = Input.State;
            first = Input.First;
            for (int i = 0; i < message.Length; i++) message[i] = Input.Message[i];
            slot = Input.Slot;
            last = Input.Last;
            step = 0;
            busy = true;
        }

        inputReady = !busy || (step == Md5Math.Steps - 1 && !resultValid);
        Output.Valid = resultValid;
        InputReady.Ready = inputReady;
    }
}
