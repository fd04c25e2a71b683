#include "CUnicode.h"

#include <unicode/ucnv.h>
#include <pthread.h>
#include <string.h>

// Opening a converter reads ICU's data, so each thread keeps the last one it used (documents switch between one
// or two encodings) and resets it before each use. Like the break iterators, it lives as long as the thread.
static _Thread_local UConverter *lastConverter = NULL;
static _Thread_local char lastName[64] = {0};

// Closes the thread's converter when the thread exits (a pool's threads come and go).
static pthread_key_t converterKey;
static pthread_once_t converterKeyOnce = PTHREAD_ONCE_INIT;

static void closeThreadConverter(void *unused) {
    (void)unused;
    if (lastConverter != NULL) ucnv_close(lastConverter);
    lastConverter = NULL;
}

static void makeConverterKey(void) { pthread_key_create(&converterKey, closeThreadConverter); }

int32_t galley_convert_to_utf16(const char *name, const uint8_t *bytes, int32_t length, uint16_t *output,
                                int32_t capacity) {
    if (name == NULL || strlen(name) >= sizeof lastName) return -1;
    if (lastConverter == NULL || strcmp(lastName, name) != 0) {
        UErrorCode status = U_ZERO_ERROR;
        UConverter *converter = ucnv_open(name, &status);
        if (U_FAILURE(status) || converter == NULL) return -1;
        if (lastConverter != NULL) {
            ucnv_close(lastConverter);
        } else {
            pthread_once(&converterKeyOnce, makeConverterKey);
            pthread_setspecific(converterKey, (void *)1);
        }
        lastConverter = converter;
        strcpy(lastName, name);
    }
    ucnv_reset(lastConverter);
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = ucnv_toUChars(lastConverter, (UChar *)output, capacity, (const char *)bytes, length, &status);
    if (U_FAILURE(status) && status != U_STRING_NOT_TERMINATED_WARNING) return -2;
    return written;
}
