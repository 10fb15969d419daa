// gmc_hgalloc: the hold-grant switch allocator of Yuan et al. [MICRO'09]
// (sections 3.2 and 3.4, Fig. 7).
//
// C twin: model/blocks/gmc_hgalloc.{h,c} (gmc_hgalloc_step); every rule
// below is written out, with the sentence it rests on, in
// docs/blocks/gmc_hgalloc.md.
//
// A separable input-first allocator of the parallel-iterative-matching kind,
// NumIn inputs x NumOut outputs, one iteration per cycle.  Stage 1: every
// input arbiter picks one of the enabled outputs it requests, the first at or
// after its round-robin pointer.  Stage 2: every output arbiter grants one of
// the inputs that picked it, the first at or after its pointer.  A pointer
// moves only on a final grant, to one past the granted port.  en_i[o] = 0:
// output o takes nothing (its requests are ignored) and keeps its hold.
//
// Hold grant (Policy 1 HG, 2 RMHG, 3 HMHG).  held_q has one bit per
// input-output pair, the grants of each output's last arbitration: a cycle
// with en_i[o] = 1 replaces column o by its grant, a granted input's other
// bits clear.  Output o's holder keeps priority at o while it requests o and
// (RMHG) its row equals the row stored for o (for o and the holder's bank
// when PerBank = 1), (HMHG) the HashBits-bit XOR fold of its row equals the
// stored hash, and (HoldLimit = L > 0) fewer than L of o's grants in a row
// were holds (cnt_q).  The keys are written at every grant.  HoldForce = 1
// (sec. 3.4): the holder's other requests and the other inputs' requests to
// o are cleared before stage 1; HoldForce = 0 (sec. 3.2): o's arbiter prefers
// the holder among the inputs that picked it.  Only M keys are compared per
// cycle (the holder's, through a one-hot mux of each column), as sec. 3.4
// counts them.
//
// Outputs are combinational from the inputs and the state; rst_ni is an
// asynchronous active-low reset of every flop (pointers, hold bits,
// counters, keys) to 0.
//
// `GMC_FAULT_HGALLOC (mutation check only): the limit lets one hold too many
// (cnt_q <= HoldLimit instead of <).
module gmc_hgalloc #(
  parameter int NumIn     = 4,  // inputs C (the C twin: 1..64)
  parameter int NumOut    = 4,  // outputs M (1..64)
  parameter int Policy    = 1,  // 0 none, 1 HG, 2 RMHG, 3 HMHG
  parameter int RowBits   = 8,  // width of each row (1..32)
  parameter int BankBits  = 2,  // width of each bank (1..5)
  parameter int HashBits  = 4,  // HMHG's k (1..32)
  parameter int HoldLimit = 0,  // holds in a row per output; 0 = unlimited
  parameter int PerBank   = 0,  // 1: a stored key per output and bank
  parameter int HoldForce = 1   // 1: sec. 3.4's masking; 0: sec. 3.2's priority
) (
  input  logic                                   clk_i,     // clock
  input  logic                                   rst_ni,    // async reset, active low
  input  logic [NumOut-1:0]                      en_i,      // output o may grant this cycle
  input  logic [NumIn*NumOut-1:0]                req_i,     // [i*NumOut + o]: input i requests output o
  input  logic [NumIn*RowBits-1:0]               row_i,     // [i*RowBits +: RowBits]: input i's row
  input  logic [NumIn*BankBits-1:0]              bank_i,    // [i*BankBits +: BankBits]: its bank
  output logic [NumOut-1:0]                      gnt_o,     // output o grants
  output logic [NumOut*((NumIn > 1) ? $clog2(NumIn) : 1)-1:0] gnt_in_o,  // [o*IWI +: IWI]: the input it grants
  output logic [NumOut-1:0]                      hold_o,    // output o's grant is a hold
  output logic [NumOut-1:0]                      lim_o      // the limit ended output o's hold
);

  localparam int C   = NumIn;
  localparam int M   = NumOut;
  localparam int IWI = (C > 1) ? $clog2(C) : 1;      // input index, output pointer bits
  localparam int IWO = (M > 1) ? $clog2(M) : 1;      // output index, input pointer bits
  localparam int KW  = (Policy == 2) ? RowBits : (Policy == 3) ? HashBits : 1;  // key bits
  localparam int NE  = (PerBank != 0) ? (1 << BankBits) : 1;  // keys per output
  localparam int CW  = (HoldLimit > 0) ? $clog2(HoldLimit + 1) : 1;  // counter bits
  localparam int HF  = (HashBits < RowBits) ? HashBits : RowBits;    // fold width

  // ---------------------------------------------------------------- helpers
  // Prefix OR upward, log depth: prefix_or(x)[k] = |x[k:0].
  function automatic logic [M-1:0] prefix_or_o(input logic [M-1:0] x);
    prefix_or_o = x;
    for (int s = 1; s < M; s = 2 * s) begin
      prefix_or_o = prefix_or_o | (prefix_or_o << s);
    end
  endfunction
  function automatic logic [C-1:0] prefix_or_i(input logic [C-1:0] x);
    prefix_or_i = x;
    for (int s = 1; s < C; s = 2 * s) begin
      prefix_or_i = prefix_or_i | (prefix_or_i << s);
    end
  endfunction

  // First set bit at or after ptr, wrapping around, one-hot (0 if none): the
  // lowest bit of the masked requests if any, else of all of them.
  function automatic logic [M-1:0] rr_o(input logic [M-1:0] req, input logic [IWO-1:0] ptr);
    logic [M-1:0] m, pm, pr;
    m    = req & ({M{1'b1}} << ptr);
    pm   = prefix_or_o(m);
    pr   = prefix_or_o(req);
    rr_o = pm[M-1] ? (m & ~(pm << 1)) : (req & ~(pr << 1));
  endfunction
  function automatic logic [C-1:0] rr_i(input logic [C-1:0] req, input logic [IWI-1:0] ptr);
    logic [C-1:0] m, pm, pr;
    m    = req & ({C{1'b1}} << ptr);
    pm   = prefix_or_i(m);
    pr   = prefix_or_i(req);
    rr_i = pm[C-1] ? (m & ~(pm << 1)) : (req & ~(pr << 1));
  endfunction

  // Index of a one-hot vector (an OR tree; 0 for 0).
  function automatic logic [IWO-1:0] idx_o(input logic [M-1:0] x);
    idx_o = '0;
    for (int k = 0; k < M; k++) begin
      if (x[k]) idx_o = idx_o | IWO'(k);
    end
  endfunction
  function automatic logic [IWI-1:0] idx_i(input logic [C-1:0] x);
    idx_i = '0;
    for (int k = 0; k < C; k++) begin
      if (x[k]) idx_i = idx_i | IWI'(k);
    end
  endfunction

  // A one-hot vector moved up by one, wrapping: the port after the granted one.
  function automatic logic [M-1:0] rot_o(input logic [M-1:0] x);
    rot_o = (M > 1) ? ((x << 1) | (x >> (M - 1))) : x;
  endfunction
  function automatic logic [C-1:0] rot_i(input logic [C-1:0] x);
    rot_i = (C > 1) ? ((x << 1) | (x >> (C - 1))) : x;
  endfunction

  // HMHG's hash: the row folded into HashBits-bit chunks (bit j into bit
  // j mod HashBits), the last chunk zero-padded.
  function automatic logic [KW-1:0] fold(input logic [RowBits-1:0] rw);
    fold = '0;
    for (int j = 0; j < RowBits; j++) begin
      fold[j % HF] = fold[j % HF] ^ rw[j];
    end
  endfunction

  // One-hot muxes (ORs) of the inputs' keys and banks.
  function automatic logic [KW-1:0] sel_key(input logic [C-1:0] sel, input logic [C*KW-1:0] k);
    sel_key = '0;
    for (int i = 0; i < C; i++) begin
      if (sel[i]) sel_key = sel_key | k[i*KW +: KW];
    end
  endfunction
  function automatic logic [BankBits-1:0] sel_bank(input logic [C-1:0] sel,
                                                   input logic [C*BankBits-1:0] b);
    sel_bank = '0;
    for (int i = 0; i < C; i++) begin
      if (sel[i]) sel_bank = sel_bank | b[i*BankBits +: BankBits];
    end
  endfunction

  // ---------------------------------------------------------------- state
  logic [C*IWO-1:0] iptr_q, iptr_d;   // input arbiters' pointers
  logic [M*IWI-1:0] optr_q, optr_d;   // output arbiters' pointers
  logic [C*M-1:0]   held_q, held_d;   // [i*M + o]: o's last grant went to i
  logic [M*CW-1:0]  cnt_q, cnt_d;     // holds in a row per output
  logic [M*NE*KW-1:0] key_q, key_d;   // [(o*NE + e)*KW +: KW]: stored keys

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      iptr_q <= '0;
      optr_q <= '0;
    end else begin
      iptr_q <= iptr_d;
      optr_q <= optr_d;
    end
  end

  // ---------------------------------------------------------------- holds
  logic [C*M-1:0] r;        // requests to enabled outputs
  logic [M*C-1:0] hcol;     // [o*C + i] = held_q[i*M + o]
  logic [M-1:0]   hreq;     // o's holder requests o
  logic [M-1:0]   match;    // and its key matches (always, without keys)
  logic [M-1:0]   below;    // and the limit allows another hold
  logic [M-1:0]   hok;      // o's holder keeps o this cycle
  logic [C*M-1:0] hp;       // [i*M + o]: i holds o this cycle

  assign r = req_i & {C{en_i}};
  for (genvar o = 0; o < M; o++) begin : g_col
    logic [C-1:0] rc;       // the inputs requesting o
    for (genvar i = 0; i < C; i++) begin : g_in
      assign hcol[o*C + i] = held_q[i*M + o];
      assign rc[i] = r[i*M + o];
    end
    assign hreq[o] = |(hcol[o*C +: C] & rc);
  end
  assign hok   = hreq & match & below;
  assign lim_o = hreq & match & ~below;
  assign hp    = held_q & r & {C{hok}};

  // ---------------------------------------------------------------- stage 1
  logic [C*M-1:0] pick;     // [i*M + o]: input i picks output o (one-hot per input)
  for (genvar i = 0; i < C; i++) begin : g_in1
    logic [M-1:0] ri, hi, rm;
    assign ri = r[i*M +: M];
    assign hi = hp[i*M +: M];
    // Sec. 3.4: a holder requests only its hold; nobody else requests a held output.
    assign rm = (HoldForce != 0) ? ((|hi) ? hi : (ri & ~hok)) : ri;
    assign pick[i*M +: M] = rr_o(rm, iptr_q[i*IWO +: IWO]);
  end

  // ---------------------------------------------------------------- stage 2
  logic [C*M-1:0] gm;       // [i*M + o]: the grants
  logic [M*C-1:0] gcol;     // [o*C + i]: the same by output
  for (genvar o = 0; o < M; o++) begin : g_out2
    logic [C-1:0] cand, hc, cs;
    for (genvar i = 0; i < C; i++) begin : g_in
      assign cand[i] = pick[i*M + o];
      assign gm[i*M + o] = gcol[o*C + i];
    end
    // Sec. 3.2: the holder first among the inputs that picked o.
    assign hc = cand & hcol[o*C +: C] & {C{hok[o]}};
    assign cs = (HoldForce == 0 && hc != '0) ? hc : cand;
    assign gcol[o*C +: C] = rr_i(cs, optr_q[o*IWI +: IWI]);
    assign gnt_o[o] = |cand;
    assign gnt_in_o[o*IWI +: IWI] = idx_i(gcol[o*C +: C]);
    assign hold_o[o] = hok[o] & |(gcol[o*C +: C] & hcol[o*C +: C]);
  end

  // ---------------------------------------------------------------- pointers
  logic [C-1:0] gi;         // input i is granted
  for (genvar i = 0; i < C; i++) begin : g_iptr
    assign gi[i] = |gm[i*M +: M];
    assign iptr_d[i*IWO +: IWO] = gi[i] ? idx_o(rot_o(gm[i*M +: M])) : iptr_q[i*IWO +: IWO];
  end
  for (genvar o = 0; o < M; o++) begin : g_optr
    assign optr_d[o*IWI +: IWI] = gnt_o[o] ? idx_i(rot_i(gcol[o*C +: C])) : optr_q[o*IWI +: IWI];
  end

  // ---------------------------------------------------------------- hold state
  if (Policy != 0) begin : g_hold
    logic [C*M-1:0] gi_rows;  // [i*M + o] = gi[i]
    for (genvar i = 0; i < C; i++) begin : g_in
      assign gi_rows[i*M +: M] = {M{gi[i]}};
    end
    // An arbitrating output's column becomes its grant; a granted input's
    // other bits clear.
    assign held_d = (held_q & ~{C{en_i}} & ~gi_rows) | gm;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) held_q <= '0;
      else         held_q <= held_d;
    end

    if (HoldLimit > 0) begin : g_cnt
      for (genvar o = 0; o < M; o++) begin : g_out
        logic [CW-1:0] c;
        assign c = cnt_q[o*CW +: CW];
`ifdef GMC_FAULT_HGALLOC
        assign below[o] = 32'(c) <= HoldLimit;
`else
        assign below[o] = 32'(c) < HoldLimit;
`endif
        assign cnt_d[o*CW +: CW] = gnt_o[o] ? (hold_o[o] ? c + 1'b1 : '0) : c;
      end
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) cnt_q <= '0;
        else         cnt_q <= cnt_d;
      end
    end else begin : g_nocnt
      logic unused_cnt;
      assign unused_cnt = ^{cnt_q, cnt_d};
      assign below = '1;
      assign cnt_q = '0;
      assign cnt_d = '0;
    end

    if (Policy >= 2) begin : g_key
      logic [C*KW-1:0] kin;   // each input's key: its row (RMHG) or the row's hash (HMHG)
      for (genvar i = 0; i < C; i++) begin : g_in_key
        logic [RowBits-1:0] rw;
        assign rw = row_i[i*RowBits +: RowBits];
        if (Policy == 2) begin : g_row
          assign kin[i*KW +: KW] = rw;
        end else begin : g_hash
          assign kin[i*KW +: KW] = fold(rw);
        end
      end
      // Per output, the holder's key and bank (one-hot mux of the column),
      // the stored key it is compared with, and the granted input's key and
      // bank (written at the grant).
      for (genvar o = 0; o < M; o++) begin : g_out_key
        logic [KW-1:0] hk, gk, st;
        logic [BankBits-1:0] hb, gb;
        assign hk = sel_key(hcol[o*C +: C], kin);
        assign hb = sel_bank(hcol[o*C +: C], bank_i);
        assign gk = sel_key(gcol[o*C +: C], kin);
        assign gb = sel_bank(gcol[o*C +: C], bank_i);
        if (PerBank != 0) begin : g_pb
          assign st = key_q[(o*NE + 32'(hb))*KW +: KW];
          for (genvar e = 0; e < NE; e++) begin : g_e
            assign key_d[(o*NE + e)*KW +: KW] = (gnt_o[o] && 32'(gb) == e) ? gk : key_q[(o*NE + e)*KW +: KW];
          end
        end else begin : g_po
          logic unused_b;
          assign unused_b = ^{hb, gb};
          assign st = key_q[o*KW +: KW];
          assign key_d[o*KW +: KW] = gnt_o[o] ? gk : key_q[o*KW +: KW];
        end
        assign match[o] = hk == st;
      end
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) key_q <= '0;
        else         key_q <= key_d;
      end
    end else begin : g_nokey
      logic unused_rb;
      assign unused_rb = ^{row_i, bank_i, key_q, key_d};
      assign match = '1;
      assign key_q = '0;
      assign key_d = '0;
    end
  end else begin : g_nohold
    logic unused_nh;
    assign unused_nh = ^{row_i, bank_i, held_d, cnt_q, cnt_d, key_q, key_d};
    assign held_q = '0;
    assign held_d = '0;
    assign cnt_q  = '0;
    assign cnt_d  = '0;
    assign key_q  = '0;
    assign key_d  = '0;
    assign match  = '1;
    assign below  = '1;
  end

`ifdef FORMAL
  // ---------------------------------------------------------------- formal
  // Read only by `read_verilog -formal` (synth/block_formal.sh, `make
  // formal-hgalloc`).  Each property is a wire f_p_<name> (1 = holds this
  // cycle), asserted every cycle by an immediate assertion labelled
  // p_<name>.  The properties about state hold from the first reset on.
  logic f_rst_seen_q;
  initial f_rst_seen_q = 1'b0;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) f_rst_seen_q <= 1'b1;
  end
  logic f_live;
  assign f_live = f_rst_seen_q && rst_ni;

  localparam int LP = (Policy != 0) ? HoldLimit : 0;   // holds per ordinary grant
  localparam int BW = $clog2(C * (LP + 1) + 1) + 1;    // wait counters reach the bound (a violation)

  // (b - p) mod n: how many ports the search from p visits before b.
  function automatic int f_dist(input int p, input int b, input int n);
    f_dist = (b >= p) ? b - p : b + n - p;
  endfunction
  // Input i's key, written again here (not the datapath's): the row, or its
  // HashBits fold.
  function automatic logic [KW-1:0] f_key(input logic [RowBits-1:0] rw);
    f_key = '0;
    for (int j = 0; j < RowBits; j++) begin
      if (Policy == 3) f_key[j % HF] = f_key[j % HF] ^ rw[j];
      else if (j < KW)  f_key[j] = rw[j];
    end
  endfunction

  // P1 at most one grant per input (one per output is the port's shape:
  // gnt_in_o names one input); P2 grants only to requests at enabled
  // outputs; P3 gnt_o / gnt_in_o name the grants exactly; P4 some grant
  // whenever an enabled output is requested.
  logic [C-1:0] f_ok_in;
  logic [M-1:0] f_ok_idx;
  for (genvar i = 0; i < C; i++) begin : g_f_in
    logic [M-1:0] g;
    assign g = gm[i*M +: M];
    assign f_ok_in[i] = (g & (g - 1'b1)) == '0;
  end
  for (genvar o = 0; o < M; o++) begin : g_f_idx
    logic [C-1:0] g;
    assign g = gcol[o*C +: C];
    assign f_ok_idx[o] = ((g & (g - 1'b1)) == '0) && (gnt_o[o] == |g) &&
                         (gnt_o[o] ? g[gnt_in_o[o*IWI +: IWI]] : gnt_in_o[o*IWI +: IWI] == '0);
  end
  logic f_p_one_per_input, f_p_req_only, f_p_grant_index, f_p_work;
  assign f_p_one_per_input = &f_ok_in;
  assign f_p_req_only      = (gm & ~(req_i & {C{en_i}})) == '0;
  assign f_p_grant_index   = &f_ok_idx;
  assign f_p_work          = (req_i & {C{en_i}}) == '0 || gnt_o != '0;

  // P5 the state: pointers in range, hold bits a matching (at most one per
  // input and per output), a holder sits just before its output's pointer
  // (the pointer moved past it at its grant), counters at most HoldLimit.
  logic [C-1:0] f_ok_row, f_ok_iptr;
  logic [M-1:0] f_ok_col, f_ok_optr, f_ok_hptr, f_ok_cnt;
  for (genvar i = 0; i < C; i++) begin : g_f_row
    logic [M-1:0] h;
    assign h = held_q[i*M +: M];
    assign f_ok_row[i]  = (h & (h - 1'b1)) == '0;
    assign f_ok_iptr[i] = 32'(iptr_q[i*IWO +: IWO]) < M;
  end
  for (genvar o = 0; o < M; o++) begin : g_f_col
    logic [C-1:0] h;
    logic [C-1:0] at;
    assign h = hcol[o*C +: C];
    assign f_ok_col[o]  = (h & (h - 1'b1)) == '0;
    assign f_ok_optr[o] = 32'(optr_q[o*IWI +: IWI]) < C;
    for (genvar i = 0; i < C; i++) begin : g_in
      assign at[i] = !h[i] || 32'(optr_q[o*IWI +: IWI]) == (i + 1) % C;
    end
    assign f_ok_hptr[o] = &at;
    assign f_ok_cnt[o]  = (HoldLimit == 0) || 32'(cnt_q[o*CW +: CW]) <= HoldLimit;
  end
  logic f_p_state;
  assign f_p_state = !f_rst_seen_q || (&f_ok_row && &f_ok_col && &f_ok_iptr && &f_ok_optr &&
                                       &f_ok_hptr && &f_ok_cnt);

  // P6 a held grant stays: the output's holder requests it, its key equals
  // the stored one (f_key, the holder's bank with PerBank), fewer than
  // HoldLimit holds in a row -- then it is granted, as a hold (HoldForce =
  // 0: when it requests only that output).  And hold_o only then; lim_o
  // exactly when only the limit stops it.
  logic [M-1:0] f_ok_hold;
  for (genvar o = 0; o < M; o++) begin : g_f_hold
    logic [C-1:0] ok, lim, only;
    for (genvar i = 0; i < C; i++) begin : g_in
      logic [KW-1:0] k;
      logic [BankBits-1:0] b;
      logic req, match, below;
      assign b = bank_i[i*BankBits +: BankBits];
      assign req = held_q[i*M + o] && req_i[i*M + o] && en_i[o];
      if (Policy >= 2) begin : g_k
        assign k = key_q[(o*NE + ((PerBank != 0) ? 32'(b) : 0))*KW +: KW];
        assign match = f_key(row_i[i*RowBits +: RowBits]) == k;
      end else begin : g_nk
        logic unused_kb;
        assign unused_kb = ^{b, row_i[i*RowBits +: RowBits]};
        assign k = '0;
        assign match = 1'b1;
      end
      assign below = (HoldLimit == 0) || 32'(cnt_q[o*CW +: CW]) < HoldLimit;
      assign ok[i]   = (Policy != 0) && req && match && below;
      assign lim[i]  = (Policy != 0) && req && match && !below;
      assign only[i] = (req_i[i*M +: M] & en_i) == M'(1) << o;
    end
    assign f_ok_hold[o] = (ok == '0 || ((HoldForce == 0 && (ok & only) == '0) ||
                                        (hold_o[o] && (gcol[o*C +: C] & ok) != '0))) &&
                          (!hold_o[o] || (gcol[o*C +: C] & ok) != '0) &&
                          (lim_o[o] == (lim != '0));
  end
  logic f_p_hold;
  assign f_p_hold = !f_live || &f_ok_hold;

  // P7 the limit: f_run_q counts an output's holds in a row from its grants
  // alone; at most HoldLimit, and equal to the counter (the invariant that
  // makes it inductive).
  logic [M-1:0] f_ok_run, f_ok_runinv;
  for (genvar o = 0; o < M; o++) begin : g_f_run
    logic [BW-1:0] run_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)       run_q <= '0;
      else if (gnt_o[o]) run_q <= hold_o[o] ? run_q + 1'b1 : '0;
    end
    assign f_ok_run[o]    = (LP == 0) || 32'(run_q) <= HoldLimit;
    assign f_ok_runinv[o] = (LP == 0) || 32'(run_q) == 32'(cnt_q[o*CW +: CW]);
  end
  logic f_p_limit, f_p_limit_inv;
  assign f_p_limit     = !f_live || &f_ok_run;
  assign f_p_limit_inv = !f_rst_seen_q || &f_ok_runinv;

  // P8 the bound (Policy = 0, or a hold limit L > 0): an input that
  // requests exactly one output o, in every cycle o is enabled, is granted
  // within (C-1)*(L+1) + 1 such cycles (L = 0 with no policy): the other
  // C-1 inputs each get one ordinary grant and L holds first.  w counts
  // those cycles not granted; cycles in which o is disabled and i still
  // requests it do not count and do not reset it (nothing changes at o
  // then).  P9, the invariant that makes it inductive: w + rem +
  // dist(optr, i) * (L+1) <= (C-1)*(L+1), rem = L - cnt while another input
  // holds o (the holds it may still take), else 0.  Each counted cycle
  // either is such a hold (rem - 1) or an ordinary grant to an input ahead
  // of i (the pointer passes it: dist shrinks by at least 1, rem becomes at
  // most L); a holder other than i sits just before the pointer (P5), so
  // dist <= C-2 while rem > 0.
`ifdef GMC_HGALLOC_TIGHT
  // One less (synth/gmc_hgalloc_tight.sh): a bounded search must then find
  // a wait of exactly the bound, so the bound is tight.
  localparam int Bound = (C - 1) * (LP + 1);
`else
  localparam int Bound = (C - 1) * (LP + 1) + 1;
`endif
  logic [C*M-1:0] f_ok_bound, f_ok_inv;
  for (genvar i = 0; i < C; i++) begin : g_f_bi
    for (genvar o = 0; o < M; o++) begin : g_f_bo
      logic [BW-1:0] w_q;
      logic          only, cnt, keep;
      assign only = (req_i[i*M +: M] & en_i) == M'(1) << o;
      assign cnt  = en_i[o] && only && !gi[i];
      assign keep = !en_i[o] && req_i[i*M + o] && !gi[i];
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni)   w_q <= '0;
        else if (cnt)  w_q <= w_q + 1'b1;
        else if (!keep) w_q <= '0;
      end
      logic other;   // another input holds o
      assign other = (hcol[o*C +: C] & ~(C'(1) << i)) != '0;
      logic [31:0] rem;
      assign rem = (other && LP > 0) ? 32'(HoldLimit) - 32'(cnt_q[o*CW +: CW]) : 32'd0;
      assign f_ok_bound[i*M + o] = (Policy != 0 && HoldLimit == 0) || 32'(w_q) < Bound;
      assign f_ok_inv[i*M + o]   = (Policy != 0 && HoldLimit == 0) ||
                                   32'(w_q) + rem + f_dist(32'(optr_q[o*IWI +: IWI]), i, C) * (LP + 1)
                                   <= Bound - 1;
    end
  end
  logic f_p_bound, f_p_bound_inv;
  assign f_p_bound     = !f_live || &f_ok_bound;
  assign f_p_bound_inv = !f_live || &f_ok_inv;

  always_comb begin
    p_one_per_input: assert (f_p_one_per_input);
    p_req_only:      assert (f_p_req_only);
    p_grant_index:   assert (f_p_grant_index);
    p_work:          assert (f_p_work);
    p_state:         assert (f_p_state);
    p_hold:          assert (f_p_hold);
    p_limit:         assert (f_p_limit);
    p_limit_inv:     assert (f_p_limit_inv);
    p_bound:         assert (f_p_bound);
    p_bound_inv:     assert (f_p_bound_inv);
  end
`endif

endmodule
