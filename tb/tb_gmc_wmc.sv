// tb_gmc_wmc: self-checking vector replay of gmc_wmc under Icarus.
//
// C twin: model/blocks/gmc_wmc.{h,c}; the vectors are written by the C model
// (`gmc vectors wmc --sm-bits .. --pt-bits .. -o FILE`).
//
// Build and run (tb/cosim_wmc.mk does this for every vectors/wmc/*.vec):
//   iverilog -g2012 -DWMC_SM=5 -DWMC_WARP=5 -DWMC_HASH=0 -DWMC_PEND=6 \
//            -DWMC_NB=16 -DWMC_ROWS=64 -DWMC_SCORE=4 -DWMC_PT=64 \
//            -o tb.vvp tb/tb_gmc_wmc.sv rtl/gmc_wmc.sv
//   vvp -n tb.vvp +vec=FILE
//
// Per vector line (one clock cycle): the 24 inputs are applied while clk is
// low, combinational logic settles, all 11 outputs are compared, then the
// clock rises.  rst_ni = 0 asserts the asynchronous reset during that cycle.
//
// Exit status: 0 only if the header matched (block wmc, the eight parameters
// equal to the DUT's, the exact port line), every line parsed, at least one
// output was compared and none differed.  The first mismatch prints cycle,
// port, expected and actual and stops with $fatal (exit 1 under vvp -n).  A
// passing run ends with the line "tb_gmc_wmc: PASS ...".
`ifndef WMC_SM
`define WMC_SM 5
`endif
`ifndef WMC_WARP
`define WMC_WARP 5
`endif
`ifndef WMC_HASH
`define WMC_HASH 0
`endif
`ifndef WMC_PEND
`define WMC_PEND 6
`endif
`ifndef WMC_NB
`define WMC_NB 16
`endif
`ifndef WMC_ROWS
`define WMC_ROWS 64
`endif
`ifndef WMC_SCORE
`define WMC_SCORE 4
`endif
`ifndef WMC_PT
`define WMC_PT 64
`endif

