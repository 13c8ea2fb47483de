"""The binding: finding libtablero, the ctypes mirrors of its public
structs (checked against the library when imported: tb_struct_layout),
the declarations of the functions the module calls, and the conversions
of strings between C and Python."""
from __future__ import annotations

import ctypes as C
import ctypes.util
import os
from typing import List, Optional

from ._errors import TableroError


def _find_library() -> C.CDLL:
    here = os.path.dirname(os.path.abspath(__file__))
    tried = []
    names = [os.path.join(here, "libtablero.so"),
             os.path.join(here, "libtablero.so.0"),
             os.path.join(here, os.pardir, os.pardir, "build", "libtablero.so")]
    if os.environ.get("TABLERO_LIB"):
        names.insert(0, os.environ["TABLERO_LIB"])
    for path in names:
        if os.path.exists(path):
            return C.CDLL(os.path.abspath(path))
        tried.append(path)
    found = ctypes.util.find_library("tablero")
    for name in ([found] if found else []) + ["libtablero.so.0", "libtablero.so"]:
        try:
            return C.CDLL(name)
        except OSError:
            tried.append(name)
    raise ImportError("libtablero not found (tried %s); build it with 'make' or set "
                      "TABLERO_LIB" % ", ".join(tried))


_lib = _find_library()
# free, open_memstream, fclose as the process resolves them -- the very
# free the library's malloc pairs with, even when a tool (AddressSanitizer
# in make check-san) interposes them; libc's own table would not be that
_libc = C.CDLL(None)

_p = C.c_void_p
_s = C.c_char_p
_sz = C.c_size_t


class _DiagPlace(C.Structure):
    _fields_ = [("note", C.c_uint), ("line", C.c_uint), ("col", C.c_uint)]


class _DiagFix(C.Structure):
    _fields_ = [("line", C.c_uint), ("col", C.c_uint), ("end_col", C.c_uint), ("text", _s),
                ("confirm", C.c_uint)]


class _Diag(C.Structure):
    _fields_ = [("severity", C.c_int), ("code", C.c_int), ("file", _s),
                ("line", C.c_uint), ("col", C.c_uint), ("end_col", C.c_uint),
                ("message", _s), ("source", _s), ("source_col", C.c_uint), ("note", _s),
                ("nplaces", _sz), ("places", C.POINTER(_DiagPlace)),
                ("nfixes", _sz), ("fixes", C.POINTER(_DiagFix))]


class _EvidenceInfo(C.Structure):
    _fields_ = [("from_ms", C.c_longlong), ("to_ms", C.c_longlong), ("page", _s),
                ("x", C.c_ulong), ("y", C.c_ulong), ("w", C.c_ulong), ("h", C.c_ulong)]


class _Fault(C.Structure):
    _fields_ = [("code", C.c_int), ("severity", C.c_int), ("line", C.c_uint), ("col", C.c_uint),
                ("end_col", C.c_uint), ("message", _s), ("token", _s), ("reason", _s),
                ("position", _s), ("ncandidates", _sz), ("candidates", C.POINTER(_s)),
                ("repair", _s)]


class _Reached(C.Structure):
    _fields_ = [("ply", C.c_long), ("last", C.c_char * 96), ("stopped", C.c_int),
                ("line", C.c_uint), ("col", C.c_uint), ("stop", C.c_char * 96),
                ("why", C.c_char * 320), ("decided", C.c_int), ("open", C.c_int),
                ("fits", C.c_ulonglong), ("gap", C.c_int), ("positions", _sz),
                ("settled", C.c_ulonglong)]


class _TurnEvent(C.Structure):
    _fields_ = [("kind", _s), ("point", _s), ("to", _s), ("count", C.c_uint),
                ("type", C.c_int), ("piece_side", C.c_int), ("piece_type", C.c_char),
                ("piece_crowned", C.c_int)]


class _TurnReport(C.Structure):
    _fields_ = [("number", C.c_uint), ("side", C.c_int), ("token", _s), ("position", _s),
                ("events", _s), ("line", C.c_uint), ("col", C.c_uint), ("nevents", _sz),
                ("ev", C.POINTER(_TurnEvent)), ("over", _s)]


class _SvgOpts(C.Structure):
    # ORDER: tb_svg_opts (tablero.h), every field: the library reads them all
    _fields_ = [("size_mm", C.c_double), ("grayscale", C.c_int), ("no_coords", C.c_int),
                ("tags", C.POINTER(_s)), ("sheet", _s), ("lang", C.c_void_p),
                ("caption", C.c_int), ("text_only", C.c_int)]


def _decl(name: str, res, *args) -> None:
    f = getattr(_lib, name)
    f.restype = res
    f.argtypes = list(args)


