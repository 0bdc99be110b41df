// Rules of the AMBA AXI4-Stream protocol (Arm IHI 0051) as checker modules for yosys' formal flow
// (read_verilog -formal -sv, then yosys-smtbmc). Written for sme-crypto (src/Axi/Formal); every
// harness in this folder instantiates them around a design generated from the C# processes.
//
// A step of the solver is one clock cycle. The designs reset synchronously: rst high at an edge
// clears their registers, so the cycle after a reset edge shows the reset state.

// The rules a stream master keeps, asserted: after a cycle with TVALID high and TREADY low, TVALID
// stays high and TDATA, TKEEP, TLAST do not change; TVALID is low in the cycle after a reset edge;
// and what this project promises on top (docs/axi.md): TKEEP is a run of lanes from lane 0 and never
// empty, partial only with TLAST, and the lanes outside TKEEP are zero.
module axis_master_rules #(parameter LANES = 8) (
  input clk, input rst, input valid, input ready,
  input [8*LANES-1:0] data, input [LANES-1:0] keep, input last);
  reg f_past = 1'b0;
  always @(posedge clk) f_past <= 1'b1;
  wire [LANES-1:0] keep_plus_one = keep + 1'b1;
  wire keep_run = (keep_plus_one & keep) == 0 && keep != 0;
  wire [8*LANES-1:0] lanes;
  genvar i;
  generate for (i = 0; i < LANES; i = i + 1) begin : lane
    assign lanes[8*i+7:8*i] = {8{keep[i]}};
  end endgenerate
  always @(posedge clk) begin
    if (f_past && $past(rst)) assert(!valid);
    if (f_past && !$past(rst) && $past(valid && !ready)) begin
      assert(valid);
      assert(data == $past(data));
      assert(keep == $past(keep));
      assert(last == $past(last));
    end
    if (f_past && !$past(rst) && valid) begin
      assert(keep_run);
      assert(last || keep == {LANES{1'b1}});
      assert((data & ~lanes) == 0);
    end
  end
endmodule

// The rules a stream source keeps, assumed on an input (s_axis, the AXI DMA MM2S channel): once
// TVALID is high it stays high, with the same TDATA, TKEEP and TLAST, until TREADY. Nothing is
// assumed of TKEEP: the slave must cope with any (STATUS error 2).
module axis_source_assumed #(parameter LANES = 8) (
  input clk, input rst, input valid, input ready,
  input [8*LANES-1:0] data, input [LANES-1:0] keep, input last);
  reg f_past = 1'b0;
  always @(posedge clk) f_past <= 1'b1;
  always @(posedge clk)
    if (f_past && !$past(rst) && $past(valid && !ready)) begin
      assume(valid);
      assume(data == $past(data));
      assume(keep == $past(keep));
      assume(last == $past(last));
    end
endmodule

// The packet closing rule of a soft reset (docs/axi.md, "Soft reset"), asserted on a stream master
// that gets Flush: the packet open on the stream at a flush (beats of it taken, or a beat on offer)
// keeps TVALID high until its TLAST has been taken, and every beat offered after the flush until
// then, other than the beat that was on offer, is the closing beat (one zero byte, TKEEP lane 0, TLAST).
module axis_flush_closes_packet #(parameter LANES = 8) (
  input clk, input rst, input flush, input valid, input ready,
  input [8*LANES-1:0] data, input [LANES-1:0] keep, input last);
  reg f_past = 1'b0;
  always @(posedge clk) f_past <= 1'b1;
  reg f_mid = 1'b0;      // beats of a packet taken since its last TLAST
  reg f_closing = 1'b0;  // the packet open at the last flush has not had its TLAST yet
  wire taken = valid && ready;
  wire mid_after = taken ? !last : f_mid;
  always @(posedge clk) begin
    if (rst) begin
      f_mid <= 1'b0;
      f_closing <= 1'b0;
    end else begin
      f_mid <= mid_after;
      if (flush) f_closing <= (valid && !ready) || mid_after || (f_closing && !(taken && last));
      else if (taken && last) f_closing <= 1'b0;
    end
  end
  always @(posedge clk)
    if (f_past && !$past(rst) && f_closing) begin
      assert(valid);
      if (!$past(valid && !ready)) begin
        assert(keep == 1);
        assert(last);
        assert(data == 0);
      end
    end
endmodule

// An internal block or beat stream between two processes (not an AXI port): valid and the payload
// hold until ready, except across a flush, when every process drops what it holds.
module stream_hold_rules #(parameter WIDTH = 8, parameter ASSERT = 1) (
  input clk, input rst, input flush, input valid, input ready, input [WIDTH-1:0] payload);
  reg f_past = 1'b0;
  always @(posedge clk) f_past <= 1'b1;
  always @(posedge clk)
    if (f_past && !$past(rst) && !$past(flush) && $past(valid && !ready)) begin
      if (ASSERT) begin
        assert(valid);
        assert(payload == $past(payload));
      end else begin
        assume(valid);
        assume(payload == $past(payload));
      end
    end
endmodule
