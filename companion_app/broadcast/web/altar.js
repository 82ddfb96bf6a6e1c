// Altar broadcast: the live feed and the drawing shared by every page. No framework: the pages
// must load on a projector's laptop and a phone alike, from this server alone.
"use strict";

const Altar = {
  views: new Map(),   // table -> newest public view
  standings: null,
  changed: new Set(), // tables whose view changed since the last drawing
  onChange: () => {},
  drawing: false,
  schema: null,       // what a message may hold: the server's view_schema, from /schema.json
  refused: 0,         // messages this page did not draw because they were not what it knows

  // Whether `value` is what `spec` describes (view_schema.describe()): every field, type and
  // bound. The page draws only what passes, so one bad view can never stop it.
  fits(spec, value) {
    switch (spec.type) {
      case "text":
        return typeof value === "string" && value.length >= spec.least && value.length <= spec.most
          && (!spec.pattern || new RegExp(`^(?:${spec.pattern})$`).test(value));
      case "whole":
        return Number.isInteger(value) && value >= spec.least && value <= spec.most;
      case "flag":
        return typeof value === "boolean";
      case "maybe":
        return value === null || Altar.fits(spec.of, value);
      case "items":
        return Array.isArray(value) && value.length >= spec.least && value.length <= spec.most
          && value.every((item) => Altar.fits(spec.of, item));
      case "record": {
        if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
        const names = Object.keys(spec.fields);
        return names.every((k) => Object.prototype.hasOwnProperty.call(value, k) && Altar.fits(spec.fields[k], value[k]))
          && Object.keys(value).every((k) => names.includes(k));
      }
      default:
        return false;
    }
  },

  refuse() {
    Altar.refused += 1;
    document.body.dataset.refused = String(Altar.refused);
  },

  // The schema first (kept for as long as the page is open), then the feed.
  async ready() {
    while (!Altar.schema) {
      try {
        const r = await fetch("/schema.json", { cache: "no-cache" });
        if (r.ok) Altar.schema = await r.json();
      } catch (e) { /* the server is not up yet */ }
      if (!Altar.schema) await new Promise((done) => setTimeout(done, 1000));
    }
    return Altar.schema;
  },

  connect(onChange) {
    Altar.onChange = onChange;
    Altar.ready().then(() => Altar.open());
  },

  open() {
    let delay = 500;
    const open = () => {
      const proto = location.protocol === "https:" ? "wss:" : "ws:";
      const ws = new WebSocket(`${proto}//${location.host}/feed`);
      ws.onopen = () => { delay = 500; Altar.setLive(true); };
      ws.onmessage = (event) => {
        let msg = null;
        try { msg = JSON.parse(event.data); } catch (e) { Altar.refuse(); return; }
        const many = msg && msg.type === "batch" && Array.isArray(msg.messages) ? msg.messages : [msg];
        for (const one of many) Altar.take(one);
        // Draw once per frame however many views arrived: a busy room must not queue drawings.
        if (!Altar.drawing) {
          Altar.drawing = true;
          requestAnimationFrame(() => {
            Altar.drawing = false;
            document.body.dataset.updates = String(Number(document.body.dataset.updates || 0) + 1);
            try { Altar.onChange(Altar.changed); } catch (e) { Altar.refuse(); }
            Altar.changed = new Set();
          });
        }
      };
      ws.onclose = () => {  // the server restarted or the network dropped: try again, slower
        Altar.setLive(false);
        setTimeout(open, delay);
        delay = Math.min(delay * 2, 10000);
      };
    };
    open();
  },

  goodView(view) { return Altar.fits(Altar.schema.view, view); },
  goodStandings(s) { return s === null || Altar.fits(Altar.schema.standings, s); },

  // One message from the server; what is not what the schema says is counted, not kept.
  take(msg) {
    if (!msg || typeof msg !== "object") { Altar.refuse(); return; }
    if (msg.type === "snapshot") {
      Altar.views.clear();
      for (const view of Array.isArray(msg.views) ? msg.views : []) {
        if (!Altar.goodView(view)) { Altar.refuse(); continue; }
        Altar.views.set(view.table, view);
        Altar.changed.add(view.table);
      }
      if (Altar.goodStandings(msg.standings)) Altar.standings = msg.standings; else Altar.refuse();
      Altar.changed.add("*");
    } else if (msg.type === "view" && Altar.goodView(msg.view)) {
      Altar.views.set(msg.view.table, msg.view);
      Altar.changed.add(msg.view.table);
    } else if (msg.type === "standings" && msg.standings !== null && Altar.goodStandings(msg.standings)) {
      Altar.standings = msg.standings;
    } else {
      Altar.refuse();
    }
  },

  setLive(live) {
    const el = document.getElementById("live");
    if (!el) return;
    el.className = live ? "live" : "offline";
    el.textContent = live ? "Live" : "Reconnecting";
  },

  el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (key === "class") node.className = value;
      else if (key === "style") node.setAttribute("style", value);
      else node.dataset[key] = value;
    }
    for (const child of children) {
      if (child === null || child === undefined || child === "") continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  },

  stepLine(view) {
    const parts = [`Turn ${view.turn}`, view.phase];
    if (view.active) parts.push(`${view.active}'s turn`);
    return parts.join(" · ");
  },

  seat(seat, options = {}) {
    const E = Altar.el;
    const [big, ...rest] = seat.counters;
    const cls = ["seat", seat.acting ? "acting-now" : "", seat.eliminated ? "out" : ""].join(" ");
    // Only a plain colour reaches the style attribute, whatever a table sent.
    const colour = /^#[0-9a-f]{6}$/.test(seat.colour) ? seat.colour : "#888888";
    const node = E("div", { class: cls, style: `--seat: ${colour}`, seat: seat.name },
      E("div", { class: "name" }, seat.name, seat.eliminated ? " (out)" : ""),
      big ? E("div", { class: "big" }, big.value, E("small", {}, big.label)) : null);
    if (!options.compact) {
      node.append(E("div", { class: "counters" },
        ...rest.map((c) => E("span", { class: c.dimmed ? "dimmed" : "" },
          `${c.label} `, E("b", {}, c.value), c.note ? ` ${c.note}` : ""))));
      if (seat.badges.length) node.append(E("div", { class: "badges" },
        ...seat.badges.map((b) => E("span", { class: "badge" }, b))));
      if (seat.lines.length) node.append(E("ul", { class: "lines" },
        ...seat.lines.map((line) => E("li", {}, line))));
    }
    return node;
  },

  table(view, options = {}) {
    const E = Altar.el;
    const box = E("section", { class: "card", table: view.table, seq: String(view.seq) });
    const title = view.title || `${view.game} at ${view.table}`;
    box.append(E("h2", {}, options.link ? E("a", {}) : title));
    if (options.link) {
      box.firstChild.firstChild.href = `/table/${encodeURIComponent(view.table)}`;
      box.firstChild.firstChild.textContent = title;
    }
    if (view.over) {
      box.append(E("div", { class: "winner" }, view.winner ? `${view.winner} wins` : "A draw"));
      if (view.outcome) box.append(E("div", { class: "step" }, view.outcome));
    } else {
      box.append(E("div", { class: "step" }, Altar.stepLine(view)));
      if (view.acting) box.append(E("div", { class: "acting" }, `${view.acting} to act`));
      if (view.waiting.length) box.append(E("div", { class: "step" }, `Waiting: ${view.waiting.join("; ")}`));
    }
    box.append(E("div", { class: "seats" }, ...view.seats.map((s) => Altar.seat(s, options))));
    if (options.log && view.log.length) {
      box.append(E("h2", {}, "Log"), E("ul", { class: "log" }, ...view.log.map((l) => E("li", {}, l))));
    }
    return box;
  },
};
