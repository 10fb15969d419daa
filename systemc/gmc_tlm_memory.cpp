// gmc_tlm_memory: the TLM-2.0 target around gmc's memory system
// (gmc_tlm_memory.h; docs/systemc.md has the timing rules in prose).
//
// The clock: gmc's cycle k is the interval [k * tCK, (k + 1) * tCK).  A
// request arriving at time t is offered at cycle floor(t / tCK); cycle k is
// processed (gmc_memsys_tick) at the end of the interval, at (k + 1) * tCK,
// when every request of cycle k has arrived -- nothing arriving at the same
// time can race with it, since such a request belongs to cycle k + 1.
// END_REQ and BEGIN_RESP are sent at that time too.  The clock process runs
// only at cycles where gmc's next_event (or a staged request) says something
// happens, and not at all while nothing is staged or outstanding.
#include "gmc_tlm_memory.h"
#include <algorithm>
#include <stdexcept>
#include "mc/gmc_mem_load.h"
#include "mc/gmc_sched.h"

// A fault for the equal-timing test to catch (make systemc-fault): every
// request offered this many cycles late.
#ifndef GMC_TLM_FAULT_DELAY
#define GMC_TLM_FAULT_DELAY 0
#endif

using namespace sc_core;
using namespace tlm;

static void fail(const std::string &what) { throw std::runtime_error("gmc_tlm_memory: " + what); }

gmc_tlm_memory::gmc_tlm_memory(sc_module_name name, const gmc_tlm_config &c)
    : sc_module(name), socket("socket")
{
    char err[512], warn[2048] = "";
    gmc_memsys_cfg_t cfg;
    gmc_gf2_t bim;   // copied by gmc_memsys_new
    if (gmc_memsys_cfg_load(c.preset.c_str(), c.dram_cfg.empty() ? nullptr : c.dram_cfg.c_str(),
                            &cfg, &bim, err, sizeof err, warn, sizeof warn))
        fail(err);
    if (!c.sched.empty() && gmc_sched_find(c.sched.c_str(), &cfg.mc.sched, err, sizeof err))
        fail(err);
    if (c.rq)
        cfg.mc.rq = c.rq;
    if (c.wq) {   // the watermarks as gmc mem derives them from --wq
        cfg.mc.wq = c.wq;
        cfg.mc.wq_high = c.wq * 7 / 8 ? c.wq * 7 / 8 : 1;
        cfg.mc.wq_low = c.wq / 2 < cfg.mc.wq_high ? c.wq / 2 : cfg.mc.wq_high - 1;
    }
    cfg.refresh = c.refresh;
    init(cfg);
}

gmc_tlm_memory::gmc_tlm_memory(sc_module_name name, const gmc_memsys_cfg_t &cfg)
    : sc_module(name), socket("socket")
{
    init(cfg);
}

void gmc_tlm_memory::init(const gmc_memsys_cfg_t &cfg)
{
    char err[512];
    ms_ = gmc_memsys_new(&cfg, err, sizeof err);
    if (!ms_)
        fail(err);
    gmc_mem_channel_t ch;
    gmc_memsys_channel_info(ms_, 0, &ch);   // one command clock over every channel
    // resolutions are powers of ten: a whole tCK in ps is exact when 1 ps is
    const sc_time ps(1, SC_PS);
    if (ps.value() == 0 || sc_time::from_value(ps.value()) != ps)
        fail("tCK of " + std::to_string(ch.tck_ps) + " ps needs a time resolution of 1 ps or "
             "finer (sc_set_time_resolution)");
    tck_units_ = ps.value() * ch.tck_ps;
    tck_ = sc_time::from_value(tck_units_);
    gmc_mem_geometry_t g;
    gmc_memsys_geometry(ms_, &g);
    size_ = g.addr_bits >= 64 ? UINT64_MAX : uint64_t(1) << g.addr_bits;
    burst_ = gmc_memsys_burst_bytes(ms_);
    gmc_memsys_on_complete(ms_, done_cb, this);
    socket.register_b_transport(this, &gmc_tlm_memory::b_transport);
    socket.register_nb_transport_fw(this, &gmc_tlm_memory::nb_transport_fw);
    socket.register_transport_dbg(this, &gmc_tlm_memory::transport_dbg);
    socket.register_get_direct_mem_ptr(this, &gmc_tlm_memory::get_direct_mem_ptr);
    SC_METHOD(clock_process);
    sensitive << clock_ev_;
    dont_initialize();
    SC_METHOD(send_responses);
    sensitive << resp_ev_;
    dont_initialize();
}

