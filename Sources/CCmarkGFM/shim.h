// cmark-gfm (GitHub's CommonMark parser with its table, strikethrough and autolink extensions), Debian
// libcmark-gfm-dev and libcmark-gfm-extensions-dev: what GalleyDocuments reads Markdown with.
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
