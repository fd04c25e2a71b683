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

/// Emoji properties of a code point as bits: 1 Emoji, 2 Emoji_Presentation, 4 Emoji_Modifier,
/// 8 Regional_Indicator, 16 Extended_Pictographic.
int32_t galley_emoji_properties(int32_t codePoint);

/// Whether a code point is an opening (1) or closing (2) paired bracket (Bidi_Paired_Bracket_Type), else 0;
/// writes its counterpart (Bidi_Paired_Bracket) into `pair` (may be NULL).
int32_t galley_paired_bracket(int32_t codePoint, int32_t *pair);

/// The Bidi_Class of a code point as ICU's UCharDirection (9 = WS, 10 = ON, 8 = S, 7 = B, 18 = BN,
/// 19–22 = FSI, LRI, RLI, PDI).
int32_t galley_bidi_class(int32_t codePoint);

/// 1 if the code point has the White_Space property, else 0.
int32_t galley_is_whitespace(int32_t codePoint);
/// 1 when the character joins its neighbours in cursive scripts (Unicode Joining_Type D, R, L or C: Arabic, Syriac,
/// N'Ko, Mongolian letters, tatweel, ZWJ), else 0.
int32_t galley_is_joining(int32_t codePoint);
/// 1 for characters of writing written without spaces between words (Line_Break ID, CJ or SA: Han, kana, Thai,
/// Lao, Khmer, Myanmar), else 0.
int32_t galley_is_unspaced(int32_t codePoint);
/// 1 for characters that belong to the cluster before them: marks (General_Category Mn, Mc, Me), format characters
/// (Cf: joiners), variation selectors and other Grapheme_Extend characters; else 0.
int32_t galley_continues_cluster(int32_t codePoint);
/// Unicode's Vertical_Orientation (UAX #50): 0 Rotated, 1 Transformed Rotated, 2 Transformed Upright, 3 Upright
/// (ICU's UVerticalOrientation).
int32_t galley_vertical_orientation(int32_t codePoint);
/// 1 for characters whose East_Asian_Width is Fullwidth, Wide or Halfwidth and that are not Hangul: where CSS removes
/// a segment break between two of them instead of turning it into a space (CSS Text 3, §4.1.3); else 0.
int32_t galley_joins_lines_without_space(int32_t codePoint);

/// Resolves bidi embedding levels (UAX #9, through ICU's ubidi) for `length` UTF-16 units.
///
/// `paragraphLevel`: 0 = left to right, 1 = right to left, 0xFE = from the first strong character, else left to
/// right; 0xFF = from the first strong character, else right to left. `explicitLevels` (may be NULL) gives
/// explicit embedding levels per unit, with bit 0x80 marking an override; it is modified by ICU.
/// Writes one level per unit into `levels` (rule L1 applied) and the paragraph level of the first paragraph into
/// `resolvedParagraphLevel` (may be NULL). Returns 0, or an ICU error code.
int32_t galley_bidi_resolve(const uint16_t *text, int32_t length, uint8_t paragraphLevel,
                            uint8_t *explicitLevels, uint8_t *levels, uint8_t *resolvedParagraphLevel);

/// The levels of one line of a paragraph as ICU gives them (`ubidi_setLine`, rule L1 applied at the line's end and
/// before separators) and the line's visual order (`ubidi_getVisualMap`): `length` units of the paragraph at
/// `paragraphLevel` (as for `galley_bidi_resolve`, without explicit levels), the line `lineStart..<lineEnd`;
/// `levels` and `visualToLogical` (offsets in the line) take `lineEnd - lineStart` entries each. Returns 0, or an
/// ICU error code. (For tests: an independent account of a line's levels.)
int32_t galley_bidi_line_levels(const uint16_t *text, int32_t length, uint8_t paragraphLevel, int32_t lineStart,
                                int32_t lineEnd, uint8_t *levels, int32_t *visualToLogical);

/// Visual order (rule L2) of `count` items with the given levels: `visualToLogical[v]` is the logical index of
/// the item shown at visual position v.
void galley_bidi_reorder_visual(const uint8_t *levels, int32_t count, int32_t *visualToLogical);

/// The direction of the first strong character: 0 = left to right, 1 = right to left, 2 = none.
uint8_t galley_bidi_base_direction(const uint16_t *text, int32_t length);

/// Extended grapheme cluster boundaries (UAX #29) of `length` UTF-16 units, 0 and `length` included, written
/// into `boundaries` (at most `capacity`; `length + 1` always suffices). Returns the count, or -1 on failure.
int32_t galley_grapheme_boundaries(const uint16_t *text, int32_t length, int32_t *boundaries, int32_t capacity);

/// Line-break opportunities (UAX #14 with ICU's tailoring and dictionaries for Thai, Lao, Khmer, Burmese and
/// CJK) of `length` UTF-16 units for a locale ("" for the root rules; "ja", "de" …): the positions after which a
/// line may end, ascending, the text's end included, written into `positions` (at most `capacity`). Which are
/// mandatory is decided by the caller from the character before (UAX #14 LB4, LB5). Returns the count, or -1 on
/// failure.
int32_t galley_line_break_opportunities(const uint16_t *text, int32_t length, const char *locale, int32_t *positions,
                                        int32_t capacity);

/// The same, ICU reading every unit (`galley_line_break_opportunities` steps over long runs of Han ideographs, between
/// which a line may always end): the reference it is tested against.
int32_t galley_line_break_opportunities_icu(const uint16_t *text, int32_t length, const char *locale, int32_t *positions,
                                            int32_t capacity);

/// Word (`kind` 0) or sentence (`kind` 1) boundaries (UAX #29, ICU's locale-tailored iterators with dictionaries),
/// 0 and `length` included, written to `boundaries` (at most `capacity`). For words, `isWordLike[i]` (may be NULL)
/// is 1 when the segment ending at boundary i holds letters, numbers, kana or ideographs (not spaces or
/// punctuation). Returns the count, or -1 on an ICU error.
int32_t galley_text_boundaries(int32_t kind, const uint16_t *text, int32_t length, const char *locale, int32_t *boundaries,
                               uint8_t *isWordLike, int32_t capacity);

/// Converts `length` bytes in the legacy encoding `name` (an ICU converter name or alias: "windows-1252",
/// "macintosh", "windows-936") to UTF-16, writing at most `capacity` units to `output` (`2 * length` always
/// suffices). Bytes the encoding does not map become U+FFFD (or the encoding's own substitute). Returns the
/// number of units written, -1 when ICU has no such converter, -2 on another ICU error.
int32_t galley_convert_to_utf16(const char *name, const uint8_t *bytes, int32_t length, uint16_t *output,
                                int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif
