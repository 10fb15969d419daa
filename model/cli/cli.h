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
int cmd_sweep(int argc, char **argv);
int cmd_experiment(int argc, char **argv);
/* gmc vectors <block>: argv[0] is the block name. */
int vectors_bim(int argc, char **argv);
int vectors_bankarb(int argc, char **argv);
int vectors_wmc(int argc, char **argv);

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
/* An input file must not be a directory: prints "gmc CMD: PATH: is a
 * directory, expected a regular file" and returns 1 if it is; 0 otherwise
 * (also for "-" and for paths the opener will report itself). */
int  cli_input_ok(const char *cmd, const char *path);
/* Flushes stdout and checks it: 0 if every write reached it; otherwise
 * prints "gmc CMD: writing standard output: <why>" (once per process) and
 * returns 1, or returns CLI_EXIT_PIPE quietly when the reader went away
 * (EPIPE: `gmc ... | head -1`).  main() calls it after every command. */
#define CLI_EXIT_PIPE 141   /* 128 + SIGPIPE, what a shell shows for a killed writer */
int  cli_stdout_check(const char *cmd);
/* Records that a write to stdout failed with errno e (for cli_stdout_check). */
void cli_stdout_failed(int e);

#endif
