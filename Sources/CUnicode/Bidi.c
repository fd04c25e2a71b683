#include "CUnicode.h"

#include <unicode/ubidi.h>

int32_t galley_bidi_resolve(const uint16_t *text, int32_t length, uint8_t paragraphLevel,
                            uint8_t *explicitLevels, uint8_t *levels, uint8_t *resolvedParagraphLevel) {
    if (length < 0 || (length > 0 && (text == NULL || levels == NULL))) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status)) return (int32_t)status;
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
    ubidi_close(bidi);
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
