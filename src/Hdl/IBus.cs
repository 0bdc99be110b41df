namespace Hdl;

/// <summary>
/// A bus: a named bundle of typed signals, declared as a public interface with get/set properties.
/// Never implement it yourself; create instances with <see cref="Bus.Create{T}"/>.
/// </summary>
public interface IBus;
