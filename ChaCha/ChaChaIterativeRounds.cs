using Crypto.Streams;
using Hdl;

namespace Crypto.ChaCha;

/// <summary>
/// The ChaCha20 rounds one double round per clock: holds a block's state and feeds it through one
/// <see cref="ChaChaRounds"/> (a double round) on ten clock edges, the last of which writes the output
/// register, so a block takes 10 clocks and the next block is taken at the edge that finishes the
/// previous one.
/// <para>
/// InputReady and Output.Valid are registers, as in the AES and MD5 iterative cores: Ready is raised
/// when the datapath will be free at the next edge whatever the consumer does.
/// </para>
/// </summary>
public sealed class ChaChaIterativeRounds : ClockedProcess
{
    [InputBus] public IChaChaBlock Input = null!;
    /// <summary>The held state after one double round.</summary>
    [InputBus] public IChaChaColumns Rounds = null!;
    /// <summary>The output register is taken at an edge where this is high.</summary>
    [InputBus] public IReady Advance = null!;
    [OutputBus] public IChaChaBlock Output = Bus.Create<IChaChaBlock>();
    /// <summary>The held state, into the double round logic.</summary>
    [OutputBus] public IChaChaColumns Working = Bus.Create<IChaChaColumns>();
    [OutputBus] public IReady InputReady = Bus.Create<IReady>();

    bool busy;
    /// <summary>The double round the datapath does at the next edge, 0..9.</summary>
    byte doubleRound;
    UInt128 column0, column1, column2, column3;
    UInt128 key0, key1, counterNonce, data0, data1, data2, data3;
    byte byteCount;
    bool error;
    bool last;
    /// <summary>Mirror of Output.Valid.</summary>
    bool resultValid;
    /// <summary>Mirror of InputReady.Ready.</summary>
    bool inputReady;

    protected override void OnTick()
    {
        bool outputFree = !resultValid || Advance.Ready;
        bool accept = inputReady && Input.Valid;
        if (resultValid && Advance.Ready) resultValid = false;

        if (busy)
        {
            if (doubleRound < ChaChaMath.DoubleRounds - 1)
            {
                column0 = Rounds.Column[0];
                column1 = Rounds.Column[1];
                column2 = Rounds.Column[2];
                column3 = Rounds.Column[3];
                doubleRound++;
            }
            else if (outputFree)
            {
                for (int i = 0; i < Output.Column.Length; i++) Output.Column[i] = Rounds.Column[i];
                Output.Key[0] = key0;
                Output.Key[1] = key1;
                Output.CounterNonce = counterNonce;
                Output.Data[0] = data0;
                Output.Data[1] = data1;
                Output.Data[2] = data2;
                Output.Data[3] = data3;
                Output.ByteCount = byteCount;
                Output.Error = error;
                Output.Last = last;
                resultValid = true;
                busy = false;
            }
        }

        if (accept)
        {
            column0 = Input.Column[0];
            column1 = Input.Column[1];
            column2 = Input.Column[2];
            column3 = Input.Column[3];
            key0 = Input.Key[0];
            key1 = Input.Key[1];
            counterNonce = Input.CounterNonce;
            data0 = Input.Data[0];
            data1 = Input.Data[1];
            data2 = Input.Data[2];
            data3 = Input.Data[3];
            byteCount = Input.ByteCount;
            error = Input.Error;
            last = Input.Last;
            doubleRound = 0;
            busy = true;
        }

        inputReady = !busy || (doubleRound == ChaChaMath.DoubleRounds - 1 && !resultValid);
        Output.Valid = resultValid;
        InputReady.Ready = inputReady;
        Working.Column[0] = column0;
        Working.Column[1] = column1;
        Working.Column[2] = column2;
        Working.Column[3] = column3;
    }
}
