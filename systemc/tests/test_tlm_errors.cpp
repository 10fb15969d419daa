// Error responses, IGNORE, DMI, debug transport, an idle memory's cost and
// bad configurations: each check one line "ok - ..." or "not ok - ...".
// Usage: test_tlm_errors BAD_DRAM_CFG
#include <cstdio>
#include <stdexcept>
#include <string>
#include <systemc>
#include <tlm_utils/simple_initiator_socket.h>
#include "gmc_tlm_memory.h"

using namespace sc_core;
using namespace tlm;

static int passed, failed;
static void check(bool ok, const std::string &what)
{
    std::printf("%s - %s\n", ok ? "ok" : "not ok", what.c_str());
    (ok ? passed : failed)++;
}

struct prober : sc_module {
    SC_HAS_PROCESS(prober);
    tlm_utils::simple_initiator_socket<prober> socket;
    gmc_tlm_memory *mem;
    sc_event resp_ev;
    bool got_resp = false;
    prober(sc_module_name n, gmc_tlm_memory *m) : sc_module(n), socket("socket"), mem(m)
    {
        socket.register_nb_transport_bw(this, &prober::bw);
        SC_THREAD(run);
    }
    tlm_sync_enum bw(tlm_generic_payload &, tlm_phase &ph, sc_time &)
    {
        if (ph == BEGIN_RESP) {
            got_resp = true;
            resp_ev.notify();
            return TLM_COMPLETED;
        }
        return TLM_ACCEPTED;
    }

    // One transaction both ways: b_transport's status and delay, and
    // nb_transport_fw's (TLM_COMPLETED at once) -- the same status expected.
    void expect(const char *what, tlm_command cmd, uint64_t addr, unsigned len, unsigned char *data,
                unsigned sw, unsigned char *be, unsigned ben, tlm_response_status want)
    {
        for (int nb = 0; nb < 2; nb++) {
            tlm_generic_payload gp;
            gp.set_command(cmd);
            gp.set_address(addr);
            gp.set_data_ptr(data);
            gp.set_data_length(len);
            gp.set_streaming_width(sw);
            gp.set_byte_enable_ptr(be);
            gp.set_byte_enable_length(ben);
            const uint64_t b0 = mem->stats().bursts;
            sc_time d = sc_time(3, SC_NS);
            tlm_sync_enum r = TLM_COMPLETED;
            if (nb) {
                tlm_phase ph = BEGIN_REQ;
                r = socket->nb_transport_fw(gp, ph, d);
            } else {
                socket->b_transport(gp, d);
            }
            check(gp.get_response_status() == want && r == TLM_COMPLETED &&
                      d == sc_time(3, SC_NS) && mem->stats().bursts == b0,
                  std::string(what) + (nb ? " (nb_transport_fw: TLM_COMPLETED)" : " (b_transport)") +
                      ": " + gp.get_response_string() + ", no time, no gmc request");
        }
    }