gmc_tlm_memory::~gmc_tlm_memory()
{
    for (job *j : staged_)
        delete j;
    gmc_memsys_delete(ms_);
}

sc_time gmc_tlm_memory::from_now(const sc_time &t) const
{
    const sc_time now = sc_time_stamp();
    return t > now ? t - now : SC_ZERO_TIME;
}

// ---- checks and data ----

tlm_response_status gmc_tlm_memory::check(tlm_generic_payload &t) const
{
    const tlm_command cmd = t.get_command();
    tlm_response_status s = TLM_INCOMPLETE_RESPONSE;
    const uint64_t a = t.get_address(), len = t.get_data_length(), sw = t.get_streaming_width();
    const uint64_t span = sw && sw < len ? sw : len;   // the addresses touched
    if (cmd != TLM_READ_COMMAND && cmd != TLM_WRITE_COMMAND && cmd != TLM_IGNORE_COMMAND)
        s = TLM_COMMAND_ERROR_RESPONSE;
    else if (a >= size_ || span > size_ - a)
        s = TLM_ADDRESS_ERROR_RESPONSE;
    else if (cmd == TLM_IGNORE_COMMAND)
        s = TLM_OK_RESPONSE;   // nothing to do: no data, no time
    else if (!len || !t.get_data_ptr())
        s = TLM_GENERIC_ERROR_RESPONSE;
    else if (!sw)
        s = TLM_BURST_ERROR_RESPONSE;
    else if (t.get_byte_enable_ptr()) {
        const unsigned char *be = t.get_byte_enable_ptr();
        const unsigned n = t.get_byte_enable_length();
        if (!n)
            s = TLM_BYTE_ENABLE_ERROR_RESPONSE;
        for (unsigned i = 0; i < n && s == TLM_INCOMPLETE_RESPONSE; i++)
            if (be[i] != TLM_BYTE_ENABLED && be[i] != TLM_BYTE_DISABLED)
                s = TLM_BYTE_ENABLE_ERROR_RESPONSE;
    }
    t.set_response_status(s);
    return s;
}

void gmc_tlm_memory::access(tlm_generic_payload &t)
{
    const uint64_t a = t.get_address(), len = t.get_data_length(), sw = t.get_streaming_width();
    unsigned char *d = t.get_data_ptr();
    const unsigned char *be = t.get_byte_enable_ptr();
    const unsigned ben = t.get_byte_enable_length();
    const bool wr = t.is_write();
    if (!be && sw >= len) {   // the common case: one run, every byte
        if (wr)
            store_.write(a, d, len);
        else
            store_.read(a, d, len);
        return;
    }
    for (uint64_t i = 0; i < len; i++) {   // byte enables repeat every ben bytes
        if (be && be[i % ben] != TLM_BYTE_ENABLED)
            continue;
        const uint64_t at = a + i % sw;
        if (wr)
            store_.write(at, d + i, 1);
        else
            store_.read(at, d + i, 1);
    }
}

// ---- the request path ----

gmc_tlm_memory::job *gmc_tlm_memory::stage(tlm_generic_payload &t, bool at, uint64_t arrival)
{
    job *j = new job{&t, at, std::max(arrival + GMC_TLM_FAULT_DELAY, gmc_memsys_now(ms_)), {}};
    const uint64_t a = t.get_address(), len = t.get_data_length(), sw = t.get_streaming_width();
    const uint64_t run = sw < len ? sw : len;
    for (uint64_t off = 0; off < len; off += run) {   // each streaming beat, then each burst
        const uint64_t end = a + std::min(run, len - off);
        for (uint64_t p = a; p < end;) {
            const uint64_t q = std::min(end, (p / burst_ + 1) * burst_);
            gmc_mem_req_t r = {};
            r.addr = p;
            r.tag = reinterpret_cast<uintptr_t>(j);
            r.size = static_cast<uint32_t>(q - p);
            r.is_write = t.is_write();
            gmc_mem_prepared_t pr;
            if (gmc_memsys_prepare(ms_, &r, &pr))
                fail("internal error: a part larger than a burst");
            pr.offered = j->arrival;
            j->parts.push_back(pr);
            p = q;
        }
    }
    st_.transactions++;
    st_.bursts += j->parts.size();
    staged_.push_back(j);
    return j;
}

