using Crypto.Streams;
using Hdl;

namespace Crypto.ChaCha;

/// <summary>
/// Poly1305 one 16-byte block per clock: adds the block to the accumulator, multiplies by r and
/// reduces (five 26-bit limbs, <see cref="Poly1305Math"/>) at every edge it takes a word; a
/// message's final accumulator and s are registered, and at the next edge the final reduction and the
/// addition of s give the tag (latency 2: the final reduction's carry chains are not behind the
/// multiply's). Messages follow each other with no gap: the accumulator restarts from zero on a
/// message's first word.
/// </summary>
public sealed class Poly1305BlockStage : ClockedProcess
{
    [InputBus] public IPoly1305In Input = null!;
    /// <summary>Enable from <see cref="PipelineControl"/>: the tag register is free or being taken.</summary>
    [InputBus] public IReady Advance = null!;
    [OutputBus] public IPoly1305Out Output = Bus.Create<IPoly1305Out>();

    bool inMessage;
    uint h0, h1, h2, h3, h4;
    uint r0, r1, r2, r3, r4;
    UInt128 s;
    /// <summary>A message's final word was taken at the last edge: its accumulator and s wait for the tag.</summary>
    bool finalValid;
    uint f0, f1, f2, f3, f4;
    UInt128 finalS;

    protected override void OnTick()
    {
        if (Advance.Ready)
        {
            Output.Valid = finalValid;
            if (finalValid)
            {
                Output.Tag = Poly1305Math.Tag(f0, f1, f2, f3, f4, finalS);
                Output.Last = true;
            }
            bool take = Input.Valid;
            finalValid = take && Input.Last;
            if (take)
            {
                uint x0 = h0, x1 = h1, x2 = h2, x3 = h3, x4 = h4;
                uint q0 = r0, q1 = r1, q2 = r2, q3 = r3, q4 = r4;
                UInt128 keyS = s;
                if (!inMessage)
                {
                    UInt128 r = Poly1305Math.Clamp(Input.KeyR);
                    q0 = Poly1305Math.Limb(r, 0);
                    q1 = Poly1305Math.Limb(r, 1);
                    q2 = Poly1305Math.Limb(r, 2);
                    q3 = Poly1305Math.Limb(r, 3);
                    q4 = Poly1305Math.Limb(r, 4);
                    keyS = Input.KeyS;
                    x0 = 0;
                    x1 = 0;
                    x2 = 0;
                    x3 = 0;
                    x4 = 0;
                }
                byte byteCount = Input.ByteCount;
                if (byteCount != 0)
                {
                    UInt128 block = Poly1305Math.PadBlock(Input.Block, byteCount);
                    uint a0 = Poly1305Math.AddBlockLimb(x0, block, byteCount, 0);
                    uint a1 = Poly1305Math.AddBlockLimb(x1, block, byteCount, 1);
                    uint a2 = Poly1305Math.AddBlockLimb(x2, block, byteCount, 2);
                    uint a3 = Poly1305Math.AddBlockLimb(x3, block, byteCount, 3);
                    uint a4 = Poly1305Math.AddBlockLimb(x4, block, byteCount, 4);
                    ulong d0 = Poly1305Math.ProductLimb(a0, a1, a2, a3, a4, q0, q1, q2, q3, q4, 0);
                    ulong d1 = Poly1305Math.ProductLimb(a0, a1, a2, a3, a4, q0, q1, q2, q3, q4, 1);
                    ulong d2 = Poly1305Math.ProductLimb(a0, a1, a2, a3, a4, q0, q1, q2, q3, q4, 2);
                    ulong d3 = Poly1305Math.ProductLimb(a0, a1, a2, a3, a4, q0, q1, q2, q3, q4, 3);
                    ulong d4 = Poly1305Math.ProductLimb(a0, a1, a2, a3, a4, q0, q1, q2, q3, q4, 4);
                    x0 = Poly1305Math.CarriedLimb(d0, d1, d2, d3, d4, 0);
                    x1 = Poly1305Math.CarriedLimb(d0, d1, d2, d3, d4, 1);
                    x2 = Poly1305Math.CarriedLimb(d0, d1, d2, d3, d4, 2);
                    x3 = Poly1305Math.CarriedLimb(d0, d1, d2, d3, d4, 3);
                    x4 = Poly1305Math.CarriedLimb(d0, d1, d2, d3, d4, 4);
                }
                if (Input.Last)
                {
                    f0 = x0;
                    f1 = x1;
                    f2 = x2;
                    f3 = x3;
                    f4 = x4;
                    finalS = keyS;
                }
                inMessage = !Input.Last;
                h0 = x0;
                h1 = x1;
                h2 = x2;
                h3 = x3;
                h4 = x4;
                r0 = q0;
                r1 = q1;
                r2 = q2;
                r3 = q3;
                r4 = q4;
                s = keyS;
            }
        }
    }
}
