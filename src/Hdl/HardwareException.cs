namespace Hdl;

/// <summary>An error in a design or in its behaviour during simulation.</summary>
public sealed class HardwareException : Exception
{
    public HardwareException(string message) : base(message) { }
    public HardwareException(string message, Exception inner) : base(message, inner) { }

    /// <summary>True when the message already names the cycle and the process.</summary>
    internal bool HasContext { get; init; }
}