module tb_gmc_wmc;

  localparam int SMB  = `WMC_SM;
  localparam int WB   = `WMC_WARP;
  localparam int HB   = `WMC_HASH;
  localparam int PB   = `WMC_PEND;
  localparam int NB   = `WMC_NB;
  localparam int ROWS = `WMC_ROWS;
  localparam int SB   = `WMC_SCORE;
  localparam int PT   = `WMC_PT;
  localparam int GW   = SMB + WB + HB;
  localparam int BW   = (NB > 1) ? $clog2(NB) : 1;
  localparam int RB   = (ROWS > 1) ? $clog2(ROWS) : 1;
  localparam int CB   = (PT > 1) ? $clog2(PT) : 1;
  localparam int NIn  = 24;
  localparam int NOut = 11;
  localparam int NF   = NIn + NOut;
  localparam int LineBytes = 1024;

  // Port widths in port order (GMC_WMC_PORTS).
  int width [NF];
  initial begin
    width[0] = 1;   width[1] = 1;   width[2] = SMB; width[3] = WB;  width[4] = 32;
    width[5] = BW;  width[6] = RB;  width[7] = 1;   width[8] = GW;  width[9] = BW;
    width[10] = CB; width[11] = GW; width[12] = 1;  width[13] = 1;  width[14] = BW;
    width[15] = CB; width[16] = 2;  width[17] = 1;  width[18] = BW; width[19] = ROWS;
    width[20] = RB; width[21] = 1;  width[22] = BW; width[23] = RB;
    width[24] = GW; width[25] = 1;  width[26] = 1;  width[27] = 1;  width[28] = 1;
    width[29] = PB; width[30] = 2;  width[31] = 1;  width[32] = RB; width[33] = SB;
    width[34] = NB;
  end

  logic            clk;
  logic            rst_n, enq, svc, pq_hit, sch, pick, open;
  logic [SMB-1:0]  enq_sm;
  logic [WB-1:0]   enq_warp;
  logic [31:0]     enq_pc;
  logic [BW-1:0]   enq_bank, svc_bank, sch_bank, pick_bank, open_bank;
  logic [RB-1:0]   enq_row, pick_pref, open_row;
  logic [GW-1:0]   svc_gwid, pq_gwid;
  logic [CB-1:0]   svc_col, sch_col;
  logic [1:0]      sch_prio;
  logic [ROWS-1:0] pick_mask;
  logic [GW-1:0]   enq_gwid;
  logic            enq_alias, wet_ovf, wet_unf, svc_last, pick_valid;
  logic [PB-1:0]   pq_pend;
  logic [1:0]      pq_prio;
  logic [RB-1:0]   pick_slot;
  logic [SB-1:0]   pick_score;
  logic [NB-1:0]   hi;

  gmc_wmc #(
    .SM_BITS     (SMB),
    .WARP_BITS   (WB),
    .PC_HASH_BITS(HB),
    .PEND_BITS   (PB),
    .NB          (NB),
    .ROWS        (ROWS),
    .SCORE_BITS  (SB),
    .PT_BITS     (PT)
  ) dut (
    .clk_i       (clk),
    .rst_ni      (rst_n),
    .enq_i       (enq),
    .enq_sm_i    (enq_sm),
    .enq_warp_i  (enq_warp),
    .enq_pc_i    (enq_pc),
    .enq_bank_i  (enq_bank),
    .enq_row_i   (enq_row),
    .svc_i       (svc),
    .svc_gwid_i  (svc_gwid),
    .svc_bank_i  (svc_bank),
    .svc_col_i   (svc_col),
    .pq_gwid_i   (pq_gwid),
    .pq_hit_i    (pq_hit),
    .sch_i       (sch),
    .sch_bank_i  (sch_bank),
    .sch_col_i   (sch_col),
    .sch_prio_i  (sch_prio),
    .pick_i      (pick),
    .pick_bank_i (pick_bank),
    .pick_mask_i (pick_mask),
    .pick_pref_i (pick_pref),
    .open_i      (open),
    .open_bank_i (open_bank),
    .open_row_i  (open_row),
    .enq_gwid_o  (enq_gwid),
    .enq_alias_o (enq_alias),
    .wet_ovf_o   (wet_ovf),
    .wet_unf_o   (wet_unf),
    .svc_last_o  (svc_last),
    .pq_pend_o   (pq_pend),
    .pq_prio_o   (pq_prio),
    .pick_valid_o(pick_valid),
    .pick_slot_o (pick_slot),
    .pick_score_o(pick_score),
    .hi_o        (hi)
  );

  // Lines are handled as right-aligned byte vectors, as $fgets writes them
  // (Icarus 11 string support is partial; see docs/blocks/gmc_bim.md).
  reg [8*LineBytes-1:0] line, expect_ports, unused_rest;
  reg [8*128-1:0]       path;
  reg [8*64-1:0]        key;
  reg [8*16-1:0]        pname [NF];
  reg [63:0]            f [NF];
  reg [63:0]            act [NOut];
  integer fd, n, len, rest_len, lineno, blank_at, cycles, outputs, k;
  integer hdr_cycles, hdr_version, hdr_params;
  integer picks, his, prio_h;
  bit     in_body, cut, hdr_block, hdr_ports;

  `include "tb/tb_vec_lines.svh"   // is_blank, read_line

  task automatic bad_line(input reg [8*256-1:0] what);
    $display("%0s:%0d: %0s", path, lineno, what);
    $fatal(1, "tb_gmc_wmc: bad vector file");
  endtask

  // One "# param NAME value" line: must equal the DUT's.
  task automatic check_param(input reg [8*16-1:0] name, input integer v, input integer dut_v);
    if (v != dut_v) begin
      $display("%0s:%0d: expected %0s %0d (the DUT's, -DWMC_...), found %0d", path, lineno, name,
               dut_v, v);
      $fatal(1, "tb_gmc_wmc: bad vector file");
    end
    hdr_params = hdr_params + 1;
  endtask

  task automatic mismatch(input integer o);
    $display("MISMATCH block wmc vec %0s line %0d: cycle %0d port %0s expected %0h actual %0h",
             path, lineno, cycles, pname[NIn + o], f[NIn + o], act[o]);
    $write("  inputs:");
    for (int i = 0; i < NIn; i++) $write(" %0s %0h", pname[i], f[i]);
    $write("\n");
    $fatal(1, "tb_gmc_wmc: FAIL at cycle %0d", cycles);
  endtask

  initial begin
    pname[0] = "rst_ni";       pname[1] = "enq_i";        pname[2] = "enq_sm_i";
    pname[3] = "enq_warp_i";   pname[4] = "enq_pc_i";     pname[5] = "enq_bank_i";
    pname[6] = "enq_row_i";    pname[7] = "svc_i";        pname[8] = "svc_gwid_i";
    pname[9] = "svc_bank_i";   pname[10] = "svc_col_i";   pname[11] = "pq_gwid_i";
    pname[12] = "pq_hit_i";    pname[13] = "sch_i";       pname[14] = "sch_bank_i";
    pname[15] = "sch_col_i";   pname[16] = "sch_prio_i";  pname[17] = "pick_i";
    pname[18] = "pick_bank_i"; pname[19] = "pick_mask_i"; pname[20] = "pick_pref_i";
    pname[21] = "open_i";      pname[22] = "open_bank_i"; pname[23] = "open_row_i";
    pname[24] = "enq_gwid_o";  pname[25] = "enq_alias_o"; pname[26] = "wet_ovf_o";
    pname[27] = "wet_unf_o";   pname[28] = "svc_last_o";  pname[29] = "pq_pend_o";
    pname[30] = "pq_prio_o";   pname[31] = "pick_valid_o"; pname[32] = "pick_slot_o";
    pname[33] = "pick_score_o"; pname[34] = "hi_o";

    clk = 1'b0;
    {rst_n, enq, svc, pq_hit, sch, pick, open} = 7'b1000000;
    {enq_sm, enq_warp, enq_pc, enq_bank, enq_row} = '0;
    {svc_gwid, svc_bank, svc_col, pq_gwid} = '0;
    {sch_bank, sch_col, sch_prio, pick_bank, pick_mask, pick_pref, open_bank, open_row} = '0;
    cycles      = 0;
    outputs     = 0;
    picks       = 0;
    his         = 0;
    prio_h      = 0;
    lineno      = 0;
    hdr_cycles  = -1;
    hdr_version = -1;
    hdr_params  = 0;
    hdr_block   = 1'b0;
    hdr_ports   = 1'b0;
    #1;  // the width table
    expect_ports = "# ports";
    for (int i = 0; i < NF; i++)
      $sformat(expect_ports, "%0s %0s:%0d:%0s", expect_ports, pname[i], width[i],
               i < NIn ? "in" : "out");

    if (!$value$plusargs("vec=%s", path)) $fatal(1, "tb_gmc_wmc: usage: vvp -n tb.vvp +vec=FILE");
    fd = $fopen(path, "r");
    if (fd == 0) $fatal(1, "tb_gmc_wmc: cannot open %0s", path);

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
          if (key != "wmc") bad_line("expected # block wmc");
          hdr_block = 1'b1;
        end else if ($sscanf(line, "# param SM_BITS %d", n) == 1) check_param("SM_BITS", n, SMB);
        else if ($sscanf(line, "# param WARP_BITS %d", n) == 1) check_param("WARP_BITS", n, WB);
        else if ($sscanf(line, "# param PC_HASH_BITS %d", n) == 1) check_param("PC_HASH_BITS", n, HB);
        else if ($sscanf(line, "# param PEND_BITS %d", n) == 1) check_param("PEND_BITS", n, PB);
        else if ($sscanf(line, "# param NB %d", n) == 1) check_param("NB", n, NB);
        else if ($sscanf(line, "# param ROWS %d", n) == 1) check_param("ROWS", n, ROWS);
        else if ($sscanf(line, "# param SCORE_BITS %d", n) == 1) check_param("SCORE_BITS", n, SB);
        else if ($sscanf(line, "# param PT_BITS %d", n) == 1) check_param("PT_BITS", n, PT);
        else if ($sscanf(line, "# cycles %d", n) == 1) begin
          hdr_cycles = n;
        end else if ($sscanf(line, "# ports %s", key) == 1) begin
          hdr_ports = 1'b1;
          if (line != expect_ports) begin
            $display("%0s:%0d: expected '%0s', found '%0s'", path, lineno, expect_ports, line);
            $fatal(1, "tb_gmc_wmc: bad vector file");
          end
        end
        // other header lines (stim-seed) are informational
      end else begin
        // ---------------------------------------------------------- one cycle
        if (hdr_version != 1 || !hdr_block || hdr_params != 8 || !hdr_ports)
          bad_line("expected # gmc-vectors 1, # block wmc, eight # param lines, # ports before the vectors");
        if (cut) bad_line("expected a vector line, found a line too long to be one");
        n = $sscanf(line, "%h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %s",
                    f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9], f[10], f[11],
                    f[12], f[13], f[14], f[15], f[16], f[17], f[18], f[19], f[20], f[21], f[22],
                    f[23], f[24], f[25], f[26], f[27], f[28], f[29], f[30], f[31], f[32], f[33],
                    f[34], key);
        if (n != NF) begin
          $display("%0s:%0d: expected %0d hex fields, found %0d", path, lineno, NF, n);
          $fatal(1, "tb_gmc_wmc: bad vector file");
        end
        for (int i = 0; i < NF; i++) begin
          reg [8*256-1:0] msg;
          if (^f[i] === 1'bx) begin
            $sformat(msg, "expected a hex value for %0s, found x/z", pname[i]);
            bad_line(msg);
          end
          if (width[i] < 64 && (f[i] >> width[i]) != 64'd0) begin
            $sformat(msg, "%0s is %0d bits wide, found %h", pname[i], width[i], f[i]);
            bad_line(msg);
          end
        end

        // Inputs while the clock is low; let them settle; compare.
        rst_n     = f[0][0];
        enq       = f[1][0];
        enq_sm    = f[2][SMB-1:0];
        enq_warp  = f[3][WB-1:0];
        enq_pc    = f[4][31:0];
        enq_bank  = f[5][BW-1:0];
        enq_row   = f[6][RB-1:0];
        svc       = f[7][0];
        svc_gwid  = f[8][GW-1:0];
        svc_bank  = f[9][BW-1:0];
        svc_col   = f[10][CB-1:0];
        pq_gwid   = f[11][GW-1:0];
        pq_hit    = f[12][0];
        sch       = f[13][0];
        sch_bank  = f[14][BW-1:0];
        sch_col   = f[15][CB-1:0];
        sch_prio  = f[16][1:0];
        pick      = f[17][0];
        pick_bank = f[18][BW-1:0];
        pick_mask = f[19][ROWS-1:0];
        pick_pref = f[20][RB-1:0];
        open      = f[21][0];
        open_bank = f[22][BW-1:0];
        open_row  = f[23][RB-1:0];
        #4;
        act[0]  = 64'(enq_gwid);
        act[1]  = 64'(enq_alias);
        act[2]  = 64'(wet_ovf);
        act[3]  = 64'(wet_unf);
        act[4]  = 64'(svc_last);
        act[5]  = 64'(pq_pend);
        act[6]  = 64'(pq_prio);
        act[7]  = 64'(pick_valid);
        act[8]  = 64'(pick_slot);
        act[9]  = 64'(pick_score);
        act[10] = 64'(hi);
        for (k = 0; k < NOut; k = k + 1) begin
          if (act[k] !== f[NIn + k]) mismatch(k);
        end
        outputs = outputs + NOut;
        if (pick_valid) picks = picks + 1;
        if (hi != '0) his = his + 1;
        if (rst_n && pq_prio == 2'd2) prio_h = prio_h + 1;
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
        $fatal(1, "tb_gmc_wmc: bad vector file");
      end
    end
    $fclose(fd);

    if (hdr_cycles >= 0 && hdr_cycles != cycles)
      $fatal(1, "tb_gmc_wmc: %0s: header says %0d cycles, found %0d (truncated file?)", path,
             hdr_cycles, cycles);
    if (cycles == 0 || outputs == 0) $fatal(1, "tb_gmc_wmc: %0s: no outputs compared", path);
    $display("tb_gmc_wmc: PASS %0s: cycles compared %0d, outputs compared %0d, picks %0d, cycles with hi_o %0d, H answers %0d",
             path, cycles, outputs, picks, his, prio_h);
    $finish;
  end

endmodule
