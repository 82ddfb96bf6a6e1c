"""Screenshot against reviewed reference, with a tolerance; a diff image when they differ.

References are stored small (half size) to keep the repository light; the screenshot is
scaled the same way before comparing. Anti-aliasing and font hinting differ a little between
machines, so we allow a small mean difference and a small share of clearly changed pixels.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageChops

SCALE = 0.5
MEAN_TOLERANCE = 4.0  # mean absolute difference per channel, 0-255
CHANGED_LEVEL = 60  # a pixel differs "clearly" past this on any channel
CHANGED_SHARE = 0.01  # at most 1 % of pixels may differ clearly


def reference_image(screenshot: Path) -> Image.Image:
    img = Image.open(screenshot).convert("RGB")
    size = (max(1, int(img.width * SCALE)), max(1, int(img.height * SCALE)))
    return img.resize(size, Image.Resampling.LANCZOS)


def compare_to_reference(screenshot: Path, reference: Path) -> str | None:
    """None when they match; otherwise what differs (and a *-diff.png beside the shot)."""
    shot = reference_image(screenshot)
    if not reference.exists():
        return (
            f"no reviewed reference {reference.name}: look at {screenshot} and, if right, "
            f"save it reduced with tests/app/imagecompare.py --accept"
        )
    ref = Image.open(reference).convert("RGB")
    if ref.size != shot.size:
        return f"size {shot.size} differs from the reference's {ref.size}"
    diff = ImageChops.difference(shot, ref)
    pixels = shot.width * shot.height
    hist = diff.convert("L").histogram()
    mean = sum(i * n for i, n in enumerate(hist)) / pixels
    changed = sum(1 for p in diff.getdata() if max(p) > CHANGED_LEVEL) / pixels
    if mean <= MEAN_TOLERANCE and changed <= CHANGED_SHARE:
        return None
    out = screenshot.with_name(screenshot.stem + "-diff.png")
    diff.point(lambda v: min(255, v * 4)).save(out)
    return (
        f"{screenshot.name} differs from the reference: mean {mean:.1f}, "
        f"{changed:.1%} of pixels clearly changed; see {out}"
    )


def accept(screenshot: Path, reference: Path) -> None:
    """Store a reviewed screenshot as the reference (reduced)."""
    reference.parent.mkdir(parents=True, exist_ok=True)
    reference_image(screenshot).save(reference, optimize=True)


if __name__ == "__main__":
    import sys

    if len(sys.argv) >= 3 and sys.argv[1] == "--accept":
        for name in sys.argv[2:]:
            path = Path(name)
            accept(path, Path(__file__).parent / "reference" / path.name)
            print(f"accepted {path.name}")
