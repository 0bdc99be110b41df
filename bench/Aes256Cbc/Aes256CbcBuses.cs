using Hdl;

namespace Crypto.Bench.Aes256Cbc;

/// <summary>What the host asks of <see cref="Aes256CbcCore"/> in a cycle (LoadKey wins when both are high).</summary>
public interface ICbcControl : IBus
{
    /// <summary>Load Key0..Key3 as the key (expanded in this cycle) and Data0, Data1 as the IV.</summary>
    [InitialValue(false)] bool LoadKey { get; set; }
    /// <summary>Data0, Data1 hold a plaintext block: encrypt it in this cycle.</summary>
    [InitialValue(false)] bool DataReady { get; set; }
}

/// <summary>The key (bytes 0..31, Key0 first, each word big-endian) and a block (Data0 first): the IV or a plaintext.</summary>
public interface ICbcData : IBus
{
    ulong Key0 { get; set; }
    ulong Key1 { get; set; }
    ulong Key2 { get; set; }
    ulong Key3 { get; set; }
    ulong Data0 { get; set; }
    ulong Data1 { get; set; }
}

/// <summary>A ciphertext block (Data0 first, big-endian), DataReady for the one cycle after its plaintext came.</summary>
public interface ICbcResult : IBus
{
    [InitialValue(false)] bool DataReady { get; set; }
    ulong Data0 { get; set; }
    ulong Data1 { get; set; }
}
