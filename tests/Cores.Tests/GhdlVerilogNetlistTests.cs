using Xunit;

namespace Cores.Tests;

/// <summary>The netlist reader behind <see cref="VariantVhdlTests.GeneratedVhdlSynthesizes"/> tells constant outputs from live ones.</summary>
public class GhdlVerilogNetlistTests
{
    // The shape ghdl --synth --out=verilog writes: a child with a register, a constant and a pass-through
    // output, and a top that forwards them through nets and instance connections.
    const string Netlist = """
        module child
          (input  clk,
           input  [7:0] d,
           output [7:0] q,
           output [3:0] zero,
           output pass);
          reg [7:0] n4_q;
          wire n5_o;
          assign q = n4_q;
          /* child.vhd:10:5  */
          assign zero = 4'b0000;
          assign n5_o = d[0] ? 1'b1 : 1'b0;
          assign pass = n5_o;
          always @(posedge clk)
            n4_q <= d;
        endmodule

        module top
          (input  clk,
           input  rst,
           input  [7:0] in_Data,
           output [7:0] out_Data,
           output [3:0] out_Zero,
           output out_Pass,
           output out_Tied);
          wire [7:0] u_child_q;
          wire [3:0] u_child_zero;
          wire u_child_pass;
          wire n9_o;
          assign out_Data = u_child_q;
          assign out_Zero = u_child_zero;
          assign out_Pass = u_child_pass;
          assign n9_o = 1'b1 & 1'b0;
          assign out_Tied = n9_o;
          child u_child (
            .clk(clk),
            .d(in_Data),
            .q(u_child_q),
            .zero(u_child_zero),
            .pass(u_child_pass));
        endmodule
        """;

    [Fact]
    public void ReadsModulesPortsInstancesAndRegisters()
    {
        var n = new GhdlVerilogNetlist(Netlist);
        Assert.Equal(["child", "top"], n.Modules.Keys.Order());
        Assert.Equal([("clk", false, 1), ("rst", false, 1), ("in_Data", false, 8), ("out_Data", true, 8), ("out_Zero", true, 4), ("out_Pass", true, 1), ("out_Tied", true, 1)],
            n.Modules["top"].Ports.Select(p => (p.Name, p.IsOutput, p.Width)));
        var instance = Assert.Single(n.Modules["top"].Instances);
        Assert.Equal(("child", "u_child", "u_child_zero"), (instance.Module, instance.Name, instance.Connections["zero"]));
        Assert.Equal(1, n.Modules["child"].ClockedBlocks);
        Assert.Equal(0, n.Modules["top"].ClockedBlocks);
    }

    [Theory]
    [InlineData("out_Data", false)]  // a register in the child
    [InlineData("out_Pass", false)]  // logic on an input
    [InlineData("out_Zero", true)]   // a literal in the child, through an instance
    [InlineData("out_Tied", true)]   // literals only, through a net of the top
    public void TellsConstantOutputsFromLiveOnes(string port, bool constant) =>
        Assert.Equal(constant, new GhdlVerilogNetlist(Netlist).IsConstant("top", port));
}
