/*
 * xml.h -- tablero XML (internal; spec/xml.md, schemas/tgn.rng).
 */
#ifndef TB_XML_H
#define TB_XML_H

#include <stddef.h>

#include "tablero.h"

#define TB_XML_NS "urn:tablero:tgn"
#define TB_XML_VERSION "1.0"

/* schemas/tgn.rng, embedded at build time (build/gen/schema_rng.c). */
extern const char tb_schema_rng[];
extern const size_t tb_schema_rng_len;

#endif