def _check_layout(mirrors) -> None:
    """Each ctypes mirror against the struct the library was built with
    (tb_struct_layout): its size, every field's offset, and the number of
    fields. A mirror that drifted is an ImportError, never a library
    reading past what it was given."""
    _decl("tb_struct_layout", C.c_long, _s, _s)
    _decl("tb_struct_nfields", _sz, _s)
    for cls, name in mirrors:
        c_name = name.encode("ascii")
        wrong = []
        if _lib.tb_struct_layout(c_name, None) != C.sizeof(cls):
            wrong.append("size %d, the library's %d" % (C.sizeof(cls),
                                                       _lib.tb_struct_layout(c_name, None)))
        if _lib.tb_struct_nfields(c_name) != len(cls._fields_):
            wrong.append("%d fields, the library's %d" % (len(cls._fields_),
                                                         _lib.tb_struct_nfields(c_name)))
        for field, _ in cls._fields_:
            at = _lib.tb_struct_layout(c_name, field.encode("ascii"))
            if at != getattr(cls, field).offset:
                wrong.append("%s at %d, the library's %d" % (field, getattr(cls, field).offset, at))
        if wrong:
            raise ImportError("tablero: the module's copy of %s does not match libtablero "
                              "(%s): %s" % (name, getattr(_lib, "_name", "?"), "; ".join(wrong)))


class _NodeInfo(C.Structure):
    # ORDER: tb_node_info (tablero.h), filled by tb_line_nodes
    _fields_ = [("node", _p), ("token", _sz), ("token_len", _sz), ("kind", C.c_int),
                ("side", C.c_int), ("number", C.c_uint), ("reconstructed", C.c_int),
                ("span", C.c_uint * 4)]


_check_layout([(_Diag, "tb_diag"), (_DiagPlace, "tb_diag_place"), (_DiagFix, "tb_diag_fix"),
               (_Reached, "tb_reached"), (_TurnReport, "tb_turn_report"), (_TurnEvent, "tb_turn_event"),
               (_Fault, "tb_fault"), (_SvgOpts, "tb_svg_opts"),
               (_EvidenceInfo, "tb_evidence_info"), (_NodeInfo, "tb_node_info")])


_str_out = C.POINTER(C.c_char)  # a string the caller frees: kept as a pointer
_SPAN = C.c_uint * 4
_LEGAL_FN = C.CFUNCTYPE(None, _p, _s, _s, _s)
_SVG_FN = C.CFUNCTYPE(None, _p, C.c_long, C.POINTER(C.c_char), _sz)
_TURN_FN = C.CFUNCTYPE(None, _p, C.POINTER(_TurnReport))
_FAULT_FN = C.CFUNCTYPE(None, _p, C.POINTER(_Fault))