void gmc_tlm_memory::done_cb(void *ctx, const gmc_mem_done_t *d)
{
    gmc_tlm_memory *m = static_cast<gmc_tlm_memory *>(ctx);
    job *j = reinterpret_cast<job *>(static_cast<uintptr_t>(d->tag));
    j->last_done = std::max(j->last_done, d->done);
    if (m->burst_fn_)
        m->burst_fn_(*d);
    if (++j->done == j->parts.size())
        m->finished_now_.push_back(j);
}

uint64_t gmc_tlm_memory::wake_cycle() const
{
    uint64_t t = gmc_memsys_next_event(ms_);
    if (!staged_.empty()) {   // as gmc mem's trace mode: the head's next part
        const job *j = staged_.front();
        const gmc_mem_prepared_t &p = j->parts[j->sent];
        const uint64_t now = gmc_memsys_now(ms_);
        const uint64_t a = j->arrival > now ? j->arrival
                         : gmc_memsys_can_accept(ms_, p.loc.channel, p.req.is_write) ? now
                                                                                   : GMC_MEM_NEVER;
        t = std::min(t, a);
    }
    return t;
}

void gmc_tlm_memory::step(uint64_t k)
{
    if (k > gmc_memsys_now(ms_) && gmc_memsys_advance(ms_, k))
        fail("internal error: advance refused");
    while (!staged_.empty() && staged_.front()->arrival <= k) {   // offers due, in order
        job *j = staged_.front();
        while (j->sent < j->parts.size() &&
               gmc_memsys_send_prepared(ms_, &j->parts[j->sent]) == GMC_MEM_ACCEPTED)
            j->sent++;
        if (j->sent < j->parts.size()) {   // its queue is full: END_REQ waits
            st_.refused++;
            if (j->at && !j->withheld)
                j->withheld = true, st_.withheld++;
            break;
        }
        staged_.pop_front();
        access(*j->trans);   // data in acceptance order: a read sees every earlier write
        if (j->at)
            accepted_now_.push_back(j);
    }
    if (gmc_memsys_tick(ms_))
        fail("internal error: tick refused");
    st_.steps++;
    // END_REQ and BEGIN_RESP at the end of cycle k; the initiator may call
    // back into nb_transport_fw from nb_transport_bw, so work on copies
    const sc_time t = end_of(k);
    std::vector<job *> acc, fin;
    acc.swap(accepted_now_);
    fin.swap(finished_now_);
    for (job *j : fin)
        if (j->at)
            responses_.emplace_back(j, t);
    for (job *j : acc) {
        tlm_phase ph = END_REQ;
        sc_time d = from_now(t);
        socket->nb_transport_bw(*j->trans, ph, d);
    }
    if (!responses_.empty() && !resp_busy_)
        resp_ev_.notify(SC_ZERO_TIME);
}

void gmc_tlm_memory::arm()
{
    if (staged_.empty() && !gmc_memsys_outstanding(ms_))
        return;   // idle: nothing scheduled until a request arrives (refresh catches up then)
    const uint64_t k = wake_cycle();
    if (k != GMC_MEM_NEVER)
        clock_ev_.notify(from_now(end_of(k)));
}

void gmc_tlm_memory::clock_process()
{
    st_.wakes++;
    const uint64_t limit = cycle_of(sc_time_stamp());   // cycles before it have ended
    for (uint64_t k; (k = wake_cycle()) < limit;)
        step(k);
    arm();
}

// ---- the response path (AT) ----

