using Hdl;

namespace Crypto.Streams;

/// <summary>Steady-state figures of a variant, measured in simulation with an always-ready consumer.</summary>
public sealed record Measurement(double ClocksPerBlock, long Latency, long Cycles, int Blocks);

/// <summary>A simulation run whose top-level ports were traced, and how its outputs compared.</summary>
public sealed record TracedRun(Simulation Simulation, TraceRecorder Trace, IReadOnlyList<Mismatch> Mismatches,
    IReadOnlyList<string> ProtocolErrors, int Blocks);

/// <summary>Outcome of a core's published known-answer test run through the simulation of one variant.</summary>
public sealed record KnownAnswerResult(string Name, bool Passed, string Expected, string Got, long Cycles);

/// <summary>What came out of a core after a reset in the middle of a stream (see <see cref="ICoreVariant.RunAcrossReset"/>).</summary>
public sealed record ResetRun(Simulation Simulation, int OutputsBeforeReset, IReadOnlyList<Mismatch> Mismatches, IReadOnlyList<string> ProtocolErrors);

/// <summary>
/// One named variant of a core: a configuration of the core's processes. The CLI, the tests, the
/// VHDL export and the report all iterate these.
/// </summary>
public interface ICoreVariant
{
    /// <summary>The CLI command that runs the core: aes, md5, sha256, chacha20, ...</summary>
    string Core { get; }
    string Variant { get; }
    string Description { get; }
    /// <summary>The build's name, also its folder under vhdl-out: &lt;core&gt;-&lt;variant&gt; (an AES build for one key size: aes128-&lt;variant&gt;).</summary>
    string Name => $"{Core}-{Variant}";
    /// <summary>The key sizes the build takes, as the <c>--key-bits</c> option spells it: "all" (every size the algorithm has), or 128, 192, 256 for an AES build of one size.</summary>
    string KeyBits => "all";

    /// <summary>Bytes of one block, the unit of the clocks-per-block figures (16 for AES and Poly1305, 64 for ChaCha20, MD5 and SHA-256, 128 for SHA-512).</summary>
    int BlockBytes { get; }

    /// <summary>A fresh design of this variant (a design is simulated once).</summary>
    Design BuildDesign();

    /// <summary>The core's published known-answer test (FIPS, RFC), run through the cycle-accurate simulation of this variant.</summary>
    KnownAnswerResult KnownAnswer();

    /// <summary>Runs <paramref name="blocks"/> random blocks at full speed and measures rate and latency.</summary>
    Measurement Measure(int blocks = 64);

    /// <summary>
    /// Runs seeded random blocks under the given gaps and back-pressure with tracing on, checking
    /// every output against the software oracle.
    /// </summary>
    TracedRun RunTraced(int blocks, StreamOptions options);

    /// <summary>
    /// A reset in the middle of a stream: seeded random blocks (seed <c>options.Seed</c>) go into a
    /// fresh core, the stream is cut after <paramref name="cutAfterCycles"/> cycles with blocks in
    /// flight, <paramref name="reset"/> resets the simulation (<see cref="Simulation.Reset"/>), and then
    /// <paramref name="blocks"/> fresh seeded random blocks (seed <c>options.Seed + 1</c>) run through
    /// the same core, every output of which is checked against the software oracle.
    /// </summary>
    ResetRun RunAcrossReset(int blocks, StreamOptions options, long cutAfterCycles, Action<Simulation> reset);
}
