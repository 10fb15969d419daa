// Equal timing: the same requests through gmc_tlm_memory's socket and
// through `gmc mem` give the same completion cycle for every request.
//
// Random traffic (1..512 bytes at any alignment, so transactions split into
// bursts) with many transactions outstanding goes through the AT socket
// (or, with "lt", one b_transport at a time); the test writes the requests
// it issued, with their issue cycles, as a gmc mem trace, runs
// `gmc mem --per-request` on it with the same preset and queues, and
// compares every request's arrival and done cycle, and every transaction's
// BEGIN_RESP (or b_transport's annotated completion) with the end of the
// cycle of its last burst's done.  Prints the counts; exit 1 on the first
// difference.
// Usage: test_tlm_timing GMC DIR PRESET RQ WQ SEED at|lt [DRAM_CFG]
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <systemc>
#include "gmc_tlm_memory.h"
#include "gmc_tlm_traffic.h"

using namespace sc_core;

struct issued {
    uint64_t addr, cycle;
    unsigned size;
    bool write;
    sc_time resp;
};

// One b_transport at a time, each at the time the previous completed.
struct lt_source : sc_module {
    SC_HAS_PROCESS(lt_source);
    tlm_utils::simple_initiator_socket<lt_source> socket;
    std::vector<issued> log;
    uint64_t rng, count;
    gmc_tlm_memory *mem;
    lt_source(sc_module_name n, uint64_t seed, uint64_t k, gmc_tlm_memory *m)
        : sc_module(n), socket("socket"), rng(seed | 1), count(k), mem(m) { SC_THREAD(run); }
    uint64_t next() { rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17; return rng; }
    void run()
    {
        std::vector<unsigned char> buf(512);
        for (uint64_t i = 0; i < count; i++) {
            tlm::tlm_generic_payload gp;
            const unsigned size = 1 + unsigned(next() % 512);
            const uint64_t addr = next() % ((1u << 22) - 512);
            const bool w = next() % 3 == 0;
            gp.set_command(w ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
            gp.set_address(addr);
            gp.set_data_ptr(buf.data());
            gp.set_data_length(size);
            gp.set_streaming_width(size);
            // a gap of 0..40 cycles, as an annotated delay (temporal decoupling)
            sc_time d = mem->clock_period() * double(next() % 41);
            const uint64_t cyc = mem->cycle_of(sc_time_stamp() + d);
            socket->b_transport(gp, d);
            if (gp.get_response_status() != tlm::TLM_OK_RESPONSE)
                SC_REPORT_ERROR(name(), "b_transport failed");
            wait(d);
            log.push_back(issued{addr, cyc, size, w, sc_time_stamp()});
        }
    }
};

int sc_main(int argc, char **argv)
{
    if (argc != 8 && argc != 9) {
        std::fprintf(stderr, "usage: test_tlm_timing GMC DIR PRESET RQ WQ SEED at|lt [DRAM_CFG]\n");
        return 2;
    }
    const std::string gmc = argv[1], dir = argv[2], preset = argv[3], mode = argv[7];
    const unsigned rq = unsigned(std::atoi(argv[4])), wq = unsigned(std::atoi(argv[5]));
    const uint64_t seed = std::strtoull(argv[6], nullptr, 0);
    gmc_tlm_config mc;
    mc.preset = preset;
    mc.dram_cfg = argc == 9 ? argv[8] : "";
    mc.rq = rq;
    mc.wq = wq;
    gmc_tlm_memory mem("mem", mc);
    std::map<uint64_t, gmc_mem_done_t> mine;   // by id: the order of acceptance
    mem.on_burst_done([&](const gmc_mem_done_t &d) { mine[d.id] = d; });

    std::vector<issued> txns;
    gmc_tlm_traffic_cfg tc;
    tc.size = 0;            // 1..512 bytes at any alignment
    tc.depth = 48;
    tc.count = 3000;
    tc.read_share = 0.6;
    tc.span = uint64_t(1) << 22;
    tc.seed = seed;
    gmc_tlm_traffic *gen = nullptr;
    lt_source *lt = nullptr;
    if (mode == "lt") {
        lt = new lt_source("lt", seed, 1500, &mem);
        lt->socket.bind(mem.socket);
    } else {
        gen = new gmc_tlm_traffic("gen", tc);
        gen->socket.bind(mem.socket);
    }
    sc_start();
    if (gen)
        for (const auto &r : gen->log)
            txns.push_back(issued{r.addr, mem.cycle_of(r.begin_req), r.size, r.write, r.begin_resp});
    else
        txns = lt->log;

    // the trace: each transaction's bursts at its issue cycle, in issue order
    const std::string stem = dir + "/tlm_" + mode + "_" + preset + "_" + std::to_string(seed);
    const std::string trace = stem + ".trace", per = stem + ".per";
    std::vector<std::pair<size_t, size_t>> span;   // each transaction's request ids
    {
        std::ofstream f(trace);
        size_t id = 0;
        const uint64_t b = mem.burst_bytes();
        for (const auto &t : txns) {
            const size_t first = id;
            for (uint64_t p = t.addr; p < t.addr + t.size; p = (p / b + 1) * b, id++)
                f << t.cycle << (t.write ? " W 0x" : " R 0x") << std::hex << p << std::dec << "\n";
            span.emplace_back(first, id);
        }
    }
    const std::string cmd = gmc + " mem --trace " + trace + " --preset " + preset + " --rq " +
                            std::to_string(rq) + " --wq " + std::to_string(wq) +
                            " --per-request " + per +
                            (mc.dram_cfg.empty() ? "" : " --dram-cfg " + mc.dram_cfg) + " -o " + stem + ".report";
    if (std::system(cmd.c_str())) {
        std::printf("not ok - %s failed\n0 passed, 1 failed\n", cmd.c_str());
        return 1;
    }
    std::map<uint64_t, std::pair<uint64_t, uint64_t>> ref;   // id -> arrival, done
    std::ifstream in(per);
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#')
            continue;
        std::istringstream s(line);
        uint64_t id, ch, bank, row, col, tc_, arr, first, done;
        std::string addr, type;
        s >> id >> addr >> ch >> bank >> row >> col >> type >> tc_ >> arr >> first >> done;
        ref[id] = {arr, done};
    }
    uint64_t compared = 0;
    int bad = 0;
    if (ref.size() != mine.size()) {
        std::printf("not ok - gmc mem served %zu requests, the socket %zu\n", ref.size(), mine.size());
        bad = 1;
    }
    for (const auto &kv : mine) {
        auto it = ref.find(kv.first);
        if (bad || it == ref.end() || it->second.first != kv.second.arrival ||
            it->second.second != kv.second.done) {
            std::printf("not ok - request %llu (0x%llx): socket arrival %llu done %llu, gmc mem %s\n",
                        (unsigned long long)kv.first, (unsigned long long)kv.second.addr,
                        (unsigned long long)kv.second.arrival, (unsigned long long)kv.second.done,
                        it == ref.end() ? "has none"
                            : ("arrival " + std::to_string(it->second.first) + " done " +
                               std::to_string(it->second.second)).c_str());
            bad = 1;
            break;
        }
        compared++;
    }
    uint64_t tcompared = 0;
    for (size_t i = 0; i < txns.size() && !bad; i++) {
        uint64_t last = 0;
        for (size_t id = span[i].first; id < span[i].second; id++)
            last = std::max(last, ref[id].second);
        const sc_time want = mem.clock_period() * double(last + 1);   // the end of that cycle
        if (txns[i].resp != want) {
            std::printf("not ok - transaction %zu (0x%llx, %u bytes): response at %s, gmc mem's "
                        "last burst done in cycle %llu (ends %s)\n", i,
                        (unsigned long long)txns[i].addr, txns[i].size,
                        txns[i].resp.to_string().c_str(), (unsigned long long)last,
                        want.to_string().c_str());
            bad = 1;
        }
        tcompared++;
    }
    std::printf("%s %s%s%s rq %u wq %u seed %llu: %llu requests' arrival and done cycles and %llu "
                "transactions' response times compared with gmc mem; %llu END_REQ withheld, "
                "%llu refused sends\n", mode.c_str(), preset.c_str(), mc.dram_cfg.empty() ? "" : " ",
                mc.dram_cfg.c_str(), rq, wq, (unsigned long long)seed,
                (unsigned long long)compared, (unsigned long long)tcompared,
                (unsigned long long)mem.stats().withheld, (unsigned long long)mem.stats().refused);
    std::printf("%d passed, %d failed (equal timing, %s)\n", bad ? 0 : 1, bad, mode.c_str());
    delete gen;
    delete lt;
    return bad;
}
