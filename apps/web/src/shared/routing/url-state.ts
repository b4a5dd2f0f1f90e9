import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A piece of a page's view kept in one query value of its URL (spec 01 §2 keeps apiName and lockEdit
 * there; the dashboard's linkage selection and filter values join them), so a copied link reopens
 * the same view. A codec reads the text (anything it cannot read is "nothing set") and writes a value
 * (null: the query value is removed). Setting replaces the history entry and keeps the other values.
 */
export interface UrlCodec<T> {
  read(text: string): T | null;
  write(value: T): string | null;
}

/** The value under `key` of the current URL, and a setter taking the next value or a function of the current one. */
export function useUrlState<T>(key: string, codec: UrlCodec<T>): [T | null, (next: T | null | ((current: T | null) => T | null)) => void] {
  const [params, setParams] = useSearchParams();
  const text = params.get(key);
  const value = useMemo(() => (text === null ? null : codec.read(text)), [text, codec]);
  const set = useCallback(
    (next: T | null | ((current: T | null) => T | null)) =>
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          const raw = current.get(key);
          const before = raw === null ? null : codec.read(raw);
          const resolved = typeof next === 'function' ? (next as (c: T | null) => T | null)(before) : next;
          const written = resolved === null ? null : codec.write(resolved);
          if (written === null || written === '') out.delete(key);
          else out.set(key, written);
          return out;
        },
        { replace: true },
      ),
    [key, codec, setParams],
  );
  return [value, set];
}

/** A JSON codec whose reader checks the shape (`check` answers the value, or null when it is not one). */
export function jsonCodec<T>(check: (raw: unknown) => T | null): UrlCodec<T> {
  return {
    read(text) {
      try {
        return check(JSON.parse(text));
      } catch {
        return null;
      }
    },
    write: (value) => JSON.stringify(value),
  };
}
