#include "CHTMLParser.h"

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/parser.h>

void *galley_html_parse(const char *bytes, int32_t length, const char *encoding) {
    int options = HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET | XML_PARSE_HUGE;
    return htmlReadMemory(bytes, length, NULL, encoding, options);
}

void galley_html_free_document(void *document) {
    if (document != NULL) xmlFreeDoc((xmlDocPtr)document);
}

void *galley_html_root(void *document) { return xmlDocGetRootElement((xmlDocPtr)document); }
void *galley_html_first_child(void *node) { return ((xmlNodePtr)node)->children; }
void *galley_html_next_sibling(void *node) { return ((xmlNodePtr)node)->next; }
int32_t galley_html_node_type(void *node) { return (int32_t)((xmlNodePtr)node)->type; }
const char *galley_html_node_name(void *node) { return (const char *)((xmlNodePtr)node)->name; }
const char *galley_html_node_content(void *node) { return (const char *)((xmlNodePtr)node)->content; }

void *galley_html_first_attribute(void *node) { return ((xmlNodePtr)node)->properties; }
void *galley_html_next_attribute(void *attribute) { return ((xmlAttrPtr)attribute)->next; }
const char *galley_html_attribute_name(void *attribute) { return (const char *)((xmlAttrPtr)attribute)->name; }

char *galley_html_attribute_value(void *document, void *attribute) {
    return (char *)xmlNodeListGetString((xmlDocPtr)document, ((xmlAttrPtr)attribute)->children, 1);
}

void galley_html_free(void *pointer) {
    if (pointer != NULL) xmlFree(pointer);
}
