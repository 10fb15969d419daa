/* gmc entropy: window-based address-bit entropy of a trace (seed 003
 * sec. III), raw and after a BIM address mapping.  docs/entropy.md. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "analysis/gmc_entropy.h"
#include "analysis/gmc_trace.h"
#include "analysis/gmc_tracegen.h"
#include "bim_opts.h"
#include "blocks/gmc_bim.h"
#include "cli.h"

#define CMD "entropy"

static void usage(FILE *f)
{
    fprintf(f,
        "usage: gmc entropy (--trace FILE | --gen NAME) [options]\n"
        "Window-based entropy of every address bit (seed 003 sec. III, Eq. 1-2):\n"
        "per kernel, per TB the bit value ratio (BVR) of each bit; TBs sorted by\n"
        "id; windows of W consecutive TBs; H* = mean over windows of the entropy\n"
        "of the window's BVR values (log base = number of distinct values);\n"
        "kernels averaged weighted by their request counts.\n\n"
        "input (one of):\n"
        "  --trace FILE       lines '<kernel> <tb> <hex address>', '#' comments; '-' = stdin\n"
        "  --gen NAME         built-in trace:");
    for (unsigned i = 0; gmc_tracegen_name(i); i++)
        fprintf(f, " %s", gmc_tracegen_name(i));
    fprintf(f, "\n");
    for (unsigned i = 0; gmc_tracegen_name(i); i++)
        fprintf(f, "                       %-10s %s\n", gmc_tracegen_name(i),
                gmc_tracegen_summary(i));
    fprintf(f,
        "  --n N              transpose: matrix side (default %u)\n"
        "  --gen-out FILE     also write the generated trace to FILE (trace format)\n"
        "analysis:\n"
        "  --window W         TBs per window (default %u = SMs of seed 003 Table I)\n"
        "  --bits N           address bits to analyse, 1..64 (default: the map's width)\n"
        "  --wrap             mask addresses to the width instead of rejecting them\n"
        "  --kernel K         analyse only kernel K\n",
        GMC_TRACEGEN_TRANSPOSE_N, GMC_ENTROPY_DEFAULT_WINDOW);
    bim_sel_usage(f);
    fprintf(f,
        "  (with --scheme or --matrix the mapped addresses are analysed too)\n"
        "output:\n"
        "  --json             one JSON object on stdout instead of the table\n"
        "  -o FILE            table/JSON to FILE instead of stdout\n"
        "  --csv FILE         bit,field,entropy[,mapped]\n"
        "  --png FILE         bar chart via gnuplot (MSB left, block bits omitted,\n"
        "                     channel/bank bits shaded, raw and mapped side by side)\n"
        "  -h, --help         this text\n"
        "exit: 0 ok, 1 bad input (one line 'gmc entropy: FILE:LINE: ...'), 2 usage\n");
}

/* ------------------------------------------------------------ options */

typedef struct {
    const char *trace, *gen, *gen_out, *csv, *png, *out;
    uint64_t    window, bits, n, kernel;
    int         have_bits, have_n, have_kernel, wrap, json, mapped;
    bim_sel_t   sel;
} opts_t;

static int value(int argc, char **argv, int *i, const char **v)
{
    if (*i + 1 >= argc)
        return cli_usage_error(CMD, "option %s needs a value", argv[*i]);
    *v = argv[++*i];
    return 0;
}

static int number(int argc, char **argv, int *i, uint64_t *x, uint64_t lo,
                  uint64_t hi, const char *what)
{
    const char *v = NULL;
    if (value(argc, argv, i, &v))
        return 2;
    if (cli_parse_u64(v, x) || *x < lo || *x > hi)
        return cli_usage_error(CMD, "%s: expected %s (%" PRIu64 "..%" PRIu64
                               "), found '%s'", argv[*i - 1], what, lo, hi, v);
    return 0;
}

