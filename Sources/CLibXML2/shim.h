// libxml2 (Debian libxml2-dev): its pkg-config flags and library for CHTMLParser, which wraps its HTML parser in
// plain C types. Swift code never imports this module: libxml2's headers include ICU's, which clash with Foundation's.
#include <libxml/HTMLparser.h>
