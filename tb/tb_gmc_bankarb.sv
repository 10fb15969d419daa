// tb_gmc_bankarb: self-checking vector replay of gmc_bankarb under Icarus.
//
// C twin: model/blocks/gmc_bankarb.{h,c}; the vectors are written by the C
// model (`gmc vectors bankarb --banks NB --two-level T ... -o FILE`).
//
// Build and run (tb/cosim_bankarb.mk does this for every vectors/bankarb/*.vec):
//   iverilog -g2012 -DBA_NB=<NB> -DBA_TWO_LEVEL=<T> -o tb.vvp \
//            tb/tb_gmc_bankarb.sv rtl/gmc_bankarb.sv
//   vvp -n tb.vvp +vec=FILE
//
// Per vector line (one clock cycle): inputs are applied while clk is low,
// combinational logic settles, every output is compared (gnt_o, gnt_hi_o,
// gnt_idx_o, valid_o, also when nothing is granted), then the clock rises.
// rst_ni = 0 asserts the asynchronous reset during that cycle.
//
// Exit status: 0 only if the header matched (block, NB and TWO_LEVEL equal
// to the DUT's, the exact port line), every line parsed, at least one output
// was compared and none differed.  The first mismatch prints cycle, port,
// expected and actual and stops with $fatal (exit 1 under vvp -n).  A
// passing run ends with the line "tb_gmc_bankarb: PASS ...".
`ifndef BA_NB
`define BA_NB 16
`endif
`ifndef BA_TWO_LEVEL
`define BA_TWO_LEVEL 1
`endif

