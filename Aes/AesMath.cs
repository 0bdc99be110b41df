namespace Crypto.Aes;

/// <summary>
/// The AES arithmetic shared by the software model and the hardware processes, on 128-bit blocks.
/// A block is big-endian: byte 0 of the FIPS-197 byte sequence is the most significant byte of the
/// <see cref="UInt128"/>, and column c of the state is the 32-bit word of bytes 4c..4c+3 (row 0 in
/// the top byte of the word).
/// <para>
/// Every method here is in the hardware C# subset. The tables are computed once, at type
/// initialisation, from the GF(2^8) arithmetic below (the LINQ in the field initialisers runs in C#
/// only; hardware sees the resulting constants).
/// </para>
/// </summary>
public static class AesMath
{
    /// <summary>Number of rounds of AES-128.</summary>
    public const int Rounds128 = 10;

    /// <summary>The AES S-box: SubBytes of every byte value.</summary>
    public static readonly byte[] SBox = [.. Enumerable.Range(0, 256).Select(x => SubByteByArithmetic((byte)x))];

    /// <summary>
    /// T-table of row 0: the column (2·S[x], S[x], S[x], 3·S[x]), that is SubBytes followed by
    /// MixColumns of a column whose only non-zero byte is x in row 0.
    /// </summary>
    public static readonly uint[] T0 = [.. Enumerable.Range(0, 256).Select(x => MixedColumnOfRow0(SBox[x]))];
    /// <summary>T-table of row 1: <see cref="T0"/> rotated right by one byte.</summary>
    public static readonly uint[] T1 = [.. T0.Select(t => uint.RotateRight(t, 8))];
    /// <summary>T-table of row 2: <see cref="T0"/> rotated right by two bytes.</summary>
    public static readonly uint[] T2 = [.. T0.Select(t => uint.RotateRight(t, 16))];
    /// <summary>T-table of row 3: <see cref="T0"/> rotated right by three bytes.</summary>
    public static readonly uint[] T3 = [.. T0.Select(t => uint.RotateRight(t, 24))];

    /// <summary>Round constants: Rcon[i] = x^(i-1) in GF(2^8) for rounds i = 1..10 (Rcon[0] is unused, 0).</summary>
    public static readonly byte[] Rcon = [.. Enumerable.Range(0, Rounds128 + 1).Select(i => RoundConstant((byte)i))];

    // ---- GF(2^8) arithmetic, modulo x^8 + x^4 + x^3 + x + 1 ----

    /// <summary>Multiplication by x (the FIPS-197 xtime).</summary>
    public static byte Xtime(byte a)
    {
        byte shifted = (byte)(a << 1);
        return (a & 0x80) != 0 ? (byte)(shifted ^ 0x1b) : shifted;
    }

    /// <summary>Product of two field elements (shift-and-add).</summary>
    public static byte GfMultiply(byte a, byte b)
    {
        byte product = 0;
        byte power = a;
        for (int bit = 0; bit < 8; bit++)
        {
            if (((b >> bit) & 1) != 0) product ^= power;
            power = Xtime(power);
        }
        return product;
    }

    /// <summary>Multiplicative inverse, a^254 (0 maps to 0), by square-and-multiply over the bits of 254.</summary>
    public static byte GfInverse(byte a)
    {
        byte result = 1;
        for (int i = 0; i < 8; i++)
        {
            result = GfMultiply(result, result);
            if (((254 >> (7 - i)) & 1) != 0) result = GfMultiply(result, a);
        }
        return result;
    }

    /// <summary>SubBytes of one byte from its definition: inverse in GF(2^8), then the affine map.</summary>
    public static byte SubByteByArithmetic(byte x)
    {
        byte b = GfInverse(x);
        int rotated1 = (b << 1) | (b >> 7);
        int rotated2 = (b << 2) | (b >> 6);
        int rotated3 = (b << 3) | (b >> 5);
        int rotated4 = (b << 4) | (b >> 4);
        return (byte)(b ^ rotated1 ^ rotated2 ^ rotated3 ^ rotated4 ^ 0x63);
    }

    /// <summary>Round constant of round <paramref name="round"/> (1..10): x^(round-1); 0 for round 0.</summary>
    public static byte RoundConstant(byte round)
    {
        byte power = 1;
        for (int i = 1; i < Rounds128; i++)
            if (i < round) power = Xtime(power);
        return round == 0 ? (byte)0 : power;
    }

    /// <summary>The MixColumns image of the column (s, 0, 0, 0): (2s, s, s, 3s) as a big-endian word.</summary>
    public static uint MixedColumnOfRow0(byte s)
    {
        byte twice = Xtime(s);
        byte thrice = (byte)(twice ^ s);
        return ((uint)twice << 24) | ((uint)s << 16) | ((uint)s << 8) | thrice;
    }

