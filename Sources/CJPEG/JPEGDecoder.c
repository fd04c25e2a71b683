// JPEG headers and pixels through libjpeg-turbo (see CJPEG.h).
#include "CJPEG.h"

#include <limits.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

/// libjpeg's error manager, extended with where to jump back to: errors and corrupt-data warnings end decoding.
struct galley_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
};

static void galley_jpeg_exit(j_common_ptr info) {
    struct galley_jpeg_error *error = (struct galley_jpeg_error *)info->err;
    longjmp(error->jump, 1);
}

/// Level -1 is a warning about corrupt data (a truncated scan, a bad Huffman code): libjpeg would go on inventing
/// rows for as many as the header claims, so decoding stops there — except for stray bytes between markers, which
/// many cameras write and which cost nothing. Other messages are trace output: dropped.
static void galley_jpeg_message(j_common_ptr info, int level) {
    if (level < 0 && info->err->msg_code != JWRN_EXTRANEOUS_DATA) galley_jpeg_exit(info);
}

static void galley_jpeg_silence(j_common_ptr info) { (void)info; }

static void galley_jpeg_prepare(struct jpeg_decompress_struct *info, struct galley_jpeg_error *error) {
    info->err = jpeg_std_error(&error->manager);
    error->manager.error_exit = galley_jpeg_exit;
    error->manager.emit_message = galley_jpeg_message;
    error->manager.output_message = galley_jpeg_silence;
}

int galley_jpeg_size(const uint8_t *data, size_t length, int32_t *width, int32_t *height) {
    if (data == NULL || length < 4 || length > (size_t)ULONG_MAX) return 0;
    struct jpeg_decompress_struct info;
    struct galley_jpeg_error error;
    galley_jpeg_prepare(&info, &error);
    jpeg_create_decompress(&info);
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        return 0;
    }
    jpeg_mem_src(&info, data, (unsigned long)length);
    int found = jpeg_read_header(&info, TRUE) == JPEG_HEADER_OK && info.image_width > 0 && info.image_height > 0;
    if (found) {
        *width = (int32_t)info.image_width;
        *height = (int32_t)info.image_height;
    }
    jpeg_destroy_decompress(&info);
    return found;
}

/// One decoded scanline of `components` samples a pixel, written as Cairo RGB24 pixels.
static void galley_jpeg_store(const JSAMPLE *row, int components, J_COLOR_SPACE space, int inverted, uint32_t *out,
                              int32_t width) {
    for (int32_t x = 0; x < width; x++) {
        const JSAMPLE *sample = row + (size_t)x * (size_t)components;
        uint32_t red, green, blue;
        if (space == JCS_CMYK) {
            // Adobe's files store CMYK inverted (255 = no ink); others store ink amounts.
            uint32_t c = sample[0], m = sample[1], y = sample[2], k = sample[3];
            if (!inverted) {
                c = 255 - c;
                m = 255 - m;
                y = 255 - y;
                k = 255 - k;
            }
            red = c * k / 255;
            green = m * k / 255;
            blue = y * k / 255;
        } else if (components == 1) {
            red = green = blue = sample[0];
        } else {
            red = sample[0];
            green = sample[1];
            blue = sample[2];
        }
        out[x] = 0xFF000000u | red << 16 | green << 8 | blue;
    }
}

int galley_jpeg_decode_rgb24(const uint8_t *data, size_t length, uint8_t *pixels, int32_t stride, int32_t width,
                             int32_t height) {
    if (data == NULL || pixels == NULL || length < 4 || length > (size_t)ULONG_MAX || width <= 0 || height <= 0 ||
        stride < width * 4 || (int64_t)width * (int64_t)height > GALLEY_JPEG_MAXIMUM_PIXELS)
        return 0;
    struct jpeg_decompress_struct info;
    struct galley_jpeg_error error;
    galley_jpeg_prepare(&info, &error);
    jpeg_create_decompress(&info);
    // Volatile: read after a longjmp.
    volatile int32_t rows = 0;
    JSAMPLE *volatile row = NULL;
    if (setjmp(error.jump)) {
        free(row);
        jpeg_destroy_decompress(&info);
        return rows > 0;
    }
    jpeg_mem_src(&info, data, (unsigned long)length);
    if (jpeg_read_header(&info, TRUE) != JPEG_HEADER_OK || (int32_t)info.image_width != width ||
        (int32_t)info.image_height != height) {
        jpeg_destroy_decompress(&info);
        return 0;
    }
    J_COLOR_SPACE space = JCS_RGB;
    if (info.jpeg_color_space == JCS_GRAYSCALE) space = JCS_GRAYSCALE;
    if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) space = JCS_CMYK;
    info.out_color_space = space;
    int inverted = info.saw_Adobe_marker;
    jpeg_start_decompress(&info);
    int components = info.output_components;
    row = malloc((size_t)info.output_width * (size_t)components);
    if (row == NULL) {
        jpeg_destroy_decompress(&info);
        return 0;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW rowPointer = row;
        if (jpeg_read_scanlines(&info, &rowPointer, 1) != 1) break;
        galley_jpeg_store(row, components, space, inverted, (uint32_t *)(pixels + (size_t)rows * (size_t)stride),
                          width);
        rows = rows + 1;
    }
    jpeg_finish_decompress(&info);
    free(row);
    jpeg_destroy_decompress(&info);
    return rows > 0;
}
