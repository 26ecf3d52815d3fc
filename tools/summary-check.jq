# A small JSON Schema checker for docs/summary.schema.json: the keywords
# that schema uses (type, const, enum, minimum, required, properties,
# additionalProperties, items, allOf with if/then). Prints one line per
# violation, "PATH: what", nothing when the document conforms.
#
#   jq -r --slurpfile schema docs/summary.schema.json -f tools/summary-check.jq summary.json
def is_type($t):
	if $t == "integer" then type == "number" and . == floor
	else type == $t end;
def check($s; $p):
	. as $v
	| (if $s.type == null then empty
	   elif ([$s.type] | flatten | any(. as $t | $v | is_type($t))) then empty
	   else "\($p): \($v | type), want \($s.type)" end),
	  (if $s | has("const") then (if $v == $s.const then empty else "\($p): \($v), want \($s.const)" end) else empty end),
	  (if $s.enum then (if ($s.enum | index([$v])) then empty else "\($p): \($v) is not one of \($s.enum)" end) else empty end),
	  (if $s.minimum != null and ($v | type) == "number" and $v < $s.minimum then "\($p): \($v) < \($s.minimum)" else empty end),
	  (if ($v | type) == "object" then
		(($s.required // [])[] | select(. as $k | $v | has($k) | not) | "\($p): no \"\(.)\""),
		($v | to_entries[] | . as $e
		 | if ($s.properties // {}) | has($e.key) then $e.value | check($s.properties[$e.key]; "\($p).\($e.key)")
		   elif $s.additionalProperties == false then "\($p).\($e.key): not in the schema (undocumented key)"
		   elif ($s.additionalProperties | type) == "object" then $e.value | check($s.additionalProperties; "\($p).\($e.key)")
		   else empty end)
	   else empty end),
	  (if ($v | type) == "array" and $s.items then
		range(0; $v | length) as $i | $v[$i] | check($s.items; "\($p)[\($i)]")
	   else empty end),
	  (($s.allOf // [])[] | . as $c
	   | if ([$v | check($c.if; $p)] | length) == 0 then $v | check($c.then; $p) else empty end);
check($schema[0]; "summary")
