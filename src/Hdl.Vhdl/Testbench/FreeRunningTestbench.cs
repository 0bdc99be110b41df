using System.Globalization;
using System.Text;
using Hdl.Vhdl.Transpiler;

namespace Hdl.Vhdl.Testbench;

/// <summary>
/// Stimulus of a free-running simulation: every top-level input held at a constant value (after
/// reset), and the output signals whose high cycles are counted (the Valid bits of the output
/// streams, so a run proves that data flowed).
/// </summary>
public sealed record FreeRunningStimulus(IReadOnlyDictionary<SignalBase, UInt128> Inputs, IReadOnlyList<SignalBase> CountedOutputs);

/// <summary>
/// The testbench &lt;design&gt;_run for measuring how fast an HDL simulator runs a design: the inputs
/// are constants, the clock runs for the generic <c>cycles</c>, and the cycles in which a counted
/// output is high are summed. It prints one line, <c>RUN: N cycles, M transfers</c>. No file I/O
/// inside the loop, so the figure is the simulator's speed on the design alone.
/// </summary>
public static class FreeRunningTestbench
{
    public static VhdlSource Write(Netlist netlist, FreeRunningStimulus stimulus)
    {
        var top = VhdlGenerator.TopName(netlist);
        var inputs = netlist.Inputs.SelectMany(b => b.Signals).ToList();
        var outputs = netlist.Outputs.SelectMany(b => b.Signals).ToList();
        foreach (var s in stimulus.CountedOutputs)
            if (!outputs.Contains(s) || s.Type.Width != 1)
                throw new ArgumentException($"{s.FullName} is not a one-bit top-level output of {netlist.Design.Name}");

        var sb = new StringBuilder(VhdlFile.Header);
        sb.Append($"-- Runs design {netlist.Design.Name} with constant inputs for a number of cycles (simulator speed).\n");
        sb.Append("library ieee;\nuse ieee.std_logic_1164.all;\n\n");
        sb.Append($"entity {top}_run is\n  generic (cycles : natural := 1000);\nend entity;\n\n");
        sb.Append($"architecture run of {top}_run is\n");
        sb.Append("  signal clk : std_logic := '0';\n  signal rst : std_logic := '1';\n");
        foreach (var s in inputs.Concat(outputs))
            sb.Append($"  signal {Port(s)} : {VecType(s)};\n");
        sb.Append("begin\n");
        foreach (var s in inputs)
        {
            var value = stimulus.Inputs.TryGetValue(s, out var v) ? v : 0;
            sb.Append($"  {Port(s)} <= {Literal(s, value)};\n");
        }
        sb.Append($"  dut : entity work.{top}\n    port map (\n      clk => clk,\n      rst => rst");
        foreach (var s in inputs.Concat(outputs)) sb.Append($",\n      {Port(s)} => {Port(s)}");
        sb.Append("\n    );\n\n");
        sb.Append("  drive : process\n    variable transfers : natural := 0;\n  begin\n");
        sb.Append("    for i in 1 to 2 loop\n      clk <= '0'; wait for 5 ns;\n      clk <= '1'; wait for 5 ns;\n    end loop;\n");
        sb.Append("    rst <= '0';\n    for i in 1 to cycles loop\n      clk <= '0'; wait for 5 ns;\n");
        foreach (var s in stimulus.CountedOutputs)
            sb.Append($"      if {Port(s)} = '1' then transfers := transfers + 1; end if;\n");
        sb.Append("      clk <= '1'; wait for 5 ns;\n    end loop;\n");
        sb.Append("    report \"RUN: \" & integer'image(cycles) & \" cycles, \" & integer'image(transfers) & \" transfers\" severity note;\n");
        sb.Append("    wait;\n  end process;\nend architecture;\n");
        return new VhdlSource($"{top}_run.vhd", sb.ToString());
    }

    /// <summary>The port's name in the generated top entity (and in GHDL's Verilog netlist of it).</summary>
    public static string Port(SignalBase s) => VhdlNames.Id(TraceRecorder.PortName(s));

    static string VecType(SignalBase s) =>
        IsBit(s) ? "std_logic" : $"std_logic_vector({s.Type.Width - 1} downto 0)";

    static bool IsBit(SignalBase s) => s.Type.Width == 1 && s.Type.Kind == HdlKind.Bool;

    static string Literal(SignalBase s, UInt128 value)
    {
        if (IsBit(s)) return (value & 1) == 1 ? "'1'" : "'0'";
        var bits = new StringBuilder(s.Type.Width);
        for (int i = s.Type.Width - 1; i >= 0; i--) bits.Append(((value >> i) & 1) == 1 ? '1' : '0');
        return string.Create(CultureInfo.InvariantCulture, $"\"{bits}\"");
    }
}
