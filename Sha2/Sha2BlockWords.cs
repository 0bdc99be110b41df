using Crypto.Hashing;
using Crypto.Streams;
using Hdl;

namespace Crypto.Sha2;

/// <summary>
/// The padder's 512-bit block (<see cref="HashBlockPadder512"/>, four lanes in byte order) as the 16
/// big-endian 32-bit words of a SHA-224/256 window: wiring only (the block's data starts at zero, so
/// it is read whether or not a block is valid); the sideband is held low while no block is valid.
/// </summary>
public sealed class Sha2BlockWords512 : CombinationalProcess
{
    [InputBus] public IHashBlock512 Input = null!;
    [OutputBus] public ISha2Message<uint> Output = Bus.Create<ISha2Message<uint>>();

    protected override void OnTick()
    {
        bool valid = Input.Valid;
        Output.Valid = valid;
        Output.Last = valid && Input.Last;
        Output.First = valid && Input.First;
        Output.Slot = valid ? Input.Slot : (byte)0;
        for (int i = 0; i < 4; i++)
        {
            Output.Window[i] = HashWords.Word32(Input.Data0, i);
            Output.Window[4 + i] = HashWords.Word32(Input.Data1, i);
            Output.Window[8 + i] = HashWords.Word32(Input.Data2, i);
            Output.Window[12 + i] = HashWords.Word32(Input.Data3, i);
        }
    }
}

/// <summary>The padder's 1024-bit block (<see cref="HashBlockPadder1024"/>) as the 16 big-endian 64-bit words of a SHA-384/512 window.</summary>
public sealed class Sha2BlockWords1024 : CombinationalProcess
{
    [InputBus] public IHashBlock1024 Input = null!;
    [OutputBus] public ISha2Message<ulong> Output = Bus.Create<ISha2Message<ulong>>();

    protected override void OnTick()
    {
        bool valid = Input.Valid;
        Output.Valid = valid;
        Output.Last = valid && Input.Last;
        Output.First = valid && Input.First;
        Output.Slot = valid ? Input.Slot : (byte)0;
        for (int i = 0; i < 2; i++)
        {
            Output.Window[i] = HashWords.Word64(Input.Data0, i);
            Output.Window[2 + i] = HashWords.Word64(Input.Data1, i);
            Output.Window[4 + i] = HashWords.Word64(Input.Data2, i);
            Output.Window[6 + i] = HashWords.Word64(Input.Data3, i);
            Output.Window[8 + i] = HashWords.Word64(Input.Data4, i);
            Output.Window[10 + i] = HashWords.Word64(Input.Data5, i);
            Output.Window[12 + i] = HashWords.Word64(Input.Data6, i);
            Output.Window[14 + i] = HashWords.Word64(Input.Data7, i);
        }
    }
}
