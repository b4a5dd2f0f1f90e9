/** A page re-runs changed charts at most once in this long (docs/api/live.md). */
export const LIVE_MIN_INTERVAL_MS = 2000;
/** …after a random delay up to this long, so that the pages told at once do not ask at once. */
export const LIVE_JITTER_MS = 750;

/** `charts-changed` as the stream carries it. */
export interface ChartsChanged {
  dashboardId: string;
  chartIds: string[];
  at: string;
}

/** `dashboard-saved` as the stream carries it. */
export interface DashboardSaved {
  dashboardId: string;
  what: string;
  savedBy: string;
  savedByName: string;
  at: string;
}

function isStrings(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

/** The stream event's data when it is a well-formed `charts-changed` for this dashboard. */
export function chartsChangedOf(data: unknown, dashboardId: string): ChartsChanged | null {
  const d = data as Partial<ChartsChanged> | null;
  if (!d || d.dashboardId !== dashboardId || !isStrings(d.chartIds) || typeof d.at !== 'string') return null;
  return { dashboardId, chartIds: d.chartIds, at: d.at };
}

/** The stream event's data when it is a well-formed `dashboard-saved` for this dashboard. */
export function dashboardSavedOf(data: unknown, dashboardId: string): DashboardSaved | null {
  const d = data as Partial<DashboardSaved> | null;
  if (!d || d.dashboardId !== dashboardId || typeof d.what !== 'string' || typeof d.savedBy !== 'string') return null;
  return { dashboardId, what: d.what, savedBy: d.savedBy, savedByName: typeof d.savedByName === 'string' ? d.savedByName : '', at: typeof d.at === 'string' ? d.at : '' };
}

export interface RefresherDeps {
  /** re-runs these charts (told when their data changed: the newest `at`) */
  refresh: (changes: ReadonlyMap<string, string>) => void;
  /** whether the page is seen (document.visibilityState); a hidden page keeps its changes for later */
  visible: () => boolean;
  now?: () => number;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/**
 * Coalesces a page's live refreshes (issue 33): changed charts gather while a refresh waits; a refresh
 * runs at most once per LIVE_MIN_INTERVAL_MS, each after a random delay up to LIVE_JITTER_MS; a hidden
 * page waits until it is seen again (`visibilityChanged`) and then refreshes once.
 */
export class LiveRefresher {
  private readonly pending = new Map<string, string>();
  private timer: unknown = null;
  private last = -Infinity;
  private stopped = false;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly deps: RefresherDeps) {
    this.now = deps.now ?? (() => Date.now());
    this.random = deps.random ?? Math.random;
    this.setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  }

  /** Charts whose data changed at `at`. */
  changed(chartIds: readonly string[], at: string): void {
    if (this.stopped) return;
    for (const id of chartIds) {
      const before = this.pending.get(id);
      if (!before || before < at) this.pending.set(id, at);
    }
    this.schedule();
  }

  /** The page was shown or hidden. */
  visibilityChanged(): void {
    if (this.deps.visible()) this.schedule();
  }

  /** Charts waiting for a refresh (for tests). */
  get waiting(): number {
    return this.pending.size;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    this.pending.clear();
  }

  private schedule(): void {
    if (this.timer !== null || this.pending.size === 0 || !this.deps.visible()) return;
    const wait = Math.max(0, this.last + LIVE_MIN_INTERVAL_MS - this.now()) + Math.floor(this.random() * LIVE_JITTER_MS);
    this.timer = this.setTimer(() => {
      this.timer = null;
      this.flush();
    }, wait);
  }

  private flush(): void {
    if (this.stopped || this.pending.size === 0) return;
    if (!this.deps.visible()) return; // told again when seen
    const changes = new Map(this.pending);
    this.pending.clear();
    this.last = this.now();
    this.deps.refresh(changes);
  }
}

/** hh:mm of an instant in the reader's clock. */
export function clockTime(at: string, language: string): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hour12: false }).format(d);
}
