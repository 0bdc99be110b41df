namespace Crypto.Cli;

/// <summary>
/// A mistake in what the user asked for (bad option value, unknown core or variant, input of the
/// wrong size, no repository): reported as one line on stderr with exit code 2.
/// </summary>
public sealed class UsageException(string message) : Exception(message);

/// <summary>Exit codes of sme-crypto.</summary>
public static class ExitCodes
{
    public const int Success = 0;
    /// <summary>A check failed (simulation or GHDL mismatch), or an internal error.</summary>
    public const int Failure = 1;
    /// <summary>Bad usage or input, or a required tool (ghdl) is missing.</summary>
    public const int Usage = 2;
}
