/**
 * SQL text with bound values kept apart until the end. Fragments compose in any order; `renderSql`
 * walks the final statement left to right and numbers the placeholders in the order they appear,
 * which is what positional markers need (MySQL `?`, and Oracle, which binds by position of
 * appearance whatever the number after the colon). No value is ever written into the text.
 */
interface Bound {
  readonly value: unknown;
}
type Chunk = string | Bound;

export class Sql {
  /** @internal use raw(), param(), sql`` and join() */
  constructor(readonly chunks: readonly Chunk[]) {}

  get isEmpty(): boolean {
    return this.chunks.every((c) => c === '');
  }
}

/** Trusted text: keywords, quoted identifiers of known fields, generated aliases. */
export function raw(text: string): Sql {
  return new Sql([text]);
}

/** A bound value. */
export function param(value: unknown): Sql {
  return new Sql([{ value }]);
}

/** Template of trusted text whose holes are fragments (never plain strings). */
export function sql(strings: TemplateStringsArray, ...parts: Sql[]): Sql {
  const chunks: Chunk[] = [];
  strings.forEach((s, i) => {
    if (s) chunks.push(s);
    if (i < parts.length) chunks.push(...parts[i].chunks);
  });
  return new Sql(chunks);
}

export function join(parts: readonly Sql[], separator: string): Sql {
  const chunks: Chunk[] = [];
  parts.forEach((p, i) => {
    if (i > 0 && separator) chunks.push(separator);
    chunks.push(...p.chunks);
  });
  return new Sql(chunks);
}

export interface RenderedSql {
  sql: string;
  params: unknown[];
}

/**
 * Text with placeholders numbered 1, 2, … in order of appearance, and the values in that order. The
 * placeholder gets the bound value too: ClickHouse's markers name the value's type (`{p1:Int64}`).
 */
export function renderSql(statement: Sql, placeholder: (index: number, value: unknown) => string): RenderedSql {
  let text = '';
  const params: unknown[] = [];
  for (const c of statement.chunks) {
    if (typeof c === 'string') text += c;
    else {
      params.push(c.value);
      text += placeholder(params.length, c.value);
    }
  }
  return { sql: text, params };
}
