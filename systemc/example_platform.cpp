// A complete SystemC platform: one traffic generator, gmc's memory system.
#include <cstdio>
#include <cstdlib>
#include <systemc>
#include "gmc_tlm_memory.h"
#include "gmc_tlm_traffic.h"

int sc_main(int argc, char **argv)
{
    gmc_tlm_config mc;                            // the names gmc mem takes
    mc.preset = argc > 1 ? argv[1] : "gddr6-rtx2060s";
    gmc_tlm_memory mem("mem", mc);

    gmc_tlm_traffic_cfg tc;
    tc.random = true;                             // pattern: random lines
    tc.read_share = 0.75;
    tc.depth = 32;                                // transactions outstanding
    tc.count = 4000;
    tc.seed = argc > 2 ? std::strtoull(argv[2], nullptr, 0) : 7;
    tc.size = 128;                                // bytes: split into the device's bursts
    gmc_tlm_traffic gen("gen", tc);
    gen.socket.bind(mem.socket);

    sc_core::sc_start();                          // ends when no event is left

    double lat = 0;
    for (const auto &r : gen.log)
        lat += (r.begin_resp - r.begin_req) / mem.clock_period();
    const double cycles = sc_core::sc_time_stamp() / mem.clock_period();
    std::printf("%s: %zu transactions of %u bytes (seed %llu, depth %u, %.0f%% reads) "
                "in %.0f DRAM cycles of %s\n", mc.preset.c_str(), gen.log.size(), tc.size,
                (unsigned long long)tc.seed, tc.depth, 100 * tc.read_share, cycles,
                mem.clock_period().to_string().c_str());
    std::printf("latency mean %.1f cycles; %llu gmc requests; %llu END_REQ withheld; "
                "clock process ran %llu times for %llu DRAM cycles\n", lat / gen.log.size(),
                (unsigned long long)mem.stats().bursts, (unsigned long long)mem.stats().withheld,
                (unsigned long long)mem.stats().wakes, (unsigned long long)cycles);
    return 0;
}
