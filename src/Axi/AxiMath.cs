using System.Numerics;
using System.Runtime.CompilerServices;

namespace Crypto.Axi;

/// <summary>Bit and byte helpers of the wrapper processes (hardware C#: static, scalar in, scalar out).</summary>
public static class AxiMath
{
    /// <summary>
    /// The number of bytes a TKEEP value marks when it is a contiguous run from lane 0 (0x00, 0x01,
    /// 0x03, ... 0xFF), or 0xFF when it is not.
    /// </summary>
    public static byte KeepBytes(byte keep)
    {
        byte bytes = 0xFF;
        for (int n = 0; n <= 8; n++)
            if (keep == (byte)((1 << n) - 1)) bytes = (byte)n;
        return bytes;
    }

    /// <summary>
    /// TKEEP of the beat that closes an output packet cut by a soft reset: one byte (zero), with TLAST
    /// (docs/axi.md, "Soft reset"). A beat of one byte rather than a null beat (TKEEP 0), which the AXI
    /// DMA does not take; software finds the packet's real bytes as the received length minus one.
    /// </summary>
    public const byte ClosingBeatKeep = 0x01;

    /// <summary>TKEEP for the first <paramref name="bytes"/> lanes of a beat (8 or more: all lanes).</summary>
    public static byte KeepOf(byte bytes) => bytes >= 8 ? (byte)0xFF : (byte)((1 << bytes) - 1);

    /// <summary>A mask of the low <paramref name="bytes"/> bytes of a 64-bit beat (8 or more: all).</summary>
    public static ulong LowBytesMask(byte bytes) => bytes >= 8 ? ulong.MaxValue : (1UL << (8 * bytes)) - 1;

    /// <summary>The 16 bytes of a block in reverse order (stream byte order to and from big-endian).</summary>
    public static UInt128 ReverseBytes(UInt128 x)
    {
        UInt128 r = 0;
        for (int i = 0; i < 16; i++)
            r |= ((x >> (8 * i)) & 0xFF) << (8 * (15 - i));
        return r;
    }

    /// <summary>Writes the bytes of <paramref name="data"/> whose strobe bit is set over <paramref name="old"/>.</summary>
    public static uint MergeStrobes(uint old, uint data, byte strobes)
    {
        uint mask = 0;
        for (int i = 0; i < 4; i++)
            if (((strobes >> i) & 1) != 0) mask |= 0xFFu << (8 * i);
        return (old & ~mask) | (data & mask);
    }

    /// <summary>A 128-bit value from four 32-bit words, word 0 in the low bits.</summary>
    public static UInt128 Words(uint w0, uint w1, uint w2, uint w3) =>
        new UInt128(((ulong)w3 << 32) | w2, ((ulong)w1 << 32) | w0);
}

/// <summary>
/// The shape of a stream beat of <typeparamref name="W"/> (<see cref="IAxiStreamBeat{W}"/>: ulong for
/// 64-bit streams, uint for 32-bit) against the wrapper's 16-byte blocks (hardware C#: constants per
/// instantiation).
/// </summary>
public static class AxiBeat<W> where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
{
    /// <summary>Byte lanes of a beat: 8 or 4.</summary>
    public static readonly int Bytes = Unsafe.SizeOf<W>();
    /// <summary>Bits of TDATA: 64 or 32.</summary>
    public static readonly int Bits = 8 * Unsafe.SizeOf<W>();
    /// <summary>
    /// Where each beat of a whole 16-byte block goes in the block: bit offset of beat i (0, 64; or
    /// 0, 32, 64, 96). Its Length is the beats of a whole block, 2 or 4 (a loop bound).
    /// </summary>
    public static readonly int[] BeatOffsets = [.. Enumerable.Range(0, 16 / Unsafe.SizeOf<W>()).Select(i => 8 * Unsafe.SizeOf<W>() * i)];
}
