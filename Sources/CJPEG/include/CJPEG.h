// CJPEG: reading JPEG images through libjpeg-turbo, behind plain C types.
//
// libjpeg reports errors by calling an exit routine that must not return; Swift cannot longjmp, so the
// setjmp-guarded calls live here and answer with a status instead.
#ifndef GALLEY_CJPEG_H
#define GALLEY_CJPEG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The largest number of pixels `galley_jpeg_decode_rgb24` decodes (2^25, about 33.5 megapixels: more than a
/// phone camera's photo): a header may claim up to 65,500 × 65,500, and decoding time and memory must not follow a
/// number written inside the data.
#define GALLEY_JPEG_MAXIMUM_PIXELS 33554432

/// Reads a JPEG's header: 1 with its width and height in pixels when libjpeg reads `data` as a JPEG, else 0.
int galley_jpeg_size(const uint8_t *data, size_t length, int32_t *width, int32_t *height);

/// Decodes a JPEG into Cairo's RGB24 layout (32 bits a pixel, native-endian 0xXXRRGGBB, `stride` bytes a row) of
/// `width` × `height` pixels, as `galley_jpeg_size` gave them. Greyscale, YCbCr, RGB, CMYK and YCCK (Adobe's
/// inverted CMYK included) become RGB. Damaged or truncated data keeps the rows decoded before the damage and
/// leaves the rest as they were. 1 when any row was decoded, 0 when none was (or the sizes disagree, or the image
/// has more than GALLEY_JPEG_MAXIMUM_PIXELS).
int galley_jpeg_decode_rgb24(const uint8_t *data, size_t length, uint8_t *pixels, int32_t stride, int32_t width,
                             int32_t height);

#ifdef __cplusplus
}
#endif

#endif
