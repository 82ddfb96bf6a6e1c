# COBS decoding into a preallocated buffer. wire.py decodes into a new bytes object, which is
# right for the host but allocates; the device decodes every incoming frame with this instead.


def decode_into(src, n, dst):
    """Decodes one COBS block src[:n] (no delimiter) into dst; returns the length, or -1 when
    the block is malformed or would not fit."""
    i = 0
    out = 0
    cap = len(dst)
    while i < n:
        code = src[i]
        if code == 0:
            return -1
        i += 1
        end = i + code - 1
        if end > n or out + (end - i) > cap:
            return -1
        while i < end:
            dst[out] = src[i]
            out += 1
            i += 1
        if code != 0xFF and i < n:
            if out >= cap:
                return -1
            dst[out] = 0
            out += 1
    return out
