/* gmc_report_rows: rows and their JSON and CSV writers. */
#include "util/gmc_report_rows_impl.h"
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct gmc_rows_key {
    struct gmc_rows_key *next;
    char s[];
};

static gmc_row_t *add(gmc_rows_t *t, const char *group, const char *key, gmc_row_kind_t kind)
{
    if (t->n == t->cap) {
        size_t c = t->cap ? 2 * t->cap : 128;
        gmc_row_t *p = realloc(t->r, c * sizeof *p);
        if (!p) {
            t->oom = 1;
            return NULL;
        }
        t->r = p;
        t->cap = c;
    }
    gmc_row_t *r = &t->r[t->n++];
    *r = (gmc_row_t){.group = group, .key = key, .kind = kind};
    return r;
}

void gmc_rows_u64(gmc_rows_t *t, const char *group, const char *key, uint64_t v)
{
    gmc_row_t *r = add(t, group, key, GMC_ROW_U64);
    if (r)
        r->v.u = v;
}

void gmc_rows_f64(gmc_rows_t *t, const char *group, const char *key, const char *fmt, double v)
{
    gmc_row_t *r = add(t, group, key, GMC_ROW_F64);
    if (r)
        r->fmt = fmt, r->v.d = v;
}

void gmc_rows_str(gmc_rows_t *t, const char *group, const char *key, const char *s)
{
    gmc_row_t *r = add(t, group, key, GMC_ROW_STR);
    if (r)
        r->v.s = s;
}

void gmc_rows_null(gmc_rows_t *t, const char *group, const char *key)
{
    (void)add(t, group, key, GMC_ROW_NULL);
}

int gmc_rows_members(gmc_rows_t *t, const char *members)
{
    if (t->members || !(t->members = malloc(strlen(members) + 1))) {
        t->oom = 1;
        return -1;
    }
    strcpy(t->members, members);
    /* each line: two blanks, "key", ": ", the value, ",", '\n' -- cut in place */
    for (char *p = t->members; *p;) {
        char *nl = strchr(p, '\n');
        char *q = p[0] == ' ' && p[1] == ' ' && p[2] == '"' ? strchr(p + 3, '"') : NULL;
        if (!nl || !q || q > nl || strncmp(q, "\": ", 3) || nl - 1 <= q + 3 || nl[-1] != ',') {
            t->oom = 1;
            return -1;
        }
        *q = 0;
        nl[-1] = 0;
        gmc_row_t *r = add(t, NULL, p + 3, GMC_ROW_RAW);
        if (r)
            r->v.s = q + 3;
        p = nl + 1;
    }
    return t->oom ? -1 : 0;
}

const char *gmc_rows_key(gmc_rows_t *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    struct gmc_rows_key *k = n < 0 ? NULL : malloc(sizeof *k + (size_t)n + 1);
    if (!k) {
        t->oom = 1;
        return NULL;
    }
    va_start(ap, fmt);
    vsnprintf(k->s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    k->next = t->keys;
    t->keys = k;
    return k->s;
}

void gmc_rows_free(gmc_rows_t *t)
{
    for (struct gmc_rows_key *k = t->keys, *nx; k; k = nx) {
        nx = k->next;
        free(k);
    }
    free(t->members);
    free(t->r);
    memset(t, 0, sizeof *t);
}

/* A value as a JSON token (strings escaped: names come from files). */
static void value(FILE *f, const gmc_row_t *r)
{
    switch (r->kind) {
    case GMC_ROW_U64:
        fprintf(f, "%" PRIu64, r->v.u);
        break;
    case GMC_ROW_F64:
        fprintf(f, r->fmt, r->v.d);
        break;
    case GMC_ROW_NULL:
        fputs("null", f);
        break;
    case GMC_ROW_RAW:
        fputs(r->v.s, f);
        break;
    case GMC_ROW_STR:
        fputc('"', f);
        for (const unsigned char *s = (const unsigned char *)r->v.s; *s; s++) {
            if (*s == '"' || *s == '\\')
                fprintf(f, "\\%c", *s);
            else if (*s < 0x20)
                fprintf(f, "\\u%04x", *s);
            else
                fputc(*s, f);
        }
        fputc('"', f);
        break;
    }
}

static int same_group(const gmc_row_t *a, const gmc_row_t *b)
{
    return a->group && b->group && !strcmp(a->group, b->group);
}

int gmc_rows_json(const gmc_rows_t *t, FILE *f)
{
    if (t->oom)
        return -1;
    fputs("{\n", f);
    for (size_t i = 0; i < t->n; i++) {
        const gmc_row_t *r = &t->r[i];
        if (!r->group) {
            fprintf(f, "  \"%s\": ", r->key);
            value(f, r);
        } else {
            fprintf(f, "  \"%s\": {", r->group);
            for (size_t j = i;; j++) {
                fprintf(f, "%s\"%s\": ", j > i ? ", " : "", t->r[j].key);
                value(f, &t->r[j]);
                if (j + 1 == t->n || !same_group(&t->r[j], &t->r[j + 1])) {
                    i = j;
                    break;
                }
            }
            fputc('}', f);
        }
        fputs(i + 1 < t->n ? ",\n" : "\n", f);
    }
    fputs("}\n", f);
    return ferror(f) ? -1 : 0;
}

int gmc_rows_csv(const gmc_rows_t *t, FILE *f)
{
    if (t->oom)
        return -1;
    fputs("name,value\n", f);
    for (size_t i = 0; i < t->n; i++) {
        const gmc_row_t *r = &t->r[i];
        if (r->group)
            fprintf(f, "%s.", r->group);
        fprintf(f, "%s,", r->key);
        value(f, r);
        fputc('\n', f);
    }
    return ferror(f) ? -1 : 0;
}
