# `castlike validate --exhaustive` and `castlike merge-exhaustive` (docs/exhaustive.md, "Judging
# every input from the command line"), label `exhaustive-cli`, seconds each. The raw-output
# streams are made by castlike_exhaustive_expand, which expands a map (optionally with a planted
# fault, a byte too few or too many); the plug-in with planted faults is
# conformance/plugins/exhaustive_planted_plugin.c.
add_executable(castlike_exhaustive_expand ${PROJECT_SOURCE_DIR}/conformance/exhaustive_expand.cpp)
target_link_libraries(castlike_exhaustive_expand PRIVATE castlike_exhaustive)
set(_expand $<TARGET_FILE:castlike_exhaustive_expand>)
set(_planted $<TARGET_FILE:castlike_exhaustive_planted_plugin>)
function(castlike_exhaustive_cli_test name)
  add_test(NAME exhaustive_cli.${name} COMMAND bash ${_run_cli} ${ARGN})
  set_tests_properties(exhaustive_cli.${name} PROPERTIES LABELS exhaustive-cli TIMEOUT 120)
endfunction()

castlike_exhaustive_cli_test(kernels_16_bit
  --out [[^castlike validate --exhaustive: kernels \(.*\): PASS$]]
  --out [[^summary: 1 configuration judged. 65536 inputs in .* s on 1 job$]]
  --out [[^  65[0-9]+ pass, 0 fail, [0-9]+ unspecified$]]
  -- ${C} validate --exhaustive --builtin kernels --config FLOAT16-FLOAT8E4M3FN-sat0 --jobs 2 --batch 4096)
# The FLOAT6 types are judged as Cast-28 calls (no CastLike has them); a reading names NaN's +max.
castlike_exhaustive_cli_test(float6_as_cast28
  --out [[^castlike validate --exhaustive: kernels \(.*\): PASS$]] --out [[^  65600 pass, 0 fail, 0 unspecified$]]
  -- ${C} validate --exhaustive --builtin kernels --config FLOAT16-FLOAT6E2M3,FLOAT6E3M2-FLOAT16 --jobs 2)
castlike_exhaustive_cli_test(float6_nan_reading --rc 1
  --out [[^    reading: A2=six, profile exact$]]
  --out [[^    reproduce: castlike explain --from FLOAT16 --to FLOAT6E2M3 --operator Cast --opset 28 --bits 0x7c01$]]
  -- ${C} validate --exhaustive --details --builtin reference --variants A2=six --config FLOAT16-FLOAT6E2M3)
castlike_exhaustive_cli_test(float6_not_at_cast27 --rc 2 --err [[the selection holds no configuration]]
  -- ${C} validate --exhaustive --list --operator Cast --opset 27 --sources FLOAT6E2M3)
castlike_exhaustive_cli_test(quiet_prints_the_verdict
  --out [[^kernels \(.*\): 256 inputs: 256 pass, 0 fail, 0 unspecified. PASS$]] --no-out [[^summary]]
  -- ${C} validate --exhaustive --builtin kernels --config INT8-INT16 --quiet)
castlike_exhaustive_cli_test(out_never_over_an_input --rc 2 --err [[--out .* is the input .*. the output would overwrite it]]
  -- ${C} validate --exhaustive --library ${_planted} --config FLOAT-FLOAT --out ${_planted})
castlike_exhaustive_cli_test(kernels_isa_scalar_every_8_bit_source --out [[^castlike validate --exhaustive: kernels-scalar: PASS$]]
  -- ${C} validate --exhaustive --builtin kernels --isa scalar --sources INT8,UINT8,FLOAT8E4M3FN,FLOAT8E5M2,BOOL --jobs 2)