/* 0 = run, 2 = usage error (printed), -1 = --help printed. */
static int parse(opts_t *o, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    bim_sel_defaults(&o->sel);
    o->window = GMC_ENTROPY_DEFAULT_WINDOW;
    o->n = GMC_TRACEGEN_TRANSPOSE_N;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int is_matrix = !strcmp(a, "--scheme") || !strcmp(a, "--matrix");
        int r = bim_sel_option(&o->sel, CMD, argc, argv, &i);
        if (r < 0)
            return 2;
        if (r > 0) {
            o->mapped |= is_matrix;
            continue;
        }
        int rc = 0;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return -1;
        } else if (!strcmp(a, "--trace"))   rc = value(argc, argv, &i, &o->trace);
        else if (!strcmp(a, "--gen"))       rc = value(argc, argv, &i, &o->gen);
        else if (!strcmp(a, "--gen-out"))   rc = value(argc, argv, &i, &o->gen_out);
        else if (!strcmp(a, "--csv"))       rc = value(argc, argv, &i, &o->csv);
        else if (!strcmp(a, "--png"))       rc = value(argc, argv, &i, &o->png);
        else if (!strcmp(a, "-o"))          rc = value(argc, argv, &i, &o->out);
        else if (!strcmp(a, "--json"))      o->json = 1;
        else if (!strcmp(a, "--wrap"))      o->wrap = 1;
        else if (!strcmp(a, "--window"))
            rc = number(argc, argv, &i, &o->window, 1, UINT32_MAX,
                        "a window of at least one TB");
        else if (!strcmp(a, "--bits")) {
            rc = number(argc, argv, &i, &o->bits, 1, 64, "an address width");
            o->have_bits = 1;
        } else if (!strcmp(a, "--n")) {
            rc = number(argc, argv, &i, &o->n, 1, GMC_TRACEGEN_TRANSPOSE_MAX,
                        "a matrix side");
            o->have_n = 1;
        } else if (!strcmp(a, "--kernel")) {
            rc = number(argc, argv, &i, &o->kernel, 0, UINT64_MAX, "a kernel id");
            o->have_kernel = 1;
        } else
            return cli_usage_error(CMD, "unknown option '%s' (gmc entropy --help)", a);
        if (rc)
            return 2;
    }
    if (!o->trace == !o->gen)
        return cli_usage_error(CMD, "expected exactly one of --trace FILE or --gen NAME");
    if (o->gen && gmc_tracegen_find(o->gen) < 0) {
        fprintf(stderr, "gmc entropy: --gen: expected one of");
        for (unsigned i = 0; gmc_tracegen_name(i); i++)
            fprintf(stderr, " %s", gmc_tracegen_name(i));
        fprintf(stderr, ", found '%s'\n", o->gen);
        return 2;
    }
    if (o->trace && (o->gen_out || o->have_n))
        return cli_usage_error(CMD, "%s needs --gen", o->gen_out ? "--gen-out" : "--n");
    if (o->have_n && strcmp(o->gen, "transpose"))
        return cli_usage_error(CMD, "--n applies to --gen transpose only");
    return 0;
}

/* ----------------------------------------------- all-or-nothing files */

/* Every output is written to a temporary file first.  Commit renames it
 * over a regular file (or the file a symlink points to), or copies it into
 * anything else ("-" = stdout, /dev/stdout, a FIFO): nothing is written to
 * the destination unless the whole run succeeded. */
typedef struct {
    const char *path;   /* as given */
    char       *tmp;
    int         copy;   /* destination is not a regular file: copy */
    FILE       *f;
} outfile_t;

static const char *tmp_dir(void)
{
    const char *t = getenv("TMPDIR");
    return t && *t ? t : "/tmp";
}

