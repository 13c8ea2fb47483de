/*
 * lasterr.c -- a handle's last error (lasterr.h): one implementation
 * that every handle with failing operations embeds.
 */
#include <stdio.h>
#include <stdlib.h>

#include "lasterr.h"
#include "tablero.h"

void tb_lasterr_clear(tb_lasterr *le)
{
	if (le) {
		le->code = 0;
		le->msg[0] = '\0';
	}
}

int tb_lasterr_vset(tb_lasterr *le, int code, const char *fmt, va_list ap)
{
	if (!le)
		return code;
	le->code = code;
	if (fmt)
		vsnprintf(le->msg, sizeof le->msg, fmt, ap);
	else
		snprintf(le->msg, sizeof le->msg, "%s", tb_lasterr_text(code));
	return code;
}

int tb_lasterr_set(tb_lasterr *le, int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	tb_lasterr_vset(le, code, fmt, ap);
	va_end(ap);
	return code;
}

const char *tb_lasterr_text(int code)
{
	switch (code) {
	case TB_OK: return "";
	case TB_EIO: return "reading or writing failed";
	case TB_ENOMEM: return "out of memory";
	case TB_EINVAL: return "invalid argument";
	case TB_EKIND: return "the node is not of a kind the function takes";
	case TB_EFOREIGN: return "the node or line is not in this record";
	case TB_ETREE: return "the edit would make the tree invalid";
	case TB_ESYNTAX: return "the text does not read";
	case TB_ENOTTEXT: return "the input is no UTF-8 text";
	case TB_ELIMIT: return "a search went over its limits";
	default: return "unknown error";
	}
}

int tb_lasterr_code(const tb_lasterr *le)
{
	return le ? le->code : TB_EINVAL;
}

const char *tb_lasterr_msg(const tb_lasterr *le)
{
	return le ? le->msg : "no handle (NULL)";
}

int tb_lasterr_why(tb_lasterr *le, int rc, char *text, char **why)
{
	if (rc < 0)
		tb_lasterr_set(le, rc, text ? "%s" : NULL, text);
	else if (text)
		tb_lasterr_set(le, 0, "%s", text);
	else
		tb_lasterr_clear(le);
	if (why)
		*why = text;
	else
		free(text);
	return rc;
}
