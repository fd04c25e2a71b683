#include "CUnicode.h"

#include <unicode/ubrk.h>
#include <unicode/utext.h>
#include <stdlib.h>
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

// Points an iterator at empty text, dropping its pointer to the caller's before returning. (Not the line iterator,
// which paragraphs use one after another: it is the thread's own, every call gives it its text before reading, and
// the pointer it keeps is never read after the call; dropping it took another ubrk_setText, a tenth of ICU's time a
// short paragraph.)
static void forgetText(UBreakIterator *iterator) {
    static const UChar empty[1] = {0};
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(iterator, empty, 0, &status);
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
    forgetText(characterIterator);
    return count;
}

// The thread's line-break iterator for `locale`, opened (or reopened for another locale) when needed; NULL when ICU fails.
static UBreakIterator *lineIteratorFor(const char *locale) {
    const char *wanted = locale == NULL ? "" : locale;
    if (lineIterator != NULL && strncmp(lineLocale, wanted, sizeof(lineLocale) - 1) == 0) return lineIterator;
    if (lineIterator != NULL) ubrk_close(lineIterator);
    closeIteratorsAtThreadExit();
    UErrorCode status = U_ZERO_ERROR;
    lineIterator = ubrk_open(UBRK_LINE, wanted, NULL, 0, &status);
    if (U_FAILURE(status)) {
        lineIterator = NULL;
        lineLocale[0] = 0;
        return NULL;
    }
    strncpy(lineLocale, wanted, sizeof(lineLocale) - 1);
    lineLocale[sizeof(lineLocale) - 1] = 0;
    return lineIterator;
}

// ICU's opportunities of `length` units (their end included), each plus `shift`, appended to `positions` from
// `*count` on (up to `capacity`). 0, or -1 when ICU fails.
static int32_t appendICULineBreaks(UBreakIterator *iterator, const uint16_t *text, int32_t length, int32_t shift,
                                   int32_t *positions, int32_t *count, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(iterator, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    // (From first(), which the fresh text's cache already holds: following(0) costs more than the next it saves.)
    ubrk_first(iterator);
    for (int32_t position = ubrk_next(iterator); position != UBRK_DONE && *count < capacity; position = ubrk_next(iterator)) {
        positions[(*count)++] = position + shift;
    }
    return 0;
}

// A Han ideograph of the BMP (CJK Unified Ideographs and Extension A, CJK Compatibility Ideographs): line-break
// class ID in every version of UAX #14, under every strictness.
static inline int isHanIdeograph(uint16_t unit) {
    return (unit >= 0x4E00 && unit <= 0x9FFF) || (unit >= 0x3400 && unit <= 0x4DBF) || (unit >= 0xF900 && unit <= 0xFAFF);
}

int32_t galley_line_break_opportunities_icu(const uint16_t *text, int32_t length, const char *locale, int32_t *positions,
                                            int32_t capacity) {
    if (length <= 0 || text == NULL || positions == NULL || capacity <= 0) return 0;
    UBreakIterator *iterator = lineIteratorFor(locale);
    if (iterator == NULL) return -1;
    int32_t count = 0;
    int32_t failed = appendICULineBreaks(iterator, text, length, 0, positions, &count, capacity);
    return failed ? -1 : count;
}

// Runs of at least this many ideographs are given to ICU as their first and last.
enum { ideographRunShortened = 3 };

// ICU's answer, read over the text with its runs of Han ideographs shortened to their first and last, which changes
// nothing but the time ICU takes: between two ideographs a line may always end (UAX #14 LB31: no earlier rule holds
// between two ID characters, and none looks through one), so every position inside a run is an opportunity, and ICU,
// whose iterator finds each opportunity from the one before and the text after it, answers the same about the text
// around the run. One pass of ICU over the paragraph: each new start of its iterator (ubrk_setText) costs as much as
// reading some ten units. Not where the locale asks for phrases (`lw`), which keep ideographs together. A test compares
// with ICU reading every unit. (Letters, which never break from each other, are read through: shortening their runs
// saved ICU less than finding them cost.)
int32_t galley_line_break_opportunities(const uint16_t *text, int32_t length, const char *locale, int32_t *positions,
                                        int32_t capacity) {
    if (length <= 0 || text == NULL || positions == NULL || capacity <= 0) return 0;
    if (locale != NULL && (strstr(locale, "lw") != NULL || strstr(locale, "LW") != NULL)) {
        return galley_line_break_opportunities_icu(text, length, locale, positions, capacity);
    }
    // The runs left out: each where it was cut out of the shortened text, where its left-out units were in the text,
    // and how many they were.
    typedef struct { int32_t cut, start, removed; } Cut;
    uint16_t *shortened = NULL;
    Cut *cuts = NULL;
    int32_t cutCount = 0, shortenedLength = 0, copiedUpTo = 0;
    for (int32_t index = 0; index < length;) {
        // (Most units are below the first ideograph: one comparison each.)
        if (text[index] < 0x3400 || !isHanIdeograph(text[index])) {
            index++;
            continue;
        }
        int32_t runEnd = index + 1;
        while (runEnd < length && isHanIdeograph(text[runEnd])) runEnd++;
        if (runEnd - index >= ideographRunShortened) {
            if (shortened == NULL) {
                shortened = malloc(sizeof(uint16_t) * (size_t)length);
                cuts = malloc(sizeof(Cut) * (size_t)(length / ideographRunShortened + 1));
                if (shortened == NULL || cuts == NULL) {
                    free(shortened);
                    free(cuts);
                    return galley_line_break_opportunities_icu(text, length, locale, positions, capacity);
                }
            }
            int32_t cutAt = index + 1, resumeAt = runEnd - 1;
            memcpy(shortened + shortenedLength, text + copiedUpTo, sizeof(uint16_t) * (size_t)(cutAt - copiedUpTo));
            shortenedLength += cutAt - copiedUpTo;
            cuts[cutCount++] = (Cut){shortenedLength, cutAt, resumeAt - cutAt};
            copiedUpTo = resumeAt;
        }
        index = runEnd;
    }
    if (shortened == NULL) return galley_line_break_opportunities_icu(text, length, locale, positions, capacity);
    memcpy(shortened + shortenedLength, text + copiedUpTo, sizeof(uint16_t) * (size_t)(length - copiedUpTo));
    shortenedLength += length - copiedUpTo;

    int32_t count = 0;
    int32_t failed = -1;
    UBreakIterator *iterator = lineIteratorFor(locale);
    UErrorCode status = U_ZERO_ERROR;
    if (iterator != NULL) ubrk_setText(iterator, (const UChar *)shortened, shortenedLength, &status);
    if (iterator != NULL && U_SUCCESS(status)) {
        failed = 0;
        int32_t nextCut = 0, shift = 0;
        ubrk_first(iterator);
        for (int32_t position = ubrk_next(iterator); position != UBRK_DONE && count < capacity; position = ubrk_next(iterator)) {
            // Past a cut (ICU always finds the one between the run's first and last): the positions inside the run first.
            while (nextCut < cutCount && position >= cuts[nextCut].cut) {
                Cut cut = cuts[nextCut++];
                for (int32_t inside = cut.start; inside < cut.start + cut.removed && count < capacity; inside++) positions[count++] = inside;
                shift += cut.removed;
            }
            if (count < capacity) positions[count++] = position + shift;
        }
    }
    free(shortened);
    free(cuts);
    return failed ? -1 : count;
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
    forgetText(*iterator);
    return count;
}
