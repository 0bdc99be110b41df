namespace Hdl.Vhdl;

/// <summary>Result of a GHDL co-simulation of a traced run.</summary>
public sealed record CoSimResult(bool Passed, long CyclesCompared, IReadOnlyList<string> Mismatches, string Log,
    TimeSpan Duration, string WorkDir, string? VcdPath);

/// <summary>An external tool (ghdl, yosys) is missing or failed to run.</summary>
public sealed class ToolException(string message) : Exception(message);