for _name, _res, _args in [
    ("tb_version", _s, ()),
    ("tb_game_find", _p, (_s,)), ("tb_game_at", _p, (_sz,)), ("tb_game_name", _s, (_p,)),
    ("tb_reader_new_mem", _p, (_p, _sz, _s)), ("tb_reader_next", C.c_int, (_p, C.POINTER(_p))),
    ("tb_reader_ndiags", _sz, (_p,)), ("tb_reader_diag", C.POINTER(_Diag), (_p, _sz)),
    ("tb_reader_free", None, (_p,)), ("tb_reader_new_file", _p, (_p, _s)),
    ("tb_record_line", C.c_uint, (_p,)), ("tb_record_source_offset", _sz, (_p,)),
    ("tb_record_source_size", _sz, (_p,)),
    ("tb_reader_validate", C.c_int, (_p, _p, _TURN_FN, _p)),
    ("tb_reader_validate_faults", C.c_int, (_p, _p, _TURN_FN, _p, _FAULT_FN, _p)),
    ("tb_record_free", None, (_p,)), ("tb_record_errors", _sz, (_p,)),
    ("tb_record_game", _p, (_p,)), ("tb_record_tag", _s, (_p, _s)),
    ("tb_record_tag_at", C.c_int, (_p, _sz, C.POINTER(_s), C.POINTER(_s))),
    ("tb_record_write", _str_out, (_p, C.POINTER(_sz))),
    ("tb_record_movetext", _str_out, (_p, C.POINTER(_sz))),
    ("tb_reader_set_origin", None, (_p, C.c_uint, _sz)),
    ("tb_record_equal", C.c_int, (_p, _p)),
    ("tb_record_error", _s, (_p,)), ("tb_record_main", _p, (_p,)),
    ("tb_record_result", C.c_int, (_p,)),
    ("tb_record_comment", _s, (_p, _sz, _sz, C.POINTER(_s))),
    ("tb_line_first", _p, (_p,)), ("tb_line_next", _p, (_p,)),
    ("tb_line_nodes", C.c_long, (_p, _p, C.POINTER(_p), C.POINTER(_p))),
    ("tb_line_comment", _s, (_p, _sz, C.POINTER(_s))), ("tb_line_span", None, (_p, _SPAN)),
    ("tb_node_type", C.c_int, (_p,)), ("tb_node_next", _p, (_p,)),
    ("tb_node_variation", _p, (_p,)), ("tb_node_number", C.c_uint, (_p,)),
    ("tb_node_side", C.c_int, (_p,)), ("tb_node_reconstructed", C.c_int, (_p,)),
    ("tb_node_written", C.c_int, (_p, C.POINTER(C.c_uint), C.POINTER(C.c_int))),
    ("tb_node_token", _str_out, (_p, _p)), ("tb_node_nparts", _sz, (_p,)),
    ("tb_node_part", C.c_int, (_p, _sz, C.POINTER(C.c_int), C.POINTER(C.c_int),
                               C.POINTER(C.c_int))),
    ("tb_node_crown", C.c_int, (_p,)), ("tb_node_nnags", _sz, (_p,)),
    ("tb_node_nag", C.c_int, (_p, _sz)),
    ("tb_node_comment", _s, (_p, _sz, C.POINTER(_s))),
    ("tb_node_gap", C.c_int, (_p, C.POINTER(C.c_long), C.POINTER(C.c_long))),
    ("tb_node_evidence", C.c_int, (_p, C.POINTER(_EvidenceInfo))),
    ("tb_node_comment_evidence", C.c_int, (_p, _sz, C.POINTER(_EvidenceInfo))),
    ("tb_line_comment_evidence", C.c_int, (_p, _sz, C.POINTER(_EvidenceInfo))),
    ("tb_node_set_evidence", C.c_int, (_p, _p, _s)),
    ("tb_node_set_comment_evidence", C.c_int, (_p, _p, _sz, _s)),
    ("tb_line_set_comment_evidence", C.c_int, (_p, _p, _sz, _s)),
    ("tb_evidence_format", _sz, (C.POINTER(_EvidenceInfo), C.c_int, C.c_char_p, _sz)),
    ("tb_node_comment_marks", _sz, (_p, _sz, C.c_char_p, _sz)),
    ("tb_node_set_comment_marks", C.c_int, (_p, _p, _sz, _s)),
    ("tb_node_position", _str_out, (_p, _p)), ("tb_node_span", None, (_p, _SPAN)),
    ("tb_node_nalts", _sz, (_p,)), ("tb_alt_type", C.c_int, (_p, _sz)),
    ("tb_alt_reconstructed", C.c_int, (_p, _sz)), ("tb_alt_token", _str_out, (_p, _p, _sz)),
    ("tb_alt_gap", C.c_int, (_p, _sz, C.POINTER(C.c_long), C.POINTER(C.c_long))),
    ("tb_alt_position", _str_out, (_p, _p, _sz)),
    ("tb_alt_comment", _s, (_p, _sz, _sz, C.POINTER(_s))),
    ("tb_iter_new", _p, (_p,)), ("tb_iter_next", C.c_int, (_p,)),
    ("tb_iter_node", _p, (_p,)), ("tb_iter_line", _p, (_p,)),
    ("tb_iter_depth", C.c_uint, (_p,)), ("tb_iter_free", None, (_p,)),
    ("tb_record_new", _p, (_p,)), ("tb_record_set_tag", C.c_int, (_p, _s, _s)),
    ("tb_record_set_result", C.c_int, (_p, C.c_int)),
    ("tb_record_add_comment", C.c_int, (_p, _sz, _s, _s)),
    ("tb_line_insert", C.c_int, (_p, _p, _p, _s, C.POINTER(_p))),
    ("tb_line_append", C.c_int, (_p, _p, _s, C.POINTER(_p))),
    ("tb_line_add_comment", C.c_int, (_p, _p, _s, _s)),
    ("tb_node_add_variation", C.c_int, (_p, _p, _s, C.POINTER(_p))),
    ("tb_node_add_nag", C.c_int, (_p, _p, C.c_int)),
    ("tb_node_add_comment", C.c_int, (_p, _p, _s, _s)),
    ("tb_alt_add_comment", C.c_int, (_p, _p, _sz, _s, _s)),
    ("tb_node_remove", C.c_int, (_p, _p)), ("tb_line_remove", C.c_int, (_p, _p)),
    ("tb_node_engine", _p, (_p, _p, C.POINTER(_Reached), C.POINTER(_str_out))),
    ("tb_reader_replay", _p, (_p, _p)), ("tb_replay_free", None, (_p,)),
    ("tb_replay_count", _sz, (_p,)), ("tb_replay_find", C.c_long, (_p, _p, C.c_uint)),
    ("tb_replay_node", _p, (_p, C.c_long, C.POINTER(C.c_uint))),
    ("tb_replay_status", C.c_int, (_p, C.c_long)), ("tb_replay_stop", C.c_int, (_p, C.c_long)),
    ("tb_replay_depth", C.c_uint, (_p, C.c_long)), ("tb_replay_ply", C.c_long, (_p, C.c_long)),
    ("tb_replay_positions", _sz, (_p, C.c_long)),
    ("tb_replay_fits", C.c_ulonglong, (_p, C.c_long)),
    ("tb_replay_code", C.c_int, (_p, C.c_long)),
    ("tb_replay_position", _str_out, (_p, C.c_long)),
    ("tb_replay_engine", _p, (_p, C.c_long)), ("tb_replay_token", _str_out, (_p, C.c_long)),
    ("tb_replay_report", C.c_int, (_p, C.c_long, _TURN_FN, _p)),
    ("tb_replay_why", _str_out, (_p, C.c_long)),
    ("tb_record_engine", _p, (_p, C.c_long, C.POINTER(_Reached), C.POINTER(_str_out))),
    ("tb_engine_new", _p, (_p, _s, _s, C.POINTER(_str_out))),
    ("tb_engine_free", None, (_p,)), ("tb_engine_position", _str_out, (_p,)),
    ("tb_engine_board", _str_out, (_p, C.c_uint)), ("tb_engine_over", _str_out, (_p,)),
    ("tb_engine_to_move", C.c_int, (_p,)), ("tb_engine_status", C.c_int, (_p,)),
    ("tb_engine_legal", _sz, (_p, _LEGAL_FN, _p)),
    ("tb_engine_play", C.c_int, (_p, _s, C.POINTER(_str_out), C.POINTER(_str_out))),
    ("tb_engine_legal_turns", _sz, (_p, _TURN_FN, _p)),
    ("tb_engine_play_turn", C.c_int, (_p, _s, _TURN_FN, _p, C.POINTER(_str_out))),
    ("tb_event_name", _s, (C.c_int,)), ("tb_event_kind_of", C.c_int, (_s,)),
    ("tb_part_name", _s, (C.c_uint,)),
    ("tb_event_kind_next", C.c_int, (C.c_int,)),
    ("tb_xml_writer_new", _p, (_p, C.c_int)),
    ("tb_xml_write_record", C.c_int, (_p, _p, _p)),
    ("tb_xml_writer_end", C.c_int, (_p,)),
    ("tb_svg_record", C.c_int, (_p, C.POINTER(C.c_long), _sz, C.POINTER(_SvgOpts), _SVG_FN,
                                _p, C.POINTER(_str_out))),
]:
    _decl(_name, _res, *_args)

