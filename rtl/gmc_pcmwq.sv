// gmc_pcmwq: the write queue of a phase-change-memory controller: writes
// wait in it, coalesce by address and answer reads, and drain to the device
// oldest first -- when the device is otherwise idle, or in a watermark
// drain -- with write cancellation or pausing (Qureshi et al. [HPCA'10])
// when a read needs the device.
//
// C twin: model/blocks/gmc_pcmwq.{h,c} (gmc_pcmwq_step); the rules W1-W7
// below are the header's, and docs/blocks/gmc_pcmwq.md gives each with its
// reason.
//
// Storage: Entries slots of {address, version}, a circular FIFO (head_q,
// cnt_q): slot i is valid when (i - head_q) mod Entries < cnt_q, so no valid
// bit per slot.  Removal happens only at the head (the oldest drains first
// and coalescing does not move an entry).  The address field is a CAM: the
// read's and the write's addresses are compared with every slot each cycle.
//   W1 a write coalesces into the slot with its address (its version is
//      replaced, even when full), else is appended when cnt_q < Entries,
//      else is refused (back-pressure; never dropped).
//   W2 a read hits the slot with its address and gets its version.
//   W3 drq_o asks the device to write the head; dev_rdy_i takes it.
//   W4 outside drain mode only when no read needs the device (dev_idle_i =
//      0, or the read misses); drain mode from HighWm entries down to LowWm.
//   W5 done_i completes the running write: the head leaves unless it was
//      written since its drain started (redo_q), then it drains again.
//   W6 IntrMode 1 cancels, 2 pauses the running write when a read needs
//      the device, intr_ok_i, no done_i, outside drain mode, and fewer than
//      MaxIntr interruptions of this drain (0 = no limit).
// Outputs are combinational from the inputs and the state.  rst_ni is an
// asynchronous active-low reset of the control flops (head, count, flags,
// counter); the slots have none (read only while valid).
//
// `GMC_FAULT_PCMWQ (mutation check only): a coalescing write leaves the
// slot's version as it was, so a hit forwards the first queued version.
module gmc_pcmwq #(
  parameter int Entries  = 8,   // slots N (the C twin: 1..64)
  parameter int AddrBits = 12,  // address width (1..48)
  parameter int VerBits  = 8,   // data version width (1..32)
  parameter int HighWm   = 6,   // drain mode from HighWm entries (1..Entries)
  parameter int LowWm    = 2,   // ... down to LowWm (0..HighWm-1)
  parameter int IntrMode = 1,   // 0 none, 1 cancel, 2 pause
  parameter int MaxIntr  = 4    // interruptions per drain (0..255), 0 = no limit
) (
  input  logic                             clk_i,         // clock
  input  logic                             rst_ni,        // async reset, active low
  input  logic                             wr_valid_i,    // a write is offered
  input  logic [AddrBits-1:0]              wr_addr_i,     // its address
  input  logic [VerBits-1:0]               wr_ver_i,      // its data version
  input  logic                             rd_valid_i,    // a read asks the queue
  input  logic [AddrBits-1:0]              rd_addr_i,     // its address
  input  logic                             dev_rdy_i,     // the device takes a drained write now
  input  logic                             dev_idle_i,    // no read waits for the device
  input  logic                             intr_ok_i,     // the running write may be interrupted now
  input  logic                             done_i,        // the running write completed
  output logic                             wr_acc_o,      // the write is accepted
  output logic                             wr_coal_o,     // ... by coalescing
  output logic                             rd_hit_o,      // the read is answered from the queue
  output logic [VerBits-1:0]               rd_ver_o,      // with this version (0 without a hit)
  output logic                             drq_o,         // drain request: write the head
  output logic                             drq_resume_o,  // ... resuming its paused write
  output logic [AddrBits-1:0]              drq_addr_o,    // its address (0 without a request)
  output logic [VerBits-1:0]               drq_ver_o,     // its version (0 without a request)
  output logic                             busy_o,        // a drained write runs at the device
  output logic                             intr_o,        // it is cancelled or paused this cycle
  output logic [$clog2(Entries + 1)-1:0]   occ_o,         // entries queued
  output logic                             dmode_o        // drain mode
);

  localparam int N    = Entries;
  localparam int A    = AddrBits;
  localparam int V    = VerBits;
  localparam int HW   = (N > 1) ? $clog2(N) : 1;          // head pointer bits
  localparam int OW   = $clog2(N + 1);                    // count bits
  localparam int KW   = (MaxIntr > 0) ? $clog2(MaxIntr + 1) : 1;  // interruption counter bits
  localparam bit Hyst = (LowWm + 1 < HighWm);             // the drain-mode flop is needed

  // ---------------------------------------------------------------- state
  logic [N*A-1:0] addr_q;            // [i*A +: A]: slot i's address (no reset)
  logic [N*V-1:0] ver_q;             // [i*V +: V]: slot i's version (no reset)
  logic [HW-1:0]  head_q, head_d;    // slot of the oldest entry
  logic [OW-1:0]  cnt_q, cnt_d;      // entries queued
  logic           busy_q, busy_d;    // a drained write is at the device (running or paused)
  logic           paused_q, paused_d;  // ... paused
  logic           redo_q, redo_d;    // the head was written since its drain started
  logic           dm_q, dm_d;        // last cycle's drain mode
  logic [KW-1:0]  icnt_q, icnt_d;    // interruptions of the head's drain

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cnt_q  <= '0;
      busy_q <= 1'b0;
      redo_q <= 1'b0;
    end else begin
      cnt_q  <= cnt_d;
      busy_q <= busy_d;
      redo_q <= redo_d;
    end
  end

  // ---------------------------------------------------------------- search (W1, W2)
  logic [N-1:0] vld;       // slot i holds an entry
  logic [N-1:0] mw, mr;    // ... whose address is the write's / the read's
  logic [N-1:0] tl;        // slot i is the tail (the next free slot)
  logic [31:0]  tail;
  assign tail = (32'(head_q) + 32'(cnt_q) >= N) ? 32'(head_q) + 32'(cnt_q) - N
                                                : 32'(head_q) + 32'(cnt_q);
  for (genvar i = 0; i < N; i++) begin : g_slot
    logic [31:0] off;      // (i - head) mod N: the entry's place in the order
    assign off    = (i >= 32'(head_q)) ? i - 32'(head_q) : i + N - 32'(head_q);
    assign vld[i] = off < 32'(cnt_q);
    assign mw[i]  = vld[i] && addr_q[i*A +: A] == wr_addr_i;
    assign mr[i]  = vld[i] && addr_q[i*A +: A] == rd_addr_i;
    assign tl[i]  = tail == i;
  end

  // One-hot mux of the slots' versions (at most one slot matches: W1).
  function automatic logic [V-1:0] sel_ver(input logic [N-1:0] sel, input logic [N*V-1:0] v);
    sel_ver = '0;
    for (int i = 0; i < N; i++) begin
      if (sel[i]) sel_ver = sel_ver | v[i*V +: V];
    end
  endfunction

  logic coal, alloc;
  assign coal      = wr_valid_i && (mw != '0);
  assign alloc     = wr_valid_i && (mw == '0) && (32'(cnt_q) < N);
  assign wr_acc_o  = coal || alloc;
  assign wr_coal_o = coal;
  assign rd_hit_o  = rd_valid_i && (mr != '0);
  assign rd_ver_o  = sel_ver(rd_valid_i ? mr : '0, ver_q);

  // ---------------------------------------------------------------- drain (W3, W4)
  logic rdev, dm, running, drq;
  assign rdev    = !dev_idle_i || (rd_valid_i && (mr == '0));
  assign dm      = (Hyst && dm_q) ? (32'(cnt_q) > LowWm) : (32'(cnt_q) >= HighWm);
  assign running = busy_q && !paused_q;
  assign drq     = (cnt_q != '0) && !running && (dm || !rdev);
  assign drq_o        = drq;
  assign drq_resume_o = drq && paused_q;
  assign drq_addr_o   = drq ? addr_q[32'(head_q)*A +: A] : '0;
  assign drq_ver_o    = drq ? ver_q[32'(head_q)*V +: V] : '0;
  assign busy_o  = running;
  assign occ_o   = cnt_q;
  assign dmode_o = dm;

  // ---------------------------------------------------------------- completion, interruption (W5, W6)
  logic done, below, intr, start, resume, coal_head, freed, cancel;
  assign done      = running && done_i;
  assign below     = (MaxIntr == 0) || (32'(icnt_q) < MaxIntr);
  assign intr      = (IntrMode != 0) && running && !done_i && !dm && rdev && intr_ok_i && below;
  assign intr_o    = intr;
  assign start     = drq && dev_rdy_i && !paused_q;
  assign resume    = drq && dev_rdy_i && paused_q;
  assign coal_head = wr_valid_i && mw[head_q] && (busy_q || start);  // written while its drain is on
  assign freed     = done && !redo_q && !coal_head;
  assign cancel    = intr && (IntrMode == 1);

  assign cnt_d  = cnt_q + OW'(alloc) - OW'(freed);
  assign busy_d = (done || cancel) ? 1'b0 : (start ? 1'b1 : busy_q);
  assign redo_d = (done || cancel) ? 1'b0 : (start ? coal_head : (busy_q && (redo_q || coal_head)));

  // ---------------------------------------------------------------- slots
  for (genvar i = 0; i < N; i++) begin : g_wr
    logic we_a, we_v;
    assign we_a = alloc && tl[i];
`ifdef GMC_FAULT_PCMWQ
    assign we_v = we_a;
`else
    assign we_v = we_a || (wr_valid_i && mw[i]);
`endif
    always_ff @(posedge clk_i) begin
      if (we_a) addr_q[i*A +: A] <= wr_addr_i;
      if (we_v) ver_q[i*V +: V]  <= wr_ver_i;
    end
  end

  // ---------------------------------------------------------------- optional flops
  if (N > 1) begin : g_head
    assign head_d = freed ? ((32'(head_q) == N - 1) ? '0 : head_q + 1'b1) : head_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) head_q <= '0;
      else         head_q <= head_d;
    end
  end else begin : g_nohead
    logic unused_head;
    assign unused_head = ^{freed, head_d};
    assign head_q = '0;
    assign head_d = '0;
  end

  if (IntrMode == 2) begin : g_pause
    assign paused_d = intr || (paused_q && !resume);
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) paused_q <= 1'b0;
      else         paused_q <= paused_d;
    end
  end else begin : g_nopause
    logic unused_pause;
    assign unused_pause = ^{resume, paused_d};
    assign paused_q = 1'b0;
    assign paused_d = 1'b0;
  end

  if (Hyst) begin : g_hyst
    assign dm_d = dm;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) dm_q <= 1'b0;
      else         dm_q <= dm_d;
    end
  end else begin : g_nohyst
    logic unused_dm;
    assign unused_dm = dm_d;
    assign dm_q = 1'b0;
    assign dm_d = 1'b0;
  end

  if (IntrMode != 0 && MaxIntr > 0) begin : g_icnt
    assign icnt_d = done ? '0 : icnt_q + KW'(intr);
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) icnt_q <= '0;
      else         icnt_q <= icnt_d;
    end
  end else begin : g_noicnt
    logic unused_icnt;
    assign unused_icnt = ^icnt_d;
    assign icnt_q = '0;
    assign icnt_d = '0;
  end

`ifdef FORMAL
  // ---------------------------------------------------------------- formal
  // Read only by `read_verilog -formal` (synth/block_formal.sh, `make
  // formal-pcmwq`).  Each property is a wire f_p_<name> (1 = holds this
  // cycle), asserted every cycle by an immediate assertion labelled
  // p_<name>.  The properties about state hold from the first reset on.
  logic f_rst_seen_q;
  initial f_rst_seen_q = 1'b0;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) f_rst_seen_q <= 1'b1;
  end
  logic f_live;
  assign f_live = f_rst_seen_q && rst_ni;

  // The watched address f_a_q: any address (the write port's value in a
  // reset cycle), held until the next reset; the proof covers every
  // address at once.  Its shadow, kept from the ports alone:
  //   f_have_q  a write to f_a was accepted and has not left: set by an
  //             accepted write to f_a, cleared only when a drained write
  //             of f_a completes (busy_o && done_i) with no write to f_a
  //             accepted since that drain started (f_new_q);
  //   f_ver_q   the version of the newest accepted write to f_a;
  //   f_dev_q   the drained write at the device (running or paused) is
  //             f_a's: set by a start (drq_o, dev_rdy_i, not a resume) of
  //             f_a, cleared by a completion or a cancellation;
  //   f_new_q   a write to f_a was accepted in that drain's start cycle or
  //             after.
  logic [A-1:0] f_a_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) f_a_q <= wr_addr_i;
  end
  logic f_wa, f_start, f_done, f_cancel;
  assign f_wa     = wr_acc_o && wr_addr_i == f_a_q;
  assign f_start  = drq_o && dev_rdy_i && !drq_resume_o;
  assign f_done   = busy_o && done_i;
  assign f_cancel = intr_o && IntrMode == 1;
  logic         f_have_q, f_dev_q, f_new_q;
  logic [V-1:0] f_ver_q;
  localparam int FKW = $clog2(MaxIntr + 2) + 1;
  logic [FKW-1:0] f_icnt_q;   // interruptions since the last completion
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      f_have_q <= 1'b0;
      f_ver_q  <= '0;
      f_dev_q  <= 1'b0;
      f_new_q  <= 1'b0;
      f_icnt_q <= '0;
    end else begin
      if (f_wa) begin
        f_have_q <= 1'b1;
        f_ver_q  <= wr_ver_i;
      end else if (f_done && f_dev_q && !f_new_q) begin
        f_have_q <= 1'b0;
      end
      if (f_done || f_cancel) begin
        f_dev_q <= 1'b0;
        f_new_q <= 1'b0;
      end else if (f_start) begin
        f_dev_q <= drq_addr_o == f_a_q;
        f_new_q <= drq_addr_o == f_a_q && f_wa;
      end else begin
        f_new_q <= f_new_q || (f_dev_q && f_wa);
      end
      if (f_done) f_icnt_q <= '0;
      else if (intr_o && 32'(f_icnt_q) <= MaxIntr) f_icnt_q <= f_icnt_q + 1'b1;
    end
  end

  // What the queue holds for f_a (the datapath's own search is not reused).
  logic [N-1:0] f_m;
  for (genvar i = 0; i < N; i++) begin : g_f_m
    assign f_m[i] = vld[i] && addr_q[i*A +: A] == f_a_q;
  end
  logic         f_in;
  logic [V-1:0] f_qver;
  assign f_in   = f_m != '0;
  assign f_qver = sel_ver(f_m, ver_q);

  // P1 occupancy never exceeds N (a write is appended only with room).
  logic f_p_occ;
  assign f_p_occ = !f_rst_seen_q || 32'(cnt_q) <= N;

  // P2 a read hit returns the newest queued write to its address: a read
  // of f_a hits exactly when the shadow holds a write to f_a, with f_ver_q.
  logic f_p_hit;
  assign f_p_hit = !f_live || !(rd_valid_i && rd_addr_i == f_a_q) ||
                   (rd_hit_o == f_have_q && (!rd_hit_o || rd_ver_o == f_ver_q));

  // P3 an accepted write leaves only by draining or by being overwritten
  // by a newer write to its address: the queue holds f_a exactly while the
  // shadow says so, with the shadow's (newest) version -- the shadow drops
  // f_a only at a completed drain of it, and changes its version only at
  // an accepted write.  P4: a drain (a start, not a resume) of f_a carries
  // that newest version; P5: a write is refused only when the queue is
  // full and does not hold its address (back-pressure, never a drop).
  logic f_p_keep, f_p_drain, f_p_accept;
  assign f_p_keep   = !f_rst_seen_q || (f_in == f_have_q && (!f_have_q || f_qver == f_ver_q));
  assign f_p_drain  = !f_live || !(drq_o && !drq_resume_o && drq_addr_o == f_a_q) ||
                      (f_have_q && drq_ver_o == f_ver_q);
  assign f_p_accept = !f_live || !wr_valid_i || wr_acc_o ||
                      (32'(cnt_q) == N && !(wr_addr_i == f_a_q && f_have_q));

  // P6 reads first: outside drain mode no drain request while a read needs
  // the device; P7 interruptions only as W6 allows, at most MaxIntr per
  // drain.
  logic f_p_rdfirst, f_p_intr;
  assign f_p_rdfirst = !f_live || !drq_o || dmode_o || (dev_idle_i && !(rd_valid_i && !rd_hit_o));
  assign f_p_intr    = !f_live || ((!intr_o || (IntrMode != 0 && busy_o && !dmode_o && intr_ok_i && !done_i &&
                                                (!dev_idle_i || (rd_valid_i && !rd_hit_o)))) &&
                                   (MaxIntr == 0 || 32'(f_icnt_q) <= MaxIntr));

  // P8 the invariants that make the others inductive: the head in range;
  // busy, paused and redo consistent; no two valid slots with one address;
  // the shadow's drain state is the design's (f_dev: the head is f_a's and
  // at the device; f_new: ... and redo_q), and its count the counter.
  logic [N-1:0] f_uniq;
  for (genvar i = 0; i < N; i++) begin : g_f_u
    logic [N-1:0] same;
    for (genvar j = 0; j < N; j++) begin : g_j
      if (j > i) begin : g_gt
        assign same[j] = vld[j] && addr_q[j*A +: A] == addr_q[i*A +: A];
      end else begin : g_le
        assign same[j] = 1'b0;
      end
    end
    assign f_uniq[i] = !vld[i] || same == '0;
  end
  logic f_head_a;
  assign f_head_a = addr_q[32'(head_q)*A +: A] == f_a_q;
  logic f_p_state;
  assign f_p_state = !f_rst_seen_q ||
                     (32'(head_q) < N && (!busy_q || cnt_q != '0) && (!paused_q || busy_q) &&
                      (!redo_q || busy_q) && (&f_uniq) &&
                      f_dev_q == (busy_q && f_head_a) && f_new_q == (f_dev_q && redo_q) &&
                      (IntrMode == 0 || MaxIntr == 0 || (32'(icnt_q) <= MaxIntr && 32'(f_icnt_q) == 32'(icnt_q))));

  always_comb begin
    p_occ:     assert (f_p_occ);
    p_hit:     assert (f_p_hit);
    p_keep:    assert (f_p_keep);
    p_drain:   assert (f_p_drain);
    p_accept:  assert (f_p_accept);
    p_rdfirst: assert (f_p_rdfirst);
    p_intr:    assert (f_p_intr);
    p_state:   assert (f_p_state);
  end
`endif

endmodule
