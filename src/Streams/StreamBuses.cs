using Hdl;

namespace Crypto.Streams;

/// <summary>
/// Forward half of a stream channel (AXI4-Stream-like), written by the producer. A transfer happens
/// in a cycle where Valid and the consumer's <see cref="IReady.Ready"/> are both high. Valid never
/// waits for Ready, and the payload holds while Valid is high and Ready is low.
/// Core buses derive from it and add their payload and sideband signals.
/// </summary>
public interface IStreamControl : IBus
{
    [InitialValue(false)] bool Valid { get; set; }
    /// <summary>Marks the last transfer of a message or packet.</summary>
    bool Last { get; set; }
}

/// <summary>Backward half of a stream channel, written by the consumer.</summary>
public interface IReady : IBus
{
    [InitialValue(false)] bool Ready { get; set; }
}