static int out_open(outfile_t *o, const char *path)
{
    memset(o, 0, sizeof *o);
    o->path = path;
    struct stat sb;
    /* A symlink is written through (copied into), never replaced. */
    o->copy = !strcmp(path, "-") || (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) ||
              (lstat(path, &sb) == 0 && S_ISLNK(sb.st_mode));
    size_t l = o->copy ? strlen(tmp_dir()) + 24 : strlen(path) + 16;
    o->tmp = malloc(l);
    if (!o->tmp) {
        fprintf(stderr, "gmc entropy: %s: out of memory\n", path);
        return -1;
    }
    if (o->copy)
        snprintf(o->tmp, l, "%s/gmc-entropy-XXXXXX", tmp_dir());
    else
        snprintf(o->tmp, l, "%s.tmp.XXXXXX", path);
    int fd = mkstemp(o->tmp);
    if (fd >= 0) {               /* mkstemp makes 0600; honour the umask */
        mode_t um = umask(022);
        umask(um);
        int ignored = fchmod(fd, 0666 & ~um);   /* 0600 is fine too */
        (void)ignored;
    }
    if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
        fprintf(stderr, "gmc entropy: %s: cannot write: %s\n", path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(o->tmp);
        }
        free(o->tmp);
        o->tmp = NULL;
        return -1;
    }
    return 0;
}

/* Closes the temporary file (reporting write errors); does not commit. */
static int out_close(outfile_t *o)
{
    if (!o->f)
        return 0;
    int bad = ferror(o->f);
    if (fclose(o->f))
        bad = 1;
    o->f = NULL;
    if (bad) {
        fprintf(stderr, "gmc entropy: %s: write error: %s\n", o->path, strerror(errno));
        return -1;
    }
    return 0;
}

static void out_abort(outfile_t *o)
{
    if (o->f)
        fclose(o->f);
    o->f = NULL;
    if (o->tmp)
        unlink(o->tmp);
    free(o->tmp);
    o->tmp = NULL;
}

static int copy_into(const char *from, const char *path)
{
    FILE *in = fopen(from, "rb");
    int to_stdout = !strcmp(path, "-");
    FILE *out = to_stdout ? stdout : fopen(path, "wb");
    int rc = -1;
    if (in && out) {
        char buf[65536];
        size_t n;
        while ((n = fread(buf, 1, sizeof buf, in)) > 0)
            if (fwrite(buf, 1, n, out) != n)
                break;
        rc = ferror(in) || ferror(out) || fflush(out) ? -1 : 0;
    }
    int e = errno;
    if (in)
        fclose(in);
    if (out && !to_stdout && fclose(out))
        rc = -1;
    if (rc)
        fprintf(stderr, "gmc entropy: %s: cannot write: %s\n", path, strerror(e));
    return rc;
}

static int out_commit(outfile_t *o)
{
    if (!o->tmp)
        return 0;
    if (out_close(o))
        return -1;
    if (o->copy) {
        if (copy_into(o->tmp, o->path))
            return -1;
        unlink(o->tmp);
    } else if (rename(o->tmp, o->path)) {
        fprintf(stderr, "gmc entropy: %s: cannot write: %s\n", o->path,
                strerror(errno));
        return -1;
    }
    free(o->tmp);
    o->tmp = NULL;
    return 0;
}

/* ------------------------------------------------------------ the pass */

typedef struct {
    gmc_entropy_t       *acc;
    const gmc_bim_cfg_t *bim;      /* NULL: raw only */
    unsigned             width;
    int                  wrap;
    int                  have_kernel;
    uint64_t             kernel;
    FILE                *gen_out;
    const char          *gen;
    uint64_t             nrec, kept;
    char                 err[1024];
} sink_t;

static int add(sink_t *s, const gmc_trace_rec_t *r)
{
    if (s->have_kernel && r->kernel != s->kernel)
        return 0;
    uint64_t a[2] = {r->addr, 0};
    if (s->bim)
        a[1] = gmc_bim_map(s->bim, r->addr);
    if (gmc_entropy_add(s->acc, r->kernel, r->tb, a)) {
        snprintf(s->err, sizeof s->err, "out of memory after %" PRIu64
                 " requests", s->kept);
        return 1;
    }
    s->kept++;
    return 0;
}

