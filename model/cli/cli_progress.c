/* Progress lines on a terminal, shared by gmc sim and gmc mem (cli.h). */
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>
#include "cli.h"

int cli_progress_on(void)
{
    return isatty(2);
}

void cli_progress_bar(const char *cmd, const char *label, uint64_t done, uint64_t total,
                      const char *tail)
{
    char bar[34] = "";
    if (total) {
        const unsigned fill = (unsigned)(done >= total ? 30 : done * 30 / total);
        bar[0] = '[';
        for (unsigned i = 0; i < 30; i++)
            bar[1 + i] = i < fill ? '#' : '.';
        bar[31] = ']';
        bar[32] = ' ';
        bar[33] = 0;
    }
    fprintf(stderr, "\rgmc %s: %.24s %s%s", cmd, label, bar, tail);
}

void cli_progress_end(const char *cmd, const char *text)
{
    fprintf(stderr, "\rgmc %s: %s%-40s\n", cmd, text, "");
}