_libc.free.argtypes = [_p]
_libc.free.restype = None
_libc.open_memstream.argtypes = [C.POINTER(_p), C.POINTER(_sz)]
_libc.open_memstream.restype = _p
_libc.fclose.argtypes = [_p]
_libc.fclose.restype = C.c_int
_libc.fopen.argtypes = [_s, _s]
_libc.fopen.restype = _p


def _take(ptr, size: Optional[int] = None) -> Optional[str]:
    """The C string at 'ptr' (which the caller frees) as str; frees it."""
    if not ptr:
        return None
    try:
        raw = C.string_at(ptr, size) if size is not None else C.string_at(ptr)
        return raw.decode("utf-8")
    finally:
        _libc.free(C.cast(ptr, _p))


def _enc(s: Optional[str]) -> Optional[bytes]:
    return None if s is None else s.encode("utf-8")


def _text(s: Optional[str]) -> Optional[bytes]:
    """Text for a record (a comment, a tag's value, movetext), as _enc,
    but a NUL -- where the library's C string would end, the rest lost --
    or a lone surrogate is refused; the library refuses the rest of what
    the reader would (control characters, ...)."""
    if s is not None and "\0" in s:
        raise TableroError("a NUL character cannot be in a record's text")
    try:
        return _enc(s)
    except UnicodeEncodeError as e:
        raise TableroError(f"text that is not UTF-8: {e.reason}") from None


def _dec(b: Optional[bytes]) -> Optional[str]:
    return None if b is None else b.decode("utf-8")


def version() -> str:
    """The library's version, "MAJOR.MINOR.PATCH"."""
    return _dec(_lib.tb_version())


def games() -> List[str]:
    """The names of the games tablero knows."""
    out, i = [], 0
    while True:
        g = _lib.tb_game_at(i)
        if not g:
            return out
        out.append(_dec(_lib.tb_game_name(g)))
        i += 1
