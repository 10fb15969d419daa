/* gmc_quote: found text shown in messages (gmc_quote.h). */
#include "util/gmc_quote.h"

const char *gmc_quote(gmc_quote_t *q, const char *s, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    char *o = q->s;
    size_t i;
    *o++ = '\'';
    for (i = 0; i < len && i < GMC_QUOTE_SHOWN; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch >= 0x20 && ch < 0x7f && ch != '\'' && ch != '\\') {
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
