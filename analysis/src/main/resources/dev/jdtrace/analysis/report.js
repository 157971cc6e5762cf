// The jdtrace report's behaviour: a panel for the selected call or method, fragments #c<id> and #m<id>,
// sortable method table, thread links. Reads the dictionary from the #jdtrace-data JSON element.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('jdtrace-data').textContent);
  var panelTitle = document.getElementById('panel-title');
  var panelBody = document.getElementById('panel-body');

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = String(text); }
    return e;
  }
  function methodName(m) {
    var me = data.methods[m];
    return data.classes[me[0]][0] + '.' + me[1];
  }
  function place(m, line) {
    var file = data.classes[data.methods[m][0]][1] || 'Unknown Source';
    return line > 0 ? file + ':' + line : file;
  }
  function sourceLines(m) {
    var s = data.classes[data.methods[m][0]][2];
    return s >= 0 ? data.sources[s][1] : null;
  }
  function lineText(m, lines) {
    var src = sourceLines(m);
    if (!src) { return ''; }
    var seen = {};
    return lines.filter(function (l) { var n = !seen[l]; seen[l] = true; return n; })
      .map(function (l) { return l + ': ' + (src[l - 1] === undefined ? '' : src[l - 1].trim()); }).join('\n');
  }
  function range(lines) {
    if (!lines.length) { return ''; }
    var lo = Math.min.apply(null, lines), hi = Math.max.apply(null, lines);
    return lo === hi ? String(lo) : lo + '-' + hi;
  }
  function blockTable(rows, withSource) {
    var t = el('table', 'blocks');
    var head = el('tr');
    ['run', 'block', 'bci', 'lines', 'hits'].concat(withSource ? ['source'] : []).forEach(function (h) {
      head.appendChild(el('th', null, h));
    });
    t.appendChild(head);
    rows.forEach(function (r) {
      var b = data.blocks[r.id];
      var tr = el('tr', b[4] > 0 ? 'hot' : null);
      tr.setAttribute('data-block', r.id);
      [r.run, '#' + r.id, b[1] + '-' + b[2], range(b[3]), b[4]].forEach(function (v) { tr.appendChild(el('td', null, v)); });
      if (withSource) { tr.appendChild(el('td', 'src', lineText(b[0], b[3]))); }
      t.appendChild(tr);
    });
    return t;
  }
  // Runs of a call's own frame: those in its body and in its loops, not in the calls it makes.
  function ownRuns(node, out) {
    Array.prototype.forEach.call(node.children, function (c) {
      if (c.classList.contains('run')) {
        out.push(c);
      } else if (c.tagName === 'DETAILS' && c.classList.contains('loop')) {
        ownRuns(c.querySelector(':scope > .body'), out);
      }
    });
    return out;
  }
  function clearSelection() {
    Array.prototype.forEach.call(document.querySelectorAll('.selected'), function (e) { e.classList.remove('selected'); });
  }
  function showCall(call, fromClick) {
    var m = Number(call.getAttribute('data-m'));
    clearSelection();
    call.classList.add('selected');
    for (var e = fromClick ? call.parentElement : call; e; e = e.parentElement) {
      if (e.tagName === 'DETAILS') { e.open = true; }
    }
    panelTitle.textContent = methodName(m) + ' (' + place(m, data.methods[m][3]) + ')';
    panelBody.textContent = '';
    var info = el('p', 'dim', 'call ' + call.id + (call.getAttribute('data-n') > 1 ? ', × ' + call.getAttribute('data-n') : '')
      + '; blocks run in this frame, in order (hits: all threads):');
    panelBody.appendChild(info);
    var rows = [];
    ownRuns(call.querySelector(':scope > .body'), []).forEach(function (run, i) {
      var n = run.getAttribute('data-n');
      run.getAttribute('data-b').split(' ').forEach(function (id) {
        rows.push({ run: (i + 1) + (n > 1 ? ' × ' + n : ''), id: Number(id) });
      });
    });
    var table = blockTable(rows, sourceLines(m) !== null);
    table.id = 'call-blocks';
    panelBody.appendChild(table);
    var link = el('a', null, 'all blocks and hit counts of this method');
    link.href = '#m' + m;
    panelBody.appendChild(el('p')).appendChild(link);
    if (!fromClick) { call.scrollIntoView({ block: 'center', inline: 'nearest' }); }
  }
  function showMethod(m) {
    clearSelection();
    var row = document.getElementById('m' + m);
    if (row) { row.classList.add('selected'); }
    panelTitle.textContent = methodName(m) + ' (' + place(m, data.methods[m][3]) + ')';
    panelBody.textContent = '';
    panelBody.appendChild(el('p', 'dim', data.methods[m][1] + data.methods[m][2] + '; every block of the method, hits over all threads:'));
    var rows = [];
    data.blocks.forEach(function (b, id) { if (b[0] === m) { rows.push({ run: '', id: id }); } });
    var table = blockTable(rows, sourceLines(m) !== null);
    table.id = 'method-blocks';
    panelBody.appendChild(table);
  }
  function select(hash, fromClick) {
    var match = /^#(c|m)(\d+)$/.exec(hash);
    if (!match) { return; }
    if (match[1] === 'c') {
      var call = document.getElementById('c' + match[2]);
      if (call) { showCall(call, fromClick); }
    } else if (data.methods[Number(match[2])]) {
      showMethod(Number(match[2]));
    }
  }
  document.addEventListener('click', function (event) {
    var summary = event.target.closest('summary');
    if (summary && !event.target.closest('a') && summary.parentElement.classList.contains('call')) {
      history.replaceState(null, '', '#' + summary.parentElement.id);
      select('#' + summary.parentElement.id, true);
    }
  });
  window.addEventListener('hashchange', function () { select(location.hash, false); });

  // Sortable method table: numbers by data-v, text otherwise; a second click reverses.
  Array.prototype.forEach.call(document.querySelectorAll('table.methods th'), function (th, col) {
    th.addEventListener('click', function () {
      var body = th.closest('table').tBodies[0];
      var up = th.getAttribute('data-dir') !== 'up';
      th.setAttribute('data-dir', up ? 'up' : 'down');
      var key = function (tr) {
        var td = tr.cells[col];
        return th.getAttribute('data-type') === 'num' ? Number(td.getAttribute('data-v')) : td.textContent;
      };
      var rows = Array.prototype.slice.call(body.rows).sort(function (a, b) {
        var x = key(a), y = key(b);
        return (x < y ? -1 : x > y ? 1 : 0) * (up ? 1 : -1);
      });
      rows.forEach(function (r) { body.appendChild(r); });
    });
  });

  var nav = document.getElementById('nav');
  Array.prototype.forEach.call(document.querySelectorAll('section.thread'), function (s) {
    var a = el('a', null, 'thread ' + s.getAttribute('data-name'));
    a.href = '#' + s.id;
    nav.appendChild(a);
  });
  select(location.hash, false);
})();
