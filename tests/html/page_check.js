// What a reader meets on a trncost HTML page, measured by the browser that laid it out. The page
// harness of check_pages.py loads each page into a sandboxed iframe (no script of the page runs) as
// wide as the window it stands for, and runs pageCheck() on each once all have loaded; the verdict
// is written into the harness's DOM for chromium --dump-dom to print.
'use strict';

function pageCheck(frame) {
  const d = frame.contentDocument;
  const w = frame.contentWindow;
  const width = d.documentElement.clientWidth;
  const problems = [];
  const name = (e) => {
    let s = e.tagName.toLowerCase();
    if (e.id) return s + '#' + e.id;
    const c = e.getAttribute('class');
    if (c) s += '.' + c.trim().split(/\s+/).join('.');
    return s;
  };
  const where = (e) => {
    const path = [];
    for (let x = e; x && x.nodeType === 1 && x !== d.body; x = x.parentElement) {
      path.unshift(name(x));
      if (x.id) break;
    }
    return path.join(' > ');
  };
  const px = (v) => v.toFixed(1);

  // Every text of every SVG inside the SVG's own drawing area: what lies outside is cut off.
  const charts = {};
  for (const svg of d.querySelectorAll('svg')) {
    const vb = svg.viewBox && svg.viewBox.baseVal;
    const box = vb && vb.width > 0 ? {x: vb.x, y: vb.y, width: vb.width, height: vb.height}
                                   : {x: 0, y: 0, width: svg.width.baseVal.value,
                                      height: svg.height.baseVal.value};
    let id = svg.id || where(svg);
    for (let n = 2; id in charts; ++n) id = (svg.id || where(svg)) + '~' + n;  // a study's options
    for (const t of svg.querySelectorAll('text')) {
      const b = t.getBBox();
      if (b.x < box.x - 0.5 || b.y < box.y - 0.5 || b.x + b.width > box.x + box.width + 0.5 ||
          b.y + b.height > box.y + box.height + 0.5) {
        problems.push('text cut off by svg#' + id + ': "' + t.textContent + '" spans x ' + px(b.x) +
                      '..' + px(b.x + b.width) + ', y ' + px(b.y) + '..' + px(b.y + b.height) +
                      '; the svg shows x ' + box.x + '..' + (box.x + box.width) + ', y ' + box.y +
                      '..' + (box.y + box.height));
      }
    }
    // No two texts of a chart drawn over each other (more than a pixel each way).
    const boxes = [...svg.querySelectorAll('text')].map((t) => [t, t.getBBox()]);
    for (let i = 0; i < boxes.length; ++i) {
      for (let j = i + 1; j < boxes.length; ++j) {
        const [ta, a] = boxes[i];
        const [tb, b] = boxes[j];
        const dx = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
        const dy = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
        if (dx > 1 && dy > 1) {
          problems.push('texts drawn over each other in svg#' + id + ': "' + ta.textContent +
                        '" and "' + tb.textContent + '"');
        }
      }
    }
    const shown = svg.getBoundingClientRect();
    const inventory = {texts: svg.querySelectorAll('text').length, shown_width: Math.round(shown.width)};
    for (const e of svg.querySelectorAll('[class]')) {
      for (const c of e.getAttribute('class').trim().split(/\s+/)) {
        const key = e.tagName.toLowerCase() + '.' + c;
        inventory[key] = (inventory[key] || 0) + 1;
      }
    }
    charts[id] = inventory;
  }

  // No element wider than the page: the page never scrolls sideways, and nothing sticks out of it
  // unless a box that scrolls or clips holds it.
  if (d.documentElement.scrollWidth > width) {
    problems.push('the page is ' + d.documentElement.scrollWidth + ' px wide in a ' + width +
                  ' px window');
  }
  const held = (e) => {
    for (let x = e.parentElement; x && x !== d.body; x = x.parentElement) {
      if (w.getComputedStyle(x).overflowX !== 'visible') return true;
    }
    return false;
  };
  const outside = (e) => {
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return false;
    return (r.right > width + 0.5 || r.left < -0.5) && !held(e);
  };
  for (const e of d.body.querySelectorAll('*')) {
    if (e.closest('svg') && e.tagName.toLowerCase() !== 'svg') continue;
    if (!outside(e)) continue;
    if (e.parentElement !== d.body && outside(e.parentElement)) continue;  // its box says it
    const r = e.getBoundingClientRect();
    problems.push(where(e) + ' spans x ' + px(r.left) + '..' + px(r.right) + ' in a ' + width +
                  ' px window');
  }

  // Nothing to fetch: no element that loads, no link off the page, no style that imports.
  for (const e of d.querySelectorAll('script,link,img,iframe,object,embed,video,audio,source,[src]')) {
    problems.push('external resource or script: ' + where(e));
  }
  for (const e of d.querySelectorAll('[href]')) {
    if (!e.getAttribute('href').startsWith('#')) problems.push('link off the page: ' + where(e));
  }
  for (const s of d.querySelectorAll('style')) {
    if (/url\(|@import/i.test(s.textContent)) problems.push('a style sheet that fetches');
  }
  for (const r of w.performance.getEntriesByType('resource')) {
    problems.push('fetched: ' + r.name);
  }

  const figures = [...d.querySelectorAll('figure[id]')].map((f) => f.id);
  const sections = [...d.querySelectorAll('section[id], table[id]')].map((s) => s.id);
  return {
    page: frame.dataset.page,
    width: width,
    height: d.documentElement.scrollHeight,
    problems: problems,
    charts: charts,
    figures: figures,
    sections: sections,
  };
}

window.addEventListener('load', () => {
  const verdicts = [...document.querySelectorAll('iframe.page')].map(pageCheck);
  const out = document.createElement('pre');
  out.id = 'trncost-page-check';
  out.textContent = JSON.stringify(verdicts);
  document.body.appendChild(out);
});
