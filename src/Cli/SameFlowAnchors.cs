namespace Crypto.Cli;

/// <summary>
/// An open core put through this project's synthesis flow (yosys 0.23 <c>synth_xilinx</c>, the same
/// options) on its published HDL, typed in from ../shared/docs/anchors.md §5: facts measured once, not
/// produced by a command of this repository. <paramref name="ClocksPerBlock"/> is for AES-128 where the
/// core takes several key sizes; <paramref name="FfNote"/> says what the flip-flop count leaves apart.
/// </summary>
public sealed record SameFlowAnchor(string Design, string Origin, string Function, string Core, int BlockBytes, double ClocksPerBlock,
    string ClocksNote, int Lut, int Ff, string FfNote, int LutLevels);

/// <summary>The same-flow anchors (source: ../shared/docs/anchors.md §5).</summary>
public static class SameFlowAnchors
{
    public const string Source = "../shared/docs/anchors.md §5 (same-flow anchors: yosys 0.23 synth_xilinx -family xc7 -flatten on each core's published HDL; " +
        "LUT levels on the longest register-to-register path; LUT without reset inverters)";

    public static readonly SameFlowAnchor[] Rows =
    [
        new("tiny_aes aes_128", "freecores/tiny_aes faf2afb (OpenCores)", "AES-128 encryption, a key per clock", "aes", 16, 1, "1 (latency 21)", 15104, 6576, "", 3),
        new("secworks aes_core", "secworks/aes 80dc471", "AES-128/256, encryption and decryption, 4 S-boxes", "aes", 16, 53, "53 (AES-128)", 4605, 2476, "", 13),
        new("secworks sha256_core", "secworks/sha256 664e0e3", "SHA-256, no padding", "sha256", 64, 66, "66", 2369, 1034, "", 23),
        new("secworks md5_core", "secworks/md5 54a6308", "MD5, one block, no padding", "md5", 64, 66, "66", 1381, 777, "", 25),
        new("secworks chacha_core", "secworks/chacha 7eaba36", "ChaCha, 64-bit nonce", "chacha20", 64, 23, "23", 2928, 1100, "", 36),
        new("64-stage SHA-256 sha256_transform", "progranism/Open-Source-FPGA-Bitcoin-Miner fd76bc9", "SHA-256 64-stage pipeline, fixed chaining, no padding",
            "sha256", 64, 1, "1 (latency 65)", 32240, 21344, "+ 3,360 SRL", 18),
    ];
}
