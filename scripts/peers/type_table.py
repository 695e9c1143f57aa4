"""The type table as the scripts read it: `castlike types --format json` (standard library only), so
that no script lists the types, their widths or their operator versions itself."""
import functools
import json
import subprocess
from typing import Any, Optional

from . import castlike_bin


@functools.lru_cache(maxsize=None)
def document(castlike: Optional[str] = None) -> Any:
    """The whole castlike-types document (vectors/schema/castlike-types.schema.json)."""
    out = subprocess.run([castlike_bin.castlike(castlike), "types", "--format", "json"], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def types(castlike: Optional[str] = None) -> list[dict[str, Any]]:
    """The rows, in the table's order: [{"name", "onnx", "bits", "kind", ...}, ...]."""
    rows: list[dict[str, Any]] = document(castlike)["types"]
    return rows


def by_name(castlike: Optional[str] = None) -> dict[str, dict[str, Any]]:
    return {t["name"]: t for t in types(castlike)}
