namespace Hdl.Vhdl;

/// <summary>
/// Generates the design and a testbench that replays a trace into a fresh folder, then analyses,
/// elaborates and runs it in GHDL. On a mismatch a VCD is written.
/// </summary>
public static class CoSimulation
{
    public static CoSimResult Run(Netlist netlist, TraceRecorder trace, string workDir) =>
        throw new NotImplementedException("co-simulation in progress");
}
