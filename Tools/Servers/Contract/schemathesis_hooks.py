"""What schemathesis cannot read in the contract, told to it (SCHEMATHESIS_HOOKS=<this file>).

Two rules of a registration depend on more than the request, so no schema can
say them, and the contract says them in words:

- An `Idempotency-Key` is made once per registration; a key sent again with
  another registration is 422 `idempotency.mismatch`, as it should be.
  Generated data draws keys from a small pool ("0", "00", ...), so two
  different registrations would share one. Each positive registration gets a
  key of its own.
- A date of birth must be old enough on the request's day. The pattern says
  the day's form (`dd/mm/yyyy` of a day that exists); a positive registration
  carries an adult's day of that form, the day's form itself being checked by
  the negative cases and by the repository's own tests.

Negative cases keep what was drawn.
"""

import itertools

import schemathesis
from schemathesis.generation.modes import GenerationMode

_KEY = "Idempotency-Key"
_numbers = itertools.count(1)


@schemathesis.hook
def map_case(context, case):
    meta = case.meta
    if meta is None or meta.generation.mode != GenerationMode.POSITIVE:
        return case
    headers = case.headers or {}
    if _KEY in headers:
        headers[_KEY] = f"schemathesis-{next(_numbers)}"
        case.headers = headers
    fields = case.body.get("fields") if isinstance(case.body, dict) else None
    if isinstance(fields, dict) and isinstance(fields.get("dateOfBirth"), str):
        fields["dateOfBirth"] = _ADULT
    return case


# A day of the pattern's form, 18 on any day since 2008.
_ADULT = "10/12/1990"
