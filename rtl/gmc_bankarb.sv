// gmc_bankarb: Warped-MC two-level bank arbiter (Warped-MC [ICPP'23] sections 2.2,
// 3.3 "Bank scheduling", 4.1 "Bank priority").
//
// C twin: model/blocks/gmc_bankarb.{h,c} (gmc_bankarb_step).
//
// Each cycle at most one of NumBanks banks whose command is ready (req_i) is
// granted.  TwoLevel = 1: "first selects an available bank ... from the
// higher-priority bank pool in a round-robin fashion, then ... scans the
// lower-priority bank pool": if any requesting bank has hi_i set, the grant
// is the first of them at or after ptr_hi_q (wrapping around), else the
// first requesting bank at or after ptr_lo_q.  TwoLevel = 0: the
// conventional controller's bank round robin, one pool, one pointer
// (ptr_lo_q), hi_i ignored.
//
// A grant is output only while en_i = 1 (the command slot is free); the
// pool that granted then moves its pointer to one past the granted bank,
// giving that bank the lowest priority of its pool ("the lowest priority for
// the bank that performed DRAM commands most recently").  The grant is
// combinational from req_i/hi_i/en_i and the pointers (latency 0); the
// pointers are the only state, reset asynchronously (active low) to 0.
//
// Search: the requesters and pointer of the granting pool are selected
// first, then one masked/unmasked priority encoder: with m = req & {bits >=
// ptr}, the grant is the lowest set bit of m if m has one, else of req.  The
// lowest set bit is x & ~(prefix_or(x) << 1), with the prefix OR built in
// log2(NumBanks) levels (not x & -x, whose carry chain Yosys maps to a ripple of
// NumBanks gates: docs/blocks/gmc_bankarb.md compares the two).  gnt_idx_o and the
// next pointer are OR trees over the one-hot grant; no adder anywhere.
//
// `GMC_FAULT_BANKARB (mutation check only): the pointer moves to the granted
// bank instead of one past it.
module gmc_bankarb #(
  parameter int NumBanks = 16,  // banks, >= 1 (the C twin: 1..64)
  parameter int TwoLevel = 1    // 1: high pool before low pool; 0: one pool
) (
  input  logic                                 clk_i,      // clock
  input  logic                                 rst_ni,     // async reset, active low
  input  logic                                 en_i,       // command slot free: grant may be taken
  input  logic [NumBanks-1:0]                        req_i,      // bank b has a command ready
  input  logic [NumBanks-1:0]                        hi_i,       // bank b is in the high-priority pool
  output logic [NumBanks-1:0]                        gnt_o,      // granted bank, one-hot or zero
  output logic                                 gnt_hi_o,   // the grant came from the high pool
  output logic [((NumBanks > 1) ? $clog2(NumBanks) : 1)-1:0] gnt_idx_o,  // index of the granted bank, 0 if none
  output logic                                 valid_o     // a bank is granted (|gnt_o)
);

  localparam int IW = (NumBanks > 1) ? $clog2(NumBanks) : 1;  // index and pointer bits

  // Prefix OR from bank 0 upward, log depth: prefix_or(x)[i] = |x[i:0].
  function automatic logic [NumBanks-1:0] prefix_or(input logic [NumBanks-1:0] x);
    prefix_or = x;
    for (int s = 1; s < NumBanks; s = 2 * s) begin
      prefix_or = prefix_or | (prefix_or << s);
    end
  endfunction

  // First requester at or after ptr, wrapping around (see the header).  The
  // lowest set bit of x is x & ~(prefix_or(x) << 1); the top bit of the
  // masked prefix says whether any requester sits at or after ptr.
  function automatic logic [NumBanks-1:0] rr_first(input logic [NumBanks-1:0] req,
                                             input logic [IW-1:0] ptr);
    logic [NumBanks-1:0] m, pm, pr;
    m        = req & ({NumBanks{1'b1}} << ptr);
    pm       = prefix_or(m);
    pr       = prefix_or(req);
    rr_first = pm[NumBanks-1] ? (m & ~(pm << 1)) : (req & ~(pr << 1));
  endfunction

  // Bits b of the banks whose index has bit k set: gnt_idx_o[k] = |(gnt_o & mask).
  function automatic logic [NumBanks-1:0] idx_mask(input int k);
    idx_mask = '0;
    for (int b = 0; b < NumBanks; b++) begin
      idx_mask[b] = ((b >> k) & 1) != 0;
    end
  endfunction

  logic [IW-1:0] ptr_lo_d, ptr_lo_q;
  logic [NumBanks-1:0] pool_req;    // requesters of the pool that grants this cycle
  logic [IW-1:0] pool_ptr;    // and its pointer
  logic [NumBanks-1:0] gnt_any;     // grant before en_i gating
  logic          from_hi;     // it comes from the high pool
  logic [IW-1:0] idx;
  logic [IW-1:0] idx_next;    // one past the granted bank, wrapping at NumBanks

  // One search, on the pool that grants: the pools are selected before the
  // encoder, so there is one encoder, not one per pool and a mux after.
  assign gnt_any = rr_first(pool_req, pool_ptr);

  // Index of the grant and of the bank after it (the grant rotated up by
  // one, so bank NumBanks-1 wraps to 0): OR trees, no adder.
  logic [NumBanks-1:0] gnt_next;
  if (NumBanks > 1) begin : g_rot
    assign gnt_next = {gnt_o[NumBanks-2:0], gnt_o[NumBanks-1]};
  end else begin : g_rot1
    assign gnt_next = gnt_o;
  end
  for (genvar k = 0; k < IW; k++) begin : g_idx
    localparam logic [NumBanks-1:0] IdxMask = idx_mask(k);
    assign idx[k] = |(gnt_o & IdxMask);
`ifdef GMC_FAULT_BANKARB
    assign idx_next[k] = idx[k];
    logic unused_next;
    assign unused_next = ^(gnt_next & IdxMask);
`else
    assign idx_next[k] = |(gnt_next & IdxMask);
`endif
  end

  if (TwoLevel != 0) begin : g_two
    logic [IW-1:0] ptr_hi_d, ptr_hi_q;
    logic [NumBanks-1:0] hreq;

    assign hreq     = req_i & hi_i;
    assign from_hi  = |hreq;
    assign pool_req = from_hi ? hreq : req_i;
    assign pool_ptr = from_hi ? ptr_hi_q : ptr_lo_q;

    always_comb begin
      ptr_hi_d = ptr_hi_q;
      ptr_lo_d = ptr_lo_q;
      if (valid_o) begin
        if (from_hi) ptr_hi_d = idx_next;
        else         ptr_lo_d = idx_next;
      end
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) ptr_hi_q <= '0;
      else         ptr_hi_q <= ptr_hi_d;
    end
  end else begin : g_one
    // One pool: hi_i has no load.
    logic unused_hi;
    assign unused_hi = ^hi_i;

    assign from_hi  = 1'b0;
    assign pool_req = req_i;
    assign pool_ptr = ptr_lo_q;

    always_comb begin
      ptr_lo_d = ptr_lo_q;
      if (valid_o) ptr_lo_d = idx_next;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) ptr_lo_q <= '0;
    else         ptr_lo_q <= ptr_lo_d;
  end

  assign gnt_o     = en_i ? gnt_any : '0;
  assign valid_o   = en_i & (|req_i);  // = |gnt_o: a requester is always found
  assign gnt_hi_o  = valid_o & from_hi;
  assign gnt_idx_o = idx;

`ifdef FORMAL
  // ---------------------------------------------------------------- formal
  // Read only by `read_verilog -formal`, which defines FORMAL
  // (synth/gmc_bankarb_formal.sh, `make formal-bankarb`).  Each property is
  // a wire f_p_<name> (1 = holds this cycle), asserted every cycle by an
  // immediate assertion labelled p_<name>, the name Yosys gives its $assert
  // cell; the negative check reads the wires off the counterexample.
  // Why here and not in a wrapper: the starvation bounds are proved by
  // induction over the pointers, and Yosys 0.23 has no hierarchical
  // references for a wrapper to read them with.

  // Pointers: the high pool's (0 when there is none).
  logic [IW-1:0] f_ptr_hi;
  if (TwoLevel != 0) begin : g_f_two
    assign f_ptr_hi = g_two.ptr_hi_q;
  end else begin : g_f_one
    assign f_ptr_hi = '0;
  end

  // The properties about state hold from the first reset on; before it the
  // flops hold anything (the combinational properties hold even then).
  logic f_rst_seen_q;
  initial f_rst_seen_q = 1'b0;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) f_rst_seen_q <= 1'b1;
  end
  logic f_live;   // out of reset, the first reset seen
  assign f_live = f_rst_seen_q && rst_ni;

  // (b - p) mod NumBanks for p, b < NumBanks: how many banks the search from p visits
  // before b.
  function automatic int f_dist(input int p, input int b);
    f_dist = (b >= p) ? b - p : b + NumBanks - p;
  endfunction

  localparam int CW = $clog2(NumBanks + 1) + 1;  // counters reach NumBanks (a violation)

  logic f_any_hi;  // some bank requests in the high pool
  assign f_any_hi = (TwoLevel != 0) && |(req_i & hi_i);

  // P1 grant one-hot or zero; P2 only to requesting banks.
  logic f_p_onehot, f_p_req_only;
  assign f_p_onehot   = (gnt_o & (gnt_o - 1'b1)) == '0;
  assign f_p_req_only = (gnt_o & ~req_i) == '0;
  // P3 nothing without en_i; P4 work conserving: en_i and a requester give
  // a grant.
  logic f_p_en, f_p_work;
  assign f_p_en   = en_i || gnt_o == '0;
  assign f_p_work = !(en_i && |req_i) || valid_o;
  // P5 valid_o, gnt_idx_o and gnt_hi_o consistent with gnt_o.
  logic f_p_valid, f_p_idx, f_p_hi_flag;
  assign f_p_valid   = valid_o == |gnt_o;
  assign f_p_idx     = valid_o ? gnt_o[gnt_idx_o] : gnt_idx_o == '0;
  assign f_p_hi_flag = !gnt_hi_o || (valid_o && (gnt_o & hi_i) != '0);
  // P6 two-level priority: never to a low-pool bank while a high-pool bank
  // requests, and then the grant is marked high; a grant is marked high only
  // then (TwoLevel = 0: never).
  logic f_p_priority, f_p_hi_only_if_hi;
  assign f_p_priority      = !(en_i && f_any_hi) || (gnt_hi_o && (gnt_o & ~hi_i) == '0);
  assign f_p_hi_only_if_hi = !gnt_hi_o || f_any_hi;
  // P7 the pointers stay below NumBanks.
  logic f_p_ptr_range;
  assign f_p_ptr_range = !f_rst_seen_q || (32'(ptr_lo_q) < NumBanks && 32'(f_ptr_hi) < NumBanks);

  // P8 round-robin order (the grant exactly, given the pointers): no bank
  // of the granting pool lies between its pointer and the granted bank in
  // the search order.
  logic [NumBanks-1:0] f_pool;
  logic [IW-1:0] f_pool_ptr;
  logic [NumBanks-1:0] f_ok_order;
  assign f_pool     = f_any_hi ? (req_i & hi_i) : req_i;
  assign f_pool_ptr = f_any_hi ? f_ptr_hi : ptr_lo_q;
  for (genvar b = 0; b < NumBanks; b++) begin : g_f_order
    assign f_ok_order[b] = !(valid_o && f_pool[b] &&
                             f_dist(32'(f_pool_ptr), b) < f_dist(32'(f_pool_ptr), 32'(gnt_idx_o)));
  end
  logic f_p_rr_order;
  assign f_p_rr_order = !f_live || &f_ok_order;

  // P9 pointer update: next cycle, the granting pool's pointer is one past
  // the granted bank (mod NumBanks), the other is unchanged, and nothing moves
  // without a grant.
  logic          f_chk_q;   // the cycle before was live: check the pointers
  logic [IW-1:0] f_exp_hi_q, f_exp_lo_q;
  initial f_chk_q = 1'b0;
  always_ff @(posedge clk_i) begin
    f_chk_q    <= f_live;
    f_exp_hi_q <= f_ptr_hi;
    f_exp_lo_q <= ptr_lo_q;
    if (valid_o) begin
      if (f_any_hi) f_exp_hi_q <= IW'((32'(gnt_idx_o) + 1) % NumBanks);
      else          f_exp_lo_q <= IW'((32'(gnt_idx_o) + 1) % NumBanks);
    end
  end
  logic f_p_ptr_next;
  assign f_p_ptr_next = !(f_chk_q && rst_ni) || (ptr_lo_q == f_exp_lo_q && f_ptr_hi == f_exp_hi_q);

  // P10/P11 starvation bounds, per bank b.
  //  w_hi[b]: enabled cycles in which b requests in the high pool without
  //           being granted, since b entered the high pool with a request;
  //           cleared when b is granted or stops (requesting in the high pool).
  //           Bound: w_hi[b] <= NumBanks-1, i.e. granted within NumBanks enabled cycles.
  //  w_lo[b]: enabled cycles in which b requests, is in the low pool and no
  //           bank requests in the high pool, without b being granted, since
  //           b started requesting (its pool may change meanwhile); cleared
  //           when b is granted or drops req_i.  TwoLevel = 0: every
  //           enabled cycle in which b requests.  Bound: w_lo[b] <= NumBanks-1.
  // P12/P13, the invariants w + dist(pointer, b) <= NumBanks-1, make the bounds
  // inductive: each counted cycle grants some g before b in the search
  // order, the pointer moves to g+1 and b's distance shrinks by at least
  // one, and no other cycle moves that pool's pointer while b waits in it.
  logic [NumBanks-1:0] f_ok_bound_hi, f_ok_bound_lo, f_ok_inv_hi, f_ok_inv_lo;

  for (genvar b = 0; b < NumBanks; b++) begin : g_f_bank
    logic [CW-1:0] w_hi_q, w_lo_q;
    logic          in_hi, cnt_hi, cnt_lo;

    assign in_hi  = (TwoLevel != 0) && req_i[b] && hi_i[b];
    assign cnt_hi = en_i && in_hi && !gnt_o[b];
    assign cnt_lo = en_i && req_i[b] && !gnt_o[b] &&
                    ((TwoLevel == 0) || (!hi_i[b] && !f_any_hi));

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        w_hi_q <= '0;
        w_lo_q <= '0;
      end else begin
        if (!in_hi || (en_i && gnt_o[b])) w_hi_q <= '0;
        else if (cnt_hi)                  w_hi_q <= w_hi_q + 1'b1;
        if (!req_i[b] || (en_i && gnt_o[b])) w_lo_q <= '0;
        else if (cnt_lo)                     w_lo_q <= w_lo_q + 1'b1;
      end
    end

    assign f_ok_bound_hi[b] = 32'(w_hi_q) <= NumBanks - 1;
    assign f_ok_bound_lo[b] = 32'(w_lo_q) <= NumBanks - 1;
    assign f_ok_inv_hi[b]   = 32'(w_hi_q) + f_dist(32'(f_ptr_hi), b) <= NumBanks - 1;
    assign f_ok_inv_lo[b]   = 32'(w_lo_q) + f_dist(32'(ptr_lo_q), b) <= NumBanks - 1;
  end

  logic f_p_bound_hi, f_p_bound_lo, f_p_inv_hi, f_p_inv_lo;
  assign f_p_bound_hi = !f_live || &f_ok_bound_hi;
  assign f_p_bound_lo = !f_live || &f_ok_bound_lo;
  assign f_p_inv_hi   = !f_live || &f_ok_inv_hi;
  assign f_p_inv_lo   = !f_live || &f_ok_inv_lo;

  always_comb begin
    p_onehot:        assert (f_p_onehot);
    p_req_only:      assert (f_p_req_only);
    p_en:            assert (f_p_en);
    p_work:          assert (f_p_work);
    p_valid:         assert (f_p_valid);
    p_idx:           assert (f_p_idx);
    p_hi_flag:       assert (f_p_hi_flag);
    p_priority:      assert (f_p_priority);
    p_hi_only_if_hi: assert (f_p_hi_only_if_hi);
    p_ptr_range:     assert (f_p_ptr_range);
    p_rr_order:      assert (f_p_rr_order);
    p_ptr_next:      assert (f_p_ptr_next);
    p_bound_hi:      assert (f_p_bound_hi);
    p_bound_lo:      assert (f_p_bound_lo);
    p_inv_hi:        assert (f_p_inv_hi);
    p_inv_lo:        assert (f_p_inv_lo);
  end
`endif

endmodule
