import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embedPages } from './embed-pages';

const EMBED_HTML = '<!doctype html>\n<html lang="en">\n<head><script type="module" crossorigin src="/assets/embed-x.js"></script></head>\n<body>\n<div id="bi-embed-root"></div>\n</body>\n</html>\n';

function serve(handler: ReturnType<typeof embedPages>, url: string, language = 'zh-TW') {
  const headers: Record<string, string> = {};
  const out = { status: 200, body: '', headers, next: false };
  const res = {
    set statusCode(v: number) {
      out.status = v;
    },
    setHeader: (k: string, v: string) => void (headers[k.toLowerCase()] = v),
    end: (b?: string) => void (out.body = b ?? ''),
  } as unknown as ServerResponse;
  handler({ method: 'GET', url, headers: { 'accept-language': language } } as unknown as IncomingMessage, res, () => void (out.next = true));
  return out;
}

describe('embed pages', () => {
  const dist = mkdtempSync(join(tmpdir(), 'bi-embed-dist-'));
  writeFileSync(join(dist, 'embed.html'), EMBED_HTML);

  it("serves the web build's embed entry with the page's kind, id and origins, under the pages' CSP", () => {
    const out = serve(embedPages(['https://host.example', 'not an origin'], dist), '/embed/dashboard/d-1');
    expect(out.status).toBe(200);
    expect(out.headers['content-security-policy']).toContain("script-src 'self';");
    expect(out.headers['content-security-policy']).toContain('frame-ancestors https://host.example');
    expect(out.body).toContain('src="/assets/embed-x.js"');
    expect(out.body).toContain('lang="zh-TW"');
    expect(out.body).toContain('<body data-kind="dashboard" data-id="d-1" data-origins="[&quot;https://host.example&quot;]">');
    // no inline script: the CSP would block it
    expect(out.body).not.toMatch(/<script>/);
    expect(out.body).not.toContain('/embed/embed-page.js');
  });

  it('keeps the picture page without a web build, and refuses the entry file outside the embed paths', () => {
    const out = serve(embedPages(['https://host.example']), '/embed/chart/c-1');
    expect(out.body).toContain('/embed/embed-page.js');
    expect(serve(embedPages([], dist), '/embed.html').status).toBe(404);
    expect(serve(embedPages([], dist), '/embed/chart/%3Cx%3E').status).toBe(404);
    expect(serve(embedPages([], dist), '/dashboard/x').next).toBe(true);
  });
});
