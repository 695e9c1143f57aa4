"""A Python callable judged on a 64-bit source's structured set (docs/exhaustive.md, "Structured sets
of 64-bit sources"): castlike.validate(impl, exhaustive="DOUBLE-FLOAT16")."""

import numpy as np

import castlike

CONFIG = "DOUBLE-FLOAT16"


def word_split(x, to, **kw):
    """DOUBLE -> FLOAT16 that keeps the high 32-bit word and reduces the low word to a sticky bit,
    tested as a signed int32 > 0 (the planted plug-in conformance/plugins/word_split_plugin.c):
    a low word with bit 31 set counts as zero. NaNs and infinities pass unchanged."""
    bits = x.view(np.uint64)
    low = (bits & np.uint64(0xFFFFFFFF)).astype(np.uint32).view(np.int32)
    sticky = (low > 0).astype(np.uint64)
    special = ((bits >> np.uint64(52)) & np.uint64(0x7FF)) == np.uint64(0x7FF)
    split = np.where(special, bits, (bits & ~np.uint64(0xFFFFFFFF)) | sticky)
    return castlike.cast(split.view(np.float64), to, **kw)


def test_structured_configurations_are_listed():
    ids = castlike.exhaustive_configurations()
    assert {CONFIG, "INT64-FLOAT", "UINT64-BFLOAT16"} <= set(ids)


def test_a_correct_callable_passes_every_input_of_the_set():
    r = castlike.validate(castlike.cast, exhaustive=CONFIG)
    assert r.ok, r.text()
    (c,) = r.configurations()
    assert c["id"] == CONFIG and c["fail"] == 0 and c["inputs"] == c["pass"] + c["unspecified"] > 10**6


def test_a_word_split_callable_fails_exactly_its_classes():
    r = castlike.validate(word_split, exhaustive=CONFIG)
    (c,) = r.configurations()
    assert not r.ok
    classes = [i["class"] for i in c["intervals"]]
    assert sorted(classes) == sorted(
        "%s, exponent field %s, lsb 0 round 1 guard 0, sticky bit 31" % (sign, levels)
        for sign in ("positive", "negative")
        for levels in ("998 (2^-25)", "1000..1038 (2^-23..2^15)"))
    assert c["fail"] == sum(i["count"] for i in c["intervals"]) == 156
    first = min(c["intervals"], key=lambda i: i["first"])
    assert (first["first"], first["expected"], first["actual"]) == (0x3E60000080000000, 0x0001, 0x0000)
    assert "castlike explain --from DOUBLE --to FLOAT16" in r.text()
