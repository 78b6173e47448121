#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

/* zlib (Debian zlib1g-dev), for gzip request and response bodies. deflateInit2 and
   inflateInit2 are function-like macros, which Swift cannot import. Only
   Sources/XMLBindHTTP imports this module. */

#include <zlib.h>

/// `deflateInit2` for a gzip stream (window bits 15 + 16) at `level`.
static inline int CZlib_DeflateInitGzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

/// `inflateInit2` for a gzip stream only (window bits 15 + 16).
static inline int CZlib_InflateInitGzip(z_streamp stream) {
    return inflateInit2(stream, 15 + 16);
}

#endif
