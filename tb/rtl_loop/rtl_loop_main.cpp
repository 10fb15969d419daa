// gmc-rtl: gmc with the RTL of its blocks in the loop.
//
//   gmc-rtl sim --rtl wmc,bankarb,bim[,hgalloc,pcmwq] [--rtl-json FILE] [gmc sim options]
//
// The same gmc (the CLI's main, every source, the same report bytes), in
// which each committed call of a block's C step in the harness also steps a
// Verilated model of the block's RTL with the same inputs and compares
// every output.  The seam is the block's hook gmc_<b>_observer
// (model/blocks/gmc_observe.h), NULL in gmc; here it is set for the blocks
// named by --rtl.  One RTL instance per C instance (the hook's inst
// pointer: a controller's arbiter, a scheduler's tables, an allocator, a
// memory system's BIM), created at the instance's first step and reset
// then (the C instance is at reset too: every step since was observed).
// An RTL model is compiled for one configuration (its parameters are
// Verilog parameters): an instance whose configuration was not built ends
// the run before anything is compared, naming it and the built ones.
//
// On the first output that differs: the block, its instance, the
// instance's cycle (its steps so far, from 0), every input and both sides'
// outputs; exit 1.  At the end, on stderr (and as JSON with --rtl-json):
// the steps compared per block and its instances.  Any other subcommand
// (gmc-rtl mem ...) runs the same way.
#include <verilated.h>

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

#include "blocks/gmc_bankarb.h"
#include "blocks/gmc_bim.h"
#include "blocks/gmc_hgalloc.h"
#include "blocks/gmc_pcmwq.h"
#include "blocks/gmc_wmc.h"
#include "rtl_loop/rtl_loop.h"
#include "vec/gmc_block.h"

extern "C" int gmc_cli_main(int argc, char **argv);  // model/cli/main.c, renamed

