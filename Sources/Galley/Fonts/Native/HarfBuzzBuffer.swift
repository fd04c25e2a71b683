internal import CHarfBuzz

/// Owns one `hb_buffer_t`, reused for every item of a paragraph (cleared between items). Not shared
/// between threads: each shaping pass makes its own.
final class HarfBuzzBuffer {
    let pointer: OpaquePointer

    init() {
        pointer = hb_buffer_create()!
        hb_buffer_set_cluster_level(pointer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
    }

    deinit { hb_buffer_destroy(pointer) }
}