void gmc_tlm_memory::send_responses()
{
    while (!resp_busy_ && !responses_.empty()) {
        job *j = responses_.front().first;
        const sc_time at = responses_.front().second;
        if (at > sc_time_stamp()) {   // gmc ran ahead (b_transport): wait for its time
            resp_ev_.notify(at - sc_time_stamp());
            return;
        }
        responses_.pop_front();
        j->trans->set_response_status(TLM_OK_RESPONSE);
        tlm_phase ph = BEGIN_RESP;
        sc_time d = SC_ZERO_TIME;
        resp_busy_ = true;
        const tlm_sync_enum r = socket->nb_transport_bw(*j->trans, ph, d);
        if (r == TLM_COMPLETED || (r == TLM_UPDATED && ph == END_RESP)) {
            resp_busy_ = false;
            if (j->trans->has_mm())
                j->trans->release();
            delete j;
        } else {
            resp_job_ = j;   // in the response phase until END_RESP
        }
    }
}

tlm_sync_enum gmc_tlm_memory::nb_transport_fw(tlm_generic_payload &t, tlm_phase &ph, sc_time &delay)
{
    if (ph == END_RESP) {
        if (!resp_busy_ || !resp_job_ || resp_job_->trans != &t)
            SC_REPORT_ERROR(name(), "END_RESP for a transaction not in its response phase");
        resp_busy_ = false;
        if (t.has_mm())
            t.release();
        delete resp_job_;
        resp_job_ = nullptr;
        if (!responses_.empty())
            resp_ev_.notify(delay);
        return TLM_COMPLETED;
    }
    if (ph != BEGIN_REQ) {
        SC_REPORT_ERROR(name(), "nb_transport_fw: expected BEGIN_REQ or END_RESP");
        return TLM_COMPLETED;
    }
    for (const job *j : staged_)
        if (j->at)
            SC_REPORT_ERROR(name(), "BEGIN_REQ before the previous request's END_REQ");
    if (check(t) != TLM_INCOMPLETE_RESPONSE) {   // an error, or TLM_IGNORE_COMMAND
        st_.errors += t.get_response_status() != TLM_OK_RESPONSE;
        t.set_dmi_allowed(false);
        return TLM_COMPLETED;
    }
    t.set_dmi_allowed(false);
    if (t.has_mm())
        t.acquire();
    stage(t, true, cycle_of(sc_time_stamp() + delay));
    arm();
    return TLM_ACCEPTED;
}

// ---- loosely timed ----

void gmc_tlm_memory::b_transport(tlm_generic_payload &t, sc_time &delay)
{
    t.set_dmi_allowed(false);
    if (check(t) != TLM_INCOMPLETE_RESPONSE) {
        st_.errors += t.get_response_status() != TLM_OK_RESPONSE;
        return;
    }
    job *j = stage(t, false, cycle_of(sc_time_stamp() + delay));
    // run gmc to this transaction's completion, here, without waiting
    while (j->done < j->parts.size()) {
        const uint64_t k = wake_cycle();
        if (k == GMC_MEM_NEVER)
            fail("internal error: b_transport stalled");
        step(k);
    }
    t.set_response_status(TLM_OK_RESPONSE);
    delay = from_now(end_of(j->last_done));
    delete j;
    arm();
}

// ---- debug and DMI ----

unsigned gmc_tlm_memory::transport_dbg(tlm_generic_payload &t)
{
    const uint64_t a = t.get_address();
    if (a >= size_ || !t.get_data_ptr())
        return 0;
    const uint64_t n = std::min<uint64_t>(t.get_data_length(), size_ - a);
    if (t.is_read())
        store_.read(a, t.get_data_ptr(), n);
    else if (t.is_write())
        store_.write(a, t.get_data_ptr(), n);
    else
        return 0;
    t.set_response_status(TLM_OK_RESPONSE);
    return static_cast<unsigned>(n);
}

bool gmc_tlm_memory::get_direct_mem_ptr(tlm_generic_payload &, tlm_dmi &dmi)
{
    // refused: a pointer into the store would bypass gmc's timing; the
    // whole range is said to have none, so the initiator need not ask again
    dmi.allow_none();
    dmi.set_start_address(0);
    dmi.set_end_address(size_ - 1);
    return false;
}
