/*
 * layout.c -- the layout of the public structs a binding mirrors
 * (tb_struct_layout): their sizes and their fields' offsets, as this
 * build of the library compiled them. The Python module checks its
 * ctypes mirrors against them when it is imported, so a field added to
 * a struct here and not there is an ImportError, never a library that
 * reads past what Python gave it.
 */
#include <stddef.h>
#include <string.h>

#include "tablero.h"

typedef struct S_field {
	const char *type, *field; /* field NULL: the struct itself */
	size_t at;                /* its offset, or the struct's size */
} S_field;

#define S_TYPE(T) {#T, NULL, sizeof(T)}
#define S_FIELD(T, f) {#T, #f, offsetof(T, f)}

/* Every field of every struct in it: a struct listed is listed whole. */
static const S_field S_layout[] = {
	S_TYPE(tb_diag),
	S_FIELD(tb_diag, severity), S_FIELD(tb_diag, code), S_FIELD(tb_diag, file),
	S_FIELD(tb_diag, line), S_FIELD(tb_diag, col), S_FIELD(tb_diag, end_col),
	S_FIELD(tb_diag, message), S_FIELD(tb_diag, source), S_FIELD(tb_diag, source_col),
	S_FIELD(tb_diag, note), S_FIELD(tb_diag, nplaces), S_FIELD(tb_diag, places),
	S_FIELD(tb_diag, nfixes), S_FIELD(tb_diag, fixes),
	S_TYPE(tb_diag_place),
	S_FIELD(tb_diag_place, note), S_FIELD(tb_diag_place, line), S_FIELD(tb_diag_place, col),
	S_TYPE(tb_diag_fix),
	S_FIELD(tb_diag_fix, line), S_FIELD(tb_diag_fix, col), S_FIELD(tb_diag_fix, end_col),
	S_FIELD(tb_diag_fix, text), S_FIELD(tb_diag_fix, confirm),
	S_TYPE(tb_turn_event),
	S_FIELD(tb_turn_event, kind), S_FIELD(tb_turn_event, point), S_FIELD(tb_turn_event, to),
	S_FIELD(tb_turn_event, count), S_FIELD(tb_turn_event, type),
	S_FIELD(tb_turn_event, piece_side), S_FIELD(tb_turn_event, piece_type),
	S_FIELD(tb_turn_event, piece_crowned),
	S_TYPE(tb_turn_report),
	S_FIELD(tb_turn_report, number), S_FIELD(tb_turn_report, side),
	S_FIELD(tb_turn_report, token), S_FIELD(tb_turn_report, position),
	S_FIELD(tb_turn_report, events), S_FIELD(tb_turn_report, line),
	S_FIELD(tb_turn_report, col), S_FIELD(tb_turn_report, nevents),
	S_FIELD(tb_turn_report, ev), S_FIELD(tb_turn_report, over),
	S_TYPE(tb_fault),
	S_FIELD(tb_fault, code), S_FIELD(tb_fault, severity), S_FIELD(tb_fault, line),
	S_FIELD(tb_fault, col), S_FIELD(tb_fault, end_col), S_FIELD(tb_fault, message),
	S_FIELD(tb_fault, token), S_FIELD(tb_fault, reason), S_FIELD(tb_fault, position),
	S_FIELD(tb_fault, ncandidates), S_FIELD(tb_fault, candidates), S_FIELD(tb_fault, repair),
	S_TYPE(tb_reached),
	S_FIELD(tb_reached, ply), S_FIELD(tb_reached, last), S_FIELD(tb_reached, stopped),
	S_FIELD(tb_reached, line), S_FIELD(tb_reached, col), S_FIELD(tb_reached, stop),
	S_FIELD(tb_reached, why), S_FIELD(tb_reached, decided), S_FIELD(tb_reached, open),
	S_FIELD(tb_reached, fits), S_FIELD(tb_reached, gap), S_FIELD(tb_reached, positions),
	S_FIELD(tb_reached, settled),
	S_TYPE(tb_svg_opts),
	S_FIELD(tb_svg_opts, size_mm), S_FIELD(tb_svg_opts, grayscale),
	S_FIELD(tb_svg_opts, no_coords), S_FIELD(tb_svg_opts, tags), S_FIELD(tb_svg_opts, sheet),
	S_FIELD(tb_svg_opts, lang), S_FIELD(tb_svg_opts, caption),
	S_FIELD(tb_svg_opts, text_only),
	S_TYPE(tb_evidence_info),
	S_FIELD(tb_evidence_info, from_ms), S_FIELD(tb_evidence_info, to_ms),
	S_FIELD(tb_evidence_info, page), S_FIELD(tb_evidence_info, x), S_FIELD(tb_evidence_info, y),
	S_FIELD(tb_evidence_info, w), S_FIELD(tb_evidence_info, h),
	S_TYPE(tb_node_info),
	S_FIELD(tb_node_info, node), S_FIELD(tb_node_info, token), S_FIELD(tb_node_info, token_len),
	S_FIELD(tb_node_info, kind), S_FIELD(tb_node_info, side), S_FIELD(tb_node_info, number),
	S_FIELD(tb_node_info, reconstructed), S_FIELD(tb_node_info, span),
	/* the index's search (python/tablero/_find.py) */
	S_TYPE(tb_find_query),
	S_FIELD(tb_find_query, game), S_FIELD(tb_find_query, position),
	S_FIELD(tb_find_query, pattern), S_FIELD(tb_find_query, symmetric),
	S_FIELD(tb_find_query, material), S_FIELD(tb_find_query, event),
	S_FIELD(tb_find_query, tags), S_FIELD(tb_find_query, ntags), S_FIELD(tb_find_query, text),
	S_TYPE(tb_find_hit),
	S_FIELD(tb_find_hit, file), S_FIELD(tb_find_hit, offset), S_FIELD(tb_find_hit, size),
	S_FIELD(tb_find_hit, line), S_FIELD(tb_find_hit, number), S_FIELD(tb_find_hit, game),
	S_FIELD(tb_find_hit, ply), S_FIELD(tb_find_hit, turn), S_FIELD(tb_find_hit, side),
	S_FIELD(tb_find_hit, depth), S_FIELD(tb_find_hit, token), S_FIELD(tb_find_hit, position),
};

long tb_struct_layout(const char *type, const char *field)
{
	if (!type)
		return -1;
	for (size_t i = 0; i < sizeof S_layout / sizeof S_layout[0]; i++) {
		const S_field *f = &S_layout[i];
		if (strcmp(f->type, type) == 0 &&
		    (field ? f->field && strcmp(f->field, field) == 0 : !f->field))
			return (long)f->at;
	}
	return -1;
}

size_t tb_struct_nfields(const char *type)
{
	size_t n = 0;
	for (size_t i = 0; type && i < sizeof S_layout / sizeof S_layout[0]; i++)
		n += S_layout[i].field && strcmp(S_layout[i].type, type) == 0;
	return n;
}
