using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Sha2;

/// <summary>
/// Start of the SHA-384/512 compression, as <see cref="Sha256ChainStage"/>: each slot's chaining
/// value, or the IV of SHA-384 or SHA-512 for a message's first block; the block is the first window.
/// The chaining values are read before they are written (memories: block RAM or LUT RAM in synthesis).
/// </summary>
public sealed class Sha512ChainStage : ClockedProcess
{
    [InputBus] public IHashBlock1024 Input = null!;
    [InputBus] public IReady Advance = null!;
    [InputBus] public ISha512Feedback Feedback = null!;
    [OutputBus] public ISha512Block Output = Bus.Create<ISha512Block>();

    /// <summary>SHA-384 (its IV) rather than SHA-512.</summary>
    readonly bool sha384;
    readonly UInt128[] chainAb, chainCd, chainEf, chainGh;

    public Sha512ChainStage(int slots, bool sha384)
    {
        this.sha384 = sha384;
        chainAb = new UInt128[slots];
        chainCd = new UInt128[slots];
        chainEf = new UInt128[slots];
        chainGh = new UInt128[slots];
    }

    protected override void OnTick()
    {
        if (Advance.Ready)
        {
            bool valid = Input.Valid;
            Output.Valid = valid;
            if (valid)
            {
                UInt128 ab = Sha512Math.InitialLane(0, sha384);
                UInt128 cd = Sha512Math.InitialLane(1, sha384);
                UInt128 ef = Sha512Math.InitialLane(2, sha384);
                UInt128 gh = Sha512Math.InitialLane(3, sha384);
                if (!Input.First)
                {
                    ab = chainAb[Input.Slot];
                    cd = chainCd[Input.Slot];
                    ef = chainEf[Input.Slot];
                    gh = chainGh[Input.Slot];
                }
                Output.Ab = ab;
                Output.Cd = cd;
                Output.Ef = ef;
                Output.Gh = gh;
                Output.First = Input.First;
                Output.W0 = Input.Data0;
                Output.W1 = Input.Data1;
                Output.W2 = Input.Data2;
                Output.W3 = Input.Data3;
                Output.W4 = Input.Data4;
                Output.W5 = Input.Data5;
                Output.W6 = Input.Data6;
                Output.W7 = Input.Data7;
                Output.Slot = Input.Slot;
                Output.Last = Input.Last;
            }
        }

        // After the read above, as in Sha256ChainStage: the memories' write port.
        if (Feedback.Valid)
        {
            chainAb[Feedback.Slot] = Feedback.ChainAb;
            chainCd[Feedback.Slot] = Feedback.ChainCd;
            chainEf[Feedback.Slot] = Feedback.ChainEf;
            chainGh[Feedback.Slot] = Feedback.ChainGh;
        }
    }
}