castlike_exhaustive_cli_test(kernels_isa_absent --rc 2 --err [[ISA level neon is not available .*\(available: scalar]]
  -- ${C} validate --exhaustive --builtin kernels --isa neon --config INT8-INT16)
castlike_exhaustive_cli_test(list
  --out [[^FLOAT-FLOAT8E4M3FN-sat1$]] --out [[^FLOAT-INT4$]]
  --out [[^[0-9]+ configurations judged, [0-9]+ not judged$]]
  -- ${C} validate --exhaustive --list --sources FLOAT)
castlike_exhaustive_cli_test(attributes_resolved_by_opset --out [[^FLOAT16-FLOAT8E4M3FN-sat1$]]
  --no-out [[sat0]] --no-out [[FLOAT8E8M0]] -- ${C} validate --exhaustive --list --sources FLOAT16 --opset 21)
castlike_exhaustive_cli_test(round_mode_given --out [[^FLOAT16-FLOAT8E8M0-sat1-down$]] --no-out [[-up$]]
  -- ${C} validate --exhaustive --list --pairs FLOAT16-FLOAT8E8M0 --round-mode down)
castlike_exhaustive_cli_test(saturate_before_19 --rc 2 --err [[attribute saturate does not exist at CastLike-15]]
  -- ${C} validate --exhaustive --list --opset 18 --saturate 0)
castlike_exhaustive_cli_test(unknown_config --rc 2 --err [['FLOAT-FLOAT8E4M3FN' is not a configuration id.*--list]]
  -- ${C} validate --exhaustive --builtin kernels --config FLOAT-FLOAT8E4M3FN)
castlike_exhaustive_cli_test(reference_refuses_32_bit --rc 2 --err [[FLOAT-FLOAT16 cannot be judged: the reference is judged exhaustively on sources of <= 16 bits]]
  -- ${C} validate --exhaustive --builtin reference --config FLOAT-FLOAT16)
# The reference under a variant: every NaN of FLOAT16 fails into FLOAT4E2M1, as two maximal
# intervals (one per sign), and the reading A2=six explains them.
castlike_exhaustive_cli_test(reference_variant_reading --rc 1
  --out [[^  inputs 0x7c01 \.\. 0x7fff \(1023 inputs\), rule F4\.NAN\.ZERO, outcome exact$]]
  --out [[^  inputs 0xfc01 \.\. 0xffff \(1023 inputs\)]]
  --out [[^    reading: A2=six, profile exact$]]
  --out [[^    reproduce: castlike explain --from FLOAT16 --to FLOAT4E2M1 --opset 25 --bits 0x7c01$]]
  -- ${C} validate --exhaustive --details --builtin reference --variants A2=six --config FLOAT16-FLOAT4E2M1)

# Raw outputs: the map's own expansion passes; one altered cell of 2^32 is exactly one interval.
castlike_exhaustive_cli_test(raw_outputs_planted_fault --rc 1
  --out [[^castlike validate --exhaustive: raw outputs \(standard input\): FAIL$]]
  --out [[^  [0-9]+ pass, 1 fail, [0-9]+ unspecified$]]
  --out [[^FLOAT-FLOAT8E4M3FN-sat1 \(opset 25, saturate=1\): 1 failing interval$]]
  --out [[^  inputs 0x3f800000 \.\. 0x3f800000 \(1 input\), rule F8\.RNE, outcome exact$]]
  --out [[^      expected 0x38 \(1\)$]] --out [[^      actual 0x39 \(1\.125\)$]]
  --out [[^    reading: none \(unexplained\)$]]
  -- bash -c "${_expand} FLOAT-FLOAT8E4M3FN-sat1 --alter 0x3f800000 | ${C} validate --exhaustive --details --config FLOAT-FLOAT8E4M3FN-sat1 --raw-outputs -")
castlike_exhaustive_cli_test(raw_outputs_packed_pass --out [[: PASS$]]
  -- bash -c "${_expand} INT16-UINT2 | ${C} validate --exhaustive --config INT16-UINT2 --raw-outputs - --batch 8")
castlike_exhaustive_cli_test(raw_outputs_short --rc 2
  --err [[the raw output stream ended after 131071 bytes. FLOAT16->BFLOAT16 \(65536 outputs\) needs 131072]]
  -- bash -c "${_expand} FLOAT16-BFLOAT16 --drop 1 | ${C} validate --exhaustive --config FLOAT16-BFLOAT16 --raw-outputs -")
castlike_exhaustive_cli_test(raw_outputs_long --rc 2
  --err [[past the last output: 131075 bytes came. FLOAT16->BFLOAT16 \(65536 outputs\) needs 131072]]
  -- bash -c "${_expand} FLOAT16-BFLOAT16 --extra 3 | ${C} validate --exhaustive --config FLOAT16-BFLOAT16 --raw-outputs -")
# A reading is a model on every input: FLOAT16 480 to 495.5 giving 448 with saturate=0 is what
# saturate=1 gives at both ends, but 496 (0x5fc0), just outside, gives NaN, as it should, where
# saturate=1 gives 448: the reading is refused. Over the whole overflow range it stands.
castlike_exhaustive_cli_test(raw_outputs_contradicted_reading_refused --rc 1
  --out [[^  inputs 0x5f80 \.\. 0x5fbf \(64 inputs\), rule F8\.NOSAT\.OVERFLOW, outcome nan$]]
  --out [[^    reading: none \(unexplained\)$]]
  -- bash -c "${_expand} FLOAT16-FLOAT8E4M3FN-sat0 --set 0x5f80..0x5fbf=0x7e | ${C} validate --exhaustive --details --config FLOAT16-FLOAT8E4M3FN-sat0 --raw-outputs -")
castlike_exhaustive_cli_test(raw_outputs_reading_uncontradicted_stands --rc 1
  --out [[^  inputs 0x5f41 \.\. 0x7bff \([0-9]+ inputs\), rule F8\.NOSAT\.OVERFLOW, outcome nan$]]
  --out [[^    reading: .*saturate=1]]
  -- bash -c "${_expand} FLOAT16-FLOAT8E4M3FN-sat0 --set 0x5f41..0x7bff=0x7e | ${C} validate --exhaustive --details --config FLOAT16-FLOAT8E4M3FN-sat0 --raw-outputs -")
castlike_exhaustive_cli_test(raw_outputs_need_one_config --rc 2 --err [[--raw-outputs needs exactly one configuration]]
  -- ${C} validate --exhaustive --pairs FLOAT-FLOAT16 --raw-outputs /dev/null)

# Plug-ins: a hostile one crashes (segfault) or hangs on input 99 (and 98): failed calls with
# the interval of inputs they covered (adjacent ones failing the same way joined), every other
# batch judged in a fresh worker.
set(_hostile $<TARGET_FILE_DIR:castlike_hostile_segfault>)
castlike_exhaustive_cli_test(hostile_segfault --rc 1
  --out [[^  255 pass, 0 fail, 0 unspecified, 1 in failed calls$]]
  --out [[^  INT8-INT16: inputs 0x63 \.\. 0x63 \(1 input\): crashed: crashed with SIGSEGV]]
  --out [[^    reproduce: castlike validate --exhaustive --library .*segfault\.so --timeout 1 --config INT8-INT16 --range 0x63\.\.0x63 --batch 1$]]
  -- ${C} validate --exhaustive --details --library $<TARGET_FILE:castlike_hostile_segfault> --config INT8-INT16 --batch 1 --timeout 1 --jobs 2)
castlike_exhaustive_cli_test(hostile_hang --rc 1
  --out [[^  254 pass, 0 fail, 0 unspecified, 2 in failed calls$]]
  --out [[^  INT8-INT16: inputs 0x62 \.\. 0x63 \(2 inputs\): timed out: did not return within 1$]]
  -- ${C} validate --exhaustive --details --library $<TARGET_FILE:castlike_hostile_hang> --config INT8-INT16 --batch 1 --timeout 1 --jobs 2)
# The example plug-in's FLOAT -> FLOAT4E2M1 gives +6 for NaN: one interval, explained.
castlike_exhaustive_cli_test(library_reading --rc 1
  --out [[^  inputs 0x7f800001 \.\. 0x7fffffff \(8388607 inputs\), rule F4\.NAN\.ZERO]] --out [[^    reading: A2=six]]
  -- ${C} validate --exhaustive --details --library $<TARGET_FILE:castlike_example_validator_plugin> --config FLOAT-FLOAT4E2M1
     --range 0x7f000000..0x7fffffff)

# Structured sets (sources wider than 32 bits): the kernels pass, counted; a third party's
# adapter reads the inputs the command writes and writes the raw outputs back; a planted fault
# is named by its class; the planted word-split plug-in passes the curated vectors and fails
# exactly its classes on the structured set. The doc's table of set sizes is what --list says.
add_executable(castlike_structured_raw_convert ${PROJECT_SOURCE_DIR}/conformance/structured/raw_convert.c)
target_link_libraries(castlike_structured_raw_convert PRIVATE castlike_optimized)
set(_raw_convert $<TARGET_FILE:castlike_structured_raw_convert>)
set(_word_split $<TARGET_FILE:castlike_word_split_plugin>)
castlike_exhaustive_cli_test(structured_kernels
  --out [[^castlike validate --exhaustive: kernels \(.*\): PASS$]]
  --out [[^summary: 3 configurations judged. [0-9]+ inputs in .* s on 2 jobs$]]
  -- ${C} validate --exhaustive --builtin kernels --config DOUBLE-FLOAT16,INT64-FLOAT,UINT64-BFLOAT16 --jobs 2)
castlike_exhaustive_cli_test(structured_list --out [[^DOUBLE-FLOAT8E8M0-sat0-nearest  [0-9]+ structured inputs$]]
  --out [[^INT64-UINT2  [0-9]+ structured inputs$]] -- ${C} validate --exhaustive --list --sources DOUBLE,INT64)
castlike_exhaustive_cli_test(structured_raw_outputs_pass --out [[^castlike validate --exhaustive: raw outputs \(standard input\): PASS$]]
  -- bash -c "${C} validate --exhaustive --config DOUBLE-FLOAT16 --write-inputs - | ${_raw_convert} 11 10 1 0 | ${C} validate --exhaustive --config DOUBLE-FLOAT16 --raw-outputs -")
castlike_exhaustive_cli_test(structured_raw_outputs_class --rc 1
  --out [[^  [0-9]+ pass, 1382 fail, 0 unspecified$]]
  --out [[^  class positive, exponent field 1000\.\.1038 \(2\^-23\.\.2\^15\), lsb 0 round 1 guard$]]
  -- bash -c "${C} validate --exhaustive --config DOUBLE-FLOAT16 --write-inputs - | ${_raw_convert} 11 10 1 0 --flip-bit0-where-low-word 80000000 | ${C} validate --exhaustive --details --config DOUBLE-FLOAT16 --raw-outputs -")
castlike_exhaustive_cli_test(structured_write_inputs_one_config --rc 2 --err [[--write-inputs needs exactly one configuration]]
  -- ${C} validate --exhaustive --sources DOUBLE --write-inputs /dev/null)
castlike_exhaustive_cli_test(structured_write_inputs_full_device --rc 2 --err [[writing the inputs to standard output failed]]
  -- bash -c "${C} validate --exhaustive --config INT64-INT8 --write-inputs - >/dev/full")
# A file goes through the output guard: an existing file is not castlike's to replace.
castlike_exhaustive_cli_test(structured_write_inputs_existing_file --rc 2 --err [[--write-inputs]]
  -- ${C} validate --exhaustive --config INT64-INT8 --write-inputs ${PROJECT_SOURCE_DIR}/README.md)
castlike_exhaustive_cli_test(word_split_survives_curated_vectors --out [[PASS]]
  -- ${C} validate --library ${_word_split} --vectors ${PROJECT_SOURCE_DIR}/vectors/generated --pairs DOUBLE-FLOAT16)
castlike_exhaustive_cli_test(word_split_caught_by_class --rc 1
  --out [[^DOUBLE-FLOAT16 \(opset 25\): 4 failing intervals$]] --out [[^  [0-9]+ pass, 156 fail, 0 unspecified$]]
  --out [[^  class positive, exponent field 998 \(2\^-25\), lsb 0 round 1 guard 0, sticky bit$]]
  --out [[^  class negative, exponent field 998 \(2\^-25\), lsb 0 round 1 guard 0, sticky bit$]]
  --out [[^  class positive, exponent field 1000\.\.1038 \(2\^-23\.\.2\^15\), lsb 0 round 1 guard$]]
  --out [[^  class negative, exponent field 1000\.\.1038 \(2\^-23\.\.2\^15\), lsb 0 round 1 guard$]]
  --out [[^    0, sticky bit 31 \(77 failing inputs\), rule FLOAT\.RNE, outcome exact$]]
  -- ${C} validate --exhaustive --details --library ${_word_split} --config DOUBLE-FLOAT16 --jobs 2)
# A shard's JSON report keeps the classes; merge-exhaustive reads and prints them again (the
# shard's run fails, exit 1, which is what runs the merge).
castlike_exhaustive_cli_test(word_split_classes_through_json_and_merge --rc 1
  --out [[^  class negative, exponent field 1000\.\.1038 \(2\^-23\.\.2\^15\), lsb 0 round 1 guard$]]
  --out [[^    0, sticky bit 31 \(77 failing inputs\), rule FLOAT\.RNE, outcome exact$]]
  -- bash -c "${C} validate --exhaustive --library ${_word_split} --config DOUBLE-FLOAT16 --shard 0/1 --format json --out ${CMAKE_CURRENT_BINARY_DIR}/word_split_shard.json || ${C} merge-exhaustive --details ${CMAKE_CURRENT_BINARY_DIR}/word_split_shard.json")
# The shape pass travels through a shard's JSON report too: merge-exhaustive prints the shapes
# line and each wrong element with its position kind and call again (the shard's run fails,
# exit 1, which is what runs the merge).
castlike_exhaustive_cli_test(shape_pass_through_json_and_merge --rc 1
  --out [[^shapes: lengths 1-129 across blocks of 4-64, 1024\+, heads in 64 bytes]]
  --out [[^FAIL FLOAT-FLOAT8E4M3FN-sat1: shape pass: [0-9]+ wrong \(.*tail [0-9]+\)$]]
  --out [[^  position tail: input 0x]] --out [[^    call: length [0-9]+, input offset [0-9]+, output offset [0-9]+, element [0-9]+$]]
  -- bash -c "CASTLIKE_MUTANT=shape-tail-ties-away ${C} validate --exhaustive --library $<TARGET_FILE:castlike_mutant_plugin> --config FLOAT-FLOAT8E4M3FN-sat1 --range 0..1023 --shard 0/1 --format json --out ${CMAKE_CURRENT_BINARY_DIR}/shape_pass_shard.json || ${C} merge-exhaustive --details ${CMAKE_CURRENT_BINARY_DIR}/shape_pass_shard.json")
add_test(NAME exhaustive_cli.structured_sizes_in_doc
         COMMAND bash ${PROJECT_SOURCE_DIR}/conformance/structured/sizes_table.sh ${C} ${PROJECT_SOURCE_DIR}/docs/exhaustive.md)
set_tests_properties(exhaustive_cli.structured_sizes_in_doc PROPERTIES LABELS exhaustive-cli TIMEOUT 120)

# Shards: the shards of a run merged equal the unsharded run; a missing or duplicated shard, or
# shards of another selection, are errors.
add_test(NAME exhaustive_cli.shards_merge_round_trip
         COMMAND bash ${PROJECT_SOURCE_DIR}/conformance/cli_test/exhaustive_shards.sh ${C} ${_planted})
set_tests_properties(exhaustive_cli.shards_merge_round_trip PROPERTIES LABELS exhaustive-cli TIMEOUT 300)

# Baselines and JUnit: known discrepancies pass with --expect, one more altered output fails, a
# vanished row fails under --expect-strict; one JUnit test case per configuration.
add_test(NAME exhaustive_cli.baseline_and_junit
         COMMAND bash ${PROJECT_SOURCE_DIR}/conformance/cli_test/exhaustive_baseline.sh ${C}
                 $<TARGET_FILE:castlike_example_validator_plugin> ${_expand})
set_tests_properties(exhaustive_cli.baseline_and_junit PROPERTIES LABELS exhaustive-cli TIMEOUT 120)

# Summaries first: one line per configuration that does not pass, with the reading that fits all
# its failing inputs, the passing ones counted, no interval without --details.
castlike_exhaustive_cli_test(summary_one_line_per_configuration --rc 1
  --out [[^PASS 31 configurations$]]
  --out [[^FAIL FLOAT16-FLOAT4E2M1: 2046 fail, follows A2=six$]]
  --no-out [[^  inputs 0x]] --no-out [[reading:]]
  -- ${C} validate --exhaustive --builtin reference --variants A2=six --sources FLOAT16 --jobs 2)
# Coverage: the example plug-in implements INT8 -> INT16 only of INT8's pairs; the others are not
# covered, in one line, and pass; a required pair that is not covered fails with its rejections.
castlike_exhaustive_cli_test(coverage_inferred
  --out [[^not covered \(every call rejected, so inferred. not failures. --require-pairs$]]
  --out [[^  makes them so\): [0-9]+ configurations of [0-9]+ pairs$]] --out [[^  256 pass, 0 fail, 0 unspecified$]]
  --no-out [[rejected$]]
  -- ${C} validate --exhaustive --library $<TARGET_FILE:castlike_example_validator_plugin> --sources INT8 --jobs 2)
castlike_exhaustive_cli_test(coverage_required --rc 1 --out [[^FAIL INT8-FLOAT: 256 rejected$]]
  --out [[required: INT8-FLOAT$]]
  -- ${C} validate --exhaustive --library $<TARGET_FILE:castlike_example_validator_plugin> --sources INT8 --jobs 2
     --require-pairs INT8-FLOAT)
castlike_exhaustive_cli_test(coverage_required_unselected --rc 2 --err [[--require-pairs: INT8-FLOAT has no selected configuration]]
  -- ${C} validate --exhaustive --library $<TARGET_FILE:castlike_example_validator_plugin> --sources INT16
     --require-pairs INT8-FLOAT)
# Declared coverage (castlike_validator_coverage): a plug-in that declares INT8 -> INT16 and INT8 ->
# INT32 is asked nothing else; the rest of INT8's pairs are one line, not failures. A declared pair
# it rejects fails; a required pair outside the declaration fails; a bad entry fails loading.
set(_declared0 $<TARGET_FILE:castlike_declared_coverage_plugin_0>)
castlike_exhaustive_cli_test(coverage_declared
  --out [[^not covered \(declared by the implementation. not failures. --require-pairs makes$]]
  --out [[^  them so\): 32 configurations of 23 pairs$]] --out [[^  512 pass, 0 fail, 0 unspecified$]]
  --no-out [[rejected]]
  -- ${C} validate --exhaustive --library ${_declared0} --sources INT8 --jobs 2)
castlike_exhaustive_cli_test(coverage_declared_json --rc 0
  --out [["coverage": "declared"]] --out [["outside_declared_coverage": true]]
  -- ${C} validate --exhaustive --library ${_declared0} --sources INT8 --jobs 2 --format json)
castlike_exhaustive_cli_test(coverage_declared_pair_rejected --rc 1 --out [[^FAIL INT8-FLOAT: 256 rejected$]]
  -- ${C} validate --exhaustive --library $<TARGET_FILE:castlike_declared_coverage_plugin_1> --sources INT8 --jobs 2)
castlike_exhaustive_cli_test(coverage_declared_required --rc 1 --out [[^FAIL INT8-FLOAT: 256 rejected$]]
  --out [[required: INT8-FLOAT$]]
  -- ${C} validate --exhaustive --library ${_declared0} --sources INT8 --jobs 2 --require-pairs INT8-FLOAT)
castlike_exhaustive_cli_test(coverage_declared_bad_entry --rc 2
  --err [[castlike_validator_coverage: entry 0: to 999 is not a castlike_type]]
  -- ${C} validate --exhaustive --library $<TARGET_FILE:castlike_declared_coverage_plugin_2> --sources INT8)
# Shards: the pieces of a configuration outside the declaration go to their shards as before (not
# called), so merge-exhaustive finds every piece and gives the unsharded run's report.
castlike_exhaustive_cli_test(coverage_declared_shards_merge
  --out [[^  them so\): 32 configurations of 23 pairs$]] --out [[^  512 pass, 0 fail, 0 unspecified$]]
  -- bash -c "d=$(mktemp -d) && trap 'rm -rf $d' EXIT && ${C} validate --exhaustive --library ${_declared0} --sources INT8 --shard 0/2 --format json --out $d/0.json >/dev/null && ${C} validate --exhaustive --library ${_declared0} --sources INT8 --shard 1/2 --format json --out $d/1.json >/dev/null && ${C} merge-exhaustive $d/0.json $d/1.json")
