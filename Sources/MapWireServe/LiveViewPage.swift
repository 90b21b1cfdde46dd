import Foundation

/// The live view at `/`: the style's frames as they are drawn, its event stream with topic filters,
/// the load status per source, the mouse and touch turned into MapWire gestures, and what is under a click
/// (its features: layer, source, properties, top down, PROTOCOL.md 7.13). Plain HTML and a
/// small script: no framework, no build step. Frames and events come over the WebSocket `/live/{id}`.
public enum LiveViewPage {
    public static func html(styles: [String]) -> Data {
        let options = styles.map { "<option>\($0)</option>" }.joined()
        return Data(page.replacingOccurrences(of: "<!--STYLES-->", with: options).utf8)
    }

    static let page = #"""
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>MapWire live view</title>
<style>
body { margin: 0; font: 13px system-ui, sans-serif; display: flex; height: 100vh; color: #222; }
#left { flex: none; padding: 8px; }
#map { display: block; cursor: grab; touch-action: none; user-select: none; border: 1px solid #bbb; background: #eee; min-width: 256px; min-height: 256px; }
#right { flex: 1; display: flex; flex-direction: column; min-width: 0; padding: 8px; border-left: 1px solid #ddd; }
#events { flex: 1; overflow: auto; font: 11px ui-monospace, monospace; white-space: pre; margin: 4px 0 0; }
#load td { padding: 1px 6px; } .muted { color: #777; }
#features { max-width: 512px; max-height: 30vh; overflow: auto; font: 11px ui-monospace, monospace; }
#features div { margin: 2px 0 6px; } #features b { font-weight: 600; }
</style></head>
<body>
<div id="left">
  <label>Style <select id="style"><!--STYLES--></select></label> <span id="status" class="muted">connecting…</span>
  <img id="map" alt="the map, as the core draws it" draggable="false">
  <div class="muted">drag: pan · wheel: pinch · double-click: double-tap · right-drag: rotate · click: tap, and what is there</div>
  <h4>Under the click <span id="clicked" class="muted"></span></h4><div id="features" class="muted">click the map</div>
  <h4>Load status</h4><table id="load"></table>
</div>
<div id="right">
  <div><label>Topics <input id="filter" size="40" placeholder="all (or prefixes: camera,source-data)"></label>
  <label><input type="checkbox" id="pause"> pause</label> <span id="count" class="muted"></span></div>
  <pre id="events"></pre>
</div>
<script>
"use strict";
const live = window.live = { frames: 0, hash: 0, events: 0, errors: [], queries: 0, lastFeatures: null };
const $ = (id) => document.getElementById(id);
const img = $("map"), list = $("events");
let ws = null, size = { width: 512, height: 512 }, lines = [];

function connect() {
  const style = $("style").value;
  if (ws) { ws.onclose = null; ws.close(); }
  ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/live/" + encodeURIComponent(style));
  ws.binaryType = "arraybuffer";
  ws.onopen = () => { $("status").textContent = "live"; };
  ws.onclose = () => { $("status").textContent = "disconnected, retrying"; setTimeout(connect, 1000); };
  ws.onmessage = (m) => typeof m.data === "string" ? text(JSON.parse(m.data)) : frame(m.data);
}

function frame(buffer) {
  const bytes = new Uint8Array(buffer);
  let h = 2166136261;
  for (let i = 0; i < bytes.length; i++) { h ^= bytes[i]; h = Math.imul(h, 16777619) >>> 0; }
  live.hash = h; live.frames += 1;
  const old = img.src;
  img.onload = () => { if (old.startsWith("blob:")) URL.revokeObjectURL(old); };
  img.src = URL.createObjectURL(new Blob([buffer], { type: "image/png" }));
}

function text(message) {
  if (message.kind === "hello") {
    size = { width: message.width, height: message.height };
    img.style.width = size.width + "px"; img.style.height = size.height + "px";
    return;
  }
  if (message.kind === "error") { $("status").textContent = message.message; return; }
  if (message.kind === "features") { features(message); return; }
  live.events += 1;
  if (message.type === "load-status-changed") loadStatus(message.data || {});
  const wanted = $("filter").value.split(",").map((s) => s.trim()).filter((s) => s);
  if (wanted.length && !wanted.some((p) => String(message.type).startsWith(p))) return;
  lines.push(JSON.stringify(message));
  if (lines.length > 500) lines = lines.slice(-500);
  if (!$("pause").checked) { list.textContent = lines.join("\n"); list.scrollTop = list.scrollHeight; }
  $("count").textContent = live.events + " events";
}

// What a click found, top down: each feature's layer, source (and source layer), id and properties.
function features(message) {
  live.queries += 1; live.lastFeatures = message;
  $("clicked").textContent = "at " + Math.round(message.x) + "," + Math.round(message.y) + ": " + message.count + " feature(s)";
  const box = $("features");
  box.textContent = "";
  box.className = message.features.length ? "" : "muted";
  if (!message.features.length) { box.textContent = "nothing drawn here"; return; }
  for (const f of message.features) {
    const item = box.appendChild(document.createElement("div"));
    item.appendChild(document.createElement("b")).textContent = f.layer;
    item.appendChild(document.createTextNode(" · " + f.source + (f.sourceLayer ? "/" + f.sourceLayer : "") + (f.id !== undefined ? " #" + f.id : "")));
    const props = Object.entries(f.properties || {}).map(([k, v]) => k + "=" + (typeof v === "object" ? JSON.stringify(v) : v));
    item.appendChild(document.createElement("div")).textContent = props.join("  ") || "(no properties)";
  }
}

function loadStatus(data) {
  const target = data.source_id || data.sourceId || data.target || "map";
  let row = document.querySelector('#load tr[data-target="' + CSS.escape(target) + '"]');
  if (!row) {
    row = document.createElement("tr"); row.dataset.target = target;
    row.appendChild(document.createElement("td")).textContent = target;
    row.appendChild(document.createElement("td"));
    $("load").appendChild(row);
  }
  const { source_id, sourceId, target: t, ...rest } = data;
  row.cells[1].textContent = Object.entries(rest).map(([k, v]) => k + ": " + (typeof v === "object" ? JSON.stringify(v) : v)).join(", ");
}

function send(gesture) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(gesture)); }
function point(e) {
  const r = img.getBoundingClientRect();
  return { x: (e.clientX - r.left) * size.width / (r.width || 1), y: (e.clientY - r.top) * size.height / (r.height || 1) };
}

