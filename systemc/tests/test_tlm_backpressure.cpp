// Back-pressure: with small controller queues and 64 transactions wanted
// outstanding, END_REQ is withheld while a queue is full.  Checks that no
// END_REQ comes before the end of its request's arrival cycle, that the
// transactions whose END_REQ came later are exactly the ones the target
// counted as withheld (and there are some), that none is lost, and that
// with roomy queues the same traffic is held back less.  Then the
// initiator's own back-pressure: it sends END_RESP 20 cycles after each
// BEGIN_RESP; the target must never open a second response before it.
// Usage: test_tlm_backpressure SEED
#include <cstdio>
#include <algorithm>
#include <cstdlib>
#include <systemc>
#include "gmc_tlm_memory.h"
#include "gmc_tlm_traffic.h"

using namespace sc_core;

int sc_main(int argc, char **argv)
{
    const uint64_t seed = argc > 1 ? std::strtoull(argv[1], nullptr, 0) : 1;
    gmc_tlm_config small, roomy;
    small.rq = small.wq = 2;
    gmc_tlm_memory mem_small("mem_small", small), mem_roomy("mem_roomy", roomy), mem_slow("mem_slow", roomy);
    gmc_tlm_traffic_cfg tc;
    tc.depth = 64;
    tc.count = 3000;
    tc.size = 128;
    tc.read_share = 0.5;
    tc.span = 1 << 20;   // 1 MiB: many requests per channel and bank
    tc.seed = seed;
    gmc_tlm_traffic gen_small("gen_small", tc), gen_roomy("gen_roomy", tc);
    gen_small.socket.bind(mem_small.socket);
    gen_roomy.socket.bind(mem_roomy.socket);
    gmc_tlm_traffic_cfg slow = tc;
    slow.end_resp_delay = mem_slow.clock_period() * 20.0;
    gmc_tlm_traffic gen_slow("gen_slow", slow);
    gen_slow.socket.bind(mem_slow.socket);
    sc_start();
    int failed = 0, passed = 0;
    auto later = [](gmc_tlm_memory &m, gmc_tlm_traffic &g, uint64_t &early, uint64_t &lost) {
        uint64_t n = 0;
        early = lost = 0;
        for (const auto &r : g.log) {
            const sc_time end_of_arrival = m.clock_period() * double(m.cycle_of(r.begin_req) + 1);
            early += r.end_req < end_of_arrival;
            n += r.end_req > end_of_arrival;
            lost += r.status != tlm::TLM_OK_RESPONSE || r.begin_resp <= r.end_req;
        }
        return n;
    };
    uint64_t early_s, lost_s, early_r, lost_r;
    const uint64_t held_s = later(mem_small, gen_small, early_s, lost_s);
    const uint64_t held_r = later(mem_roomy, gen_roomy, early_r, lost_r);
    auto check = [&](bool ok, const char *what) {
        std::printf("%s - %s\n", ok ? "ok" : "not ok", what);
        (ok ? passed : failed)++;
    };
    std::printf("seed %llu, 3000 transactions of 128 bytes, 64 wanted outstanding: queues 2/2: "
                "%llu END_REQ late (%llu counted withheld, %llu refused sends); queues 64/32: "
                "%llu late (%llu counted)\n", (unsigned long long)seed,
                (unsigned long long)held_s, (unsigned long long)mem_small.stats().withheld,
                (unsigned long long)mem_small.stats().refused, (unsigned long long)held_r,
                (unsigned long long)mem_roomy.stats().withheld);
    check(!early_s && !early_r, "no END_REQ before the end of its arrival cycle");
    check(held_s == mem_small.stats().withheld && held_r == mem_roomy.stats().withheld,
          "the late END_REQs are exactly the ones withheld for a full queue");
    check(held_s > 100, "small queues withhold END_REQ (over 100 times)");
    check(held_r < held_s, "roomy queues withhold it less");
    check(!lost_s && !lost_r && gen_small.log.size() == 3000 && gen_roomy.log.size() == 3000,
          "every transaction answered TLM_OK_RESPONSE after its END_REQ");
    uint64_t early_w, lost_w;
    later(mem_slow, gen_slow, early_w, lost_w);
    sc_time gap = SC_ZERO_TIME;   // the least time between two BEGIN_RESPs
    std::vector<sc_time> resp;
    for (const auto &r : gen_slow.log)
        resp.push_back(r.begin_resp);
    std::sort(resp.begin(), resp.end());
    gap = resp.back();
    for (size_t i = 1; i < resp.size(); i++)
        gap = std::min(gap, resp[i] - resp[i - 1]);
    std::printf("END_RESP 20 cycles after BEGIN_RESP: %zu transactions, the closest two responses "
                "%s apart, %llu overlapping\n", gen_slow.log.size(), gap.to_string().c_str(),
                (unsigned long long)gen_slow.overlapping);
    check(!lost_w && gen_slow.log.size() == 3000 && !gen_slow.overlapping &&
              gap >= mem_slow.clock_period() * 20.0,
          "a slow END_RESP: one response open at a time, each answered");
    std::printf("%d passed, %d failed (back-pressure)\n", passed, failed);
    return failed ? 1 : 0;
}
