// CUnicode: the small part of ICU that Galley uses, behind plain C types.
//
// Swift cannot import the system's ICU headers into a module that also imports Foundation (Foundation
// carries its own ICU), so this target includes <unicode/...> only in its .c files and exposes
// int32_t / uint16_t based functions here. At run time the system libicuuc and Foundation's ICU coexist.
#ifndef GALLEY_CUNICODE_H
#define GALLEY_CUNICODE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The ICU version string ("72.1"), written into `buffer` (NUL-terminated, at most `capacity` bytes).
void galley_icu_version(char *buffer, int32_t capacity);

/// The Unicode script property of a code point as ICU's UScriptCode value (0 = Common, 1 = Inherited).
int32_t galley_script_code(int32_t codePoint);

/// The ISO 15924 four-letter code ("Latn", "Arab", "Zyyy") of a UScriptCode, or NULL if unknown.
const char *galley_script_short_name(int32_t scriptCode);

#ifdef __cplusplus
}
#endif

#endif
