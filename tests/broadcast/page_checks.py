"""The page's text checks, run in the browser (the app explorer's checks, for a web page):
every letter of every text inside the picture and inside its own box (nothing cut), no two
texts overlapping, and every seat named there and visible. ``PROBLEMS`` is a function of the
root's selector and the seats' names; it returns the problems in words (none: an empty list)."""

from __future__ import annotations

from typing import Any

PROBLEMS = r"""([rootSelector, names]) => {
  const problems = [];
  const root = document.querySelector(rootSelector);
  if (!root) return [`no ${rootSelector} on the page`];
  const W = innerWidth, H = innerHeight, SLACK = 1;
  const inside = (r, b) => r.left >= b.left - SLACK && r.right <= b.right + SLACK
    && r.top >= b.top - SLACK && r.bottom <= b.bottom + SLACK;
  const screen = { left: 0, top: 0, right: W, bottom: H };
  const texts = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    if (!text) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    if (!rects.length) { problems.push(`"${text}" is not drawn`); continue; }
    for (const r of rects) {
      if (!inside(r, screen)) problems.push(`"${text}" is cut by the edge of the picture`);
      // Cut by a box of its own that hides what overflows it.
      for (let el = node.parentElement; el && el !== document.body; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (style.overflowX !== "visible" || style.overflowY !== "visible") {
          if (!inside(r, el.getBoundingClientRect())) problems.push(`"${text}" is cut by its box`);
        }
      }
      texts.push({ text, r, el: node.parentElement });
    }
  }
  for (const el of root.querySelectorAll("*")) {
    if (el.scrollWidth > el.clientWidth + SLACK && getComputedStyle(el).overflowX !== "visible")
      problems.push(`"${el.textContent.trim().slice(0, 40)}" is wider than its box`);
  }
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      const a = texts[i].r, b = texts[j].r;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > SLACK && h > SLACK) problems.push(`"${texts[i].text}" overlaps "${texts[j].text}"`);
    }
  }
  for (const name of names) {
    const seat = root.querySelector(`.seat[data-seat="${CSS.escape(name)}"]`);
    if (!seat) { problems.push(`${name} has no seat`); continue; }
    const r = seat.getBoundingClientRect();
    if (!inside(r, screen) || r.width < 1 || r.height < 1) problems.push(`${name}'s seat is not all in the picture`);
  }
  return problems;
}"""


def problems(page: Any, root: str, names: list[str]) -> list[str]:
    return list(page.evaluate(PROBLEMS, [root, names]))
