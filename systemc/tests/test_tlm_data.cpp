// Data integrity: random writes and reads through gmc_tlm_memory -- 1 to
// 4096 bytes at any alignment (split into bursts and joined), byte enables,
// streaming widths, debug transport -- compared byte by byte with a
// reference array, by b_transport near the bottom and the top of the
// address space; then random AT traffic with 32 outstanding, each read
// compared with every earlier request's data.  Prints the bytes compared.
// Usage: test_tlm_data SEED
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <systemc>
#include "gmc_tlm_memory.h"
#include "gmc_tlm_traffic.h"

using namespace sc_core;

struct lt_checker : sc_module {
    SC_HAS_PROCESS(lt_checker);
    tlm_utils::simple_initiator_socket<lt_checker> socket;
    gmc_tlm_memory *mem;
    uint64_t rng, count, compared = 0, bad = 0, transactions = 0;
    static constexpr uint64_t win = 1 << 16;
    std::vector<unsigned char> ref[2];   // [base, base + win) near 0 and near the top
    uint64_t base[2];

    lt_checker(sc_module_name n, gmc_tlm_memory *m, uint64_t seed, uint64_t k)
        : sc_module(n), socket("socket"), mem(m), rng(seed | 1), count(k)
    {
        base[0] = 4096 - 7, base[1] = m->size() - win;
        ref[0].assign(win, 0), ref[1].assign(win, 0);
        SC_THREAD(run);
    }
    uint64_t next() { rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17; return rng; }

    void run()
    {
        std::vector<unsigned char> buf(4096), be(16);
        for (uint64_t i = 0; i < count; i++) {
            const int w = int(next() & 1);
            const unsigned len = 1 + unsigned(next() % 4096);
            const uint64_t off = next() % (win - len);
            const bool write = next() % 2, dbg = next() % 8 == 0;
            const unsigned sw = next() % 5 == 0 ? 1 + unsigned(next() % len) : len;
            const unsigned ben = next() % 3 == 0 ? 1 + unsigned(next() % 16) : 0;
            for (unsigned k = 0; k < ben; k++)
                be[k] = next() % 2 ? TLM_BYTE_ENABLED : TLM_BYTE_DISABLED;
            for (unsigned k = 0; k < len; k++)
                buf[k] = write ? static_cast<unsigned char>(next()) : 0xA5;
            tlm::tlm_generic_payload gp;
            gp.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
            gp.set_address(base[w] + off);
            gp.set_data_ptr(buf.data());
            gp.set_data_length(len);
            if (dbg) {   // debug transport: no byte enables, no streaming, no time
                const sc_time t0 = sc_time_stamp();
                const uint64_t b0 = mem->stats().bursts;
                if (socket->transport_dbg(gp) != len || sc_time_stamp() != t0 ||
                    mem->stats().bursts != b0)
                    bad++;
                for (unsigned k = 0; k < len; k++) {
                    if (write)
                        ref[w][off + k] = buf[k];
                    else
                        compared++, bad += buf[k] != ref[w][off + k];
                }
                continue;
            }
            gp.set_streaming_width(sw);
            gp.set_byte_enable_ptr(ben ? be.data() : nullptr);
            gp.set_byte_enable_length(ben);
            sc_time d = SC_ZERO_TIME;
            socket->b_transport(gp, d);
            wait(d);
            transactions++;
            if (gp.get_response_status() != tlm::TLM_OK_RESPONSE) {
                std::printf("not ok - transaction %llu: %s\n", (unsigned long long)i,
                            gp.get_response_string().c_str());
                bad++;
                continue;
            }
            for (unsigned k = 0; k < len; k++) {   // byte k goes to off + k % sw, if enabled
                const bool on = !ben || be[k % ben] == TLM_BYTE_ENABLED;
                unsigned char &r = ref[w][off + k % sw];
                if (write && on)
                    r = buf[k];
                else if (!write)
                    compared++, bad += buf[k] != (on ? r : 0xA5);
            }
        }
    }
};

int sc_main(int argc, char **argv)
{
    const uint64_t seed = argc > 1 ? std::strtoull(argv[1], nullptr, 0) : 1;
    gmc_tlm_memory lt_mem("lt_mem"), at_mem("at_mem");
    lt_checker lt("lt", &lt_mem, seed, 4000);
    lt.socket.bind(lt_mem.socket);
    gmc_tlm_traffic_cfg tc;
    tc.size = 0;   // 1..512 bytes at any alignment
    tc.depth = 32;
    tc.count = 4000;
    tc.read_share = 0.5;
    tc.span = 1 << 16;
    tc.seed = seed;
    tc.check_data = true;
    gmc_tlm_traffic at("at", tc);
    at.socket.bind(at_mem.socket);
    sc_start();
    const uint64_t bad = lt.bad + at.data_bad;
    std::printf("seed %llu: b_transport/debug %llu transactions, %llu bytes read compared "
                "(%llu wrong); AT %zu transactions, %llu bytes compared (%llu wrong)\n",
                (unsigned long long)seed, (unsigned long long)lt.transactions,
                (unsigned long long)lt.compared, (unsigned long long)lt.bad, at.log.size(),
                (unsigned long long)at.data_checked, (unsigned long long)at.data_bad);
    const bool ok = !bad && lt.compared > 100000 && at.data_checked > 100000;
    std::printf("%d passed, %d failed (data integrity)\n", ok, !ok);
    return ok ? 0 : 1;
}
