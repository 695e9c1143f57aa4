#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzz build script: builds the four libFuzzer targets with the compiler, flags and
# fuzzing engine the environment gives ($CC $CXX $CFLAGS $CXXFLAGS $LIB_FUZZING_ENGINE) and puts each
# target, its seed corpus (<target>_seed_corpus.zip), dictionary and options file in $OUT.
#
# The project's Dockerfile needs:  apt-get install -y cmake libboost-dev nlohmann-json3-dev zip
# and this script as the build step:  $SRC/castlike/fuzz/build.sh
# Locally (libFuzzer, ASan):
#   CC=clang-14 CXX=clang++-14 CFLAGS="-fsanitize=address,fuzzer-no-link -O1 -g" \
#   CXXFLAGS="-fsanitize=address,fuzzer-no-link -O1 -g" LIB_FUZZING_ENGINE=-fsanitize=fuzzer \
#   OUT=/tmp/out fuzz/build.sh
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=${WORK:-$(mktemp -d)}/castlike-fuzz-build
targets="fuzz_convert fuzz_castlike fuzz_string fuzz_vectors"

cmake -S "$src" -B "$work" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
  -DCMAKE_C_FLAGS="$CFLAGS" -DCMAKE_CXX_FLAGS="$CXXFLAGS" \
  -DCASTLIKE_BUILD_TESTS=OFF -DCASTLIKE_BUILD_CLI=OFF -DCASTLIKE_BUILD_FUZZ=ON \
  -DCASTLIKE_FUZZ_ENGINE="$LIB_FUZZING_ENGINE"
cmake --build "$work" -j "$(nproc)" --target $targets

mkdir -p "$OUT"
for t in $targets; do
  cp "$work/fuzz/$t" "$OUT/"
  cp "$work/fuzz/$t.dict" "$src/fuzz/$t.options" "$OUT/"  # the build's dictionary: with the type names
  rm -f "$OUT/${t}_seed_corpus.zip"
  if command -v zip >/dev/null 2>&1; then
    zip -q -j "$OUT/${t}_seed_corpus.zip" "$src/fuzz/corpus/$t"/*
  else
    (cd "$src/fuzz/corpus/$t" && python3 -m zipfile -c "$OUT/${t}_seed_corpus.zip" ./*)
  fi
done