static int gen_sink(void *ctx, const gmc_trace_rec_t *r)
{
    sink_t *s = ctx;
    s->nrec++;
    if (s->gen_out && gmc_trace_write(s->gen_out, r)) {
        snprintf(s->err, sizeof s->err, "write error on --gen-out: %s",
                 strerror(errno));
        return 1;
    }
    gmc_trace_rec_t m = *r;
    if (s->width < 64 && (m.addr >> s->width)) {
        if (!s->wrap) {
            snprintf(s->err, sizeof s->err, "--gen %s:%" PRIu64 ": expected an "
                     "address below 0x%" PRIx64 " (%u address bits), found '0x%"
                     PRIx64 "'; use --bits N for a wider address, --wrap to "
                     "mask it, or a smaller --n", s->gen, s->nrec,
                     (uint64_t)1 << s->width, s->width, m.addr);
            return 1;
        }
        m.addr &= ((uint64_t)1 << s->width) - 1;
    }
    return add(s, &m);
}

/* ------------------------------------------------------------ output */

typedef struct {
    const opts_t         *o;
    const gmc_addrmap_t  *map;
    unsigned              bits;
    const double         *h[2];      /* raw, mapped (NULL if none) */
    gmc_entropy_summary_t sum;
    char                  source[600];
} result_t;

static void field_of(const result_t *r, unsigned b, char *buf, size_t n)
{
    if (b >= r->map->width)
        snprintf(buf, n, "-");
    else
        snprintf(buf, n, "%s%u", gmc_field_name((gmc_field_t)r->map->field[b]),
                 r->map->fbit[b]);
}

static int is_field(const result_t *r, unsigned b, gmc_field_t f)
{
    return b < r->map->width && ((r->map->fmask[f] >> b) & 1);
}

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

static void json_bits(FILE *f, const result_t *r, gmc_field_t fl)
{
    int first = 1;
    fputc('[', f);
    for (unsigned b = 0; b < r->bits; b++)
        if (is_field(r, b, fl)) {
            fprintf(f, "%s%u", first ? "" : ", ", b);
            first = 0;
        }
    fputc(']', f);
}

static void json_array(FILE *f, const double *h, unsigned bits)
{
    fputc('[', f);
    for (unsigned b = 0; b < bits; b++)
        fprintf(f, "%s%.6f", b ? ", " : "", h[b]);
    fputc(']', f);
}

static void write_json(FILE *f, const result_t *r)
{
    const opts_t *o = r->o;
    fprintf(f, "{\n  \"source\": ");
    json_str(f, r->source);
    fprintf(f, ",\n  \"%s\": ", o->trace ? "trace" : "gen");
    json_str(f, o->trace ? o->trace : o->gen);
    if (o->gen && !strcmp(o->gen, "transpose"))
        fprintf(f, ",\n  \"n\": %" PRIu64, o->n);
    fprintf(f, ",\n  \"map\": ");
    json_str(f, r->map->name);
    fprintf(f, ",\n  \"bits\": %u,\n  \"window\": %" PRIu64 ",\n  \"kernels\": %zu,\n"
               "  \"tbs\": %zu,\n  \"requests\": %" PRIu64 ",\n  \"windows\": %" PRIu64
               ",\n  \"short_kernels\": %zu,\n",
            r->bits, o->window, r->sum.kernels, r->sum.tbs, r->sum.requests,
            r->sum.windows, r->sum.short_kernels);
    if (o->have_kernel)
        fprintf(f, "  \"kernel\": %" PRIu64 ",\n", o->kernel);
    fprintf(f, "  \"channel_bits\": ");
    json_bits(f, r, GMC_F_CH);
    fprintf(f, ",\n  \"bank_bits\": ");
    json_bits(f, r, GMC_F_BANK);
    fprintf(f, ",\n  \"fields\": [");
    for (unsigned b = 0; b < r->bits; b++) {
        char fl[24];
        field_of(r, b, fl, sizeof fl);
        fprintf(f, "%s", b ? ", " : "");
        json_str(f, fl);
    }
    fprintf(f, "],\n  \"entropy\": ");
    json_array(f, r->h[0], r->bits);
    if (r->h[1]) {
        fprintf(f, ",\n  \"mapped\": {\"scheme\": ");
        if (o->sel.matrix_file) {
            fprintf(f, "\"matrix\", \"matrix\": ");
            json_str(f, o->sel.matrix_file);
        } else {
            json_str(f, o->sel.scheme);
            fprintf(f, ", \"seed\": %" PRIu64, o->sel.seed);
        }
        fprintf(f, ", \"entropy\": ");
        json_array(f, r->h[1], r->bits);
        fprintf(f, "}");
    }
    fprintf(f, "\n}\n");
}

