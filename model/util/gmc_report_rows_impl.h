/* gmc_report_rows: a report as data -- rows of (group, key, value) in
 * order -- and its two writers, JSON and CSV, so that both always say the
 * same thing.  A component's report adds its rows; the writers know
 * nothing of any component.
 *
 * JSON: one object, one member per line; consecutive rows of the same
 * group form one nested object on its line ({"k": v, ...}).  CSV: a
 * "name,value" header, then one line per row, the name "group.key" (or
 * "key"), the value as JSON writes it (strings quoted).  Internal. */
#ifndef GMC_REPORT_ROWS_IMPL_H
#define GMC_REPORT_ROWS_IMPL_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* GMC_ROW_RAW: a value already written as a JSON token (a caller's member,
 * gmc_rows_members), written as it is by both writers. */
typedef enum { GMC_ROW_U64, GMC_ROW_F64, GMC_ROW_STR, GMC_ROW_NULL, GMC_ROW_RAW } gmc_row_kind_t;

typedef struct {
    const char *group;   /* NULL: a top-level member */
    const char *key;
    const char *fmt;     /* GMC_ROW_F64: its printf format ("%.4f") */
    gmc_row_kind_t kind;
    union { uint64_t u; double d; const char *s; } v;   /* s (STR, RAW): valid until written */
} gmc_row_t;

typedef struct {
    gmc_row_t *r;
    size_t     n, cap;
    int        oom;      /* a row could not be added: the writers fail */
    char      *members;  /* gmc_rows_members' copy, which its rows point into */
    struct gmc_rows_key *keys;   /* gmc_rows_key's strings */
} gmc_rows_t;

void gmc_rows_u64(gmc_rows_t *t, const char *group, const char *key, uint64_t v);
void gmc_rows_f64(gmc_rows_t *t, const char *group, const char *key, const char *fmt, double v);
void gmc_rows_str(gmc_rows_t *t, const char *group, const char *key, const char *s);
void gmc_rows_null(gmc_rows_t *t, const char *group, const char *key);
/* Rows of a caller's JSON members, each line "  \"key\": value,\n" (the
 * value a JSON token without a newline), as GMC_ROW_RAW top-level rows, so
 * that the CSV has them too and the JSON writes them back byte for byte.
 * Once per table, before any other row.  0, or -1 (a line not of that
 * form, or out of memory: the writers then fail). */
int  gmc_rows_members(gmc_rows_t *t, const char *members);
/* A key made at run time ("ch3"), kept until gmc_rows_free: for rows
 * whose keys are not literals.  NULL (and the writers fail) when out of
 * memory. */
const char *gmc_rows_key(gmc_rows_t *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* 0, or -1 (out of memory while adding rows, or an output error). */
int  gmc_rows_json(const gmc_rows_t *t, FILE *f);
int  gmc_rows_csv(const gmc_rows_t *t, FILE *f);
void gmc_rows_free(gmc_rows_t *t);

#endif
