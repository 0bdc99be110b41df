namespace Crypto.ChaCha;

/// <summary>
/// The ChaCha20 arithmetic (RFC 8439) shared by the software model and the hardware processes.
/// <para>
/// The 4x4 state of 32-bit words is held as four <b>columns</b> of 128 bits: column k packs the
/// words k, 4+k, 8+k and 12+k of RFC 8439's state, lane 0 (word k) in the least significant 32 bits.
/// A column round is then a quarter round on each column, and a diagonal is a
/// <see cref="Gather"/> of one lane from each column (pure wiring in hardware). Byte strings (key,
/// nonce, data, keystream) are little-endian: byte 0 is the least significant byte of a
/// <see cref="UInt128"/>, so 16 bytes are four words, word 0 in lane 0.
/// </para>
/// Every method here is in the hardware C# subset.
/// </summary>
public static class ChaChaMath
{
    /// <summary>Rounds of ChaCha20 (10 double rounds: a column round and a diagonal round each).</summary>
    public const int Rounds = 20;
    /// <summary>Double rounds of ChaCha20.</summary>
    public const int DoubleRounds = 10;
    /// <summary>Bytes of one keystream block.</summary>
    public const int BlockBytes = 64;

    /// <summary>The constant row "expand 32-byte k": words 0..3 of the state.</summary>
    public static readonly uint[] Sigma = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574];

    /// <summary>Lane <paramref name="lane"/> (0..3) of a packed column or row.</summary>
    public static uint Lane(UInt128 x, int lane) => (uint)(x >> (32 * lane));
    /// <summary>Lane 0 (the least significant word) of a packed column or row.</summary>
    public static uint Lane0(UInt128 x) => (uint)x;
    /// <summary>Lane 1 of a packed column or row.</summary>
    public static uint Lane1(UInt128 x) => (uint)(x >> 32);
    /// <summary>Lane 2 of a packed column or row.</summary>
    public static uint Lane2(UInt128 x) => (uint)(x >> 64);
    /// <summary>Lane 3 (the most significant word) of a packed column or row.</summary>
    public static uint Lane3(UInt128 x) => (uint)(x >> 96);

    /// <summary>Four words packed, <paramref name="lane0"/> least significant.</summary>
    public static UInt128 Pack(uint lane0, uint lane1, uint lane2, uint lane3) =>
        new UInt128(((ulong)lane3 << 32) | lane2, ((ulong)lane1 << 32) | lane0);

    /// <summary>
    /// The ChaCha quarter round (RFC 8439 §2.1) on a packed (a, b, c, d): lanes 0..3 are a..d.
    /// </summary>
    public static UInt128 QuarterRound(UInt128 abcd)
    {
        uint a = Lane0(abcd), b = Lane1(abcd), c = Lane2(abcd), d = Lane3(abcd);
        a += b; d ^= a; d = uint.RotateLeft(d, 16);
        c += d; b ^= c; b = uint.RotateLeft(b, 12);
        a += b; d ^= a; d = uint.RotateLeft(d, 8);
        c += d; b ^= c; b = uint.RotateLeft(b, 7);
        return Pack(a, b, c, d);
    }

    /// <summary>
    /// Lane 0 of <paramref name="p"/>, lane 1 of <paramref name="q"/>, lane 2 of <paramref name="r"/>
    /// and lane 3 of <paramref name="s"/>. Diagonal k of the state is Gather(c_k, c_k+1, c_k+2, c_k+3)
    /// (indices mod 4), and after the diagonal quarter rounds column k is Gather(d_k, d_k-1, d_k-2, d_k-3).
    /// </summary>
    public static UInt128 Gather(UInt128 p, UInt128 q, UInt128 r, UInt128 s) =>
        Pack(Lane0(p), Lane1(q), Lane2(r), Lane3(s));

    /// <summary>Lane-wise 32-bit addition (the feed-forward of the block function).</summary>
    public static UInt128 AddLanes(UInt128 x, UInt128 y) =>
        Pack(Lane0(x) + Lane0(y), Lane1(x) + Lane1(y), Lane2(x) + Lane2(y), Lane3(x) + Lane3(y));

    /// <summary>
    /// Column <paramref name="column"/> (0..3) of the initial state: the constant word, key words
    /// k and 4+k (from <paramref name="key0"/> = key bytes 0..15 and <paramref name="key1"/> = bytes
    /// 16..31), and lane k of <paramref name="counterNonce"/> (lane 0 the block counter, lanes 1..3
    /// the nonce words).
    /// </summary>
    public static UInt128 InitialColumn(UInt128 key0, UInt128 key1, UInt128 counterNonce, int column) =>
        Pack(Sigma[column], Lane(key0, column), Lane(key1, column), Lane(counterNonce, column));

    /// <summary>State words 12..15: the block counter, then the 96-bit nonce (bytes 0..11, little-endian).</summary>
    public static UInt128 CounterNonce(uint counter, UInt128 nonce) => (nonce << 32) | counter;

    /// <summary>
    /// Row <paramref name="row"/> (0..3) of the state held as columns: words 4·row..4·row+3, that is
    /// keystream bytes 16·row..16·row+15 in the byte order of a data word.
    /// </summary>
    public static UInt128 Row(UInt128 c0, UInt128 c1, UInt128 c2, UInt128 c3, int row) =>
        Pack(Lane(c0, row), Lane(c1, row), Lane(c2, row), Lane(c3, row));

    /// <summary>
    /// Mask of the bytes of data word <paramref name="row"/> (bytes 16·row..16·row+15 of a 64-byte
    /// block) that lie within the first <paramref name="byteCount"/> bytes of the block.
    /// </summary>
    public static UInt128 KeepMask(byte byteCount, int row)
    {
        int keep = byteCount - 16 * row;
        UInt128 none = 0;
        if (keep <= 0) return none;
        if (keep >= 16) return ~none;
        UInt128 one = 1;
        return (one << (8 * keep)) - one;
    }
}
