#ifndef CEXPAT_SHIM_H
#define CEXPAT_SHIM_H

/* The billion-laughs protection API (expat >= 2.4.0) is declared only when XML_DTD is
   defined. The library is built with it (see expat_config.h on Debian), but the public
   header cannot know that; nothing else in expat.h depends on the macro. */
#ifndef XML_DTD
#define XML_DTD 1
#endif

#include <expat.h>

/// `XML_GetUserData` is a macro; Swift cannot import function-like macros.
static inline void *CExpat_GetUserData(XML_Parser parser) {
    return XML_GetUserData(parser);
}

#endif