    // ---- Blocks and columns ----

    /// <summary>Column 0 (bytes 0..3) of a block.</summary>
    public static uint Column0(UInt128 block) => (uint)((ulong)(block >> 64) >> 32);
    /// <summary>Column 1 (bytes 4..7) of a block.</summary>
    public static uint Column1(UInt128 block) => (uint)(ulong)(block >> 64);
    /// <summary>Column 2 (bytes 8..11) of a block.</summary>
    public static uint Column2(UInt128 block) => (uint)((ulong)block >> 32);
    /// <summary>Column 3 (bytes 12..15) of a block.</summary>
    public static uint Column3(UInt128 block) => (uint)(ulong)block;

    /// <summary>The block made of four columns, column 0 in the most significant bits.</summary>
    public static UInt128 FromColumns(uint c0, uint c1, uint c2, uint c3) =>
        new UInt128(((ulong)c0 << 32) | c1, ((ulong)c2 << 32) | c3);

    /// <summary>AddRoundKey.</summary>
    public static UInt128 AddRoundKey(UInt128 state, UInt128 roundKey) => state ^ roundKey;

    /// <summary>
    /// One output column of a middle round through the T-tables: SubBytes, ShiftRows and MixColumns of
    /// the diagonal starting at column <c>a</c> (row r taken from the column r places to the right).
    /// </summary>
    public static uint RoundColumn(uint a, uint b, uint c, uint d) =>
        T0[(byte)(a >> 24)] ^ T1[(byte)(b >> 16)] ^ T2[(byte)(c >> 8)] ^ T3[(byte)d];

    /// <summary>One output column of the final round: SubBytes and ShiftRows of a diagonal, no MixColumns.</summary>
    public static uint FinalRoundColumn(uint a, uint b, uint c, uint d) =>
        ((uint)SBox[(byte)(a >> 24)] << 24) | ((uint)SBox[(byte)(b >> 16)] << 16) |
        ((uint)SBox[(byte)(c >> 8)] << 8) | SBox[(byte)d];

    /// <summary>A middle round (1..9): SubBytes, ShiftRows, MixColumns, AddRoundKey.</summary>
    public static UInt128 Round(UInt128 state, UInt128 roundKey)
    {
        uint s0 = Column0(state);
        uint s1 = Column1(state);
        uint s2 = Column2(state);
        uint s3 = Column3(state);
        UInt128 mixed = FromColumns(
            RoundColumn(s0, s1, s2, s3),
            RoundColumn(s1, s2, s3, s0),
            RoundColumn(s2, s3, s0, s1),
            RoundColumn(s3, s0, s1, s2));
        return mixed ^ roundKey;
    }

    /// <summary>The final round (10): SubBytes, ShiftRows, AddRoundKey.</summary>
    public static UInt128 FinalRound(UInt128 state, UInt128 roundKey)
    {
        uint s0 = Column0(state);
        uint s1 = Column1(state);
        uint s2 = Column2(state);
        uint s3 = Column3(state);
        UInt128 substituted = FromColumns(
            FinalRoundColumn(s0, s1, s2, s3),
            FinalRoundColumn(s1, s2, s3, s0),
            FinalRoundColumn(s2, s3, s0, s1),
            FinalRoundColumn(s3, s0, s1, s2));
        return substituted ^ roundKey;
    }

    /// <summary>SubWord: the S-box applied to each byte of a word.</summary>
    public static uint SubWord(uint word) =>
        ((uint)SBox[(byte)(word >> 24)] << 24) | ((uint)SBox[(byte)(word >> 16)] << 16) |
        ((uint)SBox[(byte)(word >> 8)] << 8) | SBox[(byte)word];

    /// <summary>RotWord: the word's bytes rotated one place towards the most significant end.</summary>
    public static uint RotWord(uint word) => uint.RotateLeft(word, 8);

    /// <summary>
    /// One step of the AES-128 key expansion: the round key of round i from the round key of round
    /// i-1 and Rcon[i]. Round key 0 is the cipher key.
    /// </summary>
    public static UInt128 NextRoundKey128(UInt128 roundKey, byte rcon)
    {
        uint w0 = Column0(roundKey);
        uint w1 = Column1(roundKey);
        uint w2 = Column2(roundKey);
        uint w3 = Column3(roundKey);
        uint n0 = w0 ^ SubWord(RotWord(w3)) ^ ((uint)rcon << 24);
        uint n1 = w1 ^ n0;
        uint n2 = w2 ^ n1;
        uint n3 = w3 ^ n2;
        return FromColumns(n0, n1, n2, n3);
    }
}
