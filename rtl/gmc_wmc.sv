// gmc_wmc: Warped-MC's tables of one memory controller -- warp alias table
// (WAT), warp entry table (WET), row scoreboard (RS) and priority table (PT)
// (Warped-MC [ICPP'23] sections 4.1 Algorithm 1, 4.2 Fig. 8, 5.5 Table 3).
//
// C twin: model/blocks/gmc_wmc.{h,c} (gmc_wmc_step); every rule below is
// written out, with the sentence it rests on, in docs/blocks/gmc_wmc.md.
//
// All outputs are combinational from the state at the start of the cycle;
// every write lands at the rising edge.  rst_ni is an asynchronous
// active-low reset of every table, so the outputs of a cycle in reset read
// empty tables; the event ports (enq, svc, sch, open) do nothing while
// rst_ni = 0.
//
//   WAT/WET  gwid = {pc_hash, sm, warp}; the WET (2^(SmBits+WarpBits)
//            counters of PendBits) is indexed by {sm, warp}; the WAT holds
//            one PcHashBits tag per WET entry (no storage when
//            PcHashBits = 0), written when the entry opens (count 0 -> 1).
//            enq +1 and svc -1, saturating, with wet_ovf_o / wet_unf_o; enq
//            and svc of one entry in one cycle cancel (no change, no flag).
//            With StBits = 1 each entry also has a started bit: set by svc
//            (a request of the warp was scheduled), 0 whenever the count is.
//   prio     H: count 1 and (ScoreAt = 1 or started); M: count >= 2, a row
//            hit and (MRule = 1 or started); else L.
//   RS       NumBanks x Rows scores of ScoreBits; +1 (saturating) when a warp
//            ends the cycle with one pending request: on the enqueued slot
//            (ScoreAt = 1, receive) or on svc_rbank/svc_rrow, the remaining
//            request's slot, when svc leaves one (ScoreAt = 0, schedule);
//            open clears the opened slot and clr the emptied one, and a
//            clear wins over the increment.
//   PT       NumBanks entries of PtBits; per bank, in this order (the later wins):
//            pre/prea clear the entry (all entries), open clears the entry,
//            svc clears bit svc_col, sch sets bit sch_col if sch_prio is H
//            (2) else clears it.  hi_o[b] = |PT[b].
//   pick     the highest-score slot of pick_mask_i in bank pick_bank_i, the
//            lowest such slot on a tie; then pick_pref_i if it is masked and
//            has the best score.
// A bank index >= NumBanks (NumBanks not a power of 2) makes its port do nothing.
//
// Storage.  The four tables are memories (unpacked arrays without reset,
// written only by `mem[addr] <= data` at the clock edge, read
// asynchronously at a port's address), as a controller builds them in
// register files or small SRAMs; `make synth-wmc` checks that Yosys infers
// them and that their bits are gmc_wmc_storage_bits(), table by table.
// Every write is a whole word, read-modify-write through the port's own
// read port, so no memory needs bit enables.  G = SmBits + WarpBits;
// sizes for Table 3's configuration in brackets:
//
//   table  memory                                 read ports          write ports
//   WET    wet_mem: 2^(G-WetLaneBits) words of    enq, svc, pq        enq, svc
//          2^WetLaneBits lanes {started, count}
//          of StBits + PendBits,
//          WetLaneBits = min(3, G-1) [128 x 48]
//   WAT    g_wat.wat_mem: 2^G x PcHashBits      enq                 enq (tag on open)
//          (none when PcHashBits = 0)
//   RS     g_rs_plane[k].rs_mem, k < ScoreBits:  inc, open, clr    inc bank (+1),
//          NumBanks x Rows, bit k of every slot's       and pick bank       open, clr bank (clear)
//          score: one NumBanks x ScoreBits*Rows word
//          sliced by score bit [4 x 16 x 64]
//   PT     pt_mem: NumBanks x PtBits [16 x 64]         svc, sch bank       open, svc, sch bank
//
// Two write ports of one memory never write one word in one cycle: the
// first port's word then carries both changes (WET: enq lane then svc lane;
// RS: increment then the clears, so a clear wins; PT: open, svc, sch in
// the C model's order) and the later port is suppressed.  pre/prea only
// clear PT hi flags (the entries' valid bits).
//
// Reset without resetting the memories: the flops are one packed vector per
// table with asynchronous reset (one always_ff for all of them):
//   wet_vld_q  one valid bit per WET word: a read of an invalid word is 0,
//              and the first write of a word writes all its lanes (from the
//              read, 0), so one valid bit covers the whole word;
//   rs_vld_q   one valid bit per RS bank (all planes), the same way;
//   pt_hi_q    one bit per PT entry = |PT[b]: it is hi_o itself, and doubles
//              as the entry's valid bit (an entry with pt_hi_q = 0 is 0);
//   the WAT    has none: a tag is read only when its WET counter is non-zero,
//              and a counter leaves 0 only through an enqueue, which writes
//              the tag in the same cycle -- so WET[i] != 0 is its valid bit.
// Flops: 2^(G-WetLaneBits) + 2*NumBanks [160], beside the memory bits [11264].
// (With PtBits = 1 a PT entry is its hi flag, no write reads pt_mem, and
// Yosys removes it.)  Lanes cut the WET's valid bits 8-fold against one per
// counter; the planes keep the RS's data paths within 64 bits (wider
// vectors are arrays of 32-bit words in the Verilated model, and slow).
//
// The pick is bit-sliced over the planes of the picked bank: from the top
// score bit down, the candidates (the mask) narrow to those with that bit
// set whenever one has it; the survivors have the best score, and the
// lowest of them is found by isolating the lowest set bit.  ScoreBits
// steps of Rows-bit AND/OR instead of a tree of Rows-1 comparators.
//
// `GMC_FAULT_WMC (mutation check only): the row-miss pick's tie rule loses
// the FCFS preference -- pref is taken only when its score is strictly the
// highest, so a tie goes to the lowest slot.
module gmc_wmc #(
  parameter int SmBits     = 5,   // SM id bits, >= 1 (C twin: 0..12; SmBits + WarpBits <= 12)
  parameter int WarpBits   = 5,   // warp-in-SM bits, >= 1
  parameter int PcHashBits = 0,   // PC-hash tag bits, 0..16 (0: no WAT storage)
  parameter int PendBits   = 6,   // WET entry (n_pending) width, 1..8
  parameter int NumBanks   = 16,  // banks, 1..64
  parameter int Rows       = 64,  // row-score slots per bank, power of 2, 1..64
  parameter int ScoreBits  = 4,   // bits per row score, 1..8
  parameter int PtBits     = 64,  // PT entry width, power of 2, 1..64
  parameter int ScoreAt    = 0,   // 0: H and RS +1 when scheduling leaves one request (Algorithm 1)
                                  // 1: when the received request is its warp's only one (sec. 4.2)
  parameter int MRule      = 0,   // 0: M needs a started warp (a request scheduled); 1: any >= 2
  // Derived; not to be overridden.
  localparam int G  = SmBits + WarpBits,          // WET index bits
  localparam int GW = G + PcHashBits,             // global warp id bits
  localparam int BW = (NumBanks > 1) ? $clog2(NumBanks) : 1,  // bank index bits
  localparam int RB = (Rows > 1) ? $clog2(Rows) : 1,          // row slot bits
  localparam int CB = (PtBits > 1) ? $clog2(PtBits) : 1,      // column slot bits
  localparam int StBits = (ScoreAt == 0 || MRule == 0) ? 1 : 0  // WET started bit
) (
  input  logic                  clk_i,         // clock
  input  logic                  rst_ni,        // async reset, active low: clears every table
  input  logic                  enq_i,         // a request entered the pending queue
  input  logic [SmBits-1:0]    enq_sm_i,      // its SM id
  input  logic [WarpBits-1:0]  enq_warp_i,    // its warp id in the SM
  input  logic [31:0]           enq_pc_i,      // PC of its load (hashed into the gwid)
  input  logic [BW-1:0]         enq_bank_i,    // its bank
  input  logic [RB-1:0]         enq_row_i,     // its row id's low bits (slot = row mod Rows)
  input  logic                  svc_i,         // a request was serviced (left the queue)
  input  logic [GW-1:0]         svc_gwid_i,    // its gwid (enq_gwid_o at its enqueue)
  input  logic [BW-1:0]         svc_bank_i,    // its bank
  input  logic [CB-1:0]         svc_col_i,     // its column slot in the row
  input  logic [BW-1:0]         svc_rbank_i,   // bank of its warp's remaining request (ScoreAt = 0)
  input  logic [RB-1:0]         svc_rrow_i,    // ... and its row slot: +1 if svc leaves one
  input  logic                  clr_i,         // a row slot has no queued request left
  input  logic [BW-1:0]         clr_bank_i,    // in this bank
  input  logic [RB-1:0]         clr_row_i,     // this slot: its score := 0
  input  logic [GW-1:0]         pq_gwid_i,     // priority query: a request's gwid
  input  logic                  pq_hit_i,      // ... and whether it hits its bank's open row
  input  logic                  sch_i,         // the per-bank scheduler committed to a request
  input  logic [BW-1:0]         sch_bank_i,    // its bank
  input  logic [CB-1:0]         sch_col_i,     // its column slot
  input  logic [1:0]            sch_prio_i,    // its priority (pq_prio_o): 2 = H sets the PT bit
  input  logic                  pick_i,        // row-miss pick requested
  input  logic [BW-1:0]         pick_bank_i,   // in this bank
  input  logic [Rows-1:0]       pick_mask_i,   // among these row slots (pending requests)
  input  logic [RB-1:0]         pick_pref_i,   // the FCFS (oldest) request's slot: wins ties
  input  logic                  open_i,        // a row was opened (ACT)
  input  logic [BW-1:0]         open_bank_i,   // in this bank
  input  logic [RB-1:0]         open_row_i,    // its slot
  input  logic                  pre_i,         // a bank was precharged (PRE)
  input  logic [BW-1:0]         pre_bank_i,    // this bank: its PT entry := 0
  input  logic                  prea_i,        // every bank was precharged (PREA): PT := 0
  output logic [GW-1:0]         enq_gwid_o,    // WAT's global warp id {pc_hash, sm, warp}
  output logic                  enq_alias_o,   // the live WET entry carries another PC tag
  output logic                  wet_ovf_o,     // enq hit a saturated counter
  output logic                  wet_unf_o,     // svc hit a zero counter
  output logic                  svc_last_o,    // svc leaves its warp one pending request
  output logic [PendBits-1:0]  pq_pend_o,     // WET[pq_gwid]
  output logic [1:0]            pq_prio_o,     // its priority: 2 = H, 1 = M, 0 = L
  output logic                  pick_valid_o,  // pick_i, bank < NumBanks and a non-empty mask
  output logic [RB-1:0]         pick_slot_o,   // the picked slot (0 if none)
  output logic [ScoreBits-1:0] pick_score_o,  // its score (0 if none)
  output logic [NumBanks-1:0]         hi_o           // bank b's PT entry is non-zero (gmc_bankarb hi_i)
);

  localparam int E = 1 << G;                        // WET entries
  localparam int HB = (PcHashBits > 0) ? PcHashBits : 1;
  localparam logic [PendBits-1:0] PMax = {PendBits{1'b1}};
  localparam logic [ScoreBits-1:0] SMax = {ScoreBits{1'b1}};
  localparam logic [RB-1:0] RMask = RB'(Rows - 1);  // 0 when Rows = 1
  localparam logic [CB-1:0] CMask = CB'(PtBits - 1);
  localparam logic [1:0] PrioL = 2'd0, PrioM = 2'd1, PrioH = 2'd2;
  // WET words: 2^WetLaneBits counters (lanes) each, at least 2 words.
  localparam int WetLaneBits = (G > 3) ? 3 : G - 1;
  localparam int WetAddrBits = G - WetLaneBits;
  localparam int WetWords    = 1 << WetAddrBits;
  localparam int LaneW       = PendBits + StBits;  // {started, count}
  localparam int WetWidth    = (1 << WetLaneBits) * LaneW;
  localparam logic [LaneW-1:0] LMask = {LaneW{1'b1}};

  // bank < NumBanks (an index >= NumBanks does nothing).
  function automatic logic bank_ok(input logic [BW-1:0] b);
    bank_ok = 32'(b) < NumBanks;
  endfunction

  // XOR-fold of the 32-bit PC into PcHashBits bits.
  function automatic logic [HB-1:0] pc_hash(input logic [31:0] pc);
    pc_hash = '0;
    for (int i = 0; i < 32; i = i + HB) begin
      pc_hash = pc_hash ^ HB'(pc >> i);
    end
  endfunction

  // Bit j of every slot number, as a Rows-bit mask per j (the pick's encoder).
  function automatic logic [RB*Rows-1:0] slot_bits();
    slot_bits = '0;
    for (int j = 0; j < RB; j++) begin
      for (int s = 0; s < Rows; s++) begin
        slot_bits[j*Rows + s] = ((s >> j) & 1) == 1;
      end
    end
  endfunction
  localparam logic [RB*Rows-1:0] SlotBits = slot_bits();

  // A PT entry's next value: open clears it, svc clears sbit, sch sets or
  // clears hbit (that order, the later wins).
  function automatic logic [PtBits-1:0] pt_next(input logic [PtBits-1:0] q,
                                                 input logic o, input logic s, input logic h,
                                                 input logic hs, input logic [PtBits-1:0] sb,
                                                 input logic [PtBits-1:0] hb);
    pt_next = o ? '0 : q;
    if (s) pt_next = pt_next & ~sb;
    if (h) pt_next = hs ? (pt_next | hb) : (pt_next & ~hb);
  endfunction

  // Events: nothing happens in reset.
  logic enq_v, svc_v, sch_v, open_v, svc_pt, clr_v, pre_v, prea_v;
  assign enq_v  = enq_i & rst_ni;
  assign svc_v  = svc_i & rst_ni;
  assign sch_v  = sch_i & rst_ni & bank_ok(sch_bank_i);
  assign open_v = open_i & rst_ni & bank_ok(open_bank_i);
  assign svc_pt = svc_v & bank_ok(svc_bank_i);
  assign clr_v  = clr_i & rst_ni & bank_ok(clr_bank_i);
  assign pre_v  = pre_i & rst_ni & bank_ok(pre_bank_i);
  assign prea_v = prea_i & rst_ni;

  // ================================================================ flops
  // Valid bits (the only reset state): WET words, RS words, PT non-zero.
  logic [WetWords-1:0] wet_vld_q, wet_vld_d;
  logic [NumBanks-1:0]       rs_vld_q, rs_vld_d;
  logic [NumBanks-1:0]       pt_hi_q, pt_hi_d;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wet_vld_q <= '0;
      rs_vld_q  <= '0;
      pt_hi_q   <= '0;
    end else begin
      wet_vld_q <= wet_vld_d;
      rs_vld_q  <= rs_vld_d;
      pt_hi_q   <= pt_hi_d;
    end
  end

  // ================================================================ WET
  logic [WetWidth-1:0] wet_mem [WetWords];
  logic [G-1:0] ei, si, pi;
  logic [WetAddrBits-1:0] ew, sw, pw;  // word addresses
  logic [WetLaneBits-1:0] el, sl, pl;  // lanes
  logic [WetWidth-1:0] wet_rd_e, wet_rd_s, wet_rd_p;  // read ports: enq, svc, pq
  logic [LaneW-1:0]    le, lp;        // the enq and pq lanes
  logic [PendBits-1:0] ne, ns, np;    // their counters
  logic                ste, stp;      // started bits of the enq and pq lanes
  logic [PendBits-1:0] ve, vs;        // next values of the enq and svc entries
  logic                ste_n, sts_n;  // next started bits
  logic [LaneW-1:0]    lve, lvs;      // next lanes
  logic same, ovf, unf;
  logic wet_we_e, wet_we_s, wet_share;
  logic [WetWidth-1:0] wet_wd_e, wet_wd_s;

  assign ei = {enq_sm_i, enq_warp_i};
  assign si = svc_gwid_i[G-1:0];
  assign pi = pq_gwid_i[G-1:0];
  assign {ew, el} = ei;
  assign {sw, sl} = si;
  assign {pw, pl} = pi;
  assign wet_rd_e = wet_vld_q[ew] ? wet_mem[ew] : '0;
  assign wet_rd_s = wet_vld_q[sw] ? wet_mem[sw] : '0;
  assign wet_rd_p = wet_vld_q[pw] ? wet_mem[pw] : '0;
  assign le = LaneW'(wet_rd_e >> (32'(el) * LaneW));
  assign lp = LaneW'(wet_rd_p >> (32'(pl) * LaneW));
  assign ne = le[PendBits-1:0];
  assign ns = PendBits'(wet_rd_s >> (32'(sl) * LaneW));  // (its started bit: not needed)
  assign np = lp[PendBits-1:0];
  // With StBits = 0 the lane is the counter and there is no started bit.
  assign ste = (StBits > 0) & le[LaneW-1];
  assign stp = (StBits > 0) & lp[LaneW-1];

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
  // Started: a scheduled request (svc) starts its warp; a count of 0 is a
  // new warp again (so an enqueue opening an entry reads 0).
  assign ste_n = (StBits > 0) & (ve != '0) & (ste | (svc_v & (si == ei)));
  assign sts_n = (StBits > 0) & (vs != '0);
  if (StBits > 0) begin : g_lane_st
    assign lve = {ste_n, ve};
    assign lvs = {sts_n, vs};
  end else begin : g_lane
    assign lve = ve;
    assign lvs = vs;
    logic unused_st;
    assign unused_st = ste_n | sts_n;
  end

  // Write ports: enq writes its word (with the svc lane too when svc's entry
  // shares the word); svc writes its word otherwise.
  assign wet_share = enq_v & svc_v & (ew == sw);
  assign wet_we_e  = enq_v;
  assign wet_we_s  = svc_v & ~wet_share;
  always_comb begin
    wet_wd_e = (wet_rd_e & ~(WetWidth'(LMask) << (32'(el) * LaneW))) |
               (WetWidth'(lve) << (32'(el) * LaneW));
    if (wet_share) begin
      wet_wd_e = (wet_wd_e & ~(WetWidth'(LMask) << (32'(sl) * LaneW))) |
                 (WetWidth'(lvs) << (32'(sl) * LaneW));
    end
    wet_wd_s = (wet_rd_s & ~(WetWidth'(LMask) << (32'(sl) * LaneW))) |
               (WetWidth'(lvs) << (32'(sl) * LaneW));
  end

  always_comb begin
    wet_vld_d = wet_vld_q;
    if (wet_we_e) wet_vld_d[ew] = 1'b1;
    if (wet_we_s) wet_vld_d[sw] = 1'b1;
  end

  always_ff @(posedge clk_i) begin
    if (wet_we_e) wet_mem[ew] <= wet_wd_e;
    if (wet_we_s) wet_mem[sw] <= wet_wd_s;
  end

  assign wet_ovf_o  = ovf;
  assign wet_unf_o  = unf;
  assign svc_last_o = svc_v & (vs == PendBits'(1));
  assign pq_pend_o  = np;
  assign pq_prio_o  = (np == PendBits'(1)) ? ((ScoreAt == 1 || stp) ? PrioH : PrioL) :
                      (np != '0 && pq_hit_i && (MRule == 1 || stp)) ? PrioM : PrioL;

  // ================================================================ WAT
  if (PcHashBits > 0) begin : g_wat
    // No valid bits: the tag is read only when WET[ei] != 0 (see the header).
    logic [HB-1:0] wat_mem [E];
    logic [HB-1:0] etag, wat_rd;
    logic          wat_we;
    assign etag       = pc_hash(enq_pc_i);
    assign enq_gwid_o = {etag, ei};
    assign wat_rd     = wat_mem[ei];
    // The tag is written when the entry opens (count 0 before this enqueue).
    assign wat_we      = enq_v & (ne == '0);
    assign enq_alias_o = enq_v & (ne != '0) & (wat_rd != etag);
    always_ff @(posedge clk_i) begin
      if (wat_we) wat_mem[ei] <= etag;
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
  // ScoreBits plane memories of NumBanks x Rows (g_rs_plane[k].rs_mem: bit k of
  // every slot's score), one RS word sliced by score bit; the planes share
  // addresses, enables and one valid bit per bank.  Three writers: the
  // increment (bank ib), open's clear (open bank), clr's clear (clr bank).
  logic                  pick_ok;
  logic [BW-1:0]         ib;
  logic [RB-1:0]         ir, orow, krow, pref, low_slot;
  logic [Rows-1:0]       ir_hot, or_hot, kr_hot, i_clr, o_clr, pref_hot, pmask, cand, low;
  logic                  rs_ren_i, rs_ren_o, rs_ren_k, rs_ren_p;  // read ports' words are valid
  logic                  rs_inc, o_on_i, k_on_i, k_on_o, rs_we_i, rs_we_o, rs_we_k;
  logic [ScoreBits-1:0] rs_old, rs_new, best, pref_score;

  // The increment's slot: the enqueued request's (receive) or the serviced
  // warp's remaining request's (schedule).
  assign ib       = (ScoreAt == 1) ? enq_bank_i : svc_rbank_i;
  assign ir       = ((ScoreAt == 1) ? enq_row_i : svc_rrow_i) & RMask;
  assign pick_ok  = pick_i & bank_ok(pick_bank_i);
  assign orow     = open_row_i & RMask;
  assign krow     = clr_row_i & RMask;
  assign pref     = pick_pref_i & RMask;
  assign ir_hot   = Rows'(1) << ir;
  assign or_hot   = Rows'(1) << orow;
  assign kr_hot   = Rows'(1) << krow;
  assign pref_hot = Rows'(1) << pref;
  assign pmask    = pick_ok ? pick_mask_i : '0;

  // +1 when the warp ends the cycle with exactly one pending request.
  assign rs_inc   = bank_ok(ib) & ((ScoreAt == 1) ? enq_v & (ve == PendBits'(1))
                                                  : svc_v & (vs == PendBits'(1)));
  assign rs_new   = (rs_old == SMax) ? SMax : rs_old + 1'b1;
  // Write ports: the increment writes its bank (with the clears applied
  // after it when they name the same bank: a clear wins); open writes its
  // bank unless the increment did (with clr's clear when clr names it too);
  // clr writes its bank unless one of the others did.
  assign o_on_i   = rs_inc & open_v & (open_bank_i == ib);
  assign k_on_i   = rs_inc & clr_v & (clr_bank_i == ib);
  assign k_on_o   = open_v & clr_v & (clr_bank_i == open_bank_i);
  assign rs_we_i  = rs_inc;
  assign rs_we_o  = open_v & ~o_on_i;
  assign rs_we_k  = clr_v & ~k_on_i & ~k_on_o;
  assign i_clr    = (o_on_i ? or_hot : '0) | (k_on_i ? kr_hot : '0);
  assign o_clr    = or_hot | (k_on_o ? kr_hot : '0);
  assign rs_ren_i = rs_inc  && rs_vld_q[ib];
  assign rs_ren_o = open_v  && rs_vld_q[open_bank_i];
  assign rs_ren_k = clr_v   && rs_vld_q[clr_bank_i];
  assign rs_ren_p = pick_ok && rs_vld_q[pick_bank_i];

  always_comb begin
    rs_vld_d = rs_vld_q;
    if (rs_we_i) rs_vld_d[ib] = 1'b1;
    if (rs_we_o) rs_vld_d[open_bank_i] = 1'b1;
    if (rs_we_k) rs_vld_d[clr_bank_i] = 1'b1;
  end

  for (genvar k = ScoreBits - 1; k >= 0; k--) begin : g_rs_plane
    logic [Rows-1:0] rs_mem [NumBanks];
    logic [Rows-1:0] rd_i, rd_o, rd_k, rd_p, wd_i, wd_o, wd_k;  // read ports: inc, open, clr, pick bank
    logic [Rows-1:0] cand_in, hit, cand_out;
    assign rd_i = rs_ren_i ? rs_mem[ib]          : '0;
    assign rd_o = rs_ren_o ? rs_mem[open_bank_i] : '0;
    assign rd_k = rs_ren_k ? rs_mem[clr_bank_i]  : '0;
    assign rd_p = rs_ren_p ? rs_mem[pick_bank_i] : '0;
    assign rs_old[k] = |(rd_i & ir_hot);
    assign wd_i = ((rd_i & ~ir_hot) | (rs_new[k] ? ir_hot : '0)) & ~i_clr;
    assign wd_o = rd_o & ~o_clr;
    assign wd_k = rd_k & ~kr_hot;
    always_ff @(posedge clk_i) begin
      if (rs_we_i) rs_mem[ib]          <= wd_i;
      if (rs_we_o) rs_mem[open_bank_i] <= wd_o;
      if (rs_we_k) rs_mem[clr_bank_i]  <= wd_k;
    end

    // Pick, bit-sliced maximum from the top plane down: the candidates
    // narrow to those with bit k set whenever one has it.
    if (k == ScoreBits - 1) begin : g_top
      assign cand_in = pmask;
    end else begin : g_below
      assign cand_in = g_rs_plane[k+1].cand_out;
    end
    assign hit           = cand_in & rd_p;
    assign best[k]       = |hit;
    assign cand_out      = best[k] ? hit : cand_in;
    assign pref_score[k] = |(rd_p & pref_hot);
  end

  // ================================================================ pick
  // The survivors have the best score; the lowest of them: its one-hot bit,
  // then its number.  Then pref if it is masked with the best score.
  logic pref_wins;
  assign cand = g_rs_plane[0].cand_out;
  assign low  = cand & (~cand + 1'b1);
  always_comb begin
    low_slot = '0;
    for (int j = 0; j < RB; j++) begin
      low_slot[j] = |(low & SlotBits[j*Rows +: Rows]);
    end
  end

`ifdef GMC_FAULT_WMC
  assign pref_wins  = pmask[pref] & (pref_score > best);
`else
  assign pref_wins  = pmask[pref] & (pref_score == best);
`endif
  assign pick_valid_o = |pmask;
  assign pick_slot_o  = !pick_valid_o ? '0 : pref_wins ? pref : low_slot;
  assign pick_score_o = best;

  // ================================================================ PT
  logic [PtBits-1:0] pt_mem [NumBanks];
  logic [PtBits-1:0] sbit, hbit, pt_rd_s, pt_rd_h, pt_wd_o, pt_wd_s, pt_wd_h;
  logic               hset, o_s, o_h, s_h, pt_we_o, pt_we_s, pt_we_h;
  logic [NumBanks-1:0] pre_clr;  // entries pre / prea clear this cycle

  assign pre_clr = prea_v ? '1 : pre_v ? NumBanks'(1) << pre_bank_i : '0;

  assign sbit = PtBits'(1) << (svc_col_i & CMask);
  assign hbit = PtBits'(1) << (sch_col_i & CMask);
  assign hset = sch_prio_i == PrioH;
  // Two ports name one bank.
  assign o_s  = open_v & svc_pt & (open_bank_i == svc_bank_i);
  assign o_h  = open_v & sch_v & (open_bank_i == sch_bank_i);
  assign s_h  = svc_pt & sch_v & (svc_bank_i == sch_bank_i);
  // Read ports: svc and sch banks (open's entry starts from 0).
  // (An entry pre/prea clears reads 0: it is cleared first.)
  assign pt_rd_s = (svc_pt && pt_hi_q[svc_bank_i] && !pre_clr[svc_bank_i]) ? pt_mem[svc_bank_i] : '0;
  assign pt_rd_h = (sch_v  && pt_hi_q[sch_bank_i] && !pre_clr[sch_bank_i]) ? pt_mem[sch_bank_i] : '0;
  // Write ports: each bank's entry is written once, by the first port naming it.
  assign pt_wd_o = pt_next('0,      1'b1, o_s,  o_h,  hset, sbit, hbit);
  assign pt_wd_s = pt_next(pt_rd_s, o_s,  1'b1, s_h,  hset, sbit, hbit);
  assign pt_wd_h = pt_next(pt_rd_h, o_h,  s_h,  1'b1, hset, sbit, hbit);
  assign pt_we_o = open_v;
  assign pt_we_s = svc_pt & ~o_s;
  assign pt_we_h = sch_v & ~o_h & ~s_h;

  always_comb begin
    pt_hi_d = pt_hi_q & ~pre_clr;   // a cleared entry: its valid bit 0
    if (pt_we_o) pt_hi_d[open_bank_i] = |pt_wd_o;
    if (pt_we_s) pt_hi_d[svc_bank_i]  = |pt_wd_s;
    if (pt_we_h) pt_hi_d[sch_bank_i]  = |pt_wd_h;
  end

  always_ff @(posedge clk_i) begin
    if (pt_we_o) pt_mem[open_bank_i] <= pt_wd_o;
    if (pt_we_s) pt_mem[svc_bank_i]  <= pt_wd_s;
    if (pt_we_h) pt_mem[sch_bank_i]  <= pt_wd_h;
  end

  assign hi_o = pt_hi_q;

`ifdef FORMAL
  // ---------------------------------------------------------------- formal
  // Read only by `read_verilog -formal`, which defines FORMAL
  // (synth/gmc_wmc_formal.sh, `make formal-wmc`).  Each property is a wire
  // f_p_<name> (1 = holds this cycle), asserted every cycle by an immediate
  // assertion labelled p_<name>, the name Yosys gives its $assert cell.
  // The tables are read here as the ports read them: valid ? memory : 0.
  // The base case starts where reset leaves the design: every valid bit 0
  // (these initial values exist only here); the memories' contents and the
  // induction step's states stay free.
  initial begin
    wet_vld_q = '0;
    rs_vld_q  = '0;
    pt_hi_q   = '0;
  end

  // P1 hi_o[b] is the OR of bank b's PT entry.
  logic [NumBanks-1:0] f_ok_hi;
  for (genvar b = 0; b < NumBanks; b++) begin : g_f_hi
    logic [PtBits-1:0] f_pt;
    assign f_pt       = pt_hi_q[b] ? pt_mem[b] : '0;
    assign f_ok_hi[b] = hi_o[b] == |f_pt;
  end
  logic f_p_hi;
  assign f_p_hi = &f_ok_hi;

  // P2 pick_valid_o = pick_i, bank < NumBanks and a non-empty mask.
  logic f_p_pick_valid;
  assign f_p_pick_valid = pick_valid_o == (pick_i && bank_ok(pick_bank_i) && |pick_mask_i);

  // P3 the picked slot is masked and pick_score_o is its score (0 and 0
  // without a pick); P4 no masked slot has a higher score; P5 ties: pref if
  // it is masked with the best score, else no masked slot below the pick has
  // the best score.  A slot's score: bit k in plane k of the picked bank's word.
  // The RS planes side by side: rs_rd_p the picked bank's (P3-P5),
  // f_rs_word bank f_rsb_q's (P9 below).
  logic [ScoreBits*Rows-1:0] rs_rd_p, f_rs_word;
  logic [BW-1:0]              f_rsb_q;
  for (genvar k = 0; k < ScoreBits; k++) begin : g_f_plane
    assign rs_rd_p[k*Rows +: Rows]   = g_rs_plane[k].rd_p;
    assign f_rs_word[k*Rows +: Rows] = (bank_ok(f_rsb_q) && rs_vld_q[f_rsb_q]) ?
                                       g_rs_plane[k].rs_mem[f_rsb_q] : '0;
  end
  function automatic logic [ScoreBits-1:0] f_score(input int s);
    for (int k = 0; k < ScoreBits; k++) begin
      f_score[k] = rs_rd_p[k*Rows + s];
    end
  endfunction
  logic [Rows-1:0] f_higher, f_best_below;
  for (genvar s = 0; s < Rows; s++) begin : g_f_slot
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
  // between two consecutive cycles out of reset).  The counter is WET[f_idx_q],
  // an index the solver chooses freely (a flop without initial value that
  // holds itself), so the proof covers every entry, through the memory's
  // write ports, lane merge and valid bit.
  logic f_chk_q;
  initial f_chk_q = 1'b0;
  always_ff @(posedge clk_i) f_chk_q <= rst_ni;
  logic [G-1:0]           f_idx_q;
  logic [WetAddrBits-1:0] f_w;
  logic [WetLaneBits-1:0] f_l;
  logic [WetWidth-1:0]    f_word;
  logic [PendBits-1:0]   f_cnt, f_prev_q;
  logic [LaneW-1:0]       f_lane;
  always_ff @(posedge clk_i) f_idx_q <= f_idx_q;
  assign {f_w, f_l} = f_idx_q;
  assign f_word = wet_vld_q[f_w] ? wet_mem[f_w] : '0;
  assign f_lane = f_word[f_l*LaneW +: LaneW];
  assign f_cnt  = f_lane[PendBits-1:0];
  always_ff @(posedge clk_i) f_prev_q <= f_cnt;
  logic f_p_wet_step;
  assign f_p_wet_step = !(f_chk_q && rst_ni) ||
                        {1'b0, f_cnt} == {1'b0, f_prev_q} ||
                        {1'b0, f_cnt} == {1'b0, f_prev_q} + 1'b1 ||
                        {1'b0, f_cnt} + 1'b1 == {1'b0, f_prev_q};

  // P8-P10 each table entry is a register of its own: the entry at a freely
  // chosen index (f_*_q, flops without initial value that hold themselves)
  // reads next cycle what this cycle's ports write into it, per the rules in
  // the header, and keeps its value otherwise -- through the word's other
  // lanes/slots, the merged write ports and the valid bits.
  // P8 WET[f_idx_q]: enq's new value, else svc's, else unchanged.
  logic [PendBits-1:0] f_wet_exp_d, f_wet_exp_q;
  assign f_wet_exp_d = (enq_v && ei == f_idx_q) ? ve : (svc_v && si == f_idx_q) ? vs : f_cnt;
  // ... and its started bit: set by svc, kept while the count is non-zero.
  logic f_st, f_st_exp_d, f_st_exp_q;
  assign f_st = (StBits > 0) & f_lane[LaneW-1];
  assign f_st_exp_d = (StBits > 0) && f_wet_exp_d != '0 &&
                      (f_st || (svc_v && si == f_idx_q));
  always_ff @(posedge clk_i) f_st_exp_q <= f_st_exp_d;
  always_ff @(posedge clk_i) f_wet_exp_q <= f_wet_exp_d;
  logic f_p_wet_next;
  assign f_p_wet_next = !(f_chk_q && rst_ni) || (f_cnt == f_wet_exp_q && f_st == f_st_exp_q);

  // P9 RS[f_rsb_q][f_rss_q]: cleared by open or clr, else +1 by the increment.
  logic [RB-1:0]         f_rss_q, f_rss;
  logic [ScoreBits-1:0] f_rs_score, f_rs_exp_d, f_rs_exp_q;
  always_ff @(posedge clk_i) begin
    f_rsb_q <= f_rsb_q;
    f_rss_q <= f_rss_q;
  end
  assign f_rss = f_rss_q & RMask;
  always_comb begin
    for (int k = 0; k < ScoreBits; k++) begin
      f_rs_score[k] = f_rs_word[k*Rows + 32'(f_rss)];
    end
  end
  assign f_rs_exp_d = (open_v && open_bank_i == f_rsb_q && orow == f_rss) ? '0 :
                      (clr_v && clr_bank_i == f_rsb_q && krow == f_rss) ? '0 :
                      (rs_inc && ib == f_rsb_q && ir == f_rss) ? rs_new : f_rs_score;
  always_ff @(posedge clk_i) f_rs_exp_q <= f_rs_exp_d;
  logic f_p_rs_next;
  assign f_p_rs_next = !(f_chk_q && rst_ni) || !bank_ok(f_rsb_q) || f_rs_score == f_rs_exp_q;

  // P10 PT[f_ptb_q]: pre/prea, open, svc, sch in that order.
  logic [BW-1:0]      f_ptb_q;
  logic [PtBits-1:0] f_pt_now, f_pt_exp_d, f_pt_exp_q;
  always_ff @(posedge clk_i) f_ptb_q <= f_ptb_q;
  assign f_pt_now = (bank_ok(f_ptb_q) && pt_hi_q[f_ptb_q]) ? pt_mem[f_ptb_q] : '0;
  assign f_pt_exp_d = pt_next(pre_clr[f_ptb_q] ? '0 : f_pt_now, open_v && open_bank_i == f_ptb_q,
                              svc_pt && svc_bank_i == f_ptb_q,
                              sch_v && sch_bank_i == f_ptb_q, hset, sbit, hbit);
  always_ff @(posedge clk_i) f_pt_exp_q <= f_pt_exp_d;
  logic f_p_pt_next;
  assign f_p_pt_next = !(f_chk_q && rst_ni) || !bank_ok(f_ptb_q) || f_pt_now == f_pt_exp_q;

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
    p_wet_next:   assert (f_p_wet_next);
    p_rs_next:    assert (f_p_rs_next);
    p_pt_next:    assert (f_p_pt_next);
  end
`endif

endmodule
