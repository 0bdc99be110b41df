namespace Engine.Tests.Constructs;

/// <summary>Tables used by construct processes, in a class of their own (they become VHDL constants).</summary>
public static class ConstructTables
{
    /// <summary>i * i for every byte, computed at type initialisation.</summary>
    public static readonly ushort[] Squares = BuildSquares();

    /// <summary>The first sixteen SHA-256 round constants (FIPS 180-4, section 4.2.2).</summary>
    public static readonly uint[] RoundWords =
    [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    ];

    /// <summary>A permutation of the nibbles: i -> 7i + 3 mod 16.</summary>
    public static readonly byte[] NibblePermutation = BuildPermutation();

    static ushort[] BuildSquares()
    {
        var table = new ushort[256];
        for (int i = 0; i < table.Length; i++) table[i] = (ushort)(i * i);
        return table;
    }

    static byte[] BuildPermutation()
    {
        var table = new byte[16];
        for (int i = 0; i < table.Length; i++) table[i] = (byte)((7 * i + 3) & 15);
        return table;
    }
}
