# The command (label `exhaustive-cli`): the kernels pass on STRING configurations, counted; a third
# party's adapter reads the texts the command writes, one per line, and writes the raw outputs
# back; a planted fault and a catalogue fault through the plug-in are named by their classes
# (family x spelling x digit).
add_executable(castlike_structured_raw_convert_text ${PROJECT_SOURCE_DIR}/conformance/structured/raw_convert_text.c)
target_link_libraries(castlike_structured_raw_convert_text PRIVATE castlike_optimized)
set(_raw_text $<TARGET_FILE:castlike_structured_raw_convert_text>)
set(_mutants $<TARGET_FILE:castlike_mutant_plugin>)
castlike_exhaustive_cli_test(structured_text_kernels
  --out [[^castlike validate --exhaustive: kernels \(.*\): PASS$]]
  --out [[^summary: 4 configurations judged. [0-9]+ inputs in .* s on 2 jobs$]]
  -- ${C} validate --exhaustive --builtin kernels --jobs 2
     --config STRING-FLOAT,STRING-FLOAT8E4M3FN-sat0,STRING-INT4,STRING-FLOAT8E8M0-sat1-nearest)
castlike_exhaustive_cli_test(structured_text_list --out [[^STRING-DOUBLE  [0-9]+ structured inputs$]]
  --out [[^STRING-FLOAT8E8M0-sat0-down  [0-9]+ structured inputs$]] -- ${C} validate --exhaustive --list --sources STRING)
castlike_exhaustive_cli_test(structured_text_write_inputs --out [[^ 	-4\.4800000000000000001E\+002	 $]]
  -- ${C} validate --exhaustive --config STRING-FLOAT8E4M3FN-sat1 --write-inputs -)
castlike_exhaustive_cli_test(structured_text_raw_outputs_pass
  --out [[^castlike validate --exhaustive: raw outputs \(standard input\): PASS$]]
  -- bash -c "${C} validate --exhaustive --config STRING-FLOAT16 --write-inputs - | ${_raw_text} 10 1 0 | ${C} validate --exhaustive --config STRING-FLOAT16 --raw-outputs -")
castlike_exhaustive_cli_test(structured_text_raw_outputs_class --rc 1
  --out [[^  class positive, value 2\^0\.\.2\^15, spaced spelling, 40th digit above \([0-9]+$]]
  --no-out [[plain spelling|exponent spelling|signed padded spelling]]
  -- bash -c "${C} validate --exhaustive --config STRING-FLOAT16 --write-inputs - | ${_raw_text} 10 1 0 --flip-bit0-where-text-has 'E+0' | ${C} validate --exhaustive --details --config STRING-FLOAT16 --raw-outputs -")
# The catalogue's text-exponent-octal through the mutant plug-in (each batch in a worker): only
# the spaced spelling has exponents with leading zeros.
castlike_exhaustive_cli_test(structured_text_plugin_class --rc 1
  --out [[^  class negative, midpoint 2\^-150\.\.2\^127, spaced spelling, 20th digit below$]]
  --out [[^    reproduce: castlike explain --from STRING --to FLOAT --opset 25 -- ' 	-]]
  --no-out [[plain spelling|exponent spelling|signed padded spelling]]
  -- env CASTLIKE_MUTANT=text-exponent-octal ${C} validate --exhaustive --details --library ${_mutants} --config STRING-FLOAT --jobs 2)

# The doc's table of the sets' sizes is what --list says.
add_test(NAME exhaustive_cli.structured_text_sizes_in_doc
         COMMAND bash ${PROJECT_SOURCE_DIR}/conformance/structured/sizes_table.sh ${C} ${PROJECT_SOURCE_DIR}/docs/exhaustive.md
                 check STRING text-sizes)
set_tests_properties(exhaustive_cli.structured_text_sizes_in_doc PROPERTIES LABELS exhaustive-cli TIMEOUT 120)
