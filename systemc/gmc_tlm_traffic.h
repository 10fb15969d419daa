// gmc_tlm_traffic: an approximately-timed TLM-2.0 traffic generator, the
// example initiator of docs/systemc.md.  It keeps up to `depth`
// transactions outstanding on the base protocol (one in the request phase
// at a time, as the protocol allows), each `size` bytes, sequential or at
// random `size`-aligned addresses in [base, base + span), a `read_share` of
// them reads, from a seeded generator.  It logs every transaction's phase
// times; with check_data it keeps a reference copy of [base, base + span)
// and compares every read with it.
#ifndef GMC_TLM_TRAFFIC_H
#define GMC_TLM_TRAFFIC_H
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

struct gmc_tlm_traffic_cfg {
    bool     random = true;          // pattern: random, else sequential
    double   read_share = 0.75;
    unsigned depth = 16;             // transactions outstanding at most
    uint64_t count = 1000;
    uint64_t seed = 1;
    unsigned size = 64;              // bytes per transaction (0: random 1..512, any alignment)
    uint64_t base = 0, span = uint64_t(1) << 24;
    bool     check_data = false;     // keep a reference of the span, compare reads
    // 0: END_RESP at once (TLM_COMPLETED returned to BEGIN_RESP); else
    // BEGIN_RESP is answered TLM_ACCEPTED and END_RESP sent this much later
    sc_core::sc_time end_resp_delay = sc_core::SC_ZERO_TIME;
};

class gmc_tlm_traffic : public sc_core::sc_module {
public:
    SC_HAS_PROCESS(gmc_tlm_traffic);
    tlm_utils::simple_initiator_socket<gmc_tlm_traffic> socket;

    struct record {
        uint64_t addr;
        unsigned size;
        bool     write;
        sc_core::sc_time begin_req, end_req, begin_resp;
        tlm::tlm_response_status status = tlm::TLM_INCOMPLETE_RESPONSE;
    };
    std::vector<record> log;          // in issue order
    uint64_t data_checked = 0, data_bad = 0;   // bytes compared, bytes wrong (check_data)
    uint64_t overlapping = 0;   // a BEGIN_RESP while another response was open (a protocol error)

    gmc_tlm_traffic(sc_core::sc_module_name n, const gmc_tlm_traffic_cfg &c)
        : sc_module(n), socket("socket"), cfg_(c), rng_(c.seed | 1)
    {
        socket.register_nb_transport_bw(this, &gmc_tlm_traffic::nb_transport_bw);
        if (cfg_.check_data)
            ref_.assign(cfg_.span, 0);
        SC_THREAD(run);
        SC_THREAD(end_responses);
    }

private:
    struct txn : tlm::tlm_generic_payload {   // the payload and what the generator keeps of it
        std::vector<unsigned char> data, expect;
        size_t idx;
    };

    uint64_t next() { rng_ ^= rng_ << 13, rng_ ^= rng_ >> 7, rng_ ^= rng_ << 17; return rng_; }

    void run()
    {
        for (uint64_t i = 0; i < cfg_.count; i++) {
            while (outstanding_ >= cfg_.depth)
                wait(resp_ev_);
            txn *t = make(i);
            tlm::tlm_phase ph = tlm::BEGIN_REQ;
            sc_core::sc_time d = sc_core::SC_ZERO_TIME;
            log[t->idx].begin_req = sc_core::sc_time_stamp();
            outstanding_++;
            in_req_ = t;
            const tlm::tlm_sync_enum r = socket->nb_transport_fw(*t, ph, d);
            if (r == tlm::TLM_COMPLETED) {   // answered at once (an error status)
                log[t->idx].end_req = log[t->idx].begin_resp = sc_core::sc_time_stamp() + d;
                finish(t);
                continue;
            }
            if (r == tlm::TLM_UPDATED && ph == tlm::END_REQ)
                log[t->idx].end_req = sc_core::sc_time_stamp() + d, in_req_ = nullptr;
            while (in_req_)   // the base protocol: the next BEGIN_REQ waits for END_REQ
                wait(end_req_ev_);
        }
    }