namespace {

RlBuilt *g_built;  // every linked configuration (rl_register)
VerilatedContext *g_ctx;

// The block's step as the harness calls it may take other structs than the
// RTL's ports (hgalloc: arrays; the description's ports are its packed
// view): view() turns the twin's in/out into the description's.
typedef void (*view_fn)(const void *cfg, const void *in, const void *out, void *pin, void *pout);

void hg_view(const void *cfg, const void *in, const void *out, void *pin, void *pout) {
  const gmc_hgalloc_cfg_t *c = static_cast<const gmc_hgalloc_cfg_t *>(cfg);
  gmc_hgalloc_in_pack(c, static_cast<const gmc_hgalloc_in_t *>(in),
                      static_cast<gmc_hgalloc_pin_t *>(pin));
  gmc_hgalloc_out_pack(c, static_cast<const gmc_hgalloc_out_t *>(out),
                       static_cast<gmc_hgalloc_pout_t *>(pout));
}

struct Inst {
  RlModel *m;
  unsigned id;  // in the order of first steps
  uint64_t cycle;
};

struct Cfg {  // one configuration the run uses
  const RlBuilt *built;
  void *dcfg;  // the description's cfg of it
  gmc_port_t ports[GMC_BLOCK_PORTS_MAX];
  unsigned nports;
  size_t in_size, out_size;
};

struct Seam {
  const char *name;
  gmc_observe_fn *hook;
  gmc_observe_fn fn;
  view_fn view;          // NULL: the twin's structs are the ports
  size_t pin, pout;      // the view's sizes
  const gmc_block_t *b;
  bool on;
  uint64_t steps, reads;
  std::unordered_map<const void *, Inst> inst;
  std::vector<Cfg> cfgs;  // built configurations in use, by first use
  std::unordered_map<const void *, size_t> cfg_of;  // harness cfg -> cfgs[]
};

template <int K> void observe(const void *inst, const void *cfg, const void *in, const void *out, uint64_t outs);

Seam g_seam[] = {
    {"bim", &gmc_bim_observer, observe<0>, nullptr, 0, 0, nullptr, false, 0, 0, {}, {}, {}},
    {"bankarb", &gmc_bankarb_observer, observe<1>, nullptr, 0, 0, nullptr, false, 0, 0, {}, {}, {}},
    {"wmc", &gmc_wmc_observer, observe<2>, nullptr, 0, 0, nullptr, false, 0, 0, {}, {}, {}},
    {"hgalloc", &gmc_hgalloc_observer, observe<3>, hg_view, sizeof(gmc_hgalloc_pin_t),
     sizeof(gmc_hgalloc_pout_t), nullptr, false, 0, 0, {}, {}, {}},
    {"pcmwq", &gmc_pcmwq_observer, observe<4>, nullptr, 0, 0, nullptr, false, 0, 0, {}, {}, {}},
};
const unsigned kSeams = sizeof g_seam / sizeof g_seam[0];

std::string built_list(const Seam &s) {
  std::string l;
  for (const RlBuilt *e = g_built; e; e = e->next)
    if (!strcmp(e->block, s.name)) l += std::string(l.empty() ? "" : " ") + e->config;
  return l.empty() ? "none" : l;
}

// The configuration a harness cfg is: the description's name of it; BIM's
// description names a matrix by where it came from (preset, scheme, seed),
// so a BIM is matched to a built configuration by its matrix.
bool bim_same(const void *hcfg, const void *dcfg) {
  const gmc_bim_cfg_t *a = static_cast<const gmc_bim_cfg_t *>(hcfg);
  const gmc_bim_cfg_t *b = static_cast<const gmc_bim_cfg_t *>(dcfg);  // its first member
  return a->width == b->width && a->reg_out == b->reg_out && gmc_gf2_equal(&a->m, &b->m);
}

[[noreturn]] void not_built(const Seam &s, const std::string &want) {
  fprintf(stderr,
          "gmc-rtl: block %s: configuration %s was not built into this gmc-rtl (built: %s); "
          "build it with make rtl-sim RTL_EXTRA=%s:%s\n",
          s.name, want.c_str(), built_list(s).c_str(), s.name,
          !strcmp(s.name, "bim") ? "<map>_<scheme>_s<seed>_r0" : want.c_str());
  exit(2);
}

size_t config_of(Seam &s, const void *hcfg) {
  auto it = s.cfg_of.find(hcfg);
  if (it != s.cfg_of.end()) return it->second;
  const bool bim = !strcmp(s.name, "bim");
  char want[256] = "";
  if (bim) {
    const gmc_bim_cfg_t *c = static_cast<const gmc_bim_cfg_t *>(hcfg);
    snprintf(want, sizeof want, "(the run's BIM matrix, width %u, RegOut %u)", c->width, c->reg_out);
  } else {
    s.b->name_of(hcfg, want, sizeof want);
  }
  for (size_t k = 0; k < s.cfgs.size(); k++) {
    const Cfg &c = s.cfgs[k];
    if (bim ? bim_same(hcfg, c.dcfg) : !strcmp(want, c.built->config)) return s.cfg_of[hcfg] = k;
  }
  for (const RlBuilt *e = g_built; e; e = e->next) {
    if (strcmp(e->block, s.name)) continue;
    char err[256];
    void *d = gmc_block_cfg_new(s.b, e->config, err, sizeof err);
    if (!d) {
      fprintf(stderr, "gmc-rtl: block %s: built configuration %s: %s\n", s.name, e->config, err);
      exit(2);
    }
    if (bim ? bim_same(hcfg, d) : !strcmp(want, e->config)) {
      Cfg c;
      c.built = e;
      c.dcfg = d;
      c.nports = s.b->ports(d, c.ports);
      c.in_size = s.view ? s.pin : s.b->in_size;
      c.out_size = s.view ? s.pout : s.b->out_size;
      s.cfgs.push_back(c);
      return s.cfg_of[hcfg] = s.cfgs.size() - 1;
    }
    free(d);
  }
  not_built(s, want);
}

void print_ports(const Cfg &c, int dir, const char *tag, const void *v) {
  fprintf(stderr, "  %s:", tag);
  for (unsigned i = 0; i < c.nports; i++)
    if (c.ports[i].dir == dir)
      fprintf(stderr, " %s %" PRIx64, c.ports[i].rtl, gmc_port_get(&c.ports[i], v));
  fputc('\n', stderr);
}

// One committed step of the C twin (outs = 0): the same inputs into the
// instance's RTL, every output compared, then the clock edge.  A read
// (outs != 0): the outputs in outs, no edge.
void seam_observe(Seam &s, const void *inst, const void *hcfg, const void *in, const void *out,
                  uint64_t outs) {
  const Cfg &c = s.cfgs[config_of(s, hcfg)];
  auto it = s.inst.find(inst);
  if (it == s.inst.end()) {
    Inst n{c.built->make(g_ctx), (unsigned)s.inst.size(), 0};
    n.m->reset();
    it = s.inst.emplace(inst, n).first;
  }
  Inst &ri = it->second;
  alignas(8) unsigned char pin[4096], pout[4096], rout[4096];
  if (c.in_size > sizeof pin || c.out_size > sizeof pout) {
    fprintf(stderr, "gmc-rtl: block %s: port structs too large\n", s.name);
    exit(2);
  }
  if (s.view) {
    s.view(hcfg, in, out, pin, pout);
    in = pin;
    out = pout;
  }
  if (outs)
    ri.m->read(in, rout);
  else
    ri.m->cycle(in, rout);
  const uint64_t want = outs ? outs : ~(uint64_t)0;
  unsigned k = 0;  // output index
  for (unsigned i = 0; i < c.nports; i++) {
    const gmc_port_t *p = &c.ports[i];
    if (p->dir != GMC_PORT_OUT) continue;
    if (!(want >> (k++ & 63) & 1) || gmc_port_get(p, out) == gmc_port_get(p, rout)) continue;
    fprintf(stderr, "gmc-rtl: MISMATCH block %s instance %u configuration %s%s: cycle %" PRIu64
            " (its steps before this one; %" PRIu64 " %s steps compared in all)%s\n",
            s.name, ri.id, c.built->config, c.built->fault ? " (RTL fault built in)" : "", ri.cycle,
            s.steps, s.name, outs ? ", a combinational read before its step" : "");
    print_ports(c, GMC_PORT_IN, "inputs", in);
    unsigned j = 0;
    for (unsigned m = 0; m < c.nports; m++) {
      const gmc_port_t *q = &c.ports[m];
      if (q->dir != GMC_PORT_OUT) continue;
      const bool cmp = want >> (j++ & 63) & 1;
      const uint64_t e = gmc_port_get(q, out), a = gmc_port_get(q, rout);
      if (cmp)
        fprintf(stderr, "  port %-13s C %" PRIx64 " RTL %" PRIx64 "%s\n", q->rtl, e, a,
                e != a ? "   <-- differs" : "");
    }
    fflush(stderr);
    _exit(1);  // nothing of the run's report is written
  }
  if (outs) {
    s.reads++;
  } else {
    ri.cycle++;
    s.steps++;
  }
}

template <int K> void observe(const void *inst, const void *cfg, const void *in, const void *out, uint64_t outs) {
  seam_observe(g_seam[K], inst, cfg, in, out, outs);
}

int usage(const char *why) {
  fprintf(stderr,
          "gmc-rtl: %s\n"
          "usage: gmc-rtl <gmc command> --rtl BLOCK[,BLOCK...] [--rtl-json FILE] [its options]\n"
          "       gmc-rtl --rtl-list\n"
          "  runs gmc with each named block's Verilated RTL stepped beside its C twin\n"
          "  blocks: bim bankarb wmc hgalloc pcmwq (all: those with a linked configuration):\n",
          why);
  for (unsigned k = 0; k < kSeams; k++) fprintf(stderr, "    %-8s %s\n", g_seam[k].name, built_list(g_seam[k]).c_str());
  return 2;
}

}  // namespace

