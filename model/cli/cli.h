/* Shared pieces of the gmc command-line tool. */
#ifndef GMC_CLI_H
#define GMC_CLI_H
#include <stdint.h>
#include <stdio.h>

/* One subcommand: argv[0] is the subcommand's name.  Returns the exit code. */
typedef struct {
    const char *name;
    const char *summary;
    int (*run)(int argc, char **argv);
} gmc_cmd_t;

int cmd_bim(int argc, char **argv);
int cmd_entropy(int argc, char **argv);
int cmd_vectors(int argc, char **argv);
int cmd_block(int argc, char **argv);
int cmd_overhead(int argc, char **argv);
int cmd_mem(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_icnt(int argc, char **argv);
int cmd_sweep(int argc, char **argv);
int cmd_experiment(int argc, char **argv);

/* A block's vector file of cfg into out ('-' = stdout), whole or not at
 * all, through its description's one writer: what `gmc block vectors` and
 * `gmc vectors` write.  Errors are "gmc CMD: ..."; returns the exit code. */
struct gmc_block;
int cli_block_vectors_write(const char *cmd, const char *out, const struct gmc_block *b,
                            const void *cfg, uint64_t stim_seed, uint64_t cycles);

/* A block whose `gmc vectors` configuration is more than its description's
 * options spell (BIM: a map or matrix from a file).  The front end
 * (cmd_vectors.c) offers it every argument that is not a common option
 * first, then asks it for the description's cfg. */
typedef struct {
    const char *block;
    const char *usage;                  /* its options in the usage line */
    void  (*help)(FILE *f);             /* their help lines */
    size_t state_size;                  /* zeroed, then init */
    void  (*init)(void *st);
    /* Consumes argv[*i] (and its value) if it is one of its options: 1, 0
     * if not, -1 on a usage error (printed). */
    int   (*option)(void *st, int argc, char **argv, int *i);
    /* The description's cfg (free() it), given the values of the
     * description's vec_opts; NULL after printing why, with *rc the exit
     * code.  It may point into st. */
    void *(*cfg)(void *st, const struct gmc_block *b, const uint64_t *v, int *rc);
} cli_vec_source_t;
extern const cli_vec_source_t vectors_bim_matrix;
/* gmc vectors <block> --help (vectors_usage.c); src NULL if the block has
 * none. */
void vectors_usage(FILE *f, const struct gmc_block *b, const cli_vec_source_t *src,
                   unsigned cycles_max);

/* main()'s argv[0], for finding the running binary (gmc sweep). */
extern const char *cli_argv0;
/* Whether NAME is one of gmc's subcommands (main.c). */
int  cli_command_known(const char *name);

/* "gmc <cmd>: message" on stderr; returns 2 (usage) for convenience. */
int  cli_usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Option values: argv[*i] is the option name, its value is consumed
 * (*i advances).  0, or 2 after printing "gmc CMD: ..." (missing value,
 * junk). */
int  cli_opt_u64(const char *cmd, const char *name, int argc, char **argv, int *i, uint64_t *v);
int  cli_opt_str(const char *cmd, const char *name, int argc, char **argv, int *i, const char **v);
/* --wmc-score schedule|receive and --wmc-m started|pending2: Warped-MC's
 * readings of the paper (docs/blocks/gmc_wmc.md); sets the one named. */
int  cli_opt_wmc(const char *cmd, const char *name, int argc, char **argv, int *i,
                 unsigned *score_at, unsigned *m_rule);
/* An option's number: decimal ("010" is ten) or hex after 0x, without
 * sign, junk or overflow (util/gmc_num.h); 0, or the gmc_num code. */
int  cli_parse_u64(const char *s, uint64_t *v);
/* An input file must be a regular file (gmc_file.h): prints "gmc CMD:
 * PATH: is a FIFO, expected a regular file" (a directory, a device, ...)
 * and returns 1 if it is not; 0 otherwise (also for "-" and for paths the
 * opener will report itself). */
int  cli_input_ok(const char *cmd, const char *path);
/* A directory to write many files into must not be empty (an unset
 * variable) nor the root directory: prints "gmc CMD: OPT: expected a
 * results directory, found '...' (...)" and returns 0 if it is one. */
int  cli_out_dir_ok(const char *cmd, const char *opt, const char *path);
/* mkdir -p DIR: 0, or -1 after "gmc CMD: PREFIX: cannot create directory: why". */
int  cli_mkdir_p(const char *cmd, const char *dir);
/* The output files of one command (NULL-terminated pairs: option name,
 * path or NULL) name different files: 1, or 0 after "gmc CMD: OPT1 and
 * OPT2 name the same file 'PATH' (one would replace the other)" -- the
 * same path, "-" twice, or two names of one existing file. */
int  cli_outputs_distinct(const char *cmd, const char *const *opt_path);
/* Flushes stdout and checks it: 0 if every write reached it; otherwise
 * prints "gmc CMD: writing standard output: <why>" (once per process) and
 * returns 1, or returns CLI_EXIT_PIPE quietly when the reader went away
 * (EPIPE: `gmc ... | head -1`).  main() calls it after every command. */
#define CLI_EXIT_PIPE 141   /* 128 + SIGPIPE, what a shell shows for a killed writer */
int  cli_stdout_check(const char *cmd);
/* Records that a write to stdout failed with errno e (0: unknown), or that
 * the reader of any output went away (EPIPE), for cli_stdout_check. */
void cli_stdout_failed(int e);
/* After a long write to stdout (a --help text): records the failed
 * write's errno while it is still there (stdio keeps only the error flag,
 * and a later flush may have nothing left to fail on). */
void cli_stdout_note(void);
/* Runs gnuplot on script in folder dir (NULL: here) without a shell, its
 * output to log (a path as seen from here): 0, or -1 after one line
 * "WHO: ..." (not installed, gnuplot's first complaint and exit status). */
int  cli_gnuplot(const char *who, const char *dir, const char *script, const char *log);
/* A plot made through a temporary folder: write(dat, script, dat_path,
 * ctx) fills a data file and a gnuplot script there (the script reads the
 * data by dat_path), then gnuplot runs it and the folder goes, whatever
 * happened.  who names the option in errors ("gmc icnt: --plot"), stem
 * the files ("icnt": icnt.dat, icnt.gp).  0, or -1 after one line. */
typedef void (*cli_gp_write_fn)(FILE *dat, FILE *script, const char *dat_path, const void *ctx);
int  cli_gnuplot_tmp(const char *who, const char *stem, cli_gp_write_fn write, const void *ctx);
/* s as a gnuplot single-quoted string ('' for a quote, control
 * characters dropped), so that no path or label is read as script. */
void cli_gp_str(FILE *f, const char *s);

/* Progress of a long run on stderr, redrawn in place (cli_progress.c):
 * only when stderr is a terminal, so logs and sweeps get none.  A bar line
 * "\rgmc CMD: LABEL [###...] TAIL" (no bar when total is 0: a stream of
 * unknown length), and a line that ends it "\rgmc CMD: TEXT". */
int  cli_progress_on(void);
void cli_progress_bar(const char *cmd, const char *label, uint64_t done, uint64_t total,
                      const char *tail);
void cli_progress_end(const char *cmd, const char *text);

#endif