    txn *make(uint64_t i)
    {
        txn *t = new txn;
        pool_.emplace_back(t);
        const uint64_t u = next();
        const unsigned size = cfg_.size ? cfg_.size : 1 + unsigned(next() % 512);
        const uint64_t slots = cfg_.span / (cfg_.size ? cfg_.size : 1) - (cfg_.size ? 0 : 512);
        const uint64_t off = cfg_.size ? (cfg_.random ? u % slots : i % slots) * cfg_.size
                                       : (cfg_.random ? u % slots : (i * 512) % slots);
        const bool write = double(next() % 1000000) >= cfg_.read_share * 1000000.0;
        t->data.resize(size);
        for (auto &b : t->data)
            b = write ? static_cast<unsigned char>(next()) : 0;
        if (cfg_.check_data) {
            if (write)
                std::memcpy(&ref_[off], t->data.data(), size);
            else   // what the read must return: every earlier request's data
                t->expect.assign(ref_.begin() + long(off), ref_.begin() + long(off + size));
        }
        t->set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
        t->set_address(cfg_.base + off);
        t->set_data_ptr(t->data.data());
        t->set_data_length(size);
        t->set_streaming_width(size);
        t->set_byte_enable_ptr(nullptr);
        t->set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        t->idx = log.size();
        log.push_back(record{cfg_.base + off, size, write, {}, {}, {}});
        return t;
    }

    static txn *find(tlm::tlm_generic_payload &gp) { return static_cast<txn *>(&gp); }

    void finish(txn *t)
    {
        record &r = log[t->idx];
        r.status = t->get_response_status();
        if (cfg_.check_data && !r.write && r.status == tlm::TLM_OK_RESPONSE)
            for (size_t k = 0; k < t->data.size(); k++)
                data_checked++, data_bad += t->data[k] != t->expect[k];
        outstanding_--;
        resp_ev_.notify(sc_core::SC_ZERO_TIME);
    }

    tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload &gp, tlm::tlm_phase &ph,
                                       sc_core::sc_time &d)
    {
        txn *t = find(gp);
        if (ph == tlm::END_REQ) {
            log[t->idx].end_req = sc_core::sc_time_stamp() + d;
            in_req_ = nullptr;
            end_req_ev_.notify(d);
            return tlm::TLM_ACCEPTED;
        }
        if (ph == tlm::BEGIN_RESP) {
            if (in_req_ == t) {   // BEGIN_RESP ends the request phase too
                log[t->idx].end_req = sc_core::sc_time_stamp() + d;
                in_req_ = nullptr;
                end_req_ev_.notify(d);
            }
            log[t->idx].begin_resp = sc_core::sc_time_stamp() + d;
            overlapping += open_ != nullptr;
            if (cfg_.end_resp_delay != sc_core::SC_ZERO_TIME) {
                open_ = t;
                open_ev_.notify(d);
                return tlm::TLM_ACCEPTED;
            }
            finish(t);
            return tlm::TLM_COMPLETED;   // END_RESP at once
        }
        SC_REPORT_ERROR(name(), "nb_transport_bw: expected END_REQ or BEGIN_RESP");
        return tlm::TLM_COMPLETED;
    }

    // END_RESP end_resp_delay after each BEGIN_RESP answered TLM_ACCEPTED
    void end_responses()
    {
        for (;;) {
            while (!open_)
                wait(open_ev_);
            wait(cfg_.end_resp_delay);
            txn *t = open_;
            open_ = nullptr;
            tlm::tlm_phase ph = tlm::END_RESP;
            sc_core::sc_time d = sc_core::SC_ZERO_TIME;
            socket->nb_transport_fw(*t, ph, d);
            finish(t);
        }
    }

    gmc_tlm_traffic_cfg cfg_;
    txn *open_ = nullptr;        // the response waiting for its END_RESP
    sc_core::sc_event open_ev_;
    uint64_t rng_;
    unsigned outstanding_ = 0;
    txn *in_req_ = nullptr;
    sc_core::sc_event end_req_ev_, resp_ev_;
    std::vector<std::unique_ptr<txn>> pool_;
    std::vector<unsigned char> ref_;
};

#endif