// Mouse: left-drag pans, right-drag rotates, a click taps, a double-click double-taps.
let drag = null, tapTimer = null;
img.addEventListener("contextmenu", (e) => e.preventDefault());
img.addEventListener("mousedown", (e) => { e.preventDefault(); const p = point(e); drag = { button: e.button, x: p.x, y: p.y, moved: false }; });
window.addEventListener("mousemove", (e) => {
  if (!drag) return;
  const p = point(e), dx = p.x - drag.x, dy = p.y - drag.y;
  if (!dx && !dy) return;
  const kind = drag.button === 2 ? "rotation" : "pan";
  if (!drag.moved) { send({ kind, phase: "began", x: drag.x, y: drag.y }); drag.moved = true; }
  send(kind === "pan" ? { kind, phase: "changed", x: p.x, y: p.y, dx, dy } : { kind, phase: "changed", x: p.x, y: p.y, degrees: dx * 0.5 });
  drag.x = p.x; drag.y = p.y;
});
window.addEventListener("mouseup", (e) => {
  if (!drag) return;
  const p = point(e), kind = drag.button === 2 ? "rotation" : "pan";
  if (drag.moved) send({ kind, phase: "ended", x: p.x, y: p.y });
  else if (drag.button === 0) {
    clearTimeout(tapTimer);
    tapTimer = setTimeout(() => { send({ kind: "tap", x: p.x, y: p.y }); send({ kind: "query", x: p.x, y: p.y }); }, 250);
  }
  drag = null;
});
img.addEventListener("dblclick", (e) => { clearTimeout(tapTimer); const p = point(e); send({ kind: "double-tap", x: p.x, y: p.y }); });
img.addEventListener("wheel", (e) => {
  e.preventDefault();
  const p = point(e), scale = Math.exp(-e.deltaY / 300);
  send({ kind: "pinch", phase: "began", x: p.x, y: p.y });
  send({ kind: "pinch", phase: "changed", x: p.x, y: p.y, scale });
  send({ kind: "pinch", phase: "ended", x: p.x, y: p.y });
}, { passive: false });

// Touch: one finger pans; two fingers pinch (their distance) and two-finger-pan (their midpoint).
let touches = null;
function touchState(e) {
  const ps = Array.from(e.touches).map(point);
  if (ps.length === 1) return { n: 1, x: ps[0].x, y: ps[0].y };
  const [a, b] = ps;
  return { n: 2, x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, d: Math.hypot(a.x - b.x, a.y - b.y) || 1 };
}
function endTouches() {
  if (!touches) return;
  if (touches.n === 1) send({ kind: "pan", phase: "ended", x: touches.x, y: touches.y });
  else { send({ kind: "pinch", phase: "ended", x: touches.x, y: touches.y }); send({ kind: "two-finger-pan", phase: "ended", x: touches.x, y: touches.y }); }
  touches = null;
}
img.addEventListener("touchstart", (e) => {
  e.preventDefault(); endTouches();
  touches = touchState(e);
  if (touches.n === 1) send({ kind: "pan", phase: "began", x: touches.x, y: touches.y });
  else { send({ kind: "pinch", phase: "began", x: touches.x, y: touches.y }); send({ kind: "two-finger-pan", phase: "began", x: touches.x, y: touches.y }); }
}, { passive: false });
img.addEventListener("touchmove", (e) => {
  e.preventDefault();
  if (!touches) return;
  const now = touchState(e);
  if (now.n !== touches.n) return;
  if (now.n === 1) send({ kind: "pan", phase: "changed", x: now.x, y: now.y, dx: now.x - touches.x, dy: now.y - touches.y });
  else {
    send({ kind: "pinch", phase: "changed", x: now.x, y: now.y, scale: now.d / touches.d });
    send({ kind: "two-finger-pan", phase: "changed", x: now.x, y: now.y, dx: now.x - touches.x, dy: now.y - touches.y });
  }
  touches = now;
}, { passive: false });
img.addEventListener("touchend", (e) => { e.preventDefault(); endTouches(); }, { passive: false });
$("style").addEventListener("change", () => { lines = []; list.textContent = ""; $("load").textContent = ""; connect(); });
connect();
</script>
</body></html>
"""#
}
