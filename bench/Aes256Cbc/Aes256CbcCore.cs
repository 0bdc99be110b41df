using Crypto.Aes;
using Hdl;

namespace Crypto.Bench.Aes256Cbc;

/// <summary>
/// AES-256-CBC encryption in one clocked process, after SME's AES256CBC example: a whole block per
/// clock. In a LoadKey cycle the 256-bit key is expanded into the 15 round keys of a register file
/// and Data0, Data1 become the IV; in a DataReady cycle the plaintext is XORed with the chaining
/// value and goes through all 14 rounds (T-table reads), and the ciphertext comes out at the clock edge
/// and is kept as the next chaining value. A functional demonstration of a very deep cycle, not a
/// timing-friendly core (the library's AES cores are in Aes/).
/// <para>
/// The round keys are read only above the key load, so a cycle never reads a round key written in
/// it (the VHDL reads the register file's signal directly, without copying it).
/// </para>
/// </summary>
public sealed class Aes256CbcCore : ClockedProcess
{
    [InputBus] public ICbcControl Control = null!;
    [InputBus] public ICbcData Input = null!;
    [OutputBus] public ICbcResult Output = Bus.Create<ICbcResult>();

    /// <summary>Round keys 0..14 of the loaded key.</summary>
    readonly UInt128[] roundKeys = new UInt128[AesMath.MaxRounds + 1];
    /// <summary>The chaining value: the IV, then the last ciphertext.</summary>
    UInt128 chain;

    protected override void OnTick()
    {
        Output.DataReady = false;
        if (Control.DataReady && !Control.LoadKey)
        {
            UInt128 state = new UInt128(Input.Data0, Input.Data1) ^ chain ^ roundKeys[0];
            for (int round = 1; round < AesMath.MaxRounds; round++)
                state = TableRound(state, roundKeys[round]);
            state = AesMath.FinalRound(state, roundKeys[AesMath.MaxRounds]);
            chain = state;
            Output.Data0 = (ulong)(state >> 64);
            Output.Data1 = (ulong)state;
            Output.DataReady = true;
        }
        if (Control.LoadKey)
        {
            // Window r of the key schedule is (round key r, round key r + 1); window 0 is the key.
            UInt128 high = new UInt128(Input.Key0, Input.Key1);
            UInt128 low = new UInt128(Input.Key2, Input.Key3);
            roundKeys[0] = high;
            roundKeys[1] = low;
            for (int window = 0; window < AesMath.MaxRounds - 1; window++)
            {
                UInt128 next = AesMath.NextWindowLow(high, low, window, AesMath.KeySize256);
                roundKeys[window + 2] = next;
                high = low;
                low = next;
            }
            chain = new UInt128(Input.Data0, Input.Data1);
        }
    }

    /// <summary>
    /// A middle round as SME's example writes it: per output column the xor of four T-table reads
    /// (T0..T3, one per row of the diagonal), then AddRoundKey. The library's LUT cores compute the
    /// same function from the S-box (<see cref="AesMath.TableColumn"/>); here the tables stay, as
    /// this design is about simulation speed.
    /// </summary>
    static UInt128 TableRound(UInt128 state, UInt128 roundKey)
    {
        uint s0 = AesMath.Column0(state);
        uint s1 = AesMath.Column1(state);
        uint s2 = AesMath.Column2(state);
        uint s3 = AesMath.Column3(state);
        return AesMath.FromColumns(TableColumn(s0, s1, s2, s3), TableColumn(s1, s2, s3, s0), TableColumn(s2, s3, s0, s1), TableColumn(s3, s0, s1, s2)) ^ roundKey;
    }

    static uint TableColumn(uint a, uint b, uint c, uint d) =>
        AesMath.T0[AesMath.Row0(a)] ^ AesMath.T1[AesMath.Row1(b)] ^ AesMath.T2[AesMath.Row2(c)] ^ AesMath.T3[AesMath.Row3(d)];
}
