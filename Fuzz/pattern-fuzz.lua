-- pattern-fuzz.lua — turns one fuzzer input into a pattern-matching case and compares the
-- stock and the bounded library on it (pattern-compare.lua).
-- Arguments: comparison (pattern-compare.lua's table), bounded. Returns the per-input function:
-- bytes -> nil when both agree, else the difference.
--
-- Input layout: byte 1 picks init (-14..14); byte 2 plain (bit 0) and the function (bits 1-2);
-- byte 3 the gsub replacement (low nibble) and its count (high nibble: 0-3, else none); the rest
-- is the subject and the pattern, split at the first byte 255, or halved when there is none.
local comparison, bounded = ...

return function(bytes)
  if #bytes < 3 then return nil end
  local a, b, c = bytes:byte(1, 3)
  local rest = bytes:sub(4)
  local cut = rest:find("\255", 1, true)
  local s, p
  if cut then
    s, p = rest:sub(1, cut - 1), rest:sub(cut + 1)
  else
    local half = #rest // 2
    s, p = rest:sub(1, half), rest:sub(half + 1)
  end
  local count = c >> 4
  return comparison.compare(bounded, {s = s, p = p, init = a % 29 - 14, plain = b & 1 == 1,
    which = (b >> 1) % 4 + 1, replacement = (c & 15) % comparison.replacements + 1,
    n = count < 4 and count or nil})
end
