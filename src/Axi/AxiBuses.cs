using System.Numerics;
using Crypto.Streams;
using Hdl;

namespace Crypto.Axi;

/// <summary>
/// One beat of an AXI4-Stream channel whose TDATA is a word of <typeparamref name="W"/> (TVALID, TLAST,
/// TDATA, TKEEP), written by the producer; TREADY is an <see cref="IReady"/> written by the consumer.
/// W is ulong for the wrappers' 64-bit streams (the default) and uint for the 32-bit option (an AXI DMA
/// configured with 32-bit streams). Byte lane i (TDATA bits 8i+7..8i, TKEEP bit i) carries the byte
/// at address offset i of the beat, as the AXI DMA moves memory. TKEEP has one bit per byte of W.
/// </summary>
public interface IAxiStreamBeat<W> : IStreamControl where W : unmanaged, IBinaryInteger<W>, IUnsignedNumber<W>
{
    W Data { get; set; }
    /// <summary>TKEEP: bit i set when byte lane i holds a byte of the packet (8 bits for ulong, 4 for uint).</summary>
    [ByteLanesOf(nameof(W))] byte Keep { get; set; }
}

/// <summary>
/// A 128-bit block inside the wrapper, in stream byte order: byte i of the block (the i-th byte of
/// the packet in this block) in bits 8i+7..8i. <see cref="Bytes"/> is how many of the 16 bytes are
/// packet data (1..16; fewer than 16 only in the final block of a packet whose length is not a
/// whole number of blocks; the unused bytes are zero).
/// </summary>
public interface IAxiBlock : IStreamControl
{
    UInt128 Data { get; set; }
    [Width(5)] byte Bytes { get; set; }
}

/// <summary>AXI4-Lite address channel (AW or AR): AxVALID and AxADDR (byte address, 8 bits).</summary>
public interface IAxiLiteAddress : IBus
{
    [InitialValue(false)] bool Valid { get; set; }
    byte Addr { get; set; }
}

/// <summary>AXI4-Lite write data channel: WVALID, WDATA, WSTRB.</summary>
public interface IAxiLiteWriteData : IBus
{
    [InitialValue(false)] bool Valid { get; set; }
    uint Data { get; set; }
    [Width(4)] byte Strb { get; set; }
}

/// <summary>AXI4-Lite write response channel: BVALID, BRESP.</summary>
public interface IAxiLiteWriteResponse : IBus
{
    [InitialValue(false)] bool Valid { get; set; }
    [Width(2)] [InitialValue((byte)0)] byte Resp { get; set; }
}

/// <summary>AXI4-Lite read data channel: RVALID, RDATA, RRESP.</summary>
public interface IAxiLiteReadData : IBus
{
    [InitialValue(false)] bool Valid { get; set; }
    [InitialValue(0u)] uint Data { get; set; }
    [Width(2)] [InitialValue((byte)0)] byte Resp { get; set; }
}

/// <summary>
/// Stream control from the register bank: <see cref="Enabled"/> lets the input stream in (set by
/// CTRL.START, cleared by a soft reset); <see cref="Flush"/> is high for the one cycle in which every
/// process of the wrapper drops what it holds (a soft reset).
/// </summary>
public interface IAxiStreamControl : IBus
{
    [InitialValue(false)] bool Enabled { get; set; }
    [InitialValue(false)] bool Flush { get; set; }
}

/// <summary>
/// The configuration in force (loaded from the staged registers by CTRL.START at a packet boundary).
/// Key and IV are in register byte order: key byte i in bits 8i+7..8i of <see cref="KeyLow"/>
/// (bytes 0..15) or <see cref="KeyHigh"/> (bytes 16..31); IV byte i in bits 8i+7..8i of <see cref="Iv"/>.
/// </summary>
public interface IAxiCoreConfig : IBus
{
    [InitialValue(0u)] UInt128 KeyLow { get; set; }
    [InitialValue(0u)] UInt128 KeyHigh { get; set; }
    [InitialValue(0u)] UInt128 Iv { get; set; }
    /// <summary>Block mode (<see cref="AxiRegisters"/>: 0 ECB, 1 CBC, 2 CTR).</summary>
    [Width(4)] [InitialValue((byte)0)] byte Mode { get; set; }
    [InitialValue(false)] bool Decrypt { get; set; }
    /// <summary>0: 128-bit key, 1: 192, 2: 256.</summary>
    [Width(2)] [InitialValue((byte)0)] byte KeySize { get; set; }
}

/// <summary>An error seen by a part of the wrapper in this cycle (a one-cycle pulse with its code).</summary>
public interface IAxiErrorReport : IBus
{
    [InitialValue(false)] bool Error { get; set; }
    [InitialValue((byte)0)] byte Code { get; set; }
}

/// <summary>High while blocks left in the core by a soft reset are being drained and dropped.</summary>
public interface IAxiDrain : IBus
{
    [InitialValue(false)] bool Discard { get; set; }
}
