/*
 * clean.c - a dump line as it was meant: ANSI colour, CR and NUL bytes
 * removed, "> " quoting, compute-sanitizer and timestamp prefixes
 * skipped, valgrind's "==PID==" taken off (and the pids of a text found,
 * so interleaved processes can be read one at a time).
 */
#include "parse_int.h"

#include <ctype.h>
#include <string.h>

/* Remove ANSI CSI/OSC sequences, CR, quoting and known line prefixes. */
void ps_clean_line(mt_buf *out, const char *s, size_t n)
{
	size_t i = 0;

	mt_buf_clear(out);
	if (n > MAX_LINE)
		n = MAX_LINE;
	while (i < n) {
		unsigned char c = (unsigned char)s[i];

		if (c == 0x1b && i + 1 < n && s[i + 1] == '[') {
			i += 2;
			while (i < n && !(s[i] >= '@' && s[i] <= '~'))
				i++;
			i++;
			continue;
		}
		if (c == 0x1b && i + 1 < n && s[i + 1] == ']') {
			/* OSC: ends at BEL or ESC \ */
			i += 2;
			while (i < n && s[i] != '\a' &&
			       !(s[i] == 0x1b && i + 1 < n && s[i + 1] == '\\'))
				i++;
			i += (i < n && s[i] == 0x1b) ? 2 : 1;
			continue;
		}
		if (c == '\r' || c == '\0') {
			/* NUL bytes would end the C string early: make them
			 * blanks so the rest of the line is still seen. */
			if (c == '\0')
				mt_buf_putc(out, ' ');
			i++;
			continue;
		}
		mt_buf_putc(out, (char)c);
		i++;
	}
}

/* Strip prefixes that wrap a dump line without changing it. */
const char *ps_unwrap(const char *p)
{
	for (;;) {
		const char *q = p;

		while (*q == ' ' || *q == '\t')
			q++;
		/* e-mail / markdown quoting */
		if (*q == '>' && (q[1] == ' ' || q[1] == '\0' || q[1] == '>')) {
			p = q + 1;
			if (*p == ' ')
				p++;
			continue;
		}
		/* compute-sanitizer "========= " */
		if (!strncmp(q, "=========", 9)) {
			p = q;
			while (*p == '=')
				p++;
			continue;
		}
		/* ISO timestamps from CI logs: 2025-01-31T10:00:00.123Z */
		if (isdigit((unsigned char)q[0]) && q[4] == '-' &&
		    q[7] == '-' && q[10] == 'T' && strlen(q) > 20) {
			const char *e = strchr(q, ' ');

			if (e && e - q <= 40) {
				p = e + 1;
				continue;
			}
		}
		return p;
	}
}

/* "==12345==" (valgrind) at the start of p: the process id (0 none)
 * and, in *rest, the text after it. */
long ps_strip_pid(const char *p, const char **rest)
{
	const char *q = p;
	long pid = 0;

	while (*q == ' ' || *q == '\t')
		q++;
	if (q[0] != '=' || q[1] != '=' || !isdigit((unsigned char)q[2]))
		return 0;
	for (q += 2; isdigit((unsigned char)*q) && pid < 1L << 40; q++)
		pid = pid * 10 + (*q - '0');
	if (q[0] != '=' || q[1] != '=')
		return 0;
	*rest = q + 2;
	return pid;
}

#define MAX_PIDS 16

/* The process ids of valgrind-style "==PID==" lines, in order of first
 * appearance (at most MAX_PIDS); a cheap look at raw line starts. */
size_t ps_find_pids(const char *text, size_t len, long *pids)
{
	size_t pos = 0, n = 0, i;

	while (pos < len && n < MAX_PIDS) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t ln = nl ? (size_t)(nl - (text + pos)) : len - pos;
		char buf[32];
		const char *rest;
		long pid;

		if (ln > 2) {
			size_t k = ln < sizeof(buf) - 1 ? ln : sizeof(buf) - 1;

			memcpy(buf, text + pos, k);
			buf[k] = '\0';
			pid = ps_strip_pid(buf, &rest);
			for (i = 0; pid && i < n && pids[i] != pid; i++)
				;
			if (pid && i == n)
				pids[n++] = pid;
		}
		pos += ln + (nl ? 1 : 0);
	}
	return n;
}
