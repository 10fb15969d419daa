// tb_gmc_bim: self-checking vector replay of gmc_bim under Icarus.
//
// C twin: model/blocks/gmc_bim.{h,c}; the vectors are written by the C model
// (`gmc vectors bim ... -o FILE`).  The DUT is the wrapper emitted by
// `gmc bim ... --emit-verilog` for the same preset/scheme/seed/REG_OUT.
//
// Build and run (tb/cosim.mk does this for every vectors/bim/*.vec):
//   iverilog -g2012 -DBIM_TOP=<wrapper module> -DBIM_W=<W> -o tb.vvp \
//            tb/tb_gmc_bim.sv <wrapper>.sv rtl/gmc_bim.sv
//   vvp -n tb.vvp +vec=FILE
//
// Per vector line (one clock cycle): inputs are applied while clk is low,
// combinational logic settles, every output is compared (valid_o and addr_o
// always, also when valid_o = 0), then the clock rises.  rst_ni = 0 asserts
// the asynchronous reset during that cycle.
//
// Exit status: 0 only if the header matched, every line parsed, at least one
// output was compared and none differed.  The first mismatch prints cycle,
// port, expected and actual and stops with $fatal (exit 1 under vvp -n).
// A passing run ends with the line "tb_gmc_bim: PASS ...".
`ifndef BIM_TOP
`define BIM_TOP gmc_bim
`endif
`ifndef BIM_W
`define BIM_W 30
`endif
`define TB_STR(x) `"x`"

