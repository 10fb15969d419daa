/* gmc icnt: the report as text or JSON, and the CSV (icnt_cli.h).  The
 * network's options are printed from the field table, so a new field
 * shows up in every output. */
#include <stdio.h>
#include <string.h>
#include "icnt_cli.h"

void icnt_curve_label(const icnt_curve_t *c, char *buf, size_t n)
{
    snprintf(buf, n, "%s/%s", c->topo->name, gmc_alloc_hold_name(c->hold));
}

/* A field's value as the report prints it: its name, or the number. */
static void field_text(const icnt_opts_t *o, const icnt_field_t *f, char *buf, size_t n)
{
    uint32_t v = icnt_field_value(&o->net, f);
    if (f->name_of && f->name_of(v))
        snprintf(buf, n, "%s", f->name_of(v));
    else
        snprintf(buf, n, "%u", v);
}

static void traffic_text(FILE *f, const icnt_opts_t *o)
{
    const gmc_netload_cfg_t *l = &o->load;
    fprintf(f, "traffic: %s", gmc_netload_pattern_name(l->pattern));
    if (l->pattern == GMC_NETLOAD_ROWSTREAM)
        fprintf(f, ", locality %g, dst-run %g", l->locality, l->dst_run);
    fprintf(f, "; %u banks x %llu rows, %u-byte packets, seed %llu\n", l->banks, (unsigned long long)l->rows,
            l->bytes, (unsigned long long)l->seed);
}

void icnt_write_text(FILE *f, const icnt_result_t *r)
{
    const icnt_opts_t *o = r->o;
    fprintf(f, "network: alloc %s", o->alloc->name);
    for (unsigned i = 0; icnt_field_get(i); i++) {
        char v[64];
        field_text(o, icnt_field_get(i), v, sizeof v);
        fprintf(f, ", %s %s", icnt_field_get(i)->name, v);
    }
    fprintf(f, ", placement %s\n", o->net.in_node ? gmc_icnt_place_name(o->placement) : "none");
    traffic_text(f, o);
    fprintf(f, "cycles: warm-up %llu, window %llu, then until every packet created in the window is out\n"
               "saturation: %s\n",
            (unsigned long long)o->load.warmup, (unsigned long long)o->load.cycles, ICNT_SAT_RULE);
    for (unsigned k = 0; k < r->ncurve; k++) {
        const icnt_curve_t *c = &r->curve[k];
        char lbl[64];
        icnt_curve_label(c, lbl, sizeof lbl);
        fprintf(f, "\n%s: zero-load latency %.2f cycles; ", lbl, c->zero_load);
        if (c->sat >= 0)
            fprintf(f, "saturated at rate %g (by %s), accepted %.4f\n", o->rate[c->sat], c->sat_by,
                    c->pt[c->sat].accepted);
        else
            fprintf(f, "not saturated up to rate %g\n", o->rate[o->nrate - 1]);
        fprintf(f, "  %6s %8s %8s %9s %7s %10s %10s %9s\n", "rate", "offered", "accepted", "latency", "p99",
                "loc-before", "loc-after", "holds");
        for (unsigned i = 0; i < o->nrate; i++) {
            const gmc_netload_result_t *p = &c->pt[i];
            fprintf(f, "  %6g %8.4f %8.4f %9.2f %7llu %10.3f %10.3f %9llu\n", o->rate[i], p->offered,
                    p->accepted, p->lat_mean, (unsigned long long)p->lat_p99, p->loc_before, p->loc_after,
                    (unsigned long long)p->holds);
        }
    }
}

