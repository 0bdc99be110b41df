using System.Buffers.Binary;

namespace Crypto.ChaCha;

/// <summary>
/// Software model of ChaCha20 (RFC 8439), built from <see cref="ChaChaMath"/> (the functions the
/// hardware uses); the tests check it against RFC 8439's vectors and the published vector files.
/// </summary>
public static class ChaChaModel
{
    public const int KeyBytes = 32;
    public const int NonceBytes = 12;
    /// <summary>Blocks one (key, nonce) can encrypt from counter 0: the 32-bit counter's range.</summary>
    public const long MaxBlocks = 1L << 32;

    /// <summary>One double round (a column round, then a diagonal round) on the state held as four columns.</summary>
    public static void DoubleRound(UInt128[] columns)
    {
        ColumnRound(columns);
        DiagonalRound(columns);
    }

    /// <summary>A quarter round on each column.</summary>
    public static void ColumnRound(UInt128[] c)
    {
        for (int k = 0; k < 4; k++) c[k] = ChaChaMath.QuarterRound(c[k]);
    }

    /// <summary>A quarter round on each diagonal (words 0,5,10,15; 1,6,11,12; 2,7,8,13; 3,4,9,14).</summary>
    public static void DiagonalRound(UInt128[] c)
    {
        var d = new UInt128[4];
        for (int k = 0; k < 4; k++)
            d[k] = ChaChaMath.QuarterRound(ChaChaMath.Gather(c[k], c[(k + 1) % 4], c[(k + 2) % 4], c[(k + 3) % 4]));
        for (int k = 0; k < 4; k++)
            c[k] = ChaChaMath.Gather(d[k], d[(k + 3) % 4], d[(k + 2) % 4], d[(k + 1) % 4]);
    }

    /// <summary>The initial state (RFC 8439 §2.3) as four columns.</summary>
    public static UInt128[] InitialState(ReadOnlySpan<byte> key, uint counter, ReadOnlySpan<byte> nonce)
    {
        CheckKeyAndNonce(key, nonce);
        UInt128 key0 = Word(key[..16]), key1 = Word(key[16..]);
        UInt128 counterNonce = ChaChaMath.CounterNonce(counter, Nonce(nonce));
        var columns = new UInt128[4];
        for (int k = 0; k < 4; k++) columns[k] = ChaChaMath.InitialColumn(key0, key1, counterNonce, k);
        return columns;
    }

    /// <summary>
    /// The ChaCha block function (RFC 8439 §2.3): 64 keystream bytes of block <paramref name="counter"/>.
    /// <paramref name="doubleRounds"/> is 10 for ChaCha20 (4 and 6 give ChaCha8 and ChaCha12).
    /// </summary>
    public static byte[] Block(ReadOnlySpan<byte> key, uint counter, ReadOnlySpan<byte> nonce, int doubleRounds = ChaChaMath.DoubleRounds)
    {
        var initial = InitialState(key, counter, nonce);
        var working = (UInt128[])initial.Clone();
        for (int i = 0; i < doubleRounds; i++) DoubleRound(working);
        for (int k = 0; k < 4; k++) working[k] = ChaChaMath.AddLanes(working[k], initial[k]);
        var block = new byte[ChaChaMath.BlockBytes];
        for (int row = 0; row < 4; row++)
            BinaryPrimitives.WriteUInt128LittleEndian(block.AsSpan(16 * row), ChaChaMath.Row(working[0], working[1], working[2], working[3], row));
        return block;
    }

    /// <summary>
    /// ChaCha20 encryption (RFC 8439 §2.4; decryption is the same): <paramref name="data"/> XOR the
    /// keystream of blocks <paramref name="counter"/>, counter+1, ... Data that would need a block past
    /// counter 2^32-1 is an error (the counter never wraps).
    /// </summary>
    public static byte[] Encrypt(ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, uint counter, ReadOnlySpan<byte> data)
    {
        CheckKeyAndNonce(key, nonce);
        long blocks = (data.Length + ChaChaMath.BlockBytes - 1) / ChaChaMath.BlockBytes;
        if (counter + blocks > MaxBlocks)
            throw new ArgumentException($"{data.Length} bytes need {blocks} blocks from counter {counter}, past the last block counter 2^32-1", nameof(data));
        var output = new byte[data.Length];
        for (int j = 0; j < blocks; j++)
        {
            var keystream = Block(key, (uint)(counter + j), nonce);
            int start = j * ChaChaMath.BlockBytes, length = Math.Min(ChaChaMath.BlockBytes, data.Length - start);
            for (int i = 0; i < length; i++) output[start + i] = (byte)(data[start + i] ^ keystream[i]);
        }
        return output;
    }

    /// <summary>16 bytes as a little-endian word (byte 0 least significant).</summary>
    public static UInt128 Word(ReadOnlySpan<byte> bytes16) => BinaryPrimitives.ReadUInt128LittleEndian(bytes16);

    /// <summary>The 64 bytes of four little-endian words (a data word of the cores, lane 0 first).</summary>
    public static byte[] Bytes(UInt128 lane0, UInt128 lane1, UInt128 lane2, UInt128 lane3)
    {
        var bytes = new byte[ChaChaMath.BlockBytes];
        BinaryPrimitives.WriteUInt128LittleEndian(bytes.AsSpan(0), lane0);
        BinaryPrimitives.WriteUInt128LittleEndian(bytes.AsSpan(16), lane1);
        BinaryPrimitives.WriteUInt128LittleEndian(bytes.AsSpan(32), lane2);
        BinaryPrimitives.WriteUInt128LittleEndian(bytes.AsSpan(48), lane3);
        return bytes;
    }

    /// <summary>The 12-byte nonce as a little-endian 96-bit value.</summary>
    public static UInt128 Nonce(ReadOnlySpan<byte> nonce12)
    {
        Span<byte> padded = stackalloc byte[16];
        nonce12.CopyTo(padded);
        return Word(padded);
    }

    static void CheckKeyAndNonce(ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce)
    {
        if (key.Length != KeyBytes) throw new ArgumentException($"a ChaCha20 key is {KeyBytes} bytes, got {key.Length}", nameof(key));
        if (nonce.Length != NonceBytes) throw new ArgumentException($"a ChaCha20 nonce (RFC 8439) is {NonceBytes} bytes, got {nonce.Length}", nameof(nonce));
    }
}
