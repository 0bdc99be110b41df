using System.Text;
using System.Text.RegularExpressions;
using Hdl.Vhdl;

namespace Crypto.Axi;

/// <summary>
/// The hand-off to Vivado: a VHDL entity around a wrapper's generated top with the standard Xilinx port
/// names (<c>aclk</c>, <c>aresetn</c> active low, <c>s_axi_*</c>, <c>s_axis_t*</c>, <c>m_axis_t*</c>)
/// and X_INTERFACE attributes, so the IP packager infers one AXI4-Lite slave, one AXI4-Stream slave
/// and one master, all on <c>aclk</c>. It is wiring only: the generated top keeps the engine's names
/// (<c>&lt;bus&gt;_&lt;signal&gt;</c>, <c>clk</c>, synchronous active-high <c>rst</c>), which is what
/// the GHDL co-simulation checks cycle by cycle.
/// </summary>
public static class AxiShell
{
    /// <summary>Entity (and file) name of the shell of a wrapper: &lt;design&gt;_ip.</summary>
    public static string EntityName(IAxiCoreAdapter adapter, int streamBits = AxiWrapper.DefaultStreamBits) =>
        AxiWrapper.DesignName(adapter, streamBits) + "_ip";

    /// <summary>
    /// AXI4-Lite widths of the shell's ports (the stream width is the wrapper's, 64 or 32 bits). The
    /// address is 12 bits (a 4 KiB segment, the smallest Vivado's address editor assigns); the register
    /// bank decodes the low 8, so the 256-byte register map repeats within the segment.
    /// </summary>
    public const int LiteAddressBits = 12, LiteDataBits = 32, DecodedAddressBits = 8;

    /// <summary>
    /// The shell's ports for <paramref name="streamBits"/>-bit streams: (shell port, direction, VHDL type,
    /// generated top port or null for inputs the top does not have).
    /// </summary>
    static (string Port, string Dir, string Type, string? Top)[] Ports(int streamBits) =>
    [
        ("aclk", "in", "std_logic", "clk"),
        ("aresetn", "in", "std_logic", null),
        ("s_axi_awaddr", "in", Vector(LiteAddressBits), Top(AxiWrapper.WriteAddress, "Addr")),
        ("s_axi_awprot", "in", Vector(3), null),
        ("s_axi_awvalid", "in", "std_logic", Top(AxiWrapper.WriteAddress, "Valid")),
        ("s_axi_awready", "out", "std_logic", Top(AxiWrapper.WriteAddressReady, "Ready")),
        ("s_axi_wdata", "in", Vector(LiteDataBits), Top(AxiWrapper.WriteData, "Data")),
        ("s_axi_wstrb", "in", Vector(LiteDataBits / 8), Top(AxiWrapper.WriteData, "Strb")),
        ("s_axi_wvalid", "in", "std_logic", Top(AxiWrapper.WriteData, "Valid")),
        ("s_axi_wready", "out", "std_logic", Top(AxiWrapper.WriteDataReady, "Ready")),
        ("s_axi_bresp", "out", Vector(2), Top(AxiWrapper.WriteResponse, "Resp")),
        ("s_axi_bvalid", "out", "std_logic", Top(AxiWrapper.WriteResponse, "Valid")),
        ("s_axi_bready", "in", "std_logic", Top(AxiWrapper.WriteResponseReady, "Ready")),
        ("s_axi_araddr", "in", Vector(LiteAddressBits), Top(AxiWrapper.ReadAddress, "Addr")),
        ("s_axi_arprot", "in", Vector(3), null),
        ("s_axi_arvalid", "in", "std_logic", Top(AxiWrapper.ReadAddress, "Valid")),
        ("s_axi_arready", "out", "std_logic", Top(AxiWrapper.ReadAddressReady, "Ready")),
        ("s_axi_rdata", "out", Vector(LiteDataBits), Top(AxiWrapper.ReadData, "Data")),
        ("s_axi_rresp", "out", Vector(2), Top(AxiWrapper.ReadData, "Resp")),
        ("s_axi_rvalid", "out", "std_logic", Top(AxiWrapper.ReadData, "Valid")),
        ("s_axi_rready", "in", "std_logic", Top(AxiWrapper.ReadDataReady, "Ready")),
        ("s_axis_tdata", "in", Vector(streamBits), Top(AxiWrapper.SAxis, "Data")),
        ("s_axis_tkeep", "in", Vector(streamBits / 8), Top(AxiWrapper.SAxis, "Keep")),
        ("s_axis_tlast", "in", "std_logic", Top(AxiWrapper.SAxis, "Last")),
        ("s_axis_tvalid", "in", "std_logic", Top(AxiWrapper.SAxis, "Valid")),
        ("s_axis_tready", "out", "std_logic", Top(AxiWrapper.SAxisReady, "Ready")),
        ("m_axis_tdata", "out", Vector(streamBits), Top(AxiWrapper.MAxis, "Data")),
        ("m_axis_tkeep", "out", Vector(streamBits / 8), Top(AxiWrapper.MAxis, "Keep")),
        ("m_axis_tlast", "out", "std_logic", Top(AxiWrapper.MAxis, "Last")),
        ("m_axis_tvalid", "out", "std_logic", Top(AxiWrapper.MAxis, "Valid")),
        ("m_axis_tready", "in", "std_logic", Top(AxiWrapper.MAxisReady, "Ready")),
    ];