# The vectors mode: the cases outside the declaration are not called, one line, in no count.
castlike_exhaustive_cli_test(coverage_declared_vectors
  --out [[^not covered \(declared. not called, not failures\): [0-9]+ cases of [0-9]+ pairs$]]
  --out [[^castlike validate: declared-coverage test plug-in: PASS$]]
  -- ${C} validate --library ${_declared0} --vectors ${PROJECT_SOURCE_DIR}/vectors/generated)
# The JSON report's size is bounded: the kept intervals merged by class, the first
# --json-intervals of them listed, both caps stated.
castlike_exhaustive_cli_test(json_intervals_bounded --rc 1
  --out [["intervals_listed_per_configuration": 1,]] --out [["intervals_kept": 2,]]
  --out [["intervals_truncated": true]] --out [[^ *"intervals": [0-9]+,$]]
  -- ${C} validate --exhaustive --builtin reference --variants A2=six --config FLOAT16-FLOAT4E2M1 --format json
     --json-intervals 1)
# FLOAT8E8M0 0x00 is shown with both of its values (reading A12): in reports and in explain.
castlike_exhaustive_cli_test(e8m0_zero_both_values --rc 1
  --out [[^      expected 0x00 \(2\^-127 by the type's definition \(A12=exact\), 0 in ONNX's$]]
  -- bash -c "${_expand} FLOAT16-FLOAT8E8M0-sat1-nearest --alter 0x0000 | ${C} validate --exhaustive --details --config FLOAT16-FLOAT8E8M0-sat1-nearest --raw-outputs -")
castlike_exhaustive_cli_test(e8m0_zero_in_explain
  --out [[^above     0x00  2\^-127 by the type's definition \(A12=exact\), 0 in ONNX's example \(A12=zero\). decoded here as 0, rounded as 2\^-127$]]
  -- ${C} explain --from FLOAT --to FLOAT8E8M0 --round-mode nearest --bits 0x00300000)
