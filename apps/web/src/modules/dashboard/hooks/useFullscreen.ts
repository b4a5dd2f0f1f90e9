import { useCallback, useEffect, useState, type RefObject } from 'react';

/** An open dialog, dropdown or select list takes Escape for itself. */
function openLayer(): boolean {
  return document.querySelector('.ant-modal-wrap:not([style*="display: none"]), .ant-select-dropdown:not(.ant-select-dropdown-hidden), .ant-dropdown:not(.ant-dropdown-hidden)') !== null;
}

/**
 * Browser full-screen (Fullscreen API) of an element, falling back to a fixed overlay when the
 * API is missing or refuses. `active` is true in either form; Escape leaves both.
 */
export function useFullscreen(ref: RefObject<HTMLElement | null>) {
  const [native, setNative] = useState(false);
  const [overlay, setOverlay] = useState(false);

  useEffect(() => {
    const onChange = () => setNative(Boolean(ref.current) && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [ref]);

  // Escape leaves either form (the browser leaves its own full screen on Escape too, but a key sent
  // by a script or a kiosk keyboard reaches the page instead); not while a dialog or popup has it
  useEffect(() => {
    if (!overlay && !native) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || openLayer()) return;
      setOverlay(false);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [overlay, native]);

  // leave full-screen when the page goes away
  useEffect(
    () => () => {
      if (document.fullscreenElement && document.fullscreenElement === ref.current) void document.exitFullscreen().catch(() => undefined);
    },
    [ref],
  );

  const enter = useCallback(async () => {
    const element = ref.current;
    if (!element) return;
    if (document.fullscreenEnabled && typeof element.requestFullscreen === 'function') {
      try {
        await element.requestFullscreen();
        setNative(document.fullscreenElement === element);
        if (document.fullscreenElement === element) return;
      } catch {
        // refused (no user gesture, iframe without permission, ...): use the overlay
      }
    }
    setOverlay(true);
  }, [ref]);

  const exit = useCallback(async () => {
    setOverlay(false);
    if (document.fullscreenElement) {
      try {
        await document.exitFullscreen();
      } catch {
        // already left
      }
    }
    setNative(false);
  }, []);

  const active = native || overlay;
  const toggle = useCallback(() => (active ? exit() : enter()), [active, enter, exit]);

  return { active, native, overlay, enter, exit, toggle };
}