    /// <summary>
    /// The generated top's port for a signal of a top-level bus: &lt;bus&gt;_&lt;signal&gt;, without a
    /// leading "m_" (the transpiler drops it as a C# field prefix, so m_axis becomes axis).
    /// </summary>
    static string Top(string bus, string signal) => (bus.StartsWith("m_", StringComparison.Ordinal) ? bus[2..] : bus) + "_" + signal;

    /// <summary>The part of a shell port the generated top takes (the decoded address bits).</summary>
    static string Slice(string port) => port is "s_axi_awaddr" or "s_axi_araddr" ? $"({DecodedAddressBits - 1} downto 0)" : "";

    static string Vector(int bits) => $"std_logic_vector({bits - 1} downto 0)";

    /// <summary>
    /// The shell's VHDL for a wrapper whose generated files are <paramref name="generated"/>. Fails when a
    /// port of the generated top is not wired or a wired name is not a port of it (the two must agree).
    /// </summary>
    public static VhdlSource Generate(IAxiCoreAdapter adapter, string top, IReadOnlyList<VhdlSource> generated,
        int streamBits = AxiWrapper.DefaultStreamBits)
    {
        var ports = Ports(streamBits);
        var topFile = generated.FirstOrDefault(f => f.FileName == top + ".vhd")
            ?? throw new InvalidOperationException($"no {top}.vhd among the generated files");
        var topPorts = PortLine.Matches(topFile.Content.Split("end entity;")[0]).Select(m => m.Groups[1].Value).ToHashSet(StringComparer.OrdinalIgnoreCase);
        var wired = ports.Where(p => p.Top is not null).Select(p => p.Top!).Append("rst").ToHashSet(StringComparer.OrdinalIgnoreCase);
        var unwired = topPorts.Except(wired, StringComparer.OrdinalIgnoreCase).ToList();
        var missing = wired.Except(topPorts, StringComparer.OrdinalIgnoreCase).ToList();
        if (unwired.Count > 0 || missing.Count > 0)
            throw new InvalidOperationException($"the shell of {top} does not match its top entity: unwired ports [{string.Join(", ", unwired)}], unknown ports [{string.Join(", ", missing)}]");

        string name = EntityName(adapter, streamBits);
        var sb = new StringBuilder();
        sb.Append("-- Generated by sme-crypto (src/Axi/AxiShell.cs). Do not edit.\n");
        sb.Append($"-- {adapter.Description}: the wrapper {top} with the standard Xilinx AXI port names.\n");
        sb.Append("library ieee;\nuse ieee.std_logic_1164.all;\n\n");
        sb.Append($"entity {name} is\n  port (\n");
        sb.Append(string.Join(";\n", ports.Select(p => $"    {p.Port} : {p.Dir} {p.Type}")));
        sb.Append("\n  );\n\n");
        sb.Append("  attribute X_INTERFACE_INFO : string;\n  attribute X_INTERFACE_PARAMETER : string;\n");
        sb.Append("  attribute X_INTERFACE_INFO of aclk : signal is \"xilinx.com:signal:clock:1.0 aclk CLK\";\n");
        sb.Append("  attribute X_INTERFACE_PARAMETER of aclk : signal is \"ASSOCIATED_BUSIF s_axi:s_axis:m_axis, ASSOCIATED_RESET aresetn\";\n");
        sb.Append("  attribute X_INTERFACE_INFO of aresetn : signal is \"xilinx.com:signal:reset:1.0 aresetn RST\";\n");
        sb.Append("  attribute X_INTERFACE_PARAMETER of aresetn : signal is \"POLARITY ACTIVE_LOW\";\n");
        foreach (var p in ports.Where(p => p.Port.StartsWith("s_axi_", StringComparison.Ordinal)))
            sb.Append($"  attribute X_INTERFACE_INFO of {p.Port} : signal is \"xilinx.com:interface:aximm:1.0 s_axi {p.Port["s_axi_".Length..].ToUpperInvariant()}\";\n");
        foreach (var p in ports.Where(p => p.Port.StartsWith("s_axis_", StringComparison.Ordinal) || p.Port.StartsWith("m_axis_", StringComparison.Ordinal)))
            sb.Append($"  attribute X_INTERFACE_INFO of {p.Port} : signal is \"xilinx.com:interface:axis:1.0 {p.Port[..6]} {p.Port[7..].ToUpperInvariant()}\";\n");
        sb.Append("  attribute X_INTERFACE_PARAMETER of s_axi_awaddr : signal is \"PROTOCOL AXI4LITE, DATA_WIDTH 32, ADDR_WIDTH 12\";\n");
        sb.Append($"end entity;\n\narchitecture wiring of {name} is\n  signal rst : std_logic;\nbegin\n");
        sb.Append("  -- The generated design resets synchronously on rst = '1'.\n  rst <= not aresetn;\n\n");
        sb.Append($"  u_wrapper : entity work.{top}\n    port map (\n");
        var maps = new List<string> { "      rst => rst" };
        maps.AddRange(ports.Where(p => p.Top is not null).Select(p => $"      {p.Top} => {p.Port}{Slice(p.Port)}"));
        sb.Append(string.Join(",\n", maps));
        sb.Append("\n    );\nend architecture;\n");
        return new VhdlSource(name + ".vhd", sb.ToString());
    }

