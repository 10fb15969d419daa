// gmc_wmc: Warped-MC's tables of one memory controller -- warp alias table
// (WAT), warp entry table (WET), row scoreboard (RS) and priority table (PT)
// (seed 000 sections 4.1 Algorithm 1, 4.2 Fig. 8, 5.5 Table 3).
//
// C twin: model/blocks/gmc_wmc.{h,c} (gmc_wmc_step); every rule below is
// written out, with the sentence it rests on, in docs/blocks/gmc_wmc.md.
//
// All outputs are combinational from the tables as they were at the start of
// the cycle; every table write lands at the rising edge.  rst_ni is an
// asynchronous active-low reset of every table, so the outputs of a cycle in
// reset read empty tables; the event ports (enq, svc, sch, open) do nothing
// while rst_ni = 0.
//
//   WAT/WET  gwid = {pc_hash, sm, warp}; the WET (2^(SM_BITS+WARP_BITS) x
//            PEND_BITS) is indexed by {sm, warp}; the WAT holds one
//            PC_HASH_BITS tag per WET entry (no storage when PC_HASH_BITS = 0),
//            written when the entry opens (count 0 -> 1).  enq +1 and svc -1,
//            saturating, with wet_ovf_o / wet_unf_o; enq and svc of one entry
//            in one cycle cancel (no change, no flag).
//   RS       NB x ROWS scores of SCORE_BITS; +1 (saturating) on the enqueued
//            slot when its warp ends the cycle with one pending request;
//            open clears the opened slot, and the clear wins.
//   PT       NB entries of PT_BITS; per bank, in this order (the later wins):
//            open clears the entry, svc clears bit svc_col, sch sets bit
//            sch_col if sch_prio is H (2) else clears it.  hi_o[b] = |PT[b].
//   pick     the highest-score slot of pick_mask_i in bank pick_bank_i
//            (a tree of ROWS-1 comparators, the lower slot wins ties); then
//            pick_pref_i if it is masked and has the best score.
// A bank index >= NB (NB not a power of 2) makes its port do nothing.
//
// Storage: every table entry is a flop with asynchronous reset, so the
// flip-flop count is gmc_wmc_storage_bits() (checked by `make synth-wmc`).
// The tables are unpacked arrays written per entry by enable flops (one
// always_ff per entry: reset, else q <= d when the entry's write enable is
// set); reads are array reads at a port's index.  This keeps the Verilator
// model O(1) per read port and Yosys' netlist a decoder, enable flops and
// one mux tree per read port.
//
// `GMC_FAULT_WMC (mutation check only): the row-miss pick's tie rule loses
// the FCFS preference -- pref is taken only when its score is strictly the
// highest, so a tie goes to the lowest slot.
module gmc_wmc #(
  parameter int SM_BITS      = 5,   // SM id bits, >= 1 (C twin: 0..12; SM_BITS + WARP_BITS <= 12)
  parameter int WARP_BITS    = 5,   // warp-in-SM bits, >= 1
  parameter int PC_HASH_BITS = 0,   // PC-hash tag bits, 0..16 (0: no WAT storage)
  parameter int PEND_BITS    = 6,   // WET entry (n_pending) width, 1..8
  parameter int NB           = 16,  // banks, 1..64
  parameter int ROWS         = 64,  // row-score slots per bank, power of 2, 1..64
  parameter int SCORE_BITS   = 4,   // bits per row score, 1..8
  parameter int PT_BITS      = 64,  // PT entry width, power of 2, 1..64
  // Derived; not to be overridden.
  localparam int G  = SM_BITS + WARP_BITS,          // WET index bits
  localparam int GW = G + PC_HASH_BITS,             // global warp id bits
  localparam int BW = (NB > 1) ? $clog2(NB) : 1,    // bank index bits
  localparam int RB = (ROWS > 1) ? $clog2(ROWS) : 1,       // row slot bits
  localparam int CB = (PT_BITS > 1) ? $clog2(PT_BITS) : 1  // column slot bits
) (
  input  logic                  clk_i,         // clock
  input  logic                  rst_ni,        // async reset, active low: clears every table
  input  logic                  enq_i,         // a request entered the pending queue
  input  logic [SM_BITS-1:0]    enq_sm_i,      // its SM id
  input  logic [WARP_BITS-1:0]  enq_warp_i,    // its warp id in the SM
  input  logic [31:0]           enq_pc_i,      // PC of its load (hashed into the gwid)
  input  logic [BW-1:0]         enq_bank_i,    // its bank
  input  logic [RB-1:0]         enq_row_i,     // its row id's low bits (slot = row mod ROWS)
  input  logic                  svc_i,         // a request was serviced (left the queue)
  input  logic [GW-1:0]         svc_gwid_i,    // its gwid (enq_gwid_o at its enqueue)
  input  logic [BW-1:0]         svc_bank_i,    // its bank
  input  logic [CB-1:0]         svc_col_i,     // its column slot in the row
  input  logic [GW-1:0]         pq_gwid_i,     // priority query: a request's gwid
  input  logic                  pq_hit_i,      // ... and whether it hits its bank's open row
  input  logic                  sch_i,         // the per-bank scheduler committed to a request
  input  logic [BW-1:0]         sch_bank_i,    // its bank
  input  logic [CB-1:0]         sch_col_i,     // its column slot
  input  logic [1:0]            sch_prio_i,    // its priority (pq_prio_o): 2 = H sets the PT bit
  input  logic                  pick_i,        // row-miss pick requested
  input  logic [BW-1:0]         pick_bank_i,   // in this bank
  input  logic [ROWS-1:0]       pick_mask_i,   // among these row slots (pending requests)
  input  logic [RB-1:0]         pick_pref_i,   // the FCFS (oldest) request's slot: wins ties
  input  logic                  open_i,        // a row was opened (ACT)
  input  logic [BW-1:0]         open_bank_i,   // in this bank
  input  logic [RB-1:0]         open_row_i,    // its slot
  output logic [GW-1:0]         enq_gwid_o,    // WAT's global warp id {pc_hash, sm, warp}
  output logic                  enq_alias_o,   // the live WET entry carries another PC tag
  output logic                  wet_ovf_o,     // enq hit a saturated counter
  output logic                  wet_unf_o,     // svc hit a zero counter
  output logic                  svc_last_o,    // svc leaves its warp one pending request
  output logic [PEND_BITS-1:0]  pq_pend_o,     // WET[pq_gwid]
  output logic [1:0]            pq_prio_o,     // its priority: 2 = H, 1 = M, 0 = L
  output logic                  pick_valid_o,  // pick_i, bank < NB and a non-empty mask
  output logic [RB-1:0]         pick_slot_o,   // the picked slot (0 if none)
  output logic [SCORE_BITS-1:0] pick_score_o,  // its score (0 if none)
  output logic [NB-1:0]         hi_o           // bank b's PT entry is non-zero (gmc_bankarb hi_i)
);

  localparam int E = 1 << G;                        // WET entries
  localparam int HB = (PC_HASH_BITS > 0) ? PC_HASH_BITS : 1;
  localparam logic [PEND_BITS-1:0] PMax = {PEND_BITS{1'b1}};
  localparam logic [SCORE_BITS-1:0] SMax = {SCORE_BITS{1'b1}};
  localparam logic [RB-1:0] RMask = RB'(ROWS - 1);  // 0 when ROWS = 1
  localparam logic [CB-1:0] CMask = CB'(PT_BITS - 1);
  localparam logic [1:0] PrioL = 2'd0, PrioM = 2'd1, PrioH = 2'd2;

  // bank < NB (an index >= NB does nothing).
  function automatic logic bank_ok(input logic [BW-1:0] b);
    bank_ok = 32'(b) < NB;
  endfunction

  // XOR-fold of the 32-bit PC into PC_HASH_BITS bits.
  function automatic logic [HB-1:0] pc_hash(input logic [31:0] pc);
    pc_hash = '0;
    for (int i = 0; i < 32; i = i + HB) begin
      pc_hash = pc_hash ^ HB'(pc >> i);
    end
  endfunction

  // Events: nothing happens in reset.
  logic enq_v, svc_v, sch_v, open_v, svc_pt;
  assign enq_v  = enq_i & rst_ni;
  assign svc_v  = svc_i & rst_ni;
  assign sch_v  = sch_i & rst_ni & bank_ok(sch_bank_i);
  assign open_v = open_i & rst_ni & bank_ok(open_bank_i);
  assign svc_pt = svc_v & bank_ok(svc_bank_i);

  // ================================================================ WET
  (* mem2reg *) logic [PEND_BITS-1:0] wet_q [E];
  logic [G-1:0] ei, si, pi;
  logic [PEND_BITS-1:0] ne, ns, np;    // read ports: enq, svc, pq
  logic [PEND_BITS-1:0] ve, vs;        // next values of the enq and svc entries
  logic same, ovf, unf;

  assign ei = {enq_sm_i, enq_warp_i};
  assign si = svc_gwid_i[G-1:0];
  assign pi = pq_gwid_i[G-1:0];
  assign ne = wet_q[ei];
  assign ns = wet_q[si];
  assign np = wet_q[pi];

  // enq +1 / svc -1, saturating; one entry both ways: no change, no flag.
  assign same = enq_v & svc_v & (ei == si);
  assign ovf  = enq_v & ~same & (ne == PMax);
  assign unf  = svc_v & ~same & (ns == '0);
  always_comb begin
    ve = ne;
    vs = ns;
    if (!same) begin
      if (!ovf) ve = ne + 1'b1;
      if (!unf) vs = ns - 1'b1;
    end
  end

  for (genvar i = 0; i < E; i++) begin : g_wet
    logic we_e, we_s;
    assign we_e = enq_v & (ei == G'(i));
    assign we_s = svc_v & (si == G'(i));
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)   wet_q[i] <= '0;
      else if (we_e) wet_q[i] <= ve;
      else if (we_s) wet_q[i] <= vs;
    end
  end

  assign wet_ovf_o  = ovf;
  assign wet_unf_o  = unf;
  assign svc_last_o = svc_v & (vs == PEND_BITS'(1));
  assign pq_pend_o  = np;
  assign pq_prio_o  = (np == PEND_BITS'(1))            ? PrioH :
                      (np != '0 && pq_hit_i)            ? PrioM : PrioL;

  // ================================================================ WAT
  if (PC_HASH_BITS > 0) begin : g_wat
    (* mem2reg *) logic [HB-1:0] wat_q [E];
    logic [HB-1:0] etag;
    assign etag       = pc_hash(enq_pc_i);
    assign enq_gwid_o = {etag, ei};
    // The tag is written when the entry opens (count 0 before this enqueue).
    assign enq_alias_o = enq_v & (ne != '0) & (wat_q[ei] != etag);
    for (genvar i = 0; i < E; i++) begin : g_tag
      logic we;
      assign we = enq_v & (ne == '0) & (ei == G'(i));
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) wat_q[i] <= '0;
        else if (we) wat_q[i] <= etag;
      end
    end
    // The gwids' hash bits select nothing: the WET is indexed by {sm, warp}.
    logic unused_hash;
    assign unused_hash = ^{svc_gwid_i[GW-1:G], pq_gwid_i[GW-1:G]};
  end else begin : g_no_wat
    // The WAT is wires; the PC has no load.
    assign enq_gwid_o  = ei;
    assign enq_alias_o = 1'b0;
    logic unused_pc;
    assign unused_pc = ^enq_pc_i;
  end

  // ================================================================ RS
  // One packed row of ROWS scores per bank; each slot is its own enable flop.
  (* mem2reg *) logic [ROWS*SCORE_BITS-1:0] rs_q [NB];
  logic [RB-1:0]         er, orow;
  logic                  rs_inc;
  logic [ROWS*SCORE_BITS-1:0] rs_erow;
  logic [SCORE_BITS-1:0] rs_old, rs_new;

  assign er      = enq_row_i & RMask;
  assign orow    = open_row_i & RMask;
  // +1 when the warp ends the cycle with exactly one pending request.
  assign rs_inc  = enq_v & bank_ok(enq_bank_i) & (ve == PEND_BITS'(1));
  assign rs_erow = rs_q[enq_bank_i];
  assign rs_old  = rs_erow[er*SCORE_BITS +: SCORE_BITS];
  assign rs_new  = (rs_old == SMax) ? SMax : rs_old + 1'b1;

  for (genvar b = 0; b < NB; b++) begin : g_rs_bank
    for (genvar s = 0; s < ROWS; s++) begin : g_rs_slot
      logic we_inc, we_clr;
      assign we_inc = rs_inc & (enq_bank_i == BW'(b)) & (er == RB'(s));
      assign we_clr = open_v & (open_bank_i == BW'(b)) & (orow == RB'(s));
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni)     rs_q[b][s*SCORE_BITS +: SCORE_BITS] <= '0;
        else if (we_clr) rs_q[b][s*SCORE_BITS +: SCORE_BITS] <= '0;      // the clear wins
        else if (we_inc) rs_q[b][s*SCORE_BITS +: SCORE_BITS] <= rs_new;
      end
    end
  end

  // ================================================================ pick
  // Heap-ordered tree: node n < ROWS combines 2n and 2n+1, leaves ROWS + s.
  // The right child wins only with a strictly higher score, so equal best
  // scores go to the lowest slot.
  logic [ROWS*SCORE_BITS-1:0] rs_prow;
  logic [ROWS-1:0]            pmask;
  logic [2*ROWS-1:0]          t_v;
  logic [2*ROWS*SCORE_BITS-1:0] t_s;
  logic [2*ROWS*RB-1:0]       t_i;
  logic [RB-1:0]              pref;
  logic [SCORE_BITS-1:0]      pref_score, best;
  logic                       pick_ok, pref_wins;

  assign pick_ok = pick_i & bank_ok(pick_bank_i);
  assign rs_prow = rs_q[pick_bank_i];
  assign pmask   = pick_ok ? pick_mask_i : '0;

  always_comb begin
    t_v = '0;
    t_s = '0;
    t_i = '0;
    for (int s = 0; s < ROWS; s++) begin
      t_v[ROWS + s] = pmask[s];
      t_s[(ROWS + s)*SCORE_BITS +: SCORE_BITS] = rs_prow[s*SCORE_BITS +: SCORE_BITS];
      t_i[(ROWS + s)*RB +: RB] = RB'(s);
    end
    for (int n = ROWS - 1; n >= 1; n = n - 1) begin
      if (t_v[2*n+1] && (!t_v[2*n] ||
          t_s[(2*n+1)*SCORE_BITS +: SCORE_BITS] > t_s[(2*n)*SCORE_BITS +: SCORE_BITS])) begin
        t_s[n*SCORE_BITS +: SCORE_BITS] = t_s[(2*n+1)*SCORE_BITS +: SCORE_BITS];
        t_i[n*RB +: RB] = t_i[(2*n+1)*RB +: RB];
      end else begin
        t_s[n*SCORE_BITS +: SCORE_BITS] = t_s[(2*n)*SCORE_BITS +: SCORE_BITS];
        t_i[n*RB +: RB] = t_i[(2*n)*RB +: RB];
      end
      t_v[n] = t_v[2*n] | t_v[2*n+1];
    end
  end

  // Root: node 1 (ROWS = 1: the single leaf, node 1 as well).
  assign best       = t_s[SCORE_BITS +: SCORE_BITS];
  assign pref       = pick_pref_i & RMask;
  assign pref_score = rs_prow[pref*SCORE_BITS +: SCORE_BITS];
`ifdef GMC_FAULT_WMC
  assign pref_wins  = pmask[pref] & (pref_score > best);
`else
  assign pref_wins  = pmask[pref] & (pref_score == best);
`endif
  assign pick_valid_o = t_v[1];
  assign pick_slot_o  = !t_v[1] ? '0 : pref_wins ? pref : t_i[RB +: RB];
  assign pick_score_o = t_v[1] ? best : '0;

  // ================================================================ PT
  (* mem2reg *) logic [PT_BITS-1:0] pt_q [NB];
  logic [PT_BITS-1:0] sbit, hbit;
  logic               hset;

  assign sbit = PT_BITS'(1) << (svc_col_i & CMask);
  assign hbit = PT_BITS'(1) << (sch_col_i & CMask);
  assign hset = sch_prio_i == PrioH;

  for (genvar b = 0; b < NB; b++) begin : g_pt
    logic [PT_BITS-1:0] d;
    logic               hit_o, hit_s, hit_h;
    assign hit_o = open_v & (open_bank_i == BW'(b));
    assign hit_s = svc_pt & (svc_bank_i == BW'(b));
    assign hit_h = sch_v & (sch_bank_i == BW'(b));
    // open, then svc, then sch: the later wins.
    always_comb begin
      d = hit_o ? '0 : pt_q[b];
      if (hit_s) d = d & ~sbit;
      if (hit_h) d = hset ? (d | hbit) : (d & ~hbit);
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)                      pt_q[b] <= '0;
      else if (hit_o | hit_s | hit_h)   pt_q[b] <= d;
    end
    assign hi_o[b] = |pt_q[b];
  end

`ifdef FORMAL
  // ---------------------------------------------------------------- formal
  // Read only by `read_verilog -formal`, which defines FORMAL
  // (synth/gmc_wmc_formal.sh, `make formal-wmc`).  Each property is a wire
  // f_p_<name> (1 = holds this cycle), asserted every cycle by an immediate
  // assertion labelled p_<name>, the name Yosys gives its $assert cell.

  // P1 hi_o[b] is the OR of bank b's PT entry.
  logic [NB-1:0] f_ok_hi;
  for (genvar b = 0; b < NB; b++) begin : g_f_hi
    assign f_ok_hi[b] = hi_o[b] == |pt_q[b];
  end
  logic f_p_hi;
  assign f_p_hi = &f_ok_hi;

  // P2 pick_valid_o = pick_i, bank < NB and a non-empty mask.
  logic f_p_pick_valid;
  assign f_p_pick_valid = pick_valid_o == (pick_i && bank_ok(pick_bank_i) && |pick_mask_i);

  // P3 the picked slot is masked and pick_score_o is its score (0 and 0
  // without a pick); P4 no masked slot has a higher score; P5 ties: pref if
  // it is masked with the best score, else no masked slot below the pick has
  // the best score.
  function automatic logic [SCORE_BITS-1:0] f_score(input int s);
    f_score = rs_prow[s*SCORE_BITS +: SCORE_BITS];
  endfunction
  logic [ROWS-1:0] f_higher, f_best_below;
  for (genvar s = 0; s < ROWS; s++) begin : g_f_slot
    assign f_higher[s]     = pmask[s] && f_score(s) > pick_score_o;
    assign f_best_below[s] = pmask[s] && f_score(s) == pick_score_o && RB'(s) < pick_slot_o;
  end
  logic f_pref_best;
  assign f_pref_best = pmask[pref] && f_score(32'(pref)) == pick_score_o;
  logic f_p_pick_slot, f_p_pick_max, f_p_pick_tie;
  assign f_p_pick_slot = pick_valid_o ? (pmask[pick_slot_o] && pick_score_o == f_score(32'(pick_slot_o)))
                                      : (pick_slot_o == '0 && pick_score_o == '0);
  assign f_p_pick_max  = f_higher == '0;
  assign f_p_pick_tie  = !pick_valid_o || (f_pref_best ? pick_slot_o == pref : f_best_below == '0);

  // P6 a WET counter changes by at most 1 per cycle and never wraps (checked
  // between two consecutive cycles out of reset).
  logic f_chk_q;
  initial f_chk_q = 1'b0;
  always_ff @(posedge clk_i) f_chk_q <= rst_ni;
  logic [E-1:0] f_ok_wet;
  for (genvar i = 0; i < E; i++) begin : g_f_wet
    logic [PEND_BITS-1:0] prev_q;
    always_ff @(posedge clk_i) prev_q <= wet_q[i];
    assign f_ok_wet[i] = !(f_chk_q && rst_ni) ||
                         {1'b0, wet_q[i]} == {1'b0, prev_q} ||
                         {1'b0, wet_q[i]} == {1'b0, prev_q} + 1'b1 ||
                         {1'b0, wet_q[i]} + 1'b1 == {1'b0, prev_q};
  end
  logic f_p_wet_step;
  assign f_p_wet_step = &f_ok_wet;

  // P7 the flags: overflow only on a saturated counter, underflow only on a
  // zero one, never both for one entry.
  logic f_p_flags;
  assign f_p_flags = (!wet_ovf_o || (enq_i && ne == PMax)) && (!wet_unf_o || (svc_i && ns == '0)) &&
                     !(wet_ovf_o && wet_unf_o && ei == si);

  always_comb begin
    p_hi:         assert (f_p_hi);
    p_pick_valid: assert (f_p_pick_valid);
    p_pick_slot:  assert (f_p_pick_slot);
    p_pick_max:   assert (f_p_pick_max);
    p_pick_tie:   assert (f_p_pick_tie);
    p_wet_step:   assert (f_p_wet_step);
    p_flags:      assert (f_p_flags);
  end
`endif

endmodule
