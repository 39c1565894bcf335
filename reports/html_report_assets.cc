#include "reports/html_report_assets.h"

namespace dsconform {

const char kHtmlReportCss[] = R"CSS(
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:1.5em;color:#1b1f24;background:#fff}
h1{font-size:1.5em;margin:0 0 .4em}h2{margin-top:1.6em;border-bottom:1px solid #d0d7de}h3{margin:.2em 0}
code,pre,.bytes,.off{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
pre{white-space:pre-wrap;word-break:break-all;margin:.2em 0}
table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #d0d7de;padding:2px 8px;text-align:left;vertical-align:top}
th{background:#f6f8fa}table.sortable th{cursor:pointer;user-select:none}
th[aria-sort=ascending]::after{content:" \25B2"}th[aria-sort=descending]::after{content:" \25BC"}
td.n{text-align:right}tfoot td{font-weight:600}
.gate{padding:0 .4em;border-radius:4px;color:#fff}.gate.pass{background:#1a7f37}.gate.fail{background:#cf222e}
dl.run{display:grid;grid-template-columns:max-content auto;gap:2px 1em;margin:0}dl.run dt{font-weight:600}dl.run dd{margin:0}
.timing,.left-out{color:#57606a}
.controls{margin:.5em 0}.controls input{width:28em}
.v{padding:0 .35em;border-radius:3px}.v-equal{background:#dafbe1}.v-differs,.v-error{background:#ffd8d3}
.v-known{background:#eaeef2}.v-unexpectedly_equal{background:#fff1c2}.v-unsupported{background:#ddf4ff}
section.detail{border:1px solid #d0d7de;border-radius:6px;padding:.6em 1em;margin:1em 0}
table.hex td{border:none;padding:0 .8em 0 0;white-space:pre}table.hex th{border:none;background:none}
table.hex td.dec{white-space:normal;font-size:12px;color:#0550ae}
.diff{background:#ffb3aa;color:#82071e;font-weight:700}tr.gap td{color:#57606a;font-style:italic}
ul.decoded{margin:.2em 0}
)CSS";

const char kHtmlReportErrorTrap[] = R"JS(
(function () {
  function record(text) {
    var d = document.documentElement;
    d.setAttribute('data-errors', (d.getAttribute('data-errors') || '') + text + '; ');
  }
  window.addEventListener('error', function (e) {
    record((e.message || 'error') + ' (line ' + (e.lineno || '?') + ')');
  });
  window.addEventListener('unhandledrejection', function (e) { record('unhandled rejection: ' + e.reason); });
})();
)JS";

const char kHtmlReportScript[] = R"JS(
(function () {
  'use strict';
  var each = function (list, fn) { Array.prototype.forEach.call(list, fn); };

  // Sorting: numbers numerically (a cell's data-sort wins over its text),
  // the rest as text; Array.prototype.sort is stable, so ties keep run order.
  function key(td) { return td ? (td.hasAttribute('data-sort') ? td.getAttribute('data-sort') : td.textContent) : ''; }
  each(document.querySelectorAll('table.sortable'), function (table) {
    if (!table.tHead || !table.tBodies.length) return;
    var heads = table.tHead.rows[0].cells;
    each(heads, function (th, col) {
      th.addEventListener('click', function () {
        var ascending = th.getAttribute('aria-sort') !== 'ascending';
        each(heads, function (h) { h.removeAttribute('aria-sort'); });
        th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        var numeric = rows.every(function (r) { var k = key(r.cells[col]); return k !== '' && !isNaN(Number(k)); });
        rows.sort(function (a, b) {
          var x = key(a.cells[col]), y = key(b.cells[col]);
          var c = numeric ? Number(x) - Number(y) : (x < y ? -1 : x > y ? 1 : 0);
          return ascending ? c : -c;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
  });

  // Filtering the records table.
  var table = document.getElementById('records-table');
  var text = document.getElementById('filter');
  var verdict = document.getElementById('verdict');
  var shown = document.getElementById('shown');
  var rows = table ? Array.prototype.slice.call(table.tBodies[0].rows) : [];
  var verdicts = verdict ? Array.prototype.map.call(verdict.options, function (o) { return o.value; }) : [];

  function apply(updateHash) {
    var q = text.value.trim().toLowerCase(), v = verdict.value, n = 0;
    rows.forEach(function (tr) {
      var ok = (!v || tr.getAttribute('data-verdict') === v) &&
               (!q || tr.textContent.toLowerCase().indexOf(q) >= 0);
      tr.hidden = !ok;
      if (ok) n++;
    });
    shown.textContent = n + ' of ' + rows.length + ' records shown';
    document.body.setAttribute('data-visible-rows', String(n));
    if (!updateHash) return;
    var parts = [];
    if (v) parts.push('verdict=' + encodeURIComponent(v));
    if (q) parts.push('q=' + encodeURIComponent(text.value.trim()));
    try {
      history.replaceState(null, '', parts.length ? '#' + parts.join('&') : location.pathname + location.search);
    } catch (e) { /* some browsers refuse replaceState on file: URLs; the filter still works */ }
  }

  // #verdict=differs, #q=text, #filter=<verdict name or text>. A hash without
  // '=' is an anchor (#d12), not a filter.
  function fromHash() {
    var h = location.hash.replace(/^#/, '');
    if (h.indexOf('=') < 0) return;
    var p = new URLSearchParams(h);
    var v = p.get('verdict') || '', q = p.get('q') || '', f = p.get('filter');
    if (f !== null) { if (f && verdicts.indexOf(f) >= 0) v = f; else q = f; }
    verdict.value = verdicts.indexOf(v) >= 0 ? v : '';
    text.value = q;
    apply(false);
  }

  if (table && text && verdict && shown) {
    text.addEventListener('input', function () { apply(true); });
    verdict.addEventListener('change', function () { apply(true); });
    window.addEventListener('hashchange', fromHash);
    apply(false);
    fromHash();
  }
  // How long the page took to be ready from the start of its navigation, its layout
  // included (forced here): the render check of the browser test reads it.
  void document.body.offsetHeight;
  document.body.setAttribute('data-ready-ms', String(Math.round(performance.now())));
  document.body.setAttribute('data-ready', '1');
})();
)JS";

}  // namespace dsconform
