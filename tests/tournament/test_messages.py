"""The reader's limits (messages.py) and the signatures (keys.py) on their own: the nesting
check agrees with the real depth of any JSON, brackets and escaped quotes inside strings
included; decode never raises anything but BadMessage; a signature is bound to its purpose."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion_app.tournament import binding, keys, messages
from companion_app.tournament.messages import BadMessage, Limit

TEXT = st.text(alphabet=st.sampled_from('ab"\\[]{}é\x00 '), max_size=8)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=20,
)


def real_depth(v: Any) -> int:
    if isinstance(v, list):
        return 1 + max((real_depth(x) for x in v), default=0)
    if isinstance(v, dict):
        return 1 + max((real_depth(x) for x in v.values()), default=0)
    return 0


@given(JSON, st.booleans())
@settings(max_examples=200, deadline=None)
def test_the_nesting_check_agrees_with_the_real_depth(value: Any, ascii_only: bool) -> None:
    payload = json.dumps(value, ensure_ascii=ascii_only).encode()
    depth = real_depth(value)
    for limit in range(8):
        assert messages.deeper_than(payload, limit) == (depth > limit), (payload, limit)


@given(st.binary(max_size=300))
@settings(max_examples=200, deadline=None)
def test_decode_raises_nothing_but_bad_message(payload: bytes) -> None:
    with contextlib.suppress(BadMessage):  # anything else fails the test
        assert isinstance(messages.decode(payload, Limit(200, 3)), dict)


@pytest.mark.parametrize(
    ("payload", "why"),
    [
        (b"[" * 200_000, "more than"),
        (b"[" * 3_000, "nested deeper"),
        (b'{"a": "\xff"}', "not JSON"),
        (b'{"a": }', "not JSON"),
        (b'{"a": 1', "nested deeper"),  # unbalanced counts as deep: refused either way
        (b"[1, 2]", "not a JSON object"),
        (b"", "not JSON"),
    ],
)
def test_decode_says_why_in_words(payload: bytes, why: str) -> None:
    with pytest.raises(BadMessage, match=why):
        messages.decode(payload, messages.RESULT)


def test_a_signature_is_bound_to_its_key_and_its_purpose() -> None:
    private = keys.new_private_key()
    public = keys.public_key(private)
    body = {"tid": "t", "n": 1}
    signed = keys.sign(keys.RESULT, body, private)
    assert keys.open_signed(keys.RESULT, signed, lambda _b: public, messages.RESULT) == body
    for purpose, key in (
        (keys.STATE, public),
        (keys.RESULT, keys.public_key(keys.new_private_key())),
    ):
        with pytest.raises(BadMessage, match="signature does not match"):
            keys.open_signed(purpose, signed, lambda _b, k=key: k, messages.RESULT)
    for sig in ("\u00e9", "", "A" * 86 + "=", None, 5):
        forged = json.dumps({"body": body, "sig": sig}).encode()
        with pytest.raises(BadMessage):
            keys.open_signed(keys.RESULT, forged, lambda _b: public, messages.RESULT)
    # In the signed layout, where the signature goes: not ASCII, not base64url, cut short.
    for sig in ("\u00e9" * 43, "!" * 86, "A" * 85 + '"'):
        forged = signed[:8] + sig.encode() + signed[94:]
        with pytest.raises(BadMessage, match="signature"):
            keys.open_signed(keys.RESULT, forged, lambda _b: public, messages.RESULT)
    # The body changed by a byte after signing.
    with pytest.raises(BadMessage, match="signature does not match"):
        keys.open_signed(keys.RESULT, signed.replace(b'"n":1', b'"n":2'), lambda _b: public,
                         messages.RESULT)  # fmt: skip
    with pytest.raises(keys.UnknownSigner, match="nobody this tournament knows"):
        keys.open_signed(keys.RESULT, signed, lambda _b: None, messages.RESULT)
    assert issubclass(keys.UnknownSigner, BadMessage)  # refused like every other wrong one


def test_a_join_is_told_from_a_result_by_the_error_s_type_not_its_words() -> None:
    """binding.open_join: a result on the table's topic is no JOIN (None, read as a result
    next), a JOIN signed with another code key is refused; told apart by UnknownSigner, where
    the old check compared the error's sentence (issue 38)."""
    code = keys.new_private_key()
    tablet = keys.new_private_key()
    join = binding.join_message("t1", 0, code, tablet)
    assert binding.open_join(join, "t1", 0, keys.public_key(code)) == keys.public_key(tablet)
    a_result = keys.sign(keys.RESULT, {"tid": "t1", "table": 0}, tablet)
    assert binding.open_join(a_result, "t1", 0, keys.public_key(code)) is None
    other_code = keys.public_key(keys.new_private_key())
    with pytest.raises(BadMessage, match="signature does not match") as refused:
        binding.open_join(join, "t1", 0, other_code)
    assert not isinstance(refused.value, keys.UnknownSigner)
    with pytest.raises(BadMessage, match="another table's or tournament's topic"):
        binding.open_join(join, "t1", 1, keys.public_key(code))
