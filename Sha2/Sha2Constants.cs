using System.Numerics;

namespace Crypto.Sha2;

/// <summary>
/// The SHA-2 constants of FIPS 180-4 section 4.2 and 5.3, computed once from their definition with
/// exact integer roots, for both word sizes: the 64-bit round constants are the first 64 bits of the
/// fractional parts of the cube roots of the first 80 primes, and SHA-256's are their upper halves;
/// SHA-512's initial value is from the square roots of the first 8 primes (SHA-256's: its upper
/// halves), SHA-384's from the 9th to 16th primes (SHA-224's: its lower halves).
/// </summary>
public static class Sha2Constants
{
    /// <summary>The first <paramref name="count"/> primes.</summary>
    public static int[] Primes(int count)
    {
        var primes = new List<int>();
        for (int n = 2; primes.Count < count; n++)
            if (primes.All(p => n % p != 0)) primes.Add(n);
        return [.. primes];
    }

    /// <summary>floor(frac(p^(1/root)) · 2^64) for each of the given primes, with exact integer roots.</summary>
    public static ulong[] FractionBits64(IEnumerable<int> primes, int root) =>
        [.. primes.Select(p => (ulong)(IntegerRoot(new BigInteger(p) << (64 * root), root) & ulong.MaxValue))];

    /// <summary>The largest r with r^k ≤ n (Newton's method on integers).</summary>
    static BigInteger IntegerRoot(BigInteger n, int k)
    {
        BigInteger x = BigInteger.One << (int)((n.GetBitLength() + k - 1) / k + 1);
        while (true)
        {
            BigInteger next = ((k - 1) * x + n / BigInteger.Pow(x, k - 1)) / k;
            if (next >= x) break;
            x = next;
        }
        while (BigInteger.Pow(x, k) > n) x--;
        while (BigInteger.Pow(x + 1, k) <= n) x++;
        return x;
    }

    /// <summary>K of SHA-384 and SHA-512 (80 words).</summary>
    public static ulong[] RoundConstants64() => FractionBits64(Primes(80), 3);

    /// <summary>K of SHA-224 and SHA-256 (64 words): the upper halves of the first 64 of SHA-512's.</summary>
    public static uint[] RoundConstants32() => [.. RoundConstants64().Take(64).Select(k => (uint)(k >> 32))];

    /// <summary>H(0) of SHA-512.</summary>
    public static ulong[] InitialValue512() => FractionBits64(Primes(8), 2);

    /// <summary>H(0) of SHA-384.</summary>
    public static ulong[] InitialValue384() => FractionBits64(Primes(16).Skip(8), 2);

    /// <summary>H(0) of SHA-256.</summary>
    public static uint[] InitialValue256() => [.. InitialValue512().Select(h => (uint)(h >> 32))];

    /// <summary>H(0) of SHA-224.</summary>
    public static uint[] InitialValue224() => [.. InitialValue384().Select(h => (uint)h)];
}
