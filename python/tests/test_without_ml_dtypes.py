"""Without ml_dtypes the ML types come and go as raw bits (documented layout)."""

import subprocess
import sys
import textwrap


def test_raw_bits_without_ml_dtypes():
    code = textwrap.dedent("""
        import sys
        sys.modules["ml_dtypes"] = None  # an import of it fails, as when it is not installed
        import numpy as np
        import castlike
        assert not castlike.has_ml_dtypes()
        y = castlike.cast(np.float32([0.5, 1e6]), "FLOAT8E4M3FN")
        assert y.dtype == np.uint8 and y.tolist() == [0x30, 0x7E], y
        p = castlike.cast(np.float32([1, -1, 2]), "INT4")
        assert p.dtype == np.uint8 and p.tolist() == [0xF1, 0x02], p
        # FLOAT6 (Cast-28): packed, four elements in three bytes: 7.75 (saturated to 7.5), -1, 0.125, 3 -> 0x1f, 0x28, 0x01, 0x14
        f6 = castlike.cast(np.float32([7.75, -1, 0.125, 3]), "FLOAT6E2M3", operator="Cast", opset=28)
        assert f6.dtype == np.uint8 and f6.tolist() == [0x1F, 0x1A, 0x50], f6
        u6 = castlike.cast(np.uint8([0x1F, 0x28]), "FLOAT", from_type="FLOAT6E2M3", operator="Cast", opset=28)
        assert u6.tolist() == [7.5, -1.0], u6
        b = castlike.cast(np.float32([1.0]), "BFLOAT16")
        assert b.dtype == np.uint16 and b.tolist() == [0x3F80]
        assert castlike.cast(np.uint8([0x30]), "FLOAT", from_type="FLOAT8E4M3FN").tolist() == [0.5]
        r = castlike.validate(castlike.cast, pairs=["FLOAT-INT4", "FLOAT8E4M3FN-FLOAT"])
        assert r.ok, r.text()
        print("ok")
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr
