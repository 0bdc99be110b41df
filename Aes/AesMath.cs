namespace Crypto.Aes;

/// <summary>
/// The AES arithmetic shared by the software model and the hardware processes, on 128-bit blocks,
/// for 128-, 192- and 256-bit keys, encryption and decryption (the equivalent inverse cipher of
/// FIPS-197 5.3.5: see docs/aes.md).
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
    /// <summary>Most rounds of any key size (AES-256): pipelines have a stage for each round up to this.</summary>
    public const int MaxRounds = 14;
    /// <summary>Key size code of a 128-bit key (the KeySize sideband; 192 is 1, 256 is 2).</summary>
    public const byte KeySize128 = 0;
    public const byte KeySize192 = 1;
    public const byte KeySize256 = 2;

    /// <summary>The AES S-box: SubBytes of every byte value.</summary>
    public static readonly byte[] SBox = [.. Enumerable.Range(0, 256).Select(x => SubByteByArithmetic((byte)x))];
    /// <summary>The inverse S-box (InvSubBytes).</summary>
    public static readonly byte[] InvSBox = [.. Enumerable.Range(0, 256).Select(x => (byte)Array.IndexOf(SBox, (byte)x))];

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

    /// <summary>
    /// Inverse T-table of row 0: (14·Si[x], 9·Si[x], 13·Si[x], 11·Si[x]), InvSubBytes followed by
    /// InvMixColumns of a column whose only non-zero byte is x in row 0.
    /// </summary>
    public static readonly uint[] Td0 = [.. Enumerable.Range(0, 256).Select(x => InvMixColumn((uint)InvSBox[x] << 24))];
    public static readonly uint[] Td1 = [.. Td0.Select(t => uint.RotateRight(t, 8))];
    public static readonly uint[] Td2 = [.. Td0.Select(t => uint.RotateRight(t, 16))];
    public static readonly uint[] Td3 = [.. Td0.Select(t => uint.RotateRight(t, 24))];

    /// <summary>Round constants: Rcon[i] = x^(i-1) in GF(2^8) for rounds i = 1..10 (Rcon[0] is unused, 0).</summary>
    public static readonly byte[] Rcon = [.. Enumerable.Range(0, Rounds128 + 1).Select(i => RoundConstant((byte)i))];

    /// <summary>
    /// How key-schedule word i is made, for key size code k, at index k·128 + i (FIPS-197 5.2; code 3 is no key size and gives 0):
    /// 0 copy of the key (i &lt; Nk), 1 w[i-1] ^ w[i-Nk], 2 with SubWord(RotWord) and Rcon (i mod Nk = 0),
    /// 3 with SubWord only (Nk = 8, i mod 8 = 4).
    /// </summary>
    public static readonly byte[] KeyWordKind = [.. Enumerable.Range(0, 512).Select(n => KindOfKeyWord(n >> 7, n & 127))];
    /// <summary>The Rcon byte that goes with key-schedule word i (k·128 + i), 0 where none is added.</summary>
    public static readonly byte[] KeyWordRcon = [.. Enumerable.Range(0, 512).Select(n =>
        KindOfKeyWord(n >> 7, n & 127) == 2 ? PowerOfX((n & 127) / KeyWords(n >> 7) - 1) : (byte)0)];

    /// <summary>
    /// The one word j (0..3) of the window step after window r (words w[4r+8 .. 4r+11]) that goes
    /// through the S-box, at index k·16 + r for key size code k and r = 0..15: 4 when none does; plus
    /// 8 when it takes SubWord alone (Nk = 8, i mod 8 = 4). At most one word of four does, as Nk &gt;= 4.
    /// </summary>
    public static readonly byte[] StepSubstitution = [.. Enumerable.Range(0, 64).Select(n => SubstitutionOfStep(n >> 4, n & 15))];
    /// <summary>The Rcon byte of the substituted word of the step (k·16 + r), 0 where none is added.</summary>
    public static readonly byte[] StepRcon = [.. Enumerable.Range(0, 64).Select(n =>
        Enumerable.Range(0, 4).Select(j => KeyWordRcon[(n >> 4) * 128 + 4 * (n & 15) + 8 + j]).Aggregate((byte)0, (x, y) => (byte)(x | y)))];

    static byte SubstitutionOfStep(int keySize, int round)
    {
        for (int j = 0; j < 4; j++)
        {
            byte kind = KindOfKeyWord(keySize, 4 * round + 8 + j);
            if (kind >= 2) return (byte)(j | (kind == 3 ? 8 : 0));
        }
        return 4;
    }

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

    static byte PowerOfX(int exponent)
    {
        byte power = 1;
        for (int i = 0; i < exponent; i++) power = Xtime(power);
        return power;
    }

    /// <summary>The MixColumns image of the column (s, 0, 0, 0): (2s, s, s, 3s) as a big-endian word.</summary>
    public static uint MixedColumnOfRow0(byte s)
    {
        byte twice = Xtime(s);
        byte thrice = (byte)(twice ^ s);
        return ((uint)twice << 24) | ((uint)s << 16) | ((uint)s << 8) | thrice;
    }

    // ---- Key sizes ----

    /// <summary>Nk: the key length in 32-bit words (4, 6, 8) of key size code 0, 1, 2.</summary>
    public static int KeyWords(int keySize) => 4 + 2 * keySize;

    /// <summary>
    /// Nr: the number of rounds (10, 12, 14) of key size code 0, 1, 2 (code 3, no key size, is taken as
    /// 2). A choice of three constants, not 10 + 2 * keySize: synthesis maps an adder to a carry chain,
    /// through which neither GHDL nor yosys sees that Nr is one of three values.
    /// </summary>
    public static byte RoundsOf(byte keySize) =>
        keySize == KeySize128 ? (byte)Rounds128 : keySize == KeySize192 ? (byte)(Rounds128 + 2) : (byte)MaxRounds;

    /// <summary>
    /// Whether step <paramref name="round"/> is the final round of a block of key size code
    /// <paramref name="keySize"/> (<c>round == RoundsOf(keySize)</c>), written as a test of the key size
    /// against a constant chosen by the round: in a pipeline stage the round is an instance constant,
    /// so synthesis folds the test where no key size ends there. Compared with Nr computed as
    /// 10 + 2 · keySize (an adder on the run-time key size), yosys could not see that, and kept a dead
    /// final round in rounds 2, 4, 6 and 8 of every build for all key sizes (docs/aes.md, "One final
    /// round per pipeline").
    /// </summary>
    public static bool IsFinalRound(int round, byte keySize) =>
        round == Rounds128 ? keySize == KeySize128
        : round == Rounds128 + 2 ? keySize == KeySize192
        : round == MaxRounds && keySize >= KeySize256;

    /// <summary>
    /// Whether step <paramref name="round"/> lies above the last round of a block of key size code
    /// <paramref name="keySize"/> (<c>round &gt; RoundsOf(keySize)</c>; the step passes the state), written
    /// like <see cref="IsFinalRound"/> so that it folds to false in rounds every key size has.
    /// </summary>
    public static bool IsPastLastRound(int round, byte keySize) => HasAtMostRounds(keySize, round - 1);

    /// <summary>
    /// Whether a key of size code <paramref name="keySize"/> has at most <paramref name="rounds"/> rounds
    /// (<c>RoundsOf(keySize) &lt;= rounds</c>), written as tests of the key size against constants chosen
    /// by <paramref name="rounds"/>, which synthesis folds where that is an instance constant.
    /// </summary>
    public static bool HasAtMostRounds(byte keySize, int rounds) =>
        rounds >= MaxRounds
        || (rounds >= Rounds128 + 2 ? keySize == KeySize128 || keySize == KeySize192 : rounds >= Rounds128 && keySize == KeySize128);

    /// <summary>
    /// How many stages a block of key size code <paramref name="keySize"/> passes unchanged after stage 0
    /// of a held-key pipeline whose last stage is <paramref name="lastStep"/>: <c>lastStep - Nr</c>
    /// (4 for AES-128 and 2 for AES-192 in a build for every key size, 0 in a build for one), as a
    /// choice of constants.
    /// </summary>
    public static byte StageShift(byte keySize, int lastStep) =>
        keySize == KeySize128 ? (byte)(lastStep - Rounds128)
        : keySize == KeySize192 ? (byte)(lastStep - Rounds128 - 2)
        : (byte)(lastStep - MaxRounds);

    /// <summary>
    /// Whether stage <paramref name="stage"/> of a held-key pipeline whose last stage is
    /// <paramref name="lastStep"/> passes a block of key size code <paramref name="keySize"/> unchanged.
    /// Every block's rounds end at the last stage, so its final round is always there: stage 0 is the
    /// initial AddRoundKey, stages 1 .. lastStep - Nr pass the state, and stage s after them does round
    /// s - (lastStep - Nr). Folds to a constant wherever the stage rules out a key size.
    /// </summary>
    public static bool StagePasses(int stage, int lastStep, byte keySize) => stage >= 1 && HasAtMostRounds(keySize, lastStep - stage);

    /// <summary>
    /// The key-size setting of a build that takes all three key sizes, each block's KeySize deciding
    /// at run time (otherwise a build's setting is the one key size code it is built for).
    /// </summary>
    public const int AnyKeySize = -1;

    /// <summary>The key size code a block is processed with: the build's one size, or the block's own.</summary>
    public static byte KeySizeIn(int build, byte blockKeySize) => build == AnyKeySize ? blockKeySize : (byte)build;

    /// <summary>The part of a key beyond its first 128 bits that a build compares and expands: none in an AES-128 build.</summary>
    public static UInt128 KeyLowIn(int build, UInt128 keyLow) => build == KeySize128 ? 0 : keyLow;

    /// <summary>The 16-bit parts of a key a core compares: 8 of KeyHigh, 8 of KeyLow, and the key size as one more.</summary>
    public const int KeyParts = 17;
    /// <summary>Every bit of <see cref="KeyPartMatches"/> set: the key is the held one.</summary>
    public const uint AllKeyParts = (1u << KeyParts) - 1;

    /// <summary>
    /// Which parts of a key (high, low, size) equal the held key's, through the build's key size on
    /// both sides: bit i (0..7) for bits 16i..16i+15 of KeyHigh, 8..15 likewise of KeyLow, 16 for the
    /// key size. In an AES-128 build the KeyLow and size parts always match. A 16-bit compare is two
    /// LUT levels, so a core registers these bits and ANDs them at the next clock instead of comparing
    /// 258 bits in one (<see cref="AesInputRegister"/>).
    /// </summary>
    public static uint KeyPartMatches(int build, UInt128 high, UInt128 low, byte size, UInt128 heldHigh, UInt128 heldLow, byte heldSize)
    {
        UInt128 offeredLow = KeyLowIn(build, low), keptLow = KeyLowIn(build, heldLow);
        uint matches = KeySizeIn(build, size) == KeySizeIn(build, heldSize) ? 1u << (KeyParts - 1) : 0;
        for (int part = 0; part < 8; part++)
        {
            if ((ushort)(high >> (16 * part)) == (ushort)(heldHigh >> (16 * part))) matches |= 1u << part;
            if ((ushort)(offeredLow >> (16 * part)) == (ushort)(keptLow >> (16 * part))) matches |= 1u << (8 + part);
        }
        return matches;
    }

    /// <summary>The last step of a build's pipelines: Nr of its key size, or that of AES-256 when it takes all three.</summary>
    public static int LastStepOf(int build) => build == AnyKeySize ? MaxRounds : RoundsOf((byte)build);

    /// <summary>
    /// Whether some block of the build passes stage <paramref name="stage"/> of a held-key pipeline
    /// unchanged (<see cref="StagePasses"/>): in a build for every key size, stages 1 .. 4, which a block
    /// of fewer than 14 rounds passes before its rounds begin; in a build for one key size none.
    /// </summary>
    public static bool SomeBlockPasses(int stage, int build) =>
        stage >= 1 && stage <= LastStepOf(build) - (build == AnyKeySize ? Rounds128 : RoundsOf((byte)build));

    static byte KindOfKeyWord(int keySize, int i)
    {
        int nk = KeyWords(keySize);
        if (keySize > 2) return 0;
        if (i < nk) return 0;
        if (i % nk == 0) return 2;
        if (nk == 8 && i % nk == 4) return 3;
        return 1;
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

    /// <summary>Column (word) <paramref name="index"/> 0..3 of a block.</summary>
    public static uint Column(UInt128 block, int index) => (uint)(block >> (96 - 32 * (index & 3)));

    /// <summary>The block made of four columns, column 0 in the most significant bits.</summary>
    public static UInt128 FromColumns(uint c0, uint c1, uint c2, uint c3) =>
        new UInt128(((ulong)c0 << 32) | c1, ((ulong)c2 << 32) | c3);

    /// <summary>AddRoundKey.</summary>
    public static UInt128 AddRoundKey(UInt128 state, UInt128 roundKey) => state ^ roundKey;

    /// <summary>Byte <paramref name="row"/> (0 = most significant) of a column.</summary>
    public static byte Row(uint column, int row) => (byte)(column >> (24 - 8 * row));
    /// <summary>Row 0 (the most significant byte) of a column.</summary>
    public static byte Row0(uint column) => (byte)(column >> 24);
    /// <summary>Row 1 of a column.</summary>
    public static byte Row1(uint column) => (byte)(column >> 16);
    /// <summary>Row 2 of a column.</summary>
    public static byte Row2(uint column) => (byte)(column >> 8);
    /// <summary>Row 3 (the least significant byte) of a column.</summary>
    public static byte Row3(uint column) => (byte)column;

    // ---- Round pieces, S-box form ----

    /// <summary>
    /// One output column of SubBytes+ShiftRows (or InvSubBytes+InvShiftRows) of the diagonal whose
    /// row r comes from column a, b, c, d for r = 0, 1, 2, 3.
    /// </summary>
    public static uint SubShiftColumn(uint a, uint b, uint c, uint d, bool decrypt) =>
        decrypt
            ? ((uint)InvSBox[Row0(a)] << 24) | ((uint)InvSBox[Row1(b)] << 16) | ((uint)InvSBox[Row2(c)] << 8) | InvSBox[Row3(d)]
            : ((uint)SBox[Row0(a)] << 24) | ((uint)SBox[Row1(b)] << 16) | ((uint)SBox[Row2(c)] << 8) | SBox[Row3(d)];

    /// <summary>
    /// SubBytes and ShiftRows (encryption), or InvSubBytes and InvShiftRows (decryption): output column
    /// c takes row r from column c + r (encryption) or c - r (decryption), modulo 4.
    /// </summary>
    public static UInt128 SubShift(UInt128 state, bool decrypt)
    {
        uint s0 = Column0(state);
        uint s1 = Column1(state);
        uint s2 = Column2(state);
        uint s3 = Column3(state);
        if (decrypt)
            return FromColumns(
                SubShiftColumn(s0, s3, s2, s1, true),
                SubShiftColumn(s1, s0, s3, s2, true),
                SubShiftColumn(s2, s1, s0, s3, true),
                SubShiftColumn(s3, s2, s1, s0, true));
        return FromColumns(
            SubShiftColumn(s0, s1, s2, s3, false),
            SubShiftColumn(s1, s2, s3, s0, false),
            SubShiftColumn(s2, s3, s0, s1, false),
            SubShiftColumn(s3, s0, s1, s2, false));
    }

    /// <summary>xtime of each of the four bytes of a word at once: each byte shifted left, and reduced by x^8 + x^4 + x^3 + x + 1 (0x1b) where its top bit fell out.</summary>
    public static uint Xtime4(uint word) => ((word & 0x7f7f7f7fu) << 1) ^ ReduceBytes((word >> 7) & 0x01010101u);

    /// <summary>0x1b in every byte whose bit 0 is set in <paramref name="tops"/> (bits 0, 8, 16, 24 only): shifts and xor, no carries.</summary>
    static uint ReduceBytes(uint tops) => (tops << 4) ^ (tops << 3) ^ (tops << 1) ^ tops;

    /// <summary>
    /// MixColumns of one column, with xtime only: b_i = a_i ^ t ^ 2·(a_i ^ a_(i+1)), t the xor of all
    /// four. As a word: a_i ^ t is the xor of the other three rows, which are the column rotated by
    /// one, two and three bytes, and a_i ^ a_(i+1) is the column xor itself rotated by one byte.
    /// </summary>
    public static uint MixColumn(uint column) =>
        uint.RotateLeft(column, 8) ^ uint.RotateLeft(column, 16) ^ uint.RotateLeft(column, 24) ^ Xtime4(column ^ uint.RotateLeft(column, 8));

    /// <summary>
    /// InvMixColumns of one column as a cheap preprocessing followed by MixColumns: with
    /// u = 4·(a0 ^ a2) and v = 4·(a1 ^ a3), InvMixColumns(a) = MixColumns(a0^u, a1^v, a2^u, a3^v).
    /// Written per byte, the MixColumns step included, xtime a choice on each byte's top bit
    /// (<see cref="Xtime"/>): through <see cref="MixColumn"/>'s word form (<see cref="Xtime4"/>) the
    /// same function made aes-naive-dec 42,996 LUT in the GHDL + yosys flow, written so 39,457
    /// (docs/aes.md, "aes-naive-dec").
    /// </summary>
    public static uint InvMixColumn(uint column)
    {
        byte u = Xtime(Xtime((byte)(Row0(column) ^ Row2(column))));
        byte v = Xtime(Xtime((byte)(Row1(column) ^ Row3(column))));
        byte a0 = (byte)(Row0(column) ^ u);
        byte a1 = (byte)(Row1(column) ^ v);
        byte a2 = (byte)(Row2(column) ^ u);
        byte a3 = (byte)(Row3(column) ^ v);
        byte t = (byte)(a0 ^ a1 ^ a2 ^ a3);
        byte b0 = (byte)(a0 ^ t ^ Xtime((byte)(a0 ^ a1)));
        byte b1 = (byte)(a1 ^ t ^ Xtime((byte)(a1 ^ a2)));
        byte b2 = (byte)(a2 ^ t ^ Xtime((byte)(a2 ^ a3)));
        byte b3 = (byte)(a3 ^ t ^ Xtime((byte)(a3 ^ a0)));
        return ((uint)b0 << 24) | ((uint)b1 << 16) | ((uint)b2 << 8) | b3;
    }

    /// <summary>MixColumns (or InvMixColumns) of every column.</summary>
    public static UInt128 Mix(UInt128 state, bool decrypt) =>
        decrypt
            ? FromColumns(InvMixColumn(Column0(state)), InvMixColumn(Column1(state)), InvMixColumn(Column2(state)), InvMixColumn(Column3(state)))
            : FromColumns(MixColumn(Column0(state)), MixColumn(Column1(state)), MixColumn(Column2(state)), MixColumn(Column3(state)));

    // ---- Round pieces, T-table form ----

    /// <summary>
    /// One output column of a middle round through the T-tables: SubBytes, ShiftRows and MixColumns of
    /// the diagonal whose row r comes from column a, b, c, d (Td-tables: the inverse steps), that is
    /// T0[a0] ^ T1[b1] ^ T2[c2] ^ T3[d3]. Each table value is MixColumns of a column holding one S-box
    /// byte, so the xor of the four is MixColumns of the four S-box bytes: that is how it is computed
    /// here, because in LUTs four 256 x 32-bit tables per column cost about twice the LUTs of four
    /// 256 x 8-bit S-boxes and the xtime network (docs/aes.md). The tables themselves serve the
    /// block-RAM pipeline (<see cref="LookupColumn"/>) and the tests.
    /// </summary>
    public static uint TableColumn(uint a, uint b, uint c, uint d, bool decrypt) =>
        decrypt ? InvMixColumn(SubShiftColumn(a, b, c, d, true)) : MixColumn(SubShiftColumn(a, b, c, d, false));

    /// <summary>A middle round through the T-tables (Td-tables for the equivalent inverse cipher), with AddRoundKey.</summary>
    public static UInt128 TableRound(UInt128 state, UInt128 roundKey, bool decrypt)
    {
        uint s0 = Column0(state);
        uint s1 = Column1(state);
        uint s2 = Column2(state);
        uint s3 = Column3(state);
        UInt128 mixed = decrypt
            ? FromColumns(TableColumn(s0, s3, s2, s1, true), TableColumn(s1, s0, s3, s2, true),
                TableColumn(s2, s1, s0, s3, true), TableColumn(s3, s2, s1, s0, true))
            : FromColumns(TableColumn(s0, s1, s2, s3, false), TableColumn(s1, s2, s3, s0, false),
                TableColumn(s2, s3, s0, s1, false), TableColumn(s3, s0, s1, s2, false));
        return mixed ^ roundKey;
    }

    // ---- A round from 16 table reads (block-RAM form) ----

    /// <summary>
    /// The table address of lookup <paramref name="index"/> (0..15) of a round: byte
    /// <paramref name="index"/> of the state after ShiftRows (InvShiftRows for decryption), so output
    /// column c = index / 4 takes row r = index % 4 from state column c + r (c - r), modulo 4.
    /// </summary>
    public static uint LookupAddress(UInt128 state, int index, bool decrypt) => StateByte(ShiftRows(state, decrypt), index);

    /// <summary>
    /// ShiftRows (encryption) or InvShiftRows (decryption), the byte permutation alone: output column c
    /// takes row r from column c + r (c - r), modulo 4.
    /// </summary>
    public static UInt128 ShiftRows(UInt128 state, bool inverse)
    {
        uint s0 = Column0(state);
        uint s1 = Column1(state);
        uint s2 = Column2(state);
        uint s3 = Column3(state);
        if (inverse)
            return FromColumns(ShiftColumn(s0, s3, s2, s1), ShiftColumn(s1, s0, s3, s2), ShiftColumn(s2, s1, s0, s3), ShiftColumn(s3, s2, s1, s0));
        return FromColumns(ShiftColumn(s0, s1, s2, s3), ShiftColumn(s1, s2, s3, s0), ShiftColumn(s2, s3, s0, s1), ShiftColumn(s3, s0, s1, s2));
    }

    /// <summary>One output column of ShiftRows: row r from column a, b, c, d for r = 0, 1, 2, 3.</summary>
    static uint ShiftColumn(uint a, uint b, uint c, uint d) => (a & 0xff000000u) | (b & 0x00ff0000u) | (c & 0x0000ff00u) | (d & 0x000000ffu);

    /// <summary>Byte <paramref name="index"/> (0..15, 0 = most significant) of a block.</summary>
    public static byte StateByte(UInt128 block, int index) => (byte)(block >> (120 - 8 * index));

    /// <summary>
    /// One output column from the four table reads of its diagonal (rows 0..3, each T0[x] or Td0[x]):
    /// the xor of the values rotated by their row for a middle round; for the final round the S-box
    /// byte each read holds (S[x] is byte 1 of T0[x], Si[x] comes from byte 3 of Td0[x]).
    /// </summary>
    public static uint LookupColumn(uint row0, uint row1, uint row2, uint row3, bool final, bool decrypt)
    {
        if (final)
            return ((uint)SBoxFromTableRead(row0, decrypt) << 24) | ((uint)SBoxFromTableRead(row1, decrypt) << 16)
                | ((uint)SBoxFromTableRead(row2, decrypt) << 8) | SBoxFromTableRead(row3, decrypt);
        return row0 ^ uint.RotateRight(row1, 8) ^ uint.RotateRight(row2, 16) ^ uint.RotateRight(row3, 24);
    }

    /// <summary>S[x] from the read T0[x] (its byte 1), or Si[x] from the read Td0[x].</summary>
    public static byte SBoxFromTableRead(uint read, bool decrypt) => decrypt ? InvSBoxFromTd0(read) : Row1(read);

    /// <summary>
    /// Si[x] from Td0[x]: byte 3 (the least significant) of Td0[x] is 11·Si[x] and 11⁻¹ = 0xc0 = x⁷ + x⁶ in GF(2^8), so
    /// Si[x] = x⁶·b ^ x⁷·b, a linear map over GF(2) (xor gates, no table).
    /// </summary>
    public static byte InvSBoxFromTd0(uint td0)
    {
        byte sixth = Xtime(Xtime(Xtime(Xtime(Xtime(Xtime((byte)td0))))));
        return (byte)(sixth ^ Xtime(sixth));
    }

    // ---- Rounds ----

    /// <summary>A middle encryption round: SubBytes, ShiftRows, MixColumns, AddRoundKey (T-table form).</summary>
    public static UInt128 Round(UInt128 state, UInt128 roundKey) => TableRound(state, roundKey, false);

    /// <summary>The final encryption round: SubBytes, ShiftRows, AddRoundKey.</summary>
    public static UInt128 FinalRound(UInt128 state, UInt128 roundKey) => SubShift(state, false) ^ roundKey;

    /// <summary>
    /// Step <paramref name="round"/> of the cipher (or of the equivalent inverse cipher) on a block of key
    /// size code <paramref name="keySize"/> (Nr rounds): round 0 is the initial AddRoundKey, rounds 1..Nr-1
    /// are middle rounds, round Nr the final one, and a round above Nr leaves the state as it is (the
    /// on-the-fly pipelines, whose stages up to round 14 serve every key size, pass a block's state on
    /// after its rounds). <paramref name="part"/> selects the whole round or one half of it (<see cref="RoundBody"/>).
    /// </summary>
    public static UInt128 RoundStep(UInt128 state, UInt128 roundKey, int round, byte keySize, AesRoundPart part, bool decrypt)
    {
        if (IsPastLastRound(round, keySize)) return state;
        if (round == 0) return state ^ roundKey;
        return RoundBody(state, roundKey, IsFinalRound(round, keySize), part, decrypt);
    }

    /// <summary>
    /// Stage <paramref name="stage"/> of a held-key pipeline whose last stage is <paramref name="lastStep"/>,
    /// on a block of key size code <paramref name="keySize"/>: the initial AddRoundKey at stage 0, the
    /// state passed on before the block's rounds begin (<see cref="StagePasses"/>), a middle round, and
    /// the final round at the last stage, for every key size. In a build for every key size the final
    /// round is thus built once, at stage 14, not at each of rounds 10, 12 and 14 beside a middle round.
    /// </summary>
    public static UInt128 StageStep(UInt128 state, UInt128 roundKey, int stage, int lastStep, byte keySize, AesRoundPart part, bool decrypt)
    {
        if (stage == 0) return state ^ roundKey;
        if (StagePasses(stage, lastStep, keySize)) return state;
        return RoundBody(state, roundKey, stage == lastStep, part, decrypt);
    }

    /// <summary>
    /// A round, final or middle, whole or one half (<paramref name="part"/>). A whole middle round is
    /// SubShift, then Mix, then AddRoundKey: in LUTs that is the T-table round's circuit too
    /// (<see cref="TableColumn"/>).
    /// </summary>
    public static UInt128 RoundBody(UInt128 state, UInt128 roundKey, bool final, AesRoundPart part, bool decrypt)
    {
        if (part == AesRoundPart.MixAddHalf)
        {
            if (final) return state ^ roundKey;
            return Mix(state, decrypt) ^ roundKey;
        }
        // One set of S-boxes for the final and the middle round: a round that is the last for one key
        // size and a middle one for another (the on-the-fly pipelines, the iterative core) needs both.
        UInt128 substituted = SubShift(state, decrypt);
        if (part == AesRoundPart.SubShiftHalf) return substituted;
        if (final) return substituted ^ roundKey;
        return Mix(substituted, decrypt) ^ roundKey;
    }

    /// <summary>
    /// Step <paramref name="step"/> of the inverse cipher (FIPS-197 5.3) with the encryption round key
    /// Nr - step as it comes from the key schedule: a middle step is InvMixColumns(InvSubShift(state) ^
    /// key). InvMixColumns is linear, so this is the equivalent inverse cipher's step with
    /// <see cref="DecryptionRoundKey"/> (same state after every step) without InvMixColumns on the key:
    /// a pipeline whose keys travel with the blocks (proc11-otf-dec) then applies one InvMixColumns per
    /// step, not two. Steps above Nr leave the state as it is.
    /// </summary>
    public static UInt128 InverseCipherStep(UInt128 state, UInt128 encryptionKey, int step, byte keySize)
    {
        if (IsPastLastRound(step, keySize)) return state;
        if (step == 0) return state ^ encryptionKey;
        UInt128 added = SubShift(state, true) ^ encryptionKey;
        if (IsFinalRound(step, keySize)) return added;
        return Mix(added, true);
    }

    // ---- Key schedule (every key size), as a sliding window of 8 words ----
    //
    // The key travels as 256 bits: KeyHigh (words 0..3) and KeyLow (words 4..7; a 192-bit key uses
    // words 4 and 5, a 128-bit key none). Window r holds the schedule words w[4r .. 4r+7]: its high
    // half is round key r, and window r+1 follows from window r by four new words, each made from the
    // word before it and the word Nk places back, both inside the window (Nk <= 8).

    /// <summary>Key-schedule word i from w[i-1] and w[i-Nk] (i &gt;= Nk).</summary>
    public static uint KeyWord(uint previous, uint back, int i, byte keySize)
    {
        int index = keySize * 128 + i;
        byte kind = KeyWordKind[index];
        uint mixed = previous;
        if (kind == 2) mixed = SubWord(RotWord(previous)) ^ ((uint)KeyWordRcon[index] << 24);
        if (kind == 3) mixed = SubWord(previous);
        return back ^ mixed;
    }

    /// <summary>Word <paramref name="index"/> (0..7) of the window (high, low).</summary>
    public static uint WindowWord(UInt128 high, UInt128 low, int index) =>
        index < 4 ? Column(high, index) : Column(low, index - 4);

    /// <summary>
    /// The low half of window 0 (w4..w7) from the key: key words where the key has them, the rest
    /// expanded. The high half of window 0 is KeyHigh (round key 0).
    /// </summary>
    /// <remarks>
    /// Only word Nk (w4 for AES-128, w6 for AES-192) goes through the S-box, with Rcon 1; one SubWord
    /// serves every key size and no S-box output feeds another S-box.
    /// </remarks>
    public static UInt128 InitialWindowLow(UInt128 keyHigh, UInt128 keyLow, byte keySize) =>
        InitialWindowLowFrom(keyHigh, keyLow, keySize, InitialStepInput(keyHigh, keyLow, keySize));

    /// <summary>The word <see cref="InitialWindowLow"/> puts through the S-box: w3 (AES-128) or w5 (AES-192, and unused for AES-256).</summary>
    public static uint InitialStepInput(UInt128 keyHigh, UInt128 keyLow, byte keySize) =>
        KeyWords(keySize) == 4 ? Column3(keyHigh) : Column1(keyLow);

    /// <summary><see cref="InitialWindowLow"/> from the key and the word it puts through the S-box (<see cref="InitialStepInput"/>).</summary>
    public static UInt128 InitialWindowLowFrom(UInt128 keyHigh, UInt128 keyLow, byte keySize, uint p)
    {
        int nk = KeyWords(keySize);
        uint substituted = RotWord(SubWord(p)) ^ ((uint)Rcon[1] << 24);
        uint w4 = nk > 4 ? Column0(keyLow) : Column0(keyHigh) ^ substituted;
        uint w5 = nk > 5 ? Column1(keyLow) : Column1(keyHigh) ^ w4;
        uint w6 = nk > 6 ? Column2(keyLow) : nk == 6 ? Column0(keyHigh) ^ substituted : Column2(keyHigh) ^ w5;
        uint w7 = nk > 7 ? Column3(keyLow) : (nk == 6 ? Column1(keyHigh) : Column3(keyHigh)) ^ w6;
        return FromColumns(w4, w5, w6, w7);
    }

    /// <summary>
    /// The low half of window r+1 (w[4r+8 .. 4r+11]) from window r (whose low half becomes the high
    /// half of window r+1).
    /// </summary>
    /// <remarks>
    /// Word j is w[i-Nk] ^ w[i-1] (u_j below, an xor chain from the last word of the window) except
    /// the one word s of the step that goes through the S-box (<see cref="StepSubstitution"/>): it
    /// takes f(p) for its previous word p, and the change f(p) ^ p carries into the words after it.
    /// So one SubWord (four S-boxes) serves the step, and no S-box output feeds another S-box.
    /// </remarks>
    public static UInt128 NextWindowLow(UInt128 high, UInt128 low, int round, byte keySize)
    {
        UInt128 chain = KeyStepChain(high, low, keySize);
        return KeyStepResult(chain, KeyStepInput(chain, low, round, keySize), round, keySize);
    }

    /// <summary>
    /// The first half of <see cref="NextWindowLow"/>: the xor chain u0..u3 of the step (u_j = w[i-1] ^ w[i-Nk]
    /// as if no word took the S-box), as the four columns of the result.
    /// </summary>
    public static UInt128 KeyStepChain(UInt128 high, UInt128 low, byte keySize)
    {
        int nk = KeyWords(keySize);
        uint u0 = Column3(low) ^ WindowWord(high, low, 8 - nk);
        uint u1 = u0 ^ WindowWord(high, low, 9 - nk);
        uint u2 = u1 ^ WindowWord(high, low, 10 - nk);
        uint u3 = u2 ^ WindowWord(high, low, 11 - nk);
        return FromColumns(u0, u1, u2, u3);
    }

    /// <summary>The word p the step puts through the S-box: the word before the substituted one (the window's last word, or u0..u2 of the chain).</summary>
    public static uint KeyStepInput(UInt128 chain, UInt128 low, int round, byte keySize)
    {
        int s = StepSubstitution[(keySize << 4) | (round & 15)] & 7;
        return s == 0 ? Column3(low) : s == 1 ? Column0(chain) : s == 2 ? Column1(chain) : Column2(chain);
    }

    /// <summary>
    /// The second half of <see cref="NextWindowLow"/>: SubWord of p (with RotWord and Rcon where the step
    /// takes them), and the change f(p) ^ p xored into the substituted word and the words after it.
    /// </summary>
    public static UInt128 KeyStepResult(UInt128 chain, uint p, int round, byte keySize)
    {
        int step = (keySize << 4) | (round & 15);
        byte substitution = StepSubstitution[step];
        int s = substitution & 7;
        uint substituted = SubWord(p);
        uint f = (substitution & 8) != 0 ? substituted : RotWord(substituted) ^ ((uint)StepRcon[step] << 24);
        uint change = s < 4 ? f ^ p : 0;
        uint u0 = Column0(chain), u1 = Column1(chain), u2 = Column2(chain), u3 = Column3(chain);
        return FromColumns(s == 0 ? u0 ^ change : u0, s <= 1 ? u1 ^ change : u1, s <= 2 ? u2 ^ change : u2, u3 ^ change);
    }

    /// <summary>
    /// The high half of window r-1 (w[4r-4 .. 4r-1]) from window r (whose high half becomes the low
    /// half of window r-1): the schedule run backwards, w[i-Nk] = w[i] ^ f(w[i-1]), which is
    /// <see cref="KeyWord"/> again since the xor undoes itself. Needs r &gt;= 1.
    /// </summary>
    public static UInt128 PreviousWindowHigh(UInt128 high, UInt128 low, int round, byte keySize)
    {
        int nk = KeyWords(keySize);
        int first = 4 * round - 4;
        // Word t = first + j of window r-1 is w[t] = KeyWord(w[t+Nk-1], w[t+Nk]); w[x] is word x - 4r of window r.
        uint p3 = KeyWord(WindowWord(high, low, nk - 2), WindowWord(high, low, nk - 1), first + 3 + nk, keySize);
        uint p2 = KeyWord(WindowWord(high, low, nk - 3), WindowWord(high, low, nk - 2), first + 2 + nk, keySize);
        uint p1 = KeyWord(WindowWord(high, low, nk - 4), WindowWord(high, low, nk - 3), first + 1 + nk, keySize);
        uint before = nk == 4 ? p3 : WindowWord(high, low, nk - 5);
        uint p0 = KeyWord(before, WindowWord(high, low, nk - 4), first + nk, keySize);
        return FromColumns(p0, p1, p2, p3);
    }

    /// <summary>
    /// The round key that the equivalent inverse cipher uses in its step <paramref name="step"/>, made
    /// from the encryption round key Nr - step: InvMixColumns applied for the middle rounds.
    /// </summary>
    public static UInt128 DecryptionRoundKey(UInt128 encryptionKey, int step, byte rounds) =>
        step == 0 || step == rounds ? encryptionKey : Mix(encryptionKey, true);

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

/// <summary>What part of a round a pipeline stage does.</summary>
public enum AesRoundPart
{
    /// <summary>The whole round.</summary>
    WholeRound,
    /// <summary>First half of a round: (Inv)SubBytes and (Inv)ShiftRows.</summary>
    SubShiftHalf,
    /// <summary>Second half of a round: (Inv)MixColumns (not in the final round) and AddRoundKey.</summary>
    MixAddHalf,
}
