// CHTMLParser: libxml2's HTML parser behind plain C types.
//
// libxml2's headers include ICU's, which Swift cannot import next to Foundation's own ICU (as with CUnicode), so the
// tree is reached through these functions; nodes and attributes are opaque pointers into the parsed document, valid
// until it is freed.
#ifndef GALLEY_CHTMLPARSER_H
#define GALLEY_CHTMLPARSER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Parses `length` bytes of HTML with error recovery (no network, no error output, no depth limit); `encoding` is
/// the bytes' encoding ("UTF-8"), or NULL to take the one the document declares. Returns the document, or NULL.
void *galley_html_parse(const char *bytes, int32_t length, const char *encoding);
/// Frees a parsed document and everything in it.
void galley_html_free_document(void *document);

/// The document's root element, or NULL.
void *galley_html_root(void *document);
/// A node's first child, or NULL.
void *galley_html_first_child(void *node);
/// A node's next sibling, or NULL.
void *galley_html_next_sibling(void *node);
/// 1 for an element, 3 for text, 4 for CDATA; other numbers are libxml2's other node types.
int32_t galley_html_node_type(void *node);
/// An element's name (UTF-8, as libxml2 lower-cases HTML's), or NULL.
const char *galley_html_node_name(void *node);
/// A text node's content (UTF-8), or NULL.
const char *galley_html_node_content(void *node);

/// An element's first attribute, or NULL.
void *galley_html_first_attribute(void *node);
/// The next attribute, or NULL.
void *galley_html_next_attribute(void *attribute);
/// An attribute's name (UTF-8).
const char *galley_html_attribute_name(void *attribute);
/// An attribute's value with entities decoded (UTF-8), to be freed with `galley_html_free`; NULL if empty.
char *galley_html_attribute_value(void *document, void *attribute);
/// Frees a string the functions above allocated.
void galley_html_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
