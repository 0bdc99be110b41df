using System.Globalization;
using System.Text;
using Hdl.Vhdl.Transpiler;

namespace Hdl.Vhdl.Testbench;

/// <summary>
/// Stimulus of a free-running simulation: every top-level input at a constant value (after reset),
/// and the output signals whose high cycles are counted (the Valid bits of the output streams, so a
/// run proves that data flowed). With <see cref="Alternate"/>, the inputs it names take its values in
/// every odd cycle (the first after reset is cycle 1) and their <see cref="Inputs"/> value in every
/// even one: a stream whose data changes at every clock, so that an event-driven simulator evaluates
/// the logic every clock as in a real run (with every input held it only updates registers).
/// </summary>
public sealed record FreeRunningStimulus(IReadOnlyDictionary<SignalBase, UInt128> Inputs, IReadOnlyList<SignalBase> CountedOutputs)
{
    /// <summary>The odd cycles' values of the inputs that change (none: every input held).</summary>
    public IReadOnlyDictionary<SignalBase, UInt128> Alternate { get; init; } = new Dictionary<SignalBase, UInt128>();
}

/// <summary>
/// The testbench &lt;design&gt;_run for measuring how fast an HDL simulator runs a design: the inputs
/// are constants (those of <see cref="FreeRunningStimulus.Alternate"/> switch between two constants at
/// each falling edge), the clock runs for the generic <c>cycles</c>, and the cycles in which a counted
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
        foreach (var s in stimulus.Alternate.Keys)
            if (!inputs.Contains(s))
                throw new ArgumentException($"{s.FullName} is not a top-level input of {netlist.Design.Name}");
        var changing = inputs.Where(stimulus.Alternate.ContainsKey).ToList();
        UInt128 Held(SignalBase s) => stimulus.Inputs.TryGetValue(s, out var v) ? v : 0;

        var sb = new StringBuilder(VhdlFile.Header);
        sb.Append(changing.Count == 0
            ? $"-- Runs design {netlist.Design.Name} with constant inputs for a number of cycles (simulator speed).\n"
            : $"-- Runs design {netlist.Design.Name} for a number of cycles (simulator speed), {string.Join(", ", changing.Select(Port))} switching between two values at every clock.\n");
        sb.Append("library ieee;\nuse ieee.std_logic_1164.all;\n\n");
        sb.Append($"entity {top}_run is\n  generic (cycles : natural := 1000);\nend entity;\n\n");
        sb.Append($"architecture run of {top}_run is\n");
        sb.Append("  signal clk : std_logic := '0';\n  signal rst : std_logic := '1';\n");
        foreach (var s in inputs.Concat(outputs))
            sb.Append($"  signal {Port(s)} : {VecType(s)};\n");
        sb.Append("begin\n");
        foreach (var s in inputs.Except(changing))
            sb.Append($"  {Port(s)} <= {Literal(s, Held(s))};\n");
        sb.Append($"  dut : entity work.{top}\n    port map (\n      clk => clk,\n      rst => rst");
        foreach (var s in inputs.Concat(outputs)) sb.Append($",\n      {Port(s)} => {Port(s)}");
        sb.Append("\n    );\n\n");
        sb.Append("  drive : process\n    variable transfers : natural := 0;\n  begin\n");
        foreach (var s in changing) sb.Append($"    {Port(s)} <= {Literal(s, Held(s))};\n");
        sb.Append("    for i in 1 to 2 loop\n      clk <= '0'; wait for 5 ns;\n      clk <= '1'; wait for 5 ns;\n    end loop;\n");
        sb.Append("    rst <= '0';\n    for i in 1 to cycles loop\n      clk <= '0';\n");
        if (changing.Count > 0)
        {
            sb.Append("      if i mod 2 = 1 then\n");
            foreach (var s in changing) sb.Append($"        {Port(s)} <= {Literal(s, stimulus.Alternate[s])};\n");
            sb.Append("      else\n");
            foreach (var s in changing) sb.Append($"        {Port(s)} <= {Literal(s, Held(s))};\n");
            sb.Append("      end if;\n");
        }
        sb.Append("      wait for 5 ns;\n");
        foreach (var s in stimulus.CountedOutputs)
            sb.Append($"      if {Port(s)} = '1' then transfers := transfers + 1; end if;\n");
        sb.Append("      clk <= '1'; wait for 5 ns;\n    end loop;\n");
        sb.Append("    report \"RUN: \" & integer'image(cycles) & \" cycles, \" & integer'image(transfers) & \" transfers\" severity note;\n");
        sb.Append("    wait;\n  end process;\nend architecture;\n");
        return new VhdlSource($"{top}_run.vhd", sb.ToString());
    }

    /// <summary>The port's name in the generated top entity (and in GHDL's Verilog netlist of it).</summary>
    public static string Port(SignalBase s) => VhdlNames.Id(TraceRecorder.PortName(s));

    /// <summary>The port's type in the generated top entity: std_logic for a bool, else a std_logic_vector of its width.</summary>
    internal static string VecType(SignalBase s) =>
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
