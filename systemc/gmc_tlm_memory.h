// gmc_tlm_memory: gmc's memory system as a TLM-2.0 target (IEEE 1666-2011).
//
// One tlm_utils::simple_target_socket (32-bit bus width parameter, the
// base protocol).  b_transport is loosely timed: it runs gmc's memory to the
// transaction's completion and annotates the delay.  nb_transport_fw/bw is
// approximately timed with the base protocol's four phases: many
// transactions outstanding, END_REQ withheld while the controller's queue
// is full, BEGIN_RESP at the end of the DRAM cycle in which gmc says the
// last data beat is done.  Time advances by gmc's next_event: an idle
// memory schedules nothing.  The data lives in a sparse store, so a read
// returns what was written.  Built only on the public API
// (mc/gmc_mem.h, mc/gmc_mem_load.h) and libgmc.a.  docs/systemc.md.
#ifndef GMC_TLM_MEMORY_H
#define GMC_TLM_MEMORY_H
#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <vector>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>
#include "gmc_tlm_store.h"
#include "mc/gmc_mem.h"

// How to build the memory system: the names `gmc mem` takes.
struct gmc_tlm_config {
    std::string preset = "gddr6-rtx2060s";  // gmc mem --preset
    std::string dram_cfg;                   // gmc mem --dram-cfg FILE ("" = none): gmc's,
                                            // GPGPU-Sim, DRAMsim3 or NVMain, over the preset
    std::string sched;                      // gmc mem --sched ("" = frfcfs)
    unsigned rq = 0, wq = 0;                // --rq, --wq (0 = 64 / 32); watermarks as gmc mem's
    bool refresh = true;                    // false = --no-refresh
};

class gmc_tlm_memory : public sc_core::sc_module {
public:
    SC_HAS_PROCESS(gmc_tlm_memory);
    tlm_utils::simple_target_socket<gmc_tlm_memory> socket;

    // Counters, for tests and reports.
    struct counters {
        uint64_t transactions = 0;  // read/write transactions accepted (both styles)
        uint64_t bursts = 0;        // gmc requests they were split into
        uint64_t refused = 0;       // sends refused by a full queue (retried later)
        uint64_t withheld = 0;      // AT transactions whose END_REQ waited for room
        uint64_t errors = 0;        // transactions answered with an error status
        uint64_t steps = 0;         // gmc cycles processed (ticks)
        uint64_t wakes = 0;         // activations of the clock process
    };

    // Throws std::runtime_error with gmc's one-line message on a bad config.
    gmc_tlm_memory(sc_core::sc_module_name name, const gmc_tlm_config &cfg = gmc_tlm_config());
    // Any memory system the public API builds (cfg is copied by gmc_memsys_new).
    gmc_tlm_memory(sc_core::sc_module_name name, const gmc_memsys_cfg_t &cfg);
    ~gmc_tlm_memory() override;
    gmc_tlm_memory(const gmc_tlm_memory &) = delete;
    gmc_tlm_memory &operator=(const gmc_tlm_memory &) = delete;

    // The DRAM command clock: gmc's cycle c is [c * period, (c + 1) * period).
    sc_core::sc_time clock_period() const { return tck_; }
    // The cycle a time falls in: floor(t / period).
    uint64_t cycle_of(const sc_core::sc_time &t) const { return t.value() / tck_units_; }
    // The target's address space: [0, size()) -- the address map's 2^width bytes.
    uint64_t size() const { return size_; }
    // The most one gmc request moves; larger transactions are split at these boundaries.
    uint32_t burst_bytes() const { return burst_; }
    const counters &stats() const { return st_; }
    // The memory system, read-only use (stats, energy) through gmc_mem.h.
    gmc_memsys_t *memsys() { return ms_; }
    // Called for each gmc request of a transaction as gmc completes it (tests
    // compare these with gmc mem's --per-request lines).
    void on_burst_done(std::function<void(const gmc_mem_done_t &)> fn) { burst_fn_ = std::move(fn); }

private:
    struct job {
        tlm::tlm_generic_payload *trans;
        bool at;                        // nb_transport (else b_transport)
        uint64_t arrival;               // the cycle it is offered from
        std::vector<gmc_mem_prepared_t> parts;
        size_t sent = 0, done = 0;
        uint64_t last_done = 0;         // the latest done cycle of its parts
        bool withheld = false;
    };

    void init(const gmc_memsys_cfg_t &cfg);
    void b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay);
    tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload &t, tlm::tlm_phase &ph,
                                       sc_core::sc_time &delay);
    unsigned transport_dbg(tlm::tlm_generic_payload &t);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload &t, tlm::tlm_dmi &dmi);

    // The checks every transaction goes through: TLM_INCOMPLETE_RESPONSE if
    // it is to be served, else its error status (set on t).
    tlm::tlm_response_status check(tlm::tlm_generic_payload &t) const;
    // Data access in acceptance order (the store, byte enables, streaming).
    void access(tlm::tlm_generic_payload &t);
    job *stage(tlm::tlm_generic_payload &t, bool at, uint64_t arrival);
    // gmc cycle k: advance, offer the staged parts due, tick, collect.
    void step(uint64_t k);
    // The next cycle with anything to do (GMC_MEM_NEVER: none).
    uint64_t wake_cycle() const;
    void arm();                         // the clock event at the end of wake_cycle()
    void clock_process();               // SC_METHOD on clock_ev_
    void send_responses();              // SC_METHOD on resp_ev_: BEGIN_RESP in order
    static void done_cb(void *ctx, const gmc_mem_done_t *d);
    sc_core::sc_time end_of(uint64_t k) const { return tck_ * static_cast<double>(k + 1); }
    sc_core::sc_time from_now(const sc_core::sc_time &t) const;

    gmc_memsys_t *ms_ = nullptr;
    sc_core::sc_time tck_;
    sc_core::sc_time::value_type tck_units_ = 1;
    uint64_t size_ = 0;
    uint32_t burst_ = 0;
    gmc_tlm_store store_;
    std::deque<job *> staged_;          // arrival order; the head's parts go first
    std::vector<job *> accepted_now_;   // END_REQ due at the end of this step
    std::vector<job *> finished_now_;   // all parts done in this step
    std::deque<std::pair<job *, sc_core::sc_time>> responses_;   // AT, BEGIN_RESP due
    bool resp_busy_ = false;            // a BEGIN_RESP waits for its END_RESP
    job *resp_job_ = nullptr;           // that transaction
    sc_core::sc_event clock_ev_, resp_ev_;
    std::function<void(const gmc_mem_done_t &)> burst_fn_;
    counters st_;
};

#endif
