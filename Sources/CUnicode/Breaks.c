#include "CUnicode.h"

#include <unicode/ubrk.h>
#include <unicode/utext.h>
#include <string.h>

#include <pthread.h>

// Opening a break iterator costs more than using it on a paragraph, so each thread keeps one character
// iterator and points it at new text (ubrk_setText). It lives as long as the thread.
static _Thread_local UBreakIterator *characterIterator = NULL;
static _Thread_local UBreakIterator *lineIterator = NULL;
static _Thread_local char lineLocale[32] = {0};
// One word and one sentence iterator per thread, for the last locale asked for.
static _Thread_local UBreakIterator *textIterators[2] = {NULL, NULL};
static _Thread_local char textLocales[2][32] = {{0}, {0}};

// A thread-specific key whose destructor closes the thread's iterators when it exits (a thread pool's threads come
// and go); set once a thread opens its first iterator.
static pthread_key_t iteratorKey;
static pthread_once_t iteratorKeyOnce = PTHREAD_ONCE_INIT;

static void closeThreadIterators(void *unused) {
    (void)unused;
    if (characterIterator != NULL) ubrk_close(characterIterator);
    if (lineIterator != NULL) ubrk_close(lineIterator);
    for (int kind = 0; kind < 2; kind++) {
        if (textIterators[kind] != NULL) ubrk_close(textIterators[kind]);
        textIterators[kind] = NULL;
    }
    characterIterator = NULL;
    lineIterator = NULL;
}

static void makeIteratorKey(void) { pthread_key_create(&iteratorKey, closeThreadIterators); }

static void closeIteratorsAtThreadExit(void) {
    pthread_once(&iteratorKeyOnce, makeIteratorKey);
    if (pthread_getspecific(iteratorKey) == NULL) pthread_setspecific(iteratorKey, (void *)1);
}

int32_t galley_grapheme_boundaries(const uint16_t *text, int32_t length, int32_t *boundaries, int32_t capacity) {
    if (length <= 0 || text == NULL || boundaries == NULL || capacity <= 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    if (characterIterator == NULL) {
        closeIteratorsAtThreadExit();
        characterIterator = ubrk_open(UBRK_CHARACTER, "", (const UChar *)text, length, &status);
        if (U_FAILURE(status)) {
            characterIterator = NULL;
            return -1;
        }
    } else {
        ubrk_setText(characterIterator, (const UChar *)text, length, &status);
        if (U_FAILURE(status)) return -1;
    }
    int32_t count = 0;
    for (int32_t position = ubrk_first(characterIterator); position != UBRK_DONE && count < capacity;
         position = ubrk_next(characterIterator)) {
        boundaries[count++] = position;
    }
    // Drop the pointer to the caller's text before returning.
    static const UChar empty[1] = {0};
    ubrk_setText(characterIterator, empty, 0, &status);
    return count;
}

// One line-break iterator per thread for the last locale asked for.
int32_t galley_line_break_opportunities(const uint16_t *text, int32_t length, const char *locale, int32_t *positions,
                                        int32_t capacity) {
    if (length <= 0 || text == NULL || positions == NULL || capacity <= 0) return 0;
    const char *wanted = locale == NULL ? "" : locale;
    UErrorCode status = U_ZERO_ERROR;
    if (lineIterator == NULL || strncmp(lineLocale, wanted, sizeof(lineLocale) - 1) != 0) {
        if (lineIterator != NULL) ubrk_close(lineIterator);
        closeIteratorsAtThreadExit();
        lineIterator = ubrk_open(UBRK_LINE, wanted, (const UChar *)text, length, &status);
        if (U_FAILURE(status)) {
            lineIterator = NULL;
            lineLocale[0] = 0;
            return -1;
        }
        strncpy(lineLocale, wanted, sizeof(lineLocale) - 1);
        lineLocale[sizeof(lineLocale) - 1] = 0;
    } else {
        ubrk_setText(lineIterator, (const UChar *)text, length, &status);
        if (U_FAILURE(status)) return -1;
    }
    int32_t count = 0;
    for (int32_t position = ubrk_following(lineIterator, 0); position != UBRK_DONE && count < capacity;
         position = ubrk_next(lineIterator)) {
        positions[count] = position;
        count++;
    }
    static const UChar empty[1] = {0};
    ubrk_setText(lineIterator, empty, 0, &status);
    return count;
}

int32_t galley_text_boundaries(int32_t kind, const uint16_t *text, int32_t length, const char *locale, int32_t *boundaries,
                               uint8_t *isWordLike, int32_t capacity) {
    if (kind < 0 || kind > 1 || length <= 0 || text == NULL || boundaries == NULL || capacity <= 0) return 0;
    const char *wanted = locale == NULL ? "" : locale;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator **iterator = &textIterators[kind];
    if (*iterator == NULL || strncmp(textLocales[kind], wanted, sizeof(textLocales[kind]) - 1) != 0) {
        if (*iterator != NULL) ubrk_close(*iterator);
        closeIteratorsAtThreadExit();
        *iterator = ubrk_open(kind == 0 ? UBRK_WORD : UBRK_SENTENCE, wanted, (const UChar *)text, length, &status);
        if (U_FAILURE(status)) {
            *iterator = NULL;
            textLocales[kind][0] = 0;
            return -1;
        }
        strncpy(textLocales[kind], wanted, sizeof(textLocales[kind]) - 1);
        textLocales[kind][sizeof(textLocales[kind]) - 1] = 0;
    } else {
        ubrk_setText(*iterator, (const UChar *)text, length, &status);
        if (U_FAILURE(status)) return -1;
    }
    int32_t count = 0;
    for (int32_t position = ubrk_first(*iterator); position != UBRK_DONE && count < capacity; position = ubrk_next(*iterator)) {
        boundaries[count] = position;
        if (isWordLike != NULL) {
            // The rule status describes the segment that ends at this boundary (none before the first).
            isWordLike[count] = count > 0 && kind == 0 && ubrk_getRuleStatus(*iterator) >= UBRK_WORD_NONE_LIMIT ? 1 : 0;
        }
        count++;
    }
    static const UChar empty[1] = {0};
    ubrk_setText(*iterator, empty, 0, &status);
    return count;
}
