#include "CUnicode.h"

#include <string.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/uversion.h>

void galley_icu_version(char *buffer, int32_t capacity) {
    if (buffer == NULL || capacity <= 0) return;
    UVersionInfo info;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(info);
    u_versionToString(info, text);
    strncpy(buffer, text, (size_t)capacity - 1);
    buffer[capacity - 1] = '\0';
}

int32_t galley_script_code(int32_t codePoint) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode code = uscript_getScript(codePoint, &status);
    return U_FAILURE(status) ? USCRIPT_UNKNOWN : (int32_t)code;
}

const char *galley_script_short_name(int32_t scriptCode) {
    return uscript_getShortName((UScriptCode)scriptCode);
}

int32_t galley_emoji_properties(int32_t codePoint) {
    int32_t bits = 0;
    if (u_hasBinaryProperty(codePoint, UCHAR_EMOJI)) bits |= 1;
    if (u_hasBinaryProperty(codePoint, UCHAR_EMOJI_PRESENTATION)) bits |= 2;
    if (u_hasBinaryProperty(codePoint, UCHAR_EMOJI_MODIFIER)) bits |= 4;
    if (u_hasBinaryProperty(codePoint, UCHAR_REGIONAL_INDICATOR)) bits |= 8;
    if (u_hasBinaryProperty(codePoint, UCHAR_EXTENDED_PICTOGRAPHIC)) bits |= 16;
    return bits;
}

int32_t galley_is_whitespace(int32_t codePoint) {
    return u_isUWhiteSpace(codePoint) ? 1 : 0;
}

int32_t galley_is_joining(int32_t codePoint) {
    int32_t type = u_getIntPropertyValue(codePoint, UCHAR_JOINING_TYPE);
    return type == U_JT_DUAL_JOINING || type == U_JT_RIGHT_JOINING || type == U_JT_LEFT_JOINING
        || type == U_JT_JOIN_CAUSING ? 1 : 0;
}

int32_t galley_is_unspaced(int32_t codePoint) {
    int32_t type = u_getIntPropertyValue(codePoint, UCHAR_LINE_BREAK);
    return type == U_LB_IDEOGRAPHIC || type == U_LB_CONDITIONAL_JAPANESE_STARTER || type == U_LB_COMPLEX_CONTEXT ? 1 : 0;
}

int32_t galley_continues_cluster(int32_t codePoint) {
    int8_t type = u_charType(codePoint);
    if (type == U_NON_SPACING_MARK || type == U_COMBINING_SPACING_MARK || type == U_ENCLOSING_MARK || type == U_FORMAT_CHAR) return 1;
    return u_hasBinaryProperty(codePoint, UCHAR_VARIATION_SELECTOR) || u_hasBinaryProperty(codePoint, UCHAR_GRAPHEME_EXTEND) ? 1 : 0;
}

int32_t galley_joins_lines_without_space(int32_t codePoint) {
    int32_t width = u_getIntPropertyValue(codePoint, UCHAR_EAST_ASIAN_WIDTH);
    if (width != U_EA_FULLWIDTH && width != U_EA_WIDE && width != U_EA_HALFWIDTH) return 0;
    UErrorCode status = U_ZERO_ERROR;
    return uscript_getScript(codePoint, &status) == USCRIPT_HANGUL ? 0 : 1;
}

int32_t galley_vertical_orientation(int32_t codePoint) {
    return u_getIntPropertyValue(codePoint, UCHAR_VERTICAL_ORIENTATION);
}

int32_t galley_paired_bracket(int32_t codePoint, int32_t *pair) {
    int32_t type = u_getIntPropertyValue(codePoint, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
    if (pair != NULL) *pair = (int32_t)u_getBidiPairedBracket(codePoint);
    return type == U_BPT_OPEN ? 1 : type == U_BPT_CLOSE ? 2 : 0;
}

int32_t galley_bidi_class(int32_t codePoint) {
    return (int32_t)u_charDirection(codePoint);
}
