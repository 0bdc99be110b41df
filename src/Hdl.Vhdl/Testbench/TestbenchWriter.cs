using System.Text;
using Hdl.Vhdl.Transpiler;

namespace Hdl.Vhdl.Testbench;

/// <summary>
/// The self-checking testbench &lt;design&gt;_tb: it reads a trace file (see
/// <see cref="TraceRecorder.Save"/>), drives the top-level inputs of each cycle after the previous
/// clock edge, compares every output just before the next edge, reports the first mismatches (cycle,
/// signal, expected, got) and ends with "severity failure" on any mismatch, so GHDL exits non-zero.
/// Simulation only: textio lives here, never in design files.
/// </summary>
public static class TestbenchWriter
{
    public static VhdlSource Write(Netlist netlist, int maxReported = 10)
    {
        var top = VhdlGenerator.TopName(netlist);
        var inputs = netlist.Inputs.SelectMany(b => b.Signals).ToList();
        var outputs = netlist.Outputs.SelectMany(b => b.Signals).ToList();
        string Port(SignalBase s) => VhdlNames.Id(TraceRecorder.PortName(s));
        string VecType(SignalBase s) => s.Type.Width == 1 && s.Type.Kind == HdlKind.Bool ? "std_logic" : $"std_logic_vector({s.Type.Width - 1} downto 0)";

        var sb = new StringBuilder(VhdlFile.Header);
        sb.Append($"-- Replays a trace of design {netlist.Design.Name} and checks every output every cycle.\n");
        sb.Append("library ieee;\nuse ieee.std_logic_1164.all;\nuse std.textio.all;\n\n");
        sb.Append($"entity {top}_tb is\n  generic (trace_path : string := \"trace.txt\");\nend entity;\n\n");
        sb.Append($"architecture replay of {top}_tb is\n");
        sb.Append("  signal clk : std_logic := '0';\n  signal rst : std_logic := '1';\n");
        foreach (var s in inputs.Concat(outputs))
            sb.Append($"  signal {Port(s)} : {VecType(s)}{(inputs.Contains(s) ? (s.Type.Kind == HdlKind.Bool ? " := '0'" : " := (others => '0')") : "")};\n");
        sb.Append("""

  -- Reads one space-separated field of hex digits into v ('U' digits: unknown, not checked).
  procedure read_field(l : inout line; v : out std_logic_vector; known : out boolean) is
    variable c : character;
    variable digits : string(1 to (v'length + 3) / 4);
    variable nibble : std_logic_vector(3 downto 0);
    variable bits : std_logic_vector(digits'length * 4 - 1 downto 0);
  begin
    read(l, c); -- the separating space
    read(l, digits);
    known := true;
    for i in digits'range loop
      case digits(i) is
        when '0' => nibble := "0000"; when '1' => nibble := "0001"; when '2' => nibble := "0010";
        when '3' => nibble := "0011"; when '4' => nibble := "0100"; when '5' => nibble := "0101";
        when '6' => nibble := "0110"; when '7' => nibble := "0111"; when '8' => nibble := "1000";
        when '9' => nibble := "1001"; when 'A' => nibble := "1010"; when 'B' => nibble := "1011";
        when 'C' => nibble := "1100"; when 'D' => nibble := "1101"; when 'E' => nibble := "1110";
        when 'F' => nibble := "1111";
        when others => nibble := "XXXX"; known := false;
      end case;
      bits((digits'length - i) * 4 + 3 downto (digits'length - i) * 4) := nibble;
    end loop;
    v := bits(v'length - 1 downto 0);
  end procedure;

  function to_hex(v : std_logic_vector) return string is
    constant n : natural := (v'length + 3) / 4;
    variable padded : std_logic_vector(n * 4 - 1 downto 0) := (others => '0');
    variable nibble : std_logic_vector(3 downto 0);
    variable s : string(1 to n);
    constant digits : string(1 to 16) := "0123456789ABCDEF";
    variable value : natural;
    variable bad : boolean;
  begin
    padded(v'length - 1 downto 0) := v;
    for i in 0 to n - 1 loop
      nibble := padded(i * 4 + 3 downto i * 4);
      value := 0;
      bad := false;
      for b in 3 downto 0 loop
        if nibble(b) = '1' then value := value * 2 + 1;
        elsif nibble(b) = '0' then value := value * 2;
        else bad := true;
        end if;
      end loop;
      if bad then s(n - i) := 'X'; else s(n - i) := digits(value + 1); end if;
    end loop;
    return s;
  end function;

begin
""");
        sb.Append($"  dut : entity work.{top}\n    port map (\n      clk => clk,\n      rst => rst");
        foreach (var s in inputs.Concat(outputs)) sb.Append($",\n      {Port(s)} => {Port(s)}");
        sb.Append("\n    );\n\n");
        sb.Append("  replay : process\n    file trace : text open read_mode is trace_path;\n    variable l : line;\n");
        sb.Append("    variable cycle : natural := 0;\n    variable errors : natural := 0;\n    variable known : boolean;\n    variable stamp : string(1 to 8);\n");
        foreach (var s in inputs.Concat(outputs)) sb.Append($"    variable v_{Port(s)} : std_logic_vector({s.Type.Width - 1} downto 0);\n");
        sb.Append($"""
  begin
    readline(trace, l); -- header
    -- two clock edges in reset
    for i in 1 to 2 loop
      clk <= '0'; wait for 5 ns;
      clk <= '1'; wait for 5 ns;
    end loop;
    clk <= '0';
    rst <= '0';
    while not endfile(trace) loop
      readline(trace, l);
      read(l, stamp);

""");
        foreach (var s in inputs)
        {
            var p = Port(s);
            sb.Append($"      read_field(l, v_{p}, known);\n");
            sb.Append(s.Type.Kind == HdlKind.Bool && s.Type.Width == 1
                ? $"      if known then {p} <= v_{p}(0); end if;\n"
                : $"      if known then {p} <= v_{p}; end if;\n");
        }
        sb.Append("      wait for 4 ns; -- inputs applied, combinational logic settled\n");
        foreach (var s in outputs)
        {
            var p = Port(s);
            bool bit = s.Type.Kind == HdlKind.Bool;
            var got = bit ? $"(0 => {p})" : p;
            sb.Append($"      read_field(l, v_{p}, known);\n");
            sb.Append($"      if known and v_{p} /= {(bit ? $"std_logic_vector'{got}" : p)} then\n");
            sb.Append("        errors := errors + 1;\n");
            sb.Append($"        if errors <= {maxReported} then\n");
            sb.Append($"          report \"MISMATCH cycle \" & integer'image(cycle) & \" {TraceRecorder.PortName(s)}: expected \" & to_hex(v_{p}) & \", got \" & to_hex({(bit ? $"std_logic_vector'{got}" : p)}) severity error;\n");
            sb.Append("        end if;\n      end if;\n");
        }
        sb.Append("""
      wait for 1 ns;
      clk <= '1'; -- the clock edge of this cycle
      wait for 5 ns;
      clk <= '0';
      cycle := cycle + 1;
    end loop;
    if errors > 0 then
      report "FAIL: " & integer'image(errors) & " mismatches in " & integer'image(cycle) & " cycles" severity failure;
    end if;
    report "PASS: " & integer'image(cycle) & " cycles compared" severity note;
    wait;
  end process;
end architecture;

""");
        return new VhdlSource($"{top}_tb.vhd", sb.ToString());
    }
}
