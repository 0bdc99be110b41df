// Rules of an AMBA AXI4-Lite slave (Arm IHI 0022, chapter B1 and A3) for yosys' formal flow; written
// for sme-crypto (src/Axi/Formal). The master is assumed to keep its side: AWVALID, WVALID and ARVALID
// with their address or data held until the handshake, in any order and any cycle; BREADY and RREADY
// free. Asserted of the slave:
// - no response without a request: BVALID only with a write (address and data) accepted and not yet
//   answered, RVALID only with a read address accepted and not yet answered;
// - exactly one response per request: at most one of each outstanding, one BVALID / RVALID per request;
// - BVALID, BRESP and RVALID, RDATA, RRESP held until BREADY / RREADY;
// - every request is taken: a write whose address and data are both valid is accepted within two
//   cycles once no response is waiting; a read likewise;
// - reset: BVALID, RVALID, AWREADY, WREADY, ARREADY low in the cycle after a reset edge.
module axi_lite_slave_rules (
  input clk, input rst,
  input awvalid, input awready, input [7:0] awaddr,
  input wvalid, input wready, input [31:0] wdata, input [3:0] wstrb,
  input bvalid, input bready, input [1:0] bresp,
  input arvalid, input arready, input [7:0] araddr,
  input rvalid, input rready, input [31:0] rdata, input [1:0] rresp);
  reg f_past = 1'b0;
  always @(posedge clk) f_past <= 1'b1;

  // the master's side
  always @(posedge clk)
    if (f_past && !$past(rst)) begin
      if ($past(awvalid && !awready)) assume(awvalid && awaddr == $past(awaddr));
      if ($past(wvalid && !wready)) assume(wvalid && wdata == $past(wdata) && wstrb == $past(wstrb));
      if ($past(arvalid && !arready)) assume(arvalid && araddr == $past(araddr));
    end

  // requests accepted and not yet answered
  reg [1:0] f_aw = 0, f_w = 0, f_ar = 0;
  wire aw_taken = awvalid && awready, w_taken = wvalid && wready, ar_taken = arvalid && arready;
  wire b_taken = bvalid && bready, r_taken = rvalid && rready;
  always @(posedge clk)
    if (rst) begin
      f_aw <= 0; f_w <= 0; f_ar <= 0;
    end else begin
      f_aw <= f_aw + aw_taken - b_taken;
      f_w <= f_w + w_taken - b_taken;
      f_ar <= f_ar + ar_taken - r_taken;
    end

  // cycles a request has waited for its handshake with no response pending
  reg [2:0] f_write_wait = 0, f_read_wait = 0;
  always @(posedge clk) begin
    f_write_wait <= (!rst && awvalid && wvalid && !aw_taken && !bvalid && f_aw == 0) ? f_write_wait + 1'b1 : 3'd0;
    f_read_wait <= (!rst && arvalid && !ar_taken && !rvalid && f_ar == 0) ? f_read_wait + 1'b1 : 3'd0;
  end

  always @(posedge clk) begin
    if (f_past && $past(rst)) begin
      assert(!bvalid && !rvalid);
      assert(!awready && !wready && !arready);
    end
    if (f_past && !$past(rst)) begin
      assert(f_aw <= 1 && f_w <= 1 && f_ar <= 1);
      if (bvalid) assert(f_aw == 1 && f_w == 1);
      if (rvalid) assert(f_ar == 1);
      if ($past(bvalid && !bready)) assert(bvalid && bresp == $past(bresp));
      if ($past(rvalid && !rready)) assert(rvalid && rdata == $past(rdata) && rresp == $past(rresp));
      assert(f_write_wait <= 2);
      assert(f_read_wait <= 2);
    end
  end
endmodule
