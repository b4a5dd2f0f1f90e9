import { useEffect, useState, type RefObject } from 'react';
import { SEEN_MARGIN_PX } from '../utils/layout';

export { SEEN_MARGIN_PX };

/**
 * True once the element has been visible (IntersectionObserver; spec 01 §4 lazy loading), or at
 * once when `force` is set or the browser has no IntersectionObserver.
 */
export function useSeenOnce(ref: RefObject<HTMLElement | null>, force = false): boolean {
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    if (seen) return undefined;
    if (force || typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return undefined;
    }
    const element = ref.current;
    if (!element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${SEEN_MARGIN_PX}px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, force, seen]);

  return seen;
}