void icnt_write_json(FILE *f, const icnt_result_t *r)
{
    const icnt_opts_t *o = r->o;
    const gmc_netload_cfg_t *l = &o->load;
    fprintf(f, "{\n  \"command\": \"icnt\",\n  \"network\": {\"alloc\": \"%s\"", o->alloc->name);
    for (unsigned i = 0; icnt_field_get(i); i++) {
        const icnt_field_t *fd = icnt_field_get(i);
        char v[64], key[64];
        field_text(o, fd, v, sizeof v);
        snprintf(key, sizeof key, "%s", fd->name);
        for (char *c = key; *c; c++)
            *c = *c == '-' ? '_' : *c;
        fprintf(f, fd->name_of ? ", \"%s\": \"%s\"" : ", \"%s\": %s", key, v);
    }
    fprintf(f, ", \"placement\": \"%s\"", o->net.in_node ? gmc_icnt_place_name(o->placement) : "none");
    fprintf(f, "},\n  \"traffic\": {\"pattern\": \"%s\", ", gmc_netload_pattern_name(l->pattern));
    if (l->pattern == GMC_NETLOAD_ROWSTREAM)
        fprintf(f, "\"locality\": %g, \"dst_run\": %g, ", l->locality, l->dst_run);
    fprintf(f, "\"banks\": %u, \"rows\": %llu, \"packet_bytes\": %u, \"seed\": %llu},\n"
               "  \"cycles\": {\"warmup\": %llu, \"window\": %llu},\n  \"saturation_rule\": \"%s\",\n"
               "  \"curves\": [",
            l->banks, (unsigned long long)l->rows, l->bytes, (unsigned long long)l->seed,
            (unsigned long long)l->warmup, (unsigned long long)l->cycles, ICNT_SAT_RULE);
    for (unsigned k = 0; k < r->ncurve; k++) {
        const icnt_curve_t *c = &r->curve[k];
        fprintf(f, "%s\n    {\"topology\": \"%s\", \"hold\": \"%s\", \"zero_load_latency\": %.4f,\n"
                   "     \"saturation\": ",
                k ? "," : "", c->topo->name, gmc_alloc_hold_name(c->hold), c->zero_load);
        if (c->sat >= 0)
            fprintf(f, "{\"rate\": %g, \"by\": \"%s\", \"offered\": %.6f, \"accepted\": %.6f},\n", o->rate[c->sat],
                    c->sat_by, c->pt[c->sat].offered, c->pt[c->sat].accepted);
        else
            fprintf(f, "null,\n");
        fprintf(f, "     \"points\": [");
        for (unsigned i = 0; i < o->nrate; i++) {
            const gmc_netload_result_t *p = &c->pt[i];
            fprintf(f, "%s\n      {\"rate\": %g, \"offered\": %.6f, \"accepted\": %.6f, \"latency_mean\": %.4f, "
                       "\"latency_p99\": %llu, \"latency_max\": %llu, \"packets\": %llu, \"rowloc_before\": %.4f, "
                       "\"rowloc_after\": %.4f, \"holds\": %llu, \"hold_ends\": %llu, \"end_cycle\": %llu}",
                    i ? "," : "", o->rate[i], p->offered, p->accepted, p->lat_mean,
                    (unsigned long long)p->lat_p99, (unsigned long long)p->lat_max, (unsigned long long)p->packets,
                    p->loc_before, p->loc_after, (unsigned long long)p->holds, (unsigned long long)p->hold_ends,
                    (unsigned long long)p->end_cycle);
        }
        fprintf(f, "\n     ]}");
    }
    fprintf(f, "\n  ]\n}\n");
}

void icnt_write_csv(FILE *f, const icnt_result_t *r)
{
    const icnt_opts_t *o = r->o;
    fprintf(f, "topology,hold,rate,offered,accepted,latency_mean,latency_p99,latency_max,packets,rowloc_before,"
               "rowloc_after,holds,hold_ends,zero_load_latency,saturated\n");
    for (unsigned k = 0; k < r->ncurve; k++) {
        const icnt_curve_t *c = &r->curve[k];
        for (unsigned i = 0; i < o->nrate; i++) {
            const gmc_netload_result_t *p = &c->pt[i];
            fprintf(f, "%s,%s,%g,%.6f,%.6f,%.4f,%llu,%llu,%llu,%.4f,%.4f,%llu,%llu,%.4f,%d\n", c->topo->name,
                    gmc_alloc_hold_name(c->hold), o->rate[i], p->offered, p->accepted, p->lat_mean,
                    (unsigned long long)p->lat_p99, (unsigned long long)p->lat_max, (unsigned long long)p->packets,
                    p->loc_before, p->loc_after, (unsigned long long)p->holds, (unsigned long long)p->hold_ends,
                    c->zero_load, c->sat >= 0 && (int)i >= c->sat);
        }
    }
}