    /// <summary>
    /// A self-checking VHDL testbench (entity &lt;shell&gt;_tb) for the shell's wiring: the shell and
    /// the generated top it wraps, side by side, get the same pseudo-random inputs every clock (the
    /// top's rst is not aresetn); every output of the shell must equal the top's port it is wired to.
    /// A swapped or misrouted port shows as a difference. Ends with severity failure on any.
    /// </summary>
    public static VhdlSource WiringTestbench(IAxiCoreAdapter adapter, string top, int cycles, int streamBits = AxiWrapper.DefaultStreamBits)
    {
        var ports = Ports(streamBits);
        string name = EntityName(adapter, streamBits);
        var sb = new StringBuilder();
        sb.Append("-- Generated by sme-crypto (src/Axi/AxiShell.cs): wiring check of the shell. Do not edit.\n");
        sb.Append("library ieee;\nuse ieee.std_logic_1164.all;\nuse ieee.numeric_std.all;\n\n");
        sb.Append($"entity {name}_tb is\nend entity;\n\narchitecture sim of {name}_tb is\n");
        sb.Append("  signal rst : std_logic := '1';\n");
        foreach (var p in ports)
        {
            sb.Append($"  signal {p.Port} : {p.Type};\n");
            if (p.Dir == "out") sb.Append($"  signal top_{p.Port} : {p.Type};\n");
        }
        sb.Append("  signal done : boolean := false;\nbegin\n");
        sb.Append($"  u_shell : entity work.{name}\n    port map (\n");
        sb.Append(string.Join(",\n", ports.Select(p => $"      {p.Port} => {p.Port}")));
        sb.Append("\n    );\n\n");
        sb.Append($"  u_top : entity work.{top}\n    port map (\n");
        var maps = new List<string> { "      rst => rst" };
        maps.AddRange(ports.Where(p => p.Top is not null).Select(p => $"      {p.Top} => {(p.Dir == "out" ? "top_" : "")}{p.Port}{Slice(p.Port)}"));
        sb.Append(string.Join(",\n", maps));
        sb.Append("\n    );\n\n");
        sb.Append("  rst <= not aresetn;\n\n");
        sb.Append("  clock : process\n  begin\n    while not done loop\n      aclk <= '0'; wait for 5 ns;\n      aclk <= '1'; wait for 5 ns;\n    end loop;\n    wait;\n  end process;\n\n");
        sb.Append("  stimulus : process\n    variable r : unsigned(63 downto 0) := x\"0123456789ABCDEF\";\n    variable errors : natural := 0;\n  begin\n");
        sb.Append("    aresetn <= '0';\n");
        sb.Append($"    for cycle in 0 to {cycles - 1} loop\n");
        sb.Append("      wait until falling_edge(aclk);\n");
        sb.Append("      if cycle > 0 then\n");
        foreach (var p in ports.Where(p => p.Dir == "out"))
            sb.Append($"        if {p.Port} /= top_{p.Port} then\n          errors := errors + 1;\n          report \"cycle \" & integer'image(cycle) & \": {p.Port} differs from the top's {p.Top}\" severity error;\n        end if;\n");
        sb.Append("      end if;\n");
        sb.Append("      for i in 0 to 63 loop\n        r := r(62 downto 0) & (r(63) xor r(62) xor r(60) xor r(59));\n      end loop;\n");
        sb.Append("      if cycle >= 2 then aresetn <= '1'; end if;\n");
        int k = 0;
        foreach (var p in ports.Where(p => p.Dir == "in" && p.Port is not "aclk" and not "aresetn"))
        {
            k++;
            bool vector = p.Type.StartsWith("std_logic_vector", StringComparison.Ordinal);
            string bits = vector ? $"std_logic_vector(rotate_left(r, {7 * k})({p.Type.Split('(')[1].Split(' ')[0]} downto 0))" : $"r({5 * k % 64})";
            sb.Append($"      {p.Port} <= {bits};\n");
        }
        sb.Append("    end loop;\n");
        sb.Append("    done <= true;\n");
        sb.Append("    assert errors = 0 report \"the shell's outputs differ from the generated top's\" severity failure;\n");
        sb.Append("    report \"shell wiring check passed\" severity note;\n    wait;\n  end process;\nend architecture;\n");
        return new VhdlSource(name + "_tb.vhd", sb.ToString());
    }

    /// <summary>The generated files of a wrapper and its shell (what vhdl-out/axi-&lt;core&gt;-&lt;variant&gt;[-w32]/ holds).</summary>
    public static IReadOnlyList<VhdlSource> GenerateAll(IAxiCoreAdapter adapter, int streamBits = AxiWrapper.DefaultStreamBits)
    {
        var netlist = AxiWrapper.Build(adapter, streamBits).Design.Elaborate();
        var generated = VhdlGenerator.Generate(netlist);
        return [.. generated, Generate(adapter, VhdlGenerator.TopName(netlist), generated, streamBits)];
    }

    static readonly Regex PortLine = new(@"^\s+(\w+)\s*:\s*(?:in|out)\s", RegexOptions.Multiline);
}