    void run()
    {
        unsigned char data[64] = {0}, be[4] = {TLM_BYTE_ENABLED, 0x0f, 0, 0};
        const uint64_t top = mem->size();
        expect("address at the top", TLM_READ_COMMAND, top, 4, data, 4, nullptr, 0,
               TLM_ADDRESS_ERROR_RESPONSE);
        expect("address crossing the top", TLM_WRITE_COMMAND, top - 1, 2, data, 2, nullptr, 0,
               TLM_ADDRESS_ERROR_RESPONSE);
        expect("unknown command", tlm_command(3), 0, 4, data, 4, nullptr, 0,
               TLM_COMMAND_ERROR_RESPONSE);
        expect("TLM_IGNORE_COMMAND", TLM_IGNORE_COMMAND, 64, 4, data, 4, nullptr, 0,
               TLM_OK_RESPONSE);
        expect("TLM_IGNORE_COMMAND out of range", TLM_IGNORE_COMMAND, top, 4, data, 4, nullptr, 0,
               TLM_ADDRESS_ERROR_RESPONSE);
        expect("byte-enable length 0", TLM_WRITE_COMMAND, 0, 4, data, 4, be, 0,
               TLM_BYTE_ENABLE_ERROR_RESPONSE);
        expect("byte enable 0x0f", TLM_WRITE_COMMAND, 0, 4, data, 4, be, 2,
               TLM_BYTE_ENABLE_ERROR_RESPONSE);
        expect("streaming width 0", TLM_READ_COMMAND, 0, 4, data, 0, nullptr, 0,
               TLM_BURST_ERROR_RESPONSE);
        expect("no data pointer", TLM_READ_COMMAND, 0, 4, nullptr, 4, nullptr, 0,
               TLM_GENERIC_ERROR_RESPONSE);
        expect("data length 0", TLM_READ_COMMAND, 0, 0, data, 4, nullptr, 0,
               TLM_GENERIC_ERROR_RESPONSE);
        check(mem->stats().errors == 18, "errors counted: " + std::to_string(mem->stats().errors) +
                                             " (18 expected: 9 error cases, 2 ways)");

        tlm_generic_payload gp;   // DMI refused, the whole range said to have none
        tlm_dmi dmi;
        gp.set_address(0);
        check(!socket->get_direct_mem_ptr(gp, dmi) && dmi.is_none_allowed() &&
                  dmi.get_start_address() == 0 && dmi.get_end_address() == top - 1,
              "get_direct_mem_ptr returns false, no access over [0, size)");

        // debug transport: the store at zero time, clipped at the top
        const sc_time t0 = sc_time_stamp();
        for (unsigned k = 0; k < 64; k++)
            data[k] = static_cast<unsigned char>(k * 7 + 1);
        gp.set_command(TLM_WRITE_COMMAND);
        gp.set_address(top - 32);
        gp.set_data_ptr(data);
        gp.set_data_length(64);
        check(socket->transport_dbg(gp) == 32, "transport_dbg write at the top: 32 of 64 bytes");
        unsigned char back[64] = {0};
        gp.set_command(TLM_READ_COMMAND);
        gp.set_data_ptr(back);
        gp.set_data_length(32);
        bool same = socket->transport_dbg(gp) == 32;
        for (unsigned k = 0; k < 32; k++)
            same &= back[k] == data[k];
        check(same && sc_time_stamp() == t0 && mem->stats().bursts == 0,
              "transport_dbg reads it back, at zero time, with no gmc request");
        // ... and a timed read sees it
        unsigned char timed[32] = {0};
        gp.set_data_ptr(timed);
        gp.set_streaming_width(32);
        gp.set_byte_enable_ptr(nullptr);
        sc_time d = SC_ZERO_TIME;
        socket->b_transport(gp, d);
        same = gp.get_response_status() == TLM_OK_RESPONSE && d > SC_ZERO_TIME;
        for (unsigned k = 0; k < 32; k++)
            same &= timed[k] == data[k];
        check(same, "b_transport reads the debug write back, delay " + d.to_string());
        wait(d);

        // an idle memory costs the kernel nothing: refresh on, 1 ms idle
        // (thousands of refresh intervals), no activation of the clock process
        tlm_generic_payload at;
        at.set_command(TLM_READ_COMMAND);
        at.set_address(4096);
        at.set_data_ptr(timed);
        at.set_data_length(32);
        at.set_streaming_width(32);
        auto one_at = [&]() {
            tlm_phase ph = BEGIN_REQ;
            sc_time z = SC_ZERO_TIME;
            got_resp = false;
            const sc_time start = sc_time_stamp();
            if (socket->nb_transport_fw(at, ph, z) != TLM_ACCEPTED)
                return SC_ZERO_TIME;
            while (!got_resp)
                wait(resp_ev);
            return sc_time_stamp() - start;
        };
        const sc_time first = one_at();
        const uint64_t w0 = mem->stats().wakes;
        wait(sc_time(1, SC_MS));
        const uint64_t w1 = mem->stats().wakes, s1 = mem->stats().steps;
        const sc_time again = one_at();
        check(w1 == w0, "1 ms idle: " + std::to_string(w1 - w0) + " activations of the clock process");
        check(first > SC_ZERO_TIME && again > SC_ZERO_TIME && mem->stats().steps > s1,
              "AT reads before and after: latency " + first.to_string() + " and " +
                  again.to_string() + "; the refreshes of the idle ms caught up in " +
                  std::to_string(mem->stats().wakes - w1) + " activations, " +
                  std::to_string(mem->stats().steps - s1) + " gmc cycles");
    }
};

int sc_main(int argc, char **argv)
{
    // bad configurations (before the simulation: modules are made during elaboration): one line from gmc, as an exception
    auto bad = [](const gmc_tlm_config &c, const std::string &want, const char *what) {
        try {
            gmc_tlm_memory m(sc_module_name(("bad" + std::to_string(passed + failed)).c_str()), c);
            check(false, std::string(what) + ": accepted");
        } catch (const std::exception &e) {
            check(std::string(e.what()).find(want) != std::string::npos,
                  std::string(what) + ": " + e.what());
        }
    };
    gmc_tlm_config c;
    c.preset = "ddr9";
    bad(c, "unknown preset 'ddr9' (expected one of:", "unknown preset");
    c.preset = "gddr6-rtx2060s";
    c.dram_cfg = argc > 1 ? argv[1] : "/nonexistent";
    bad(c, c.dram_cfg + ":", "bad --dram-cfg file (its name and line)");
    c.dram_cfg = "";
    c.sched = "fifo9";
    bad(c, "fifo9", "unknown scheduler");
    gmc_tlm_memory mem("mem");
    prober p("p", &mem);
    p.socket.bind(mem.socket);
    sc_start();
    std::printf("%d passed, %d failed (error responses)\n", passed, failed);
    return failed ? 1 : 0;
}
