/* gmc vectors <block> --help: written from the block's description
 * (vec_about, vec_opts) and, for a block with one, its source's options. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "vec/gmc_block.h"

/* Help text is wrapped before this column. */
#define HELP_COLS 80

/* One word (or "[--opt ARG]") at *col, on a new line indented by indent if
 * it would pass HELP_COLS. */
static void usage_word(FILE *f, const char *word, size_t len, unsigned *col, unsigned indent)
{
    if (*col > indent && *col + 1 + len > HELP_COLS) {
        fprintf(f, "\n%*s", (int)indent, "");
        *col = indent;
    } else {
        fputc(' ', f);
        (*col)++;
    }
    fwrite(word, 1, len, f);
    *col += (unsigned)len;
}

/* text, word by word from column *col, continued lines indented by
 * indent. */
static void usage_text(FILE *f, const char *text, unsigned *colp, unsigned indent)
{
    unsigned col = *colp;
    for (const char *p = text; *p;) {
        size_t len = strcspn(p, " ");
        if (col == indent) {   /* a line's first word: no space before it */
            fwrite(p, 1, len, f);
            col += (unsigned)len;
        } else {
            usage_word(f, p, len, &col, indent);
        }
        p += len;
        p += strspn(p, " ");
    }
    *colp = col;
}

void vectors_usage(FILE *f, const gmc_block_t *b, const cli_vec_source_t *src, unsigned cycles_max)
{
    char w[64], line[512];
    int n = fprintf(f, "usage: gmc vectors %s", b->name);
    unsigned col = n > 0 ? (unsigned)n : 0, indent = col + 1;
    if (src)
        usage_word(f, src->usage, strlen(src->usage), &col, indent);
    for (const gmc_block_opt_t *o = b->vec_opts; o->opt; o++) {
        snprintf(w, sizeof w, "[%s %s]", o->opt, o->arg);
        usage_word(f, w, strlen(w), &col, indent);
    }
    usage_word(f, "[--cycles N]", 12, &col, indent);
    usage_word(f, "[--stim-seed N]", 15, &col, indent);
    usage_word(f, "-o FILE", 7, &col, indent);
    snprintf(line, sizeof line, "Writes a self-describing vector file (header: block, parameters, "
             "seeds, ports) for %s from the C model; the generated testbench (gmc block tb %s) "
             "replays it.", b->vec_about, b->name);
    col = 0;
    fputc('\n', f);
    usage_text(f, line, &col, 0);
    fputc('\n', f);
    if (!src) {   /* the configuration name the options spell */
        int k = snprintf(line, sizeof line, "The same file as gmc block vectors %s CONFIG, CONFIG = ",
                         b->name);
        for (const gmc_block_opt_t *o = b->vec_opts; o->opt && k > 0 && (size_t)k < sizeof line; o++)
            k += snprintf(line + k, sizeof line - (size_t)k, "%s%s<%s>", o == b->vec_opts ? "" : "_",
                          o->tag, o->opt + 2);
        col = 0;
        usage_text(f, line, &col, 0);
        fputc('\n', f);
    }
    fputc('\n', f);
    if (src)
        src->help(f);
    fprintf(f, "%s:\n", src ? "vector options" : "options");
    for (const gmc_block_opt_t *o = b->vec_opts; o->opt; o++) {
        int k = snprintf(line, sizeof line, "%s", o->help);
        if (o->lo != 0 || o->hi != 1)
            k += snprintf(line + k, sizeof line - (size_t)k, ", %s%llu..%llu",
                          o->pow2 ? "power of 2, " : "", (unsigned long long)o->lo,
                          (unsigned long long)o->hi);
        if (o->sum_max)
            k += snprintf(line + k, sizeof line - (size_t)k, "; plus %s at most %llu", o[1].opt,
                          (unsigned long long)o->sum_max);
        snprintf(w, sizeof w, "%s %s", o->opt, o->arg);
        fprintf(f, "  %-18s ", w);
        col = 21;
        usage_text(f, line, &col, 21);
        snprintf(w, sizeof w, "(default %llu)", (unsigned long long)o->def);
        usage_word(f, w, strlen(w), &col, 21);
        fputc('\n', f);
    }
    fprintf(f,
        "  --cycles N         cycles to write, 1..%u (default 1000)\n"
        "  --stim-seed N      seed of the random stimulus (default 1)\n"
        "  -o FILE            output file ('-' = stdout); written whole or not at all\n",
        cycles_max);
}

