#!/usr/bin/python3
"""pyphen's hyphenation for the test suite: an independent implementation of the same pattern algorithm.

Usage: hyphen_reference.py DICTIONARY LEFT RIGHT < words
Prints each word of standard input (one per line) with "-" at its hyphenation points, using pyphen (Debian's
python3-pyphen) on the same dictionary file with the given minimum fragment lengths.
"""
import sys

import pyphen


def main():
    dictionary, left, right = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    hyphenator = pyphen.Pyphen(filename=dictionary, left=left, right=right)
    for line in sys.stdin:
        word = line.rstrip("\n")
        print(hyphenator.inserted(word))


if __name__ == "__main__":
    main()
