import { useEffect, useState } from 'react';

/**
 * The value as it was `delayMs` after its last change (the spec's debounces: inner filter reload,
 * detail search, remote select search).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(settled, value)) return undefined;
    const handle = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(handle);
  }, [value, delayMs, settled]);
  return settled;
}
