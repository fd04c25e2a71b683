#include "CUnicode.h"

#include <unicode/ubidi.h>

#include <pthread.h>

// Each thread keeps one UBiDi object: ubidi_setPara reuses its memory, which opening one per paragraph would
// allocate again. It lives as long as the thread: a thread-specific key's destructor closes it when the thread
// exits (a thread pool's threads come and go).
static _Thread_local UBiDi *threadBidi = NULL;
static pthread_key_t bidiKey;
static pthread_once_t bidiKeyOnce = PTHREAD_ONCE_INIT;

static void closeThreadBidi(void *unused) {
    (void)unused;
    if (threadBidi != NULL) ubidi_close(threadBidi);
    threadBidi = NULL;
}

static void makeBidiKey(void) { pthread_key_create(&bidiKey, closeThreadBidi); }

static UBiDi *openThreadBidi(void) {
    UBiDi *bidi = ubidi_open();
    if (bidi == NULL) return NULL;
    pthread_once(&bidiKeyOnce, makeBidiKey);
    // Any non-null value makes the key's destructor run at the thread's exit.
    pthread_setspecific(bidiKey, (void *)1);
    return bidi;
}

int32_t galley_bidi_resolve(const uint16_t *text, int32_t length, uint8_t paragraphLevel,
                            uint8_t *explicitLevels, uint8_t *levels, uint8_t *resolvedParagraphLevel) {
    if (length < 0 || (length > 0 && (text == NULL || levels == NULL))) return -1;
    UErrorCode status = U_ZERO_ERROR;
    if (threadBidi == NULL) threadBidi = openThreadBidi();
    if (threadBidi == NULL) return -1;
    UBiDi *bidi = threadBidi;
    ubidi_setPara(bidi, (const UChar *)text, length, (UBiDiLevel)paragraphLevel, (UBiDiLevel *)explicitLevels,
                  &status);
    if (U_SUCCESS(status)) {
        if (resolvedParagraphLevel != NULL) *resolvedParagraphLevel = ubidi_getParaLevel(bidi);
        if (length > 0) {
            const UBiDiLevel *resolved = ubidi_getLevels(bidi, &status);
            if (U_SUCCESS(status)) {
                for (int32_t i = 0; i < length; i++) levels[i] = resolved[i];
            }
        }
    }
    // Drop the pointers to the caller's text and levels before returning.
    static const UChar empty[1] = {0};
    UErrorCode resetStatus = U_ZERO_ERROR;
    ubidi_setPara(bidi, empty, 0, 0, NULL, &resetStatus);
    return U_FAILURE(status) ? (int32_t)status : 0;
}

int32_t galley_bidi_line_levels(const uint16_t *text, int32_t length, uint8_t paragraphLevel, int32_t lineStart,
                                int32_t lineEnd, uint8_t *levels, int32_t *visualToLogical) {
    if (text == NULL || levels == NULL || visualToLogical == NULL || lineStart < 0 || lineEnd > length ||
        lineStart >= lineEnd)
        return -1;
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *paragraph = ubidi_open();
    UBiDi *line = ubidi_open();
    if (paragraph == NULL || line == NULL) status = U_MEMORY_ALLOCATION_ERROR;
    if (U_SUCCESS(status)) ubidi_setPara(paragraph, (const UChar *)text, length, (UBiDiLevel)paragraphLevel, NULL, &status);
    if (U_SUCCESS(status)) ubidi_setLine(paragraph, lineStart, lineEnd, line, &status);
    if (U_SUCCESS(status)) {
        const UBiDiLevel *resolved = ubidi_getLevels(line, &status);
        if (U_SUCCESS(status)) {
            for (int32_t i = 0; i < lineEnd - lineStart; i++) levels[i] = resolved[i];
        }
    }
    if (U_SUCCESS(status)) ubidi_getVisualMap(line, visualToLogical, &status);
    if (line != NULL) ubidi_close(line);
    if (paragraph != NULL) ubidi_close(paragraph);
    return U_FAILURE(status) ? (int32_t)status : 0;
}

void galley_bidi_reorder_visual(const uint8_t *levels, int32_t count, int32_t *visualToLogical) {
    if (count <= 0 || levels == NULL || visualToLogical == NULL) return;
    ubidi_reorderVisual((const UBiDiLevel *)levels, count, visualToLogical);
}

uint8_t galley_bidi_base_direction(const uint16_t *text, int32_t length) {
    if (length <= 0 || text == NULL) return 2;
    switch (ubidi_getBaseDirection((const UChar *)text, length)) {
    case UBIDI_LTR: return 0;
    case UBIDI_RTL: return 1;
    default: return 2;
    }
}
