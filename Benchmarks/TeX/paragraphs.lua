-- Galley's TeX referee: sets the paragraphs Galley wrote (its line-break opportunities as TeX's breakpoints) and
-- writes where TeX broke each line. Loaded by paragraphs.tex; see README.md.
--
-- Input (one paragraph per line): segments separated by U+001E, each a kind character and the segment's text
-- separated by U+001F. The kind says what may follow the segment: " " a space (the text ends with it), "h" a
-- hyphenation point, "x" a break after an explicit hyphen, "b" a break between characters, "m" the paragraph's end.
-- Output (one line per line set, "P" after each paragraph): the index of the line's first segment, 1 when the line
-- ends with an inserted hyphen, the glue sign (0 natural, 1 stretched, 2 shrunk), the glue set ratio and the line's
-- natural width in points, and 1 when it is overfull.

local SEGMENT, HYPHENATED, HYPHEN = 1, 2, 3
local GLYPH, HLIST, MARGIN_KERN = node.id("glyph"), node.id("hlist"), node.id("margin_kern")
local input_path, output_path = ...
local output = assert(io.open(output_path, "w"))

-- TeX hyphenates at Galley's hyphenation points only: a regular (pattern) discretionary before the first glyph of
-- every segment that follows a hyphenation point, so TeX's first pass leaves them out as it leaves out its own.
luatexbase.add_to_callback("hyphenate", function(head, tail)
  local previous = nil
  for glyph in node.traverse_id(GLYPH, head) do
    local segment = node.has_attribute(glyph, SEGMENT)
    if previous and segment and node.has_attribute(glyph, HYPHENATED) == 1
        and node.has_attribute(previous, SEGMENT) ~= segment then
      local disc = node.new("disc", "regular")
      local hyphen = node.copy(previous)
      hyphen.char = 0x2010
      node.set_attribute(hyphen, HYPHEN, 1)
      disc.pre = hyphen
      disc.penalty = tex.hyphenpenalty
      node.insert_before(head, glyph, disc)
    end
    previous = glyph
  end
  return true
end, "galley-hyphenation")

luatexbase.add_to_callback("post_linebreak_filter", function(head)
  for line in node.traverse_id(HLIST, head) do
    local first, last = nil, nil
    for glyph in node.traverse_id(GLYPH, line.head) do
      local segment = node.has_attribute(glyph, SEGMENT)
      if segment and (not first or segment < first) then first = segment end
      last = glyph
    end
    local hyphenated = last and node.has_attribute(last, HYPHEN) == 1 and 1 or 0
    -- The text's natural width: margin kerns (character protrusion) left out.
    local natural = node.dimensions(0, 0, 0, line.head)
    for kern in node.traverse_id(MARGIN_KERN, line.head) do natural = natural - kern.width end
    natural = natural / 65536
    -- Overfull: wider than the measure even with its spaces fully shrunk.
    local overfull = node.dimensions(1, 2, 0, line.head) > tex.hsize + 655 and 1 or 0
    output:write(string.format("%d\t%d\t%d\t%.9f\t%.5f\t%d\n", first or -1, hyphenated, line.glue_sign, line.glue_set, natural,
                               overfull))
  end
  output:write("P\n")
  return head
end, "galley-lines")

-- Queues every paragraph of the input for TeX to set.
for paragraph in io.lines(input_path) do
  tex.sprint("\\noindent")
  local index = 0
  local hyphenated = 0
  for segment in string.gmatch(paragraph, "[^\30]+") do
    local kind, text = string.match(segment, "^(.)\31(.*)$")
    tex.sprint(string.format("\\attribute%d=%d\\attribute%d=%d\\relax", SEGMENT, index, HYPHENATED, hyphenated))
    tex.sprint(-2, text)
    hyphenated = 0
    if kind == "h" then hyphenated = 1
    elseif kind == "x" then tex.sprint("\\discretionary{}{}{}")
    elseif kind == "b" then tex.sprint("\\penalty0\\relax") end
    index = index + 1
  end
  tex.sprint("\\par")
end
