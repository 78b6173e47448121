#ifndef CEXPAT_SHIM_H
#define CEXPAT_SHIM_H

#include <expat.h>

/// `XML_GetUserData` is a macro; Swift cannot import function-like macros.
static inline void *CExpat_GetUserData(XML_Parser parser) {
    return XML_GetUserData(parser);
}

#endif
