namespace Hdl;

/// <summary>An error in a design or in its behaviour during simulation.</summary>
public sealed class HardwareException(string message) : Exception(message);
