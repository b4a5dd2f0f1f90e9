import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { translate, type Language } from '@bi/i18n';

/**
 * The embed pages (docs/api/embedding.md): /embed/chart/{id} and /embed/dashboard/{id} for an iframe, no
 * product shell, in the viewer's browser language: the web build's embed entry (embed.html: the product's
 * own chart boxes) when the BFF serves a web build, else the picture page below with its script
 * /embed/embed-page.js; and the host script /embed/bi-embed.js. Every answer carries `Content-Security-Policy: frame-ancestors` with the
 * origins of BI_EMBED_ORIGINS (none set: 'none', no page may frame them). The token never travels in a
 * query string: the host script posts it (postMessage), or the URL's fragment carries it (the browser
 * sends no fragment to the server, and the page removes it from the address at once).
 */

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The viewer's language from Accept-Language: zh-TW (and zh-HK, zh-Hant), other zh → zh-CN, else en. */
export function pageLanguage(acceptLanguage: string | undefined): Language {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (/^zh-(tw|hk|mo|hant)/.test(tag)) return 'zh-TW';
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

/** An origin of BI_EMBED_ORIGINS as CSP and postMessage take it (scheme://host[:port]); others dropped. */
export function embedOrigins(list: readonly string[]): string[] {
  const out: string[] = [];
  for (const o of list) {
    try {
      const u = new URL(o);
      if ((u.protocol === 'http:' || u.protocol === 'https:') && u.origin !== 'null') out.push(u.origin);
    } catch {
      // not an origin
    }
  }
  return [...new Set(out)];
}

/** The pages' Content-Security-Policy: only this server's scripts, pictures as blobs, framing by the listed origins only. */
export function embedCsp(origins: readonly string[]): string {
  const ancestors = origins.length ? origins.join(' ') : "'none'";
  return `default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self' blob: data:; style-src 'self' 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors ${ancestors}`;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function embedPageHtml(kind: 'chart' | 'dashboard', id: string, language: Language, origins: readonly string[]): string {
  const texts = { waiting: translate('embed.waiting', language), loading: translate('embed.loading', language), noData: translate('embed.no_data', language), invalid: translate('embed.token_invalid', language) };
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer">
<title>BI</title>
<style>
html,body{margin:0;padding:0;font-family:-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;background:#fff;color:#1f1f1f}
body.dark{background:#141414;color:#e6e6e6}
#bi-status{padding:16px;font-size:14px;color:#8c8c8c}
#bi-root{display:grid;grid-template-columns:repeat(auto-fit,minmax(320px,1fr));gap:8px;padding:8px}
body.chart #bi-root{display:block;padding:0}
.bi-cell img{display:block;width:100%;height:auto}
.bi-cell h2{font-size:14px;font-weight:600;margin:4px 8px}
</style></head>
<body class="${kind}" data-kind="${kind}" data-id="${escapeAttr(id)}" data-language="${language}" data-origins="${escapeAttr(JSON.stringify(origins))}" data-texts="${escapeAttr(JSON.stringify(texts))}">
<div id="bi-status" role="status">${texts.waiting}</div><div id="bi-root"></div>
<script src="/embed/embed-page.js"></script>
</body></html>`;
}

/** The embed page's own script: takes the token, draws the chart(s), answers the host page by postMessage (origins checked both ways). */
export const EMBED_PAGE_JS = `(function () {
  'use strict';
  var body = document.body;
  var kind = body.dataset.kind, id = body.dataset.id, language = body.dataset.language;
  var origins = JSON.parse(body.dataset.origins || '[]');
  var texts = JSON.parse(body.dataset.texts || '{}');
  var status = document.getElementById('bi-status'), root = document.getElementById('bi-root');
  var token = null, theme = 'light', values = {}, hostOrigin = null, drawing = 0;

  // the fragment (#token=…&theme=dark) is read once and removed from the address
  var hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get('theme') === 'dark') theme = 'dark';
  if (hash.get('token')) token = hash.get('token');
  if (location.hash) history.replaceState(null, '', location.pathname);
  body.classList.toggle('dark', theme === 'dark');

  function tell(message) {
    // to the host that spoke to us, else to each allowed origin (a mismatched target origin is dropped by the browser)
    var targets = hostOrigin ? [hostOrigin] : origins;
    for (var i = 0; i < targets.length; i++) window.parent.postMessage(message, targets[i]);
  }
  function api(path, payload) {
    return fetch('/api/embed/' + path, {
      method: payload === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json', authorization: 'Bearer ' + token, currentLanguage: language },
      body: payload === undefined ? undefined : JSON.stringify(payload),
      credentials: 'omit', referrerPolicy: 'no-referrer'
    });
  }
  function filters() {
    return Object.keys(values).map(function (name) { return { name: name, range: values[name] }; });
  }
  function picture(chartId, width, title) {
    var height = Math.max(200, Math.round(width * 0.6));
    return api('picture/' + encodeURIComponent(chartId), { filters: filters(), width: Math.max(200, Math.round(width)), height: height, theme: theme }).then(function (r) {
      if (!r.ok) return r.json().then(function (e) { throw new Error((e && e.data && e.data.message) || texts.invalid); });
      return r.text();
    }).then(function (svg) {
      var cell = document.createElement('div');
      cell.className = 'bi-cell';
      cell.dataset.chartId = chartId;
      if (title) { var h = document.createElement('h2'); h.textContent = title; cell.appendChild(h); }
      var img = document.createElement('img');
      img.alt = title || '';
      img.src = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
      cell.appendChild(img);
      return cell;
    });
  }
  function draw() {
    if (!token) return;
    var n = ++drawing;
    status.textContent = texts.loading;
    var width = Math.max(200, document.documentElement.clientWidth - (kind === 'chart' ? 0 : 16));
    var cells = kind === 'chart'
      ? picture(id, width, '').then(function (c) { return [c]; })
      : api('resource').then(function (r) {
          if (!r.ok) throw new Error(texts.invalid);
          return r.json();
        }).then(function (res) {
          var charts = (res.data.dashboard.charts || []).filter(function (c) { return !c.hide; });
          var each = width > 660 ? (width - 8) / 2 : width;
          return Promise.all(charts.map(function (c) { return picture(c.chartId, each, c.title); }));
        });
    cells.then(function (list) {
      if (n !== drawing) return;
      root.replaceChildren.apply(root, list);
      status.textContent = list.length ? '' : texts.noData;
      status.hidden = list.length > 0;
      var imgs = root.querySelectorAll('img'), left = imgs.length;
      var done = function () { if (--left <= 0) { tell({ type: 'bi:rendered', filters: filters() }); tell({ type: 'bi:resize', height: document.documentElement.scrollHeight }); } };
      if (!left) done();
      imgs.forEach(function (img) { if (img.complete) done(); else img.onload = img.onerror = done; });
    }).catch(function (e) {
      if (n !== drawing) return;
      status.hidden = false;
      status.textContent = e.message || texts.invalid;
      tell({ type: 'bi:error', message: status.textContent });
    });
  }

  window.addEventListener('message', function (event) {
    // only the parent page, only from an allowed origin
    if (event.source !== window.parent || origins.indexOf(event.origin) < 0) return;
    var m = event.data || {};
    hostOrigin = event.origin;
    if (m.type === 'bi:token' && typeof m.token === 'string') { token = m.token; if (m.theme === 'dark' || m.theme === 'light') { theme = m.theme; body.classList.toggle('dark', theme === 'dark'); } draw(); }
    else if (m.type === 'bi:setFilter' && typeof m.name === 'string' && Array.isArray(m.range)) { values[m.name] = m.range; draw(); }
    else if (m.type === 'bi:theme' && (m.theme === 'dark' || m.theme === 'light')) { theme = m.theme; body.classList.toggle('dark', theme === 'dark'); draw(); }
  });
  var resizeTimer = 0;
  window.addEventListener('resize', function () { clearTimeout(resizeTimer); resizeTimer = setTimeout(draw, 200); });
  tell({ type: 'bi:ready' });
  draw();
})();
`;

/**
 * The host page's script (docs/api/embedding.md): BiEmbed.embed(element, {server, kind, id, token, theme})
 * makes the iframe, posts it the token (never in a URL), resizes it to its content, and answers
 * setFilter(name, values), setTheme(theme), setToken(token), on(event, fn), destroy(). Messages from the
 * iframe are taken only from its window and the server's origin; messages to it are sent to that origin only.
 */
export const BI_EMBED_JS = `(function (global) {
  'use strict';
  var scriptSrc = document.currentScript && document.currentScript.src;
  function embed(element, options) {
    var server = new URL(options.server || scriptSrc || location.href).origin;
    if (options.kind !== 'chart' && options.kind !== 'dashboard') throw new Error('kind: chart or dashboard');
    var frame = document.createElement('iframe');
    frame.src = server + '/embed/' + options.kind + '/' + encodeURIComponent(options.id);
    frame.style.border = '0';
    frame.style.width = '100%';
    frame.style.height = (options.height || 400) + 'px';
    frame.setAttribute('referrerpolicy', 'origin');
    frame.title = options.title || 'BI';
    var token = options.token, theme = options.theme || 'light', handlers = {}, ready = false, queue = [];
    function send(message) {
      if (!ready) { queue.push(message); return; }
      frame.contentWindow.postMessage(message, server);
    }
    function emit(type, data) { (handlers[type] || []).forEach(function (fn) { fn(data); }); }
    function onMessage(event) {
      if (event.source !== frame.contentWindow || event.origin !== server) return;
      var m = event.data || {};
      if (m.type === 'bi:ready') {
        ready = true;
        frame.contentWindow.postMessage({ type: 'bi:token', token: token, theme: theme }, server);
        queue.splice(0).forEach(send);
      } else if (m.type === 'bi:resize' && typeof m.height === 'number' && options.autoResize !== false) {
        frame.style.height = Math.min(Math.max(m.height, 100), 10000) + 'px';
      }
      if (typeof m.type === 'string') emit(m.type.replace(/^bi:/, ''), m);
    }
    window.addEventListener('message', onMessage);
    element.appendChild(frame);
    return {
      frame: frame,
      setFilter: function (name, range) { send({ type: 'bi:setFilter', name: name, range: Array.isArray(range) ? range : [range] }); },
      setTheme: function (t) { theme = t; send({ type: 'bi:theme', theme: t }); },
      setToken: function (t) { token = t; send({ type: 'bi:token', token: t, theme: theme }); },
      on: function (type, fn) { (handlers[type] = handlers[type] || []).push(fn); return this; },
      destroy: function () { window.removeEventListener('message', onMessage); frame.remove(); }
    };
  }
  global.BiEmbed = { embed: embed };
})(window);
`;

/**
 * The web build's embed entry (apps/web/embed.html, src/embed-main.tsx: the product's own dashboard grid and
 * chart boxes, ECharts with tooltips) with the page's kind, id and allowed host origins written on <body>;
 * undefined without a web build (then the page above draws the server's SVG pictures).
 */
export function webEmbedHtml(html: string, kind: 'chart' | 'dashboard', id: string, language: Language, origins: readonly string[]): string {
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    .replace(/<body>/, `<body data-kind="${kind}" data-id="${escapeAttr(id)}" data-origins="${escapeAttr(JSON.stringify(origins))}">`);
}

/** Serves the embed pages and scripts ahead of the single-page app; anything else goes on. */
export function embedPages(originsList: readonly string[], webDist?: string) {
  const origins = embedOrigins(originsList);
  const csp = embedCsp(origins);
  const webEmbed = webDist && existsSync(join(webDist, 'embed.html')) ? readFileSync(join(webDist, 'embed.html'), 'utf8') : undefined;
  return (req: IncomingMessage & { path?: string }, res: ServerResponse, next: () => void): void => {
    const path = (req.url ?? '').split(/[?#]/)[0]!;
    // the embed entry only under /embed/{kind}/{id}, with its CSP
    if (path === '/embed.html') {
      res.statusCode = 404;
      res.end();
      return;
    }
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !path.startsWith('/embed/')) return next();
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cache-Control', 'no-cache');
    if (path === '/embed/bi-embed.js' || path === '/embed/embed-page.js') {
      res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
      // the host script is loaded by other origins' pages
      if (path === '/embed/bi-embed.js') res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      res.end(path === '/embed/bi-embed.js' ? BI_EMBED_JS : EMBED_PAGE_JS);
      return;
    }
    const m = /^\/embed\/(chart|dashboard)\/([^/]+)$/.exec(path);
    let id = '';
    try {
      id = m ? decodeURIComponent(m[2]!) : '';
    } catch {
      // a malformed escape: not an id
    }
    if (!m || !ID.test(id)) {
      res.statusCode = 404;
      res.end();
      return;
    }
    const lang = pageLanguage(req.headers['accept-language']);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Language', lang);
    res.end(webEmbed ? webEmbedHtml(webEmbed, m[1] as 'chart' | 'dashboard', id, lang, origins) : embedPageHtml(m[1] as 'chart' | 'dashboard', id, lang, origins));
  };
}
