"""The ml-dtypes peer: numpy's astype between numpy's and ml_dtypes' types.

ml_dtypes has no operator sets and no saturate / round_mode attributes: every call is a plain
`x.astype(destination dtype)` whatever its opset and attributes say (the validator then names the
reading, e.g. "behaves as saturate=0"). STRING outputs are `astype(str)`. An astype that raises for
the whole tensor is retried in parts down to the elements that raise alone: those are element errors.
"""

import warnings
from typing import Any, Optional

import numpy as np

from .._retry import per_element
from .._types import DEFAULT_OPSET, TypeLike, element_type


class MlDtypesAstype:
    castlike_name = "ml_dtypes"

    def __init__(self) -> None:
        import ml_dtypes
        self.castlike_version = ml_dtypes.__version__
        self.castlike_description = "numpy %s astype; no opsets, saturate and round_mode ignored" % np.__version__
        self.castlike_info = {"name": "ml_dtypes", "version": self.castlike_version,
                              "description": self.castlike_description}

    def __call__(self, x: Any, to: TypeLike, *, saturate: Optional[int] = None, round_mode: Optional[str] = None,
                 opset: int = DEFAULT_OPSET, operator: str = "CastLike") -> Any:
        dst = element_type(to)

        def convert(a: Any) -> Any:
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")  # overflow warnings: the values are what is judged
                return a.astype(str).astype(object) if dst.name == "STRING" else a.astype(dst.dtype)

        try:
            return convert(x)
        except Exception as e:
            return per_element(convert, x, e)