static void write_table(FILE *f, const result_t *r)
{
    const opts_t *o = r->o;
    fprintf(f, "# gmc entropy: %s\n", r->source);
    fprintf(f, "# map %s (%u bits), %u bits analysed, window %" PRIu64 "\n",
            r->map->name, r->map->width, r->bits, o->window);
    fprintf(f, "# %zu kernel%s, %zu TBs, %" PRIu64 " requests, %" PRIu64
               " window%s\n", r->sum.kernels, r->sum.kernels == 1 ? "" : "s",
            r->sum.tbs, r->sum.requests, r->sum.windows,
            r->sum.windows == 1 ? "" : "s");
    if (r->sum.short_kernels)
        fprintf(f, "# note: %zu kernel%s fewer than %" PRIu64 " TBs; %s one "
                   "window of all its TBs\n", r->sum.short_kernels,
                r->sum.short_kernels == 1 ? " has" : "s have", o->window,
                r->sum.short_kernels == 1 ? "it uses" : "each uses");
    if (r->h[1])
        fprintf(f, "# mapped: %s\n", o->sel.label);
    fprintf(f, "%4s  %-8s %8s%s\n", "bit", "field", "entropy",
            r->h[1] ? "   mapped" : "");
    for (unsigned b = r->bits; b-- > 0;) {
        char fl[24];
        field_of(r, b, fl, sizeof fl);
        fprintf(f, "%4u  %-8s %8.4f", b, fl, r->h[0][b]);
        if (r->h[1])
            fprintf(f, " %8.4f", r->h[1][b]);
        fputc('\n', f);
    }
}

static void write_csv(FILE *f, const result_t *r)
{
    fprintf(f, "bit,field,entropy%s\n", r->h[1] ? ",mapped" : "");
    for (unsigned b = 0; b < r->bits; b++) {
        char fl[24];
        field_of(r, b, fl, sizeof fl);
        fprintf(f, "%u,%s,%.6f", b, fl, r->h[0][b]);
        if (r->h[1])
            fprintf(f, ",%.6f", r->h[1][b]);
        fputc('\n', f);
    }
}

/* gnuplot-safe single-quoted string body. */
static void gp_str(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++)
        if (*s == '\'')
            fputs("''", f);
        else if ((unsigned char)*s >= 0x20)
            fputc(*s, f);
    fputc('\'', f);
}

/* Runs `gnuplot script`; returns 0 or prints one error line. */
static int run_gnuplot(const char *script, const char *log)
{
    int pfd[2];
    if (pipe(pfd)) {
        fprintf(stderr, "gmc entropy: --png: pipe: %s\n", strerror(errno));
        return -1;
    }
    fcntl(pfd[1], F_SETFD, FD_CLOEXEC);
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "gmc entropy: --png: fork: %s\n", strerror(errno));
        close(pfd[0]);
        close(pfd[1]);
        return -1;
    }
    if (pid == 0) {
        close(pfd[0]);
        int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
            close(fd);
        }
        execlp("gnuplot", "gnuplot", script, (char *)NULL);
        int e = errno;
        ssize_t w = write(pfd[1], &e, sizeof e);
        (void)w;
        _exit(127);
    }
    close(pfd[1]);
    int e = 0;
    ssize_t got = read(pfd[0], &e, sizeof e);
    close(pfd[0]);
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (got == (ssize_t)sizeof e) {
        if (e == ENOENT)
            fprintf(stderr, "gmc entropy: --png needs gnuplot, which is not on "
                    "PATH (install it: make deps, or apt-get install gnuplot-nox; "
                    "--csv/--json need nothing)\n");
        else
            fprintf(stderr, "gmc entropy: --png: cannot run gnuplot: %s\n",
                    strerror(e));
        return -1;
    }
    if (!WIFEXITED(st) || WEXITSTATUS(st)) {
        char line[300] = "";
        FILE *lf = fopen(log, "r");
        if (lf) {
            if (!fgets(line, sizeof line, lf))
                line[0] = 0;
            fclose(lf);
        }
        line[strcspn(line, "\r\n")] = 0;
        fprintf(stderr, "gmc entropy: --png: gnuplot failed (%s %d): %s\n",
                WIFEXITED(st) ? "exit" : "signal",
                WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st), line);
        return -1;
    }
    return 0;
}