void rl_register(RlBuilt *b) {
  b->next = g_built;
  g_built = b;
}

int main(int argc, char **argv) {
  std::vector<char *> args;
  const char *list = nullptr, *json = nullptr;
  for (int i = 0; i < argc; i++) {
    if (i > 0 && (!strcmp(argv[i], "--rtl") || !strcmp(argv[i], "--rtl-json"))) {
      if (i + 1 >= argc) return usage((std::string(argv[i]) + " needs a value").c_str());
      (!strcmp(argv[i], "--rtl") ? list : json) = argv[i + 1];
      i++;
      continue;
    }
    args.push_back(argv[i]);
  }
  if (argc == 2 && !strcmp(argv[1], "--rtl-list")) {
    usage("the blocks and their linked configurations");
    return 0;
  }
  if (!list) return usage("expected --rtl BLOCK[,BLOCK...], found none");
  std::string l(list);
  size_t p = 0;
  while (p <= l.size()) {
    size_t e = l.find(',', p);
    if (e == std::string::npos) e = l.size();
    std::string n = l.substr(p, e - p);
    bool found = false;
    for (unsigned k = 0; k < kSeams; k++)
      if (n == g_seam[k].name || (n == "all" && built_list(g_seam[k]) != "none"))
        g_seam[k].on = found = true;
    if (!found) return usage(("--rtl: expected bim, bankarb, wmc, hgalloc, pcmwq or all, found '" + n + "'").c_str());
    p = e + 1;
  }
  for (unsigned k = 0; k < kSeams; k++) {
    Seam &s = g_seam[k];
    if (!s.on) continue;
    s.b = gmc_block_find(s.name);
    if (!s.b) return usage((std::string("no block description ") + s.name).c_str());
    if (built_list(s) == "none") {
      fprintf(stderr, "gmc-rtl: block %s: no configuration was built into this gmc-rtl; build one with "
              "make rtl-sim RTL_EXTRA=%s:<configuration> (gmc block list)\n", s.name, s.name);
      return 2;
    }
    *s.hook = s.fn;
  }
  g_ctx = new VerilatedContext;
  args.push_back(nullptr);
  int rc = gmc_cli_main((int)args.size() - 1, args.data());

  FILE *jf = nullptr;
  if (json && !(jf = fopen(json, "w"))) {
    fprintf(stderr, "gmc-rtl: %s: cannot write\n", json);
    rc = rc ? rc : 1;
  }
  if (jf) fprintf(jf, "{\"rtl\": [");
  bool first = true;
  for (unsigned k = 0; k < kSeams; k++) {
    Seam &s = g_seam[k];
    if (!s.on) continue;
    std::string cfgs;
    for (const Cfg &c : s.cfgs) cfgs += std::string(cfgs.empty() ? "" : " ") + c.built->config;
    fprintf(stderr, "gmc-rtl: %s: %" PRIu64 " steps compared (+ %" PRIu64 " reads), %zu instance(s), configuration(s) %s%s\n",
            s.name, s.steps, s.reads, s.inst.size(), cfgs.empty() ? "none" : cfgs.c_str(),
            s.steps ? "" : " (the run never called this block)");
    if (jf) {
      fprintf(jf, "%s{\"block\": \"%s\", \"steps\": %" PRIu64 ", \"reads\": %" PRIu64 ", \"instances\": %zu, \"configs\": \"%s\"}",
              first ? "" : ", ", s.name, s.steps, s.reads, s.inst.size(), cfgs.c_str());
      first = false;
    }
    for (auto &i : s.inst) delete i.second.m;
  }
  if (jf) {
    fprintf(jf, "]}\n");
    if (fclose(jf)) rc = rc ? rc : 1;
  }
  delete g_ctx;
  return rc;
}
