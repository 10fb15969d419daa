/* gmc_quote: found text shown in messages (gmc_quote.h). */
#include "util/gmc_quote.h"

int gmc_quote_plain(unsigned char c)
{
    return c >= 0x20 && c < 0x7f && c != '\'' && c != '\\';
}

const char *gmc_quote(gmc_quote_t *q, const char *s, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    char *o = q->s;
    size_t i;
    *o++ = '\'';
    for (i = 0; i < len && i < GMC_QUOTE_SHOWN; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (gmc_quote_plain(ch)) {
            *o++ = (char)ch;
        } else {
            *o++ = '\\';
            *o++ = 'x';
            *o++ = hex[ch >> 4];
            *o++ = hex[ch & 15];
        }
    }
    if (i < len)
        *o++ = '.', *o++ = '.', *o++ = '.';
    *o++ = '\'';
    *o = 0;
    return q->s;
}