/* Draws the chart into png->tmp (already created by out_open). */
static int write_png(const result_t *r, outfile_t *png)
{
    const opts_t *o = r->o;
    char dir[512];
    snprintf(dir, sizeof dir, "%s/gmc-entropy-XXXXXX", tmp_dir());
    if (!mkdtemp(dir)) {
        fprintf(stderr, "gmc entropy: --png: cannot make a temporary directory "
                "in %s: %s\n", tmp_dir(), strerror(errno));
        return -1;
    }
    char dat[600], gp[600], log[600];
    snprintf(dat, sizeof dat, "%s/entropy.dat", dir);
    snprintf(gp, sizeof gp, "%s/entropy.gp", dir);
    snprintf(log, sizeof log, "%s/gnuplot.log", dir);
    int rc = -1;
    FILE *d = fopen(dat, "w"), *s = fopen(gp, "w");
    if (!d || !s) {
        fprintf(stderr, "gmc entropy: --png: cannot write in %s: %s\n", dir,
                strerror(errno));
        goto done;
    }
    /* Bits shown: MSB down to the lowest non-block bit (seed 003 Fig. 5). */
    unsigned lo = 0;
    while (lo + 1 < r->bits && is_field(r, lo, GMC_F_BLOCK))
        lo++;
    fprintf(d, "# idx bit field entropy mapped\n");
    unsigned idx = 0;
    for (unsigned b = r->bits; b-- > lo; idx++) {
        char fl[24];
        field_of(r, b, fl, sizeof fl);
        fprintf(d, "%u %u %s %.6f %.6f\n", idx, b, fl, r->h[0][b],
                r->h[1] ? r->h[1][b] : 0.0);
    }
    unsigned nshown = idx;
    fprintf(s, "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n"
               "  set terminal pngcairo size %u,420 font 'sans,10'\n"
               "} else {\n  set terminal png size %u,420\n}\n",
            160 + nshown * 26, 160 + nshown * 26);
    fprintf(s, "set output ");
    gp_str(s, png->tmp);
    fprintf(s, "\nset title ");
    char title[900];
    snprintf(title, sizeof title, "%s -- window %" PRIu64 ", map %s", r->source,
             o->window, r->map->name);
    gp_str(s, title);
    fprintf(s, " noenhanced\n"
               "set style data histograms\n"
               "set style histogram clustered gap 1\n"
               "set style fill solid 1.0 border -1\n"
               "set boxwidth 0.9\n"
               "set yrange [0:1.05]\n"
               "set xrange [-0.5:%u.5]\n"
               "set ylabel 'window-based entropy H*'\n"
               "set xlabel 'address bit (MSB left; gray = channel/bank bits)'\n"
               "set key above noenhanced\n"
               "set grid ytics\n"
               "set xtics nomirror\n",
            nshown - 1);
    idx = 0;
    for (unsigned b = r->bits; b-- > lo; idx++)
        if (is_field(r, b, GMC_F_CH) || is_field(r, b, GMC_F_BANK))
            fprintf(s, "set object rect from %f, graph 0 to %f, graph 1 behind "
                       "fillcolor rgb '#dddddd' fillstyle solid 1.0 noborder\n",
                    idx - 0.5, idx + 0.5);
    fprintf(s, "plot ");
    gp_str(s, dat);
    fprintf(s, " using 4:xtic(2) title 'raw addresses' linecolor rgb '#4477aa'");
    if (r->h[1]) {
        char lbl[200];
        snprintf(lbl, sizeof lbl, "mapped: %s", o->sel.label);
        fprintf(s, ", '' using 5 title ");
        gp_str(s, lbl);
        fprintf(s, " linecolor rgb '#ee6677'");
    }
    fprintf(s, "\nset output\n");
    int bad = ferror(d) || ferror(s);
    bad |= fclose(d) != 0;
    bad |= fclose(s) != 0;
    d = s = NULL;
    if (bad) {
        fprintf(stderr, "gmc entropy: --png: write error in %s\n", dir);
        goto done;
    }
    rc = run_gnuplot(gp, log);
done:
    if (d)
        fclose(d);
    if (s)
        fclose(s);
    unlink(dat);
    unlink(gp);
    unlink(log);
    rmdir(dir);
    return rc;
}