module tb_gmc_bim;

  localparam int W = `BIM_W;
  // Line buffer.  Vector lines are <= 40 characters; header lines may be
  // longer (# param M is W*W/4 hex digits) and are cut to LineBytes: only
  // their key is read.  256 is also Verilator's string limit (lint).
  localparam int LineBytes = 256;

  logic         clk;
  logic         rst_n;
  logic         valid_i;
  logic [W-1:0] addr_i;
  logic         valid_o;
  logic [W-1:0] addr_o;

  `BIM_TOP dut (
    .clk_i  (clk),
    .rst_ni (rst_n),
    .valid_i(valid_i),
    .addr_i (addr_i),
    .valid_o(valid_o),
    .addr_o (addr_o)
  );

  // Icarus 11 string support is partial (no getc, substr compares can crash
  // vvp), so lines are handled as right-aligned byte vectors, as $fgets
  // writes them: the last character is line[7:0].
  reg [8*LineBytes-1:0] line, expect_ports, unused_rest;
  reg [8*128-1:0]       path;
  reg [8*64-1:0]        key;
  integer fd, n, len, rest_len, lineno, blank_at, cycles, outputs, valid_seen, hdr_w, hdr_reg_out;
  integer hdr_cycles, hdr_version;
  bit     in_body, cut, hdr_block, hdr_ports;
  reg [63:0] f_rst, f_valid_i, f_addr_i, f_valid_o, f_addr_o;

  `include "tb/tb_vec_lines.svh"   // is_blank, read_line

  task automatic bad_line(input reg [8*256-1:0] what);
    $display("%0s:%0d: %0s", path, lineno, what);
    $fatal(1, "tb_gmc_bim: bad vector file");
  endtask

  task automatic mismatch(input reg [8*16-1:0] port, input reg [63:0] exp_v,
                          input reg [63:0] act_v);
    $display("MISMATCH block bim dut %s vec %0s line %0d: cycle %0d port %0s expected %0h actual %0h",
             `TB_STR(`BIM_TOP), path, lineno, cycles, port, exp_v, act_v);
    $fatal(1, "tb_gmc_bim: FAIL at cycle %0d", cycles);
  endtask

  // Range check of one field: no X/Z, nothing above its width.
  task automatic check_field(input reg [8*16-1:0] port, input reg [63:0] v, input int width);
    reg [8*256-1:0] msg;
    if (^v === 1'bx) begin
      $sformat(msg, "expected a hex value for %0s, found x/z", port);
      bad_line(msg);
    end
    if (width < 64 && (v >> width) != 64'd0) begin
      $sformat(msg, "%0s is %0d bits wide, found %h", port, width, v);
      bad_line(msg);
    end
  endtask

  initial begin
    clk         = 1'b0;
    rst_n       = 1'b1;
    valid_i     = 1'b0;
    addr_i      = '0;
    cycles      = 0;
    outputs     = 0;
    valid_seen  = 0;
    lineno      = 0;
    hdr_w       = -1;
    hdr_reg_out = -1;
    hdr_cycles  = -1;
    hdr_version = -1;
    hdr_block   = 1'b0;
    hdr_ports   = 1'b0;
    $sformat(expect_ports,
             "# ports rst_ni:1:in valid_i:1:in addr_i:%0d:in valid_o:1:out addr_o:%0d:out", W, W);

    if (!$value$plusargs("vec=%s", path)) $fatal(1, "tb_gmc_bim: usage: vvp -n tb.vvp +vec=FILE");
    fd = $fopen(path, "r");
    if (fd == 0) $fatal(1, "tb_gmc_bim: cannot open %0s", path);

    in_body = 1'b1;
    while (in_body) begin
      read_line(in_body);
      if (!in_body || len == 0) begin
        in_body = 1'b0;  // end of file; blank lines are tolerated only at the end
      end else if (line[8*(len-1) +: 8] == "#") begin
        // ---------------------------------------------------------- header
        if (cycles != 0) bad_line("expected a vector line, found a header line after the vectors");
        if ($sscanf(line, "# gmc-vectors %d", n) == 1) begin
          hdr_version = n;
          if (n != 1) bad_line("expected format version 1 (# gmc-vectors 1)");
        end else if ($sscanf(line, "# block %s", key) == 1) begin
          if (key != "bim") bad_line("expected # block bim");
          hdr_block = 1'b1;
        end else if ($sscanf(line, "# param W %d", n) == 1) begin
          hdr_w = n;
          if (n != W) begin
            $display("%0s:%0d: expected W %0d (the DUT's, -DBIM_W), found %0d", path, lineno, W, n);
            $fatal(1, "tb_gmc_bim: bad vector file");
          end
        end else if ($sscanf(line, "# param REG_OUT %d", n) == 1) begin
          hdr_reg_out = n;
        end else if ($sscanf(line, "# cycles %d", n) == 1) begin
          hdr_cycles = n;
        end else if ($sscanf(line, "# ports %s", key) == 1) begin
          hdr_ports = 1'b1;
          if (line != expect_ports) begin
            $display("%0s:%0d: expected '%0s', found '%0s'", path, lineno, expect_ports, line);
            $fatal(1, "tb_gmc_bim: bad vector file");
          end
        end
        // other header lines (M, preset, scheme, seeds) are informational
      end else begin
        // ---------------------------------------------------------- one cycle
        if (hdr_version != 1 || !hdr_block || hdr_w < 0 || !hdr_ports)
          bad_line("expected # gmc-vectors 1, # block bim, # param W, # ports before the vectors");
        if (cut) bad_line("expected a vector line, found a line too long to be one");
        n = $sscanf(line, "%h %h %h %h %h %s", f_rst, f_valid_i, f_addr_i, f_valid_o, f_addr_o,
                    key);
        if (n != 5) begin
          $display("%0s:%0d: expected 5 hex fields, found %0d", path, lineno, n);
          $fatal(1, "tb_gmc_bim: bad vector file");
        end
        check_field("rst_ni", f_rst, 1);
        check_field("valid_i", f_valid_i, 1);
        check_field("addr_i", f_addr_i, W);
        check_field("valid_o", f_valid_o, 1);
        check_field("addr_o", f_addr_o, W);

        // Inputs while the clock is low; let them settle; compare.
        rst_n   = f_rst[0];
        valid_i = f_valid_i[0];
        addr_i  = f_addr_i[W-1:0];
        #4;
        if (valid_o !== f_valid_o[0]) mismatch("valid_o", f_valid_o, 64'(valid_o));
        if (addr_o !== f_addr_o[W-1:0]) mismatch("addr_o", f_addr_o, 64'(addr_o));
        outputs = outputs + 2;
        if (f_valid_o[0]) valid_seen = valid_seen + 1;
        cycles = cycles + 1;
        // Rising edge, then back low for the next cycle's inputs.
        #1 clk = 1'b1;
        #4 clk = 1'b0;
        #1;
      end
    end
    // Only blank lines may follow the vectors.
    blank_at = lineno;
    in_body  = 1'b1;
    while (in_body) begin
      read_line(in_body);
      if (in_body && len != 0) begin
        $display("%0s:%0d: expected a vector line, found an empty line (line %0d) inside the vectors",
                 path, lineno, blank_at);
        $fatal(1, "tb_gmc_bim: bad vector file");
      end
    end
    $fclose(fd);

    if (hdr_cycles >= 0 && hdr_cycles != cycles)
      $fatal(1, "tb_gmc_bim: %0s: header says %0d cycles, found %0d (truncated file?)", path,
             hdr_cycles, cycles);
    if (cycles == 0 || outputs == 0) $fatal(1, "tb_gmc_bim: %0s: no outputs compared", path);
    $display("tb_gmc_bim: PASS %0s: cycles %0d, outputs compared %0d, valid outputs %0d (REG_OUT %0d)",
             path, cycles, outputs, valid_seen, hdr_reg_out);
    $finish;
  end

endmodule
