// gmc_bim: BIM XOR-tree address mapper (PAE [ISCA'18] section IV-A, Fig. 7).
//
// C twin: model/blocks/gmc_bim.{h,c} (gmc_bim_step, gmc_bim_map).
//
// addr_o = Matrix x addr_i over GF(2).  Row i of the matrix is Matrix[i*Width +: Width], the
// mask of the input bits XORed into output bit i:
//   addr_o[i] = ^(addr_i & Matrix[i*Width +: Width])
// Matrix is a constant, so synthesis keeps only the selected input wires and a
// tree of two-input XOR gates per output bit (k inputs -> k-1 gates).
//
// RegOut = 0: combinational, latency 0 (clk_i and rst_ni are unused).
// RegOut = 1: one register stage on valid and addr, latency 1, reset
//              asynchronously (active low) to valid_o = 0, addr_o = 0.  The
//              register sits before the tree (see tree_in below).
//
// Default Matrix is the Width x Width identity (addr_o = addr_i), i.e. the "base" scheme;
// the wrappers emitted by `gmc bim --emit-verilog` always pass Matrix explicitly.
module gmc_bim #(
  parameter int                     Width  = 30,                  // address bits, 1..64
  parameter logic [Width*Width-1:0] Matrix = gmc_bim_identity(),  // row i = Matrix[i*Width +: Width]
  parameter bit                     RegOut = 1'b0                 // 1: register the outputs
) (
  input  logic         clk_i,    // clock (used only when RegOut = 1)
  input  logic         rst_ni,   // async reset, active low (only when RegOut = 1)
  input  logic         valid_i,  // addr_i holds a request this cycle
  input  logic [Width-1:0] addr_i,   // input (physical) address
  output logic         valid_o,  // addr_o holds a request (valid_i delayed by RegOut)
  output logic [Width-1:0] addr_o    // mapped address Matrix x addr_i (delayed by RegOut)
);

  // The identity matrix, bit i*Width+i set for every row i.  (Constant function:
  // assigns the function name instead of `return`, which Yosys 0.23 lacks.)
  function automatic logic [Width*Width-1:0] gmc_bim_identity();
    gmc_bim_identity = '0;
    for (int i = 0; i < Width; i++) begin
      gmc_bim_identity[i*Width+i] = 1'b1;
    end
  endfunction

  // The tree's input: addr_i itself, or (RegOut = 1) the address captured
  // at the last edge.  Registering before the tree rather than after it
  // gives the same ports cycle for cycle (Matrix x 0 = 0 under reset), the same
  // Width + 1 flops, and lets a simulator re-evaluate the tree only when the
  // register changes.
  logic [Width-1:0] tree_in;

  if (RegOut) begin : g_reg
    logic         valid_q;
    logic [Width-1:0] addr_q;

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        valid_q <= 1'b0;
        addr_q  <= '0;
      end else begin
        valid_q <= valid_i;
        addr_q  <= addr_i;
      end
    end

    assign valid_o = valid_q;
    assign tree_in = addr_q;
  end else begin : g_comb
    // Clock and reset have no load in the combinational variant.
    logic unused_clk_rst;
    assign unused_clk_rst = clk_i ^ rst_ni;

    assign valid_o = valid_i;
    assign tree_in = addr_i;
  end

  // One XOR tree per output bit.
  for (genvar i = 0; i < Width; i++) begin : g_row
    assign addr_o[i] = ^(tree_in & Matrix[i*Width +: Width]);
  end

endmodule