/* ------------------------------------------------------------ main */

int cmd_entropy(int argc, char **argv)
{
    opts_t o;
    int rc = parse(&o, argc, argv);
    if (rc)
        return rc < 0 ? 0 : rc;
    rc = bim_sel_resolve(&o.sel, CMD);
    if (rc)
        return rc;
    const gmc_addrmap_t *map = &o.sel.map;
    unsigned bits = o.have_bits ? (unsigned)o.bits : map->width;
    if (o.mapped && bits != map->width)
        return cli_usage_error(CMD, "--bits %u differs from the map's width %u; "
                               "a --scheme/--matrix maps exactly the map's %u bits",
                               bits, map->width, map->width);

    gmc_bim_cfg_t *bim = NULL;
    gmc_entropy_t *acc = NULL;
    double *h = NULL;
    outfile_t fo = {0}, fcsv = {0}, fpng = {0}, fgen = {0};
    gmc_trace_t tr;
    int tr_open = 0;
    sink_t sk;
    memset(&sk, 0, sizeof sk);
    char err[1024];
    rc = 1;

    if (o.mapped) {
        bim = malloc(sizeof *bim);
        if (!bim || gmc_bim_cfg_init(bim, &o.sel.m, 0, err, sizeof err)) {
            fprintf(stderr, "gmc entropy: %s\n", bim ? err : "out of memory");
            goto out;
        }
    }
    acc = gmc_entropy_new(bits, o.mapped ? 2 : 1);
    h = malloc(2 * 64 * sizeof *h);
    if (!acc || !h) {
        fprintf(stderr, "gmc entropy: out of memory\n");
        goto out;
    }
    sk.acc = acc;
    sk.bim = bim;
    sk.width = bits;
    sk.wrap = o.wrap;
    sk.have_kernel = o.have_kernel;
    sk.kernel = o.kernel;

    result_t res;
    memset(&res, 0, sizeof res);
    res.o = &o;
    res.map = map;
    res.bits = bits;

    if (o.trace) {
        if (gmc_trace_open(&tr, o.trace, err, sizeof err)) {
            fprintf(stderr, "gmc entropy: %s\n", err);
            goto out;
        }
        tr_open = 1;
        gmc_trace_set_width(&tr, bits, o.wrap);
        gmc_trace_rec_t r;
        int got;
        while ((got = gmc_trace_next(&tr, &r, err, sizeof err)) == GMC_TRACE_REC)
            if (add(&sk, &r)) {
                fprintf(stderr, "gmc entropy: %s:%lu: %s\n", tr.src, tr.lineno, sk.err);
                goto out;
            }
        if (got == GMC_TRACE_EWIDE) {
            fprintf(stderr, "gmc entropy: %s; use --bits N for a wider address "
                    "or --wrap to mask it to %u bits\n", err, bits);
            goto out;
        }
        if (got < 0) {
            fprintf(stderr, "gmc entropy: %s\n", err);
            goto out;
        }
        if (!sk.kept) {
            if (o.have_kernel && tr.records)
                fprintf(stderr, "gmc entropy: %s:%lu: expected a request of kernel %"
                        PRIu64 ", found end of file\n", tr.src,
                        gmc_trace_eof_line(&tr), o.kernel);
            else
                fprintf(stderr, "gmc entropy: %s:%lu: expected a request line "
                        "'<kernel> <tb> <hex address>', found end of file\n",
                        tr.src, gmc_trace_eof_line(&tr));
            goto out;
        }
        snprintf(res.source, sizeof res.source, "trace %s", tr.src);
    } else {
        gmc_tracegen_opts_t go;
        gmc_tracegen_opts_default(&go);
        go.n = o.n;
        if (map->fmask[GMC_F_CH])       /* index bits 0-1 on the channel bits */
            go.elem_shift = (unsigned)__builtin_ctzll(map->fmask[GMC_F_CH]);
        else
            go.elem_shift = map->fwidth[GMC_F_BLOCK];
        sk.gen = o.gen;
        if (o.gen_out) {
            if (out_open(&fgen, o.gen_out))
                goto out;
            sk.gen_out = fgen.f;
            if (!strcmp(o.gen, "transpose"))
                fprintf(fgen.f, "# gmc entropy --gen transpose --n %" PRIu64
                        "\n", o.n);
            else
                fprintf(fgen.f, "# gmc entropy --gen %s (element %llu bytes)\n",
                        o.gen, 1ULL << go.elem_shift);
            fprintf(fgen.f, "# <kernel> <tb> <hex address>\n");
        }
        int g = gmc_tracegen_run(o.gen, &go, gen_sink, &sk, err, sizeof err);
        if (g) {
            fprintf(stderr, "gmc entropy: %s\n", g < 0 ? err : sk.err);
            goto out;
        }
        if (!sk.kept) {
            fprintf(stderr, "gmc entropy: --gen %s: expected a request%s, found "
                    "none\n", o.gen, o.have_kernel ? " of that --kernel" : "");
            goto out;
        }
        if (!strcmp(o.gen, "transpose"))
            snprintf(res.source, sizeof res.source, "gen transpose (n %" PRIu64
                     ")", o.n);
        else
            snprintf(res.source, sizeof res.source, "gen %s (element %llu B)",
                     o.gen, 1ULL << go.elem_shift);
    }
    if (o.have_kernel) {
        size_t l = strlen(res.source);
        snprintf(res.source + l, sizeof res.source - l, ", kernel %" PRIu64, o.kernel);
    }

    if (gmc_entropy_compute(acc, o.window, 0, h, &res.sum) ||
        (o.mapped && gmc_entropy_compute(acc, o.window, 1, h + 64, NULL))) {
        fprintf(stderr, "gmc entropy: out of memory computing the entropy\n");
        goto out;
    }
    res.h[0] = h;
    res.h[1] = o.mapped ? h + 64 : NULL;

    /* Every file goes to a temporary name first; all are renamed only when
     * everything succeeded, so an error leaves no partial output. */
    if (o.csv) {
        if (out_open(&fcsv, o.csv))
            goto out;
        write_csv(fcsv.f, &res);
        if (out_close(&fcsv))
            goto out;
    }
    if (o.png) {
        if (out_open(&fpng, o.png) || out_close(&fpng) || write_png(&res, &fpng))
            goto out;
    }
    FILE *f = stdout;
    if (o.out && strcmp(o.out, "-")) {
        if (out_open(&fo, o.out))
            goto out;
        f = fo.f;
    } else {
        f = cli_open_out(NULL, CMD);
    }
    if (f != stdout) {
        if (o.json)
            write_json(f, &res);
        else
            write_table(f, &res);
        if (out_close(&fo))
            goto out;
    }
    if (out_commit(&fgen) || out_commit(&fcsv) || out_commit(&fpng) ||
        out_commit(&fo))
        goto out;
    if (f == stdout) {
        if (o.json)
            write_json(stdout, &res);
        else
            write_table(stdout, &res);
        if (fflush(stdout)) {
            fprintf(stderr, "gmc entropy: stdout: write error: %s\n", strerror(errno));
            goto out;
        }
    }
    rc = 0;
out:
    out_abort(&fgen);
    out_abort(&fcsv);
    out_abort(&fpng);
    out_abort(&fo);
    if (tr_open)
        gmc_trace_close(&tr);
    gmc_entropy_free(acc);
    free(bim);
    free(h);
    return rc;
}