module tb_gmc_bankarb;

  localparam int NB = `BA_NB;
  localparam int TL = `BA_TWO_LEVEL;
  localparam int IW = (NB > 1) ? $clog2(NB) : 1;
  localparam int LineBytes = 256;

  logic          clk;
  logic          rst_n;
  logic          en;
  logic [NB-1:0] req;
  logic [NB-1:0] hi;
  logic [NB-1:0] gnt;
  logic          gnt_hi;
  logic [IW-1:0] gnt_idx;
  logic          valid;

  gmc_bankarb #(
    .NB       (NB),
    .TWO_LEVEL(TL)
  ) dut (
    .clk_i    (clk),
    .rst_ni   (rst_n),
    .en_i     (en),
    .req_i    (req),
    .hi_i     (hi),
    .gnt_o    (gnt),
    .gnt_hi_o (gnt_hi),
    .gnt_idx_o(gnt_idx),
    .valid_o  (valid)
  );

  // Lines are handled as right-aligned byte vectors, as $fgets writes them
  // (Icarus 11 string support is partial; see docs/blocks/gmc_bim.md).
  reg [8*LineBytes-1:0] line, expect_ports, unused_rest;
  reg [8*128-1:0]       path;
  reg [8*64-1:0]        key;
  integer fd, n, len, rest_len, lineno, blank_at, cycles, outputs, grants, hi_grants;
  integer hdr_nb, hdr_tl, hdr_cycles, hdr_version;
  bit     in_body, cut, hdr_block, hdr_ports;
  reg [63:0] f_rst, f_en, f_req, f_hi, f_gnt, f_gnt_hi, f_idx, f_valid;

  `include "tb/tb_vec_lines.svh"   // is_blank, read_line

  task automatic bad_line(input reg [8*256-1:0] what);
    $display("%0s:%0d: %0s", path, lineno, what);
    $fatal(1, "tb_gmc_bankarb: bad vector file");
  endtask

  task automatic mismatch(input reg [8*16-1:0] port, input reg [63:0] exp_v,
                          input reg [63:0] act_v);
    $display("MISMATCH block bankarb NB %0d TWO_LEVEL %0d vec %0s line %0d: cycle %0d port %0s expected %0h actual %0h",
             NB, TL, path, lineno, cycles, port, exp_v, act_v);
    $display("  inputs: rst_ni %0h en_i %0h req_i %0h hi_i %0h", f_rst, f_en, f_req, f_hi);
    $fatal(1, "tb_gmc_bankarb: FAIL at cycle %0d", cycles);
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
    en          = 1'b0;
    req         = '0;
    hi          = '0;
    cycles      = 0;
    outputs     = 0;
    grants      = 0;
    hi_grants   = 0;
    lineno      = 0;
    hdr_nb      = -1;
    hdr_tl      = -1;
    hdr_cycles  = -1;
    hdr_version = -1;
    hdr_block   = 1'b0;
    hdr_ports   = 1'b0;
    $sformat(expect_ports,
             "# ports rst_ni:1:in en_i:1:in req_i:%0d:in hi_i:%0d:in gnt_o:%0d:out gnt_hi_o:1:out gnt_idx_o:%0d:out valid_o:1:out",
             NB, NB, NB, IW);

    if (!$value$plusargs("vec=%s", path)) $fatal(1, "tb_gmc_bankarb: usage: vvp -n tb.vvp +vec=FILE");
    fd = $fopen(path, "r");
    if (fd == 0) $fatal(1, "tb_gmc_bankarb: cannot open %0s", path);

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
          if (key != "bankarb") bad_line("expected # block bankarb");
          hdr_block = 1'b1;
        end else if ($sscanf(line, "# param NB %d", n) == 1) begin
          hdr_nb = n;
          if (n != NB) begin
            $display("%0s:%0d: expected NB %0d (the DUT's, -DBA_NB), found %0d", path, lineno, NB, n);
            $fatal(1, "tb_gmc_bankarb: bad vector file");
          end
        end else if ($sscanf(line, "# param TWO_LEVEL %d", n) == 1) begin
          hdr_tl = n;
          if (n != TL) begin
            $display("%0s:%0d: expected TWO_LEVEL %0d (the DUT's, -DBA_TWO_LEVEL), found %0d", path,
                     lineno, TL, n);
            $fatal(1, "tb_gmc_bankarb: bad vector file");
          end
        end else if ($sscanf(line, "# cycles %d", n) == 1) begin
          hdr_cycles = n;
        end else if ($sscanf(line, "# ports %s", key) == 1) begin
          hdr_ports = 1'b1;
          if (line != expect_ports) begin
            $display("%0s:%0d: expected '%0s', found '%0s'", path, lineno, expect_ports, line);
            $fatal(1, "tb_gmc_bankarb: bad vector file");
          end
        end
        // other header lines (stim-seed) are informational
      end else begin
        // ---------------------------------------------------------- one cycle
        if (hdr_version != 1 || !hdr_block || hdr_nb < 0 || hdr_tl < 0 || !hdr_ports)
          bad_line("expected # gmc-vectors 1, # block bankarb, # param NB, # param TWO_LEVEL, # ports before the vectors");
        if (cut) bad_line("expected a vector line, found a line too long to be one");
        n = $sscanf(line, "%h %h %h %h %h %h %h %h %s", f_rst, f_en, f_req, f_hi, f_gnt, f_gnt_hi,
                    f_idx, f_valid, key);
        if (n != 8) begin
          $display("%0s:%0d: expected 8 hex fields, found %0d", path, lineno, n);
          $fatal(1, "tb_gmc_bankarb: bad vector file");
        end
        check_field("rst_ni", f_rst, 1);
        check_field("en_i", f_en, 1);
        check_field("req_i", f_req, NB);
        check_field("hi_i", f_hi, NB);
        check_field("gnt_o", f_gnt, NB);
        check_field("gnt_hi_o", f_gnt_hi, 1);
        check_field("gnt_idx_o", f_idx, IW);
        check_field("valid_o", f_valid, 1);

        // Inputs while the clock is low; let them settle; compare.
        rst_n = f_rst[0];
        en    = f_en[0];
        req   = f_req[NB-1:0];
        hi    = f_hi[NB-1:0];
        #4;
        if (gnt !== f_gnt[NB-1:0]) mismatch("gnt_o", f_gnt, 64'(gnt));
        if (gnt_hi !== f_gnt_hi[0]) mismatch("gnt_hi_o", f_gnt_hi, 64'(gnt_hi));
        if (gnt_idx !== f_idx[IW-1:0]) mismatch("gnt_idx_o", f_idx, 64'(gnt_idx));
        if (valid !== f_valid[0]) mismatch("valid_o", f_valid, 64'(valid));
        outputs = outputs + 4;
        if (f_valid[0]) grants = grants + 1;
        if (f_gnt_hi[0]) hi_grants = hi_grants + 1;
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
        $fatal(1, "tb_gmc_bankarb: bad vector file");
      end
    end
    $fclose(fd);

    if (hdr_cycles >= 0 && hdr_cycles != cycles)
      $fatal(1, "tb_gmc_bankarb: %0s: header says %0d cycles, found %0d (truncated file?)", path,
             hdr_cycles, cycles);
    if (cycles == 0 || outputs == 0) $fatal(1, "tb_gmc_bankarb: %0s: no outputs compared", path);
    $display("tb_gmc_bankarb: PASS %0s: cycles %0d, outputs compared %0d, grants %0d (high pool %0d)",
             path, cycles, outputs, grants, hi_grants);
    $finish;
  end

endmodule
