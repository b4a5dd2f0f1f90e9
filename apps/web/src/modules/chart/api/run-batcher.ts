import { MAX_BATCH_CHARTS } from '@bi/rules';
import { ApiError, http } from '../../../shared/api/http';
import i18n from '../../../shared/i18n';

/** One chart's envelope in a batch answer; a failed chart carries the status its single run would have had. */
interface RunEnvelope<T> {
  status: 'success' | 'fail';
  data: T | string;
  httpStatus?: number;
}

interface Waiting<B, T> {
  chartId: string;
  body: B;
  signal?: AbortSignal;
  resolve(value: T): void;
  reject(error: unknown): void;
}

const abortError = () => new DOMException('The run was cancelled', 'AbortError');

/**
 * Puts together the chart runs asked for in the same moment — the boxes that came into view
 * together when a dashboard opens or scrolls — and sends them as one batch run per tab instead of
 * one request per box (a browser opens at most six connections to a host; twenty boxes would queue).
 * A lone run goes out as the single run. Each caller still gets its own answer or error, and a caller
 * that cancels (its box left, a new key) is dropped from a batch not yet sent.
 */
export class RunBatcher<B extends object, T> {
  private readonly waiting = new Map<string, Waiting<B, T>[]>();

  constructor(
    private readonly single: (tab: string, chartId: string, body: B, signal?: AbortSignal) => Promise<T>,
    private readonly batch: (tab: string, charts: (B & { chartId: string })[]) => Promise<RunEnvelope<T>[]>,
    /** how long runs are collected: a macrotask, after the effects of one render have all asked */
    private readonly schedule: (flush: () => void) => void = (flush) => void setTimeout(flush, 0),
  ) {}

  run(tab: string, chartId: string, body: B, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(abortError());
    return new Promise<T>((resolve, reject) => {
      let queue = this.waiting.get(tab);
      if (!queue) {
        queue = [];
        this.waiting.set(tab, queue);
        this.schedule(() => this.flush(tab));
      }
      const entry: Waiting<B, T> = { chartId, body, signal, resolve, reject };
      queue.push(entry);
      signal?.addEventListener('abort', () => reject(abortError()), { once: true });
    });
  }

  /**
   * Sends these runs at once (not waiting for the runs of the same moment): a dashboard that knows
   * which charts will come into view asks for them before it draws its boxes. One batch run (a lone
   * chart: the single run); a promise per run, in order.
   */
  runNow(tab: string, runs: readonly { chartId: string; body: B }[]): Promise<T>[] {
    const entries = runs.map(({ chartId, body }) => {
      let resolve!: (value: T) => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
      return { promise, waiting: { chartId, body, resolve, reject } as Waiting<B, T> };
    });
    this.dispatch(
      tab,
      entries.map((e) => e.waiting),
    );
    return entries.map((e) => e.promise);
  }

  private flush(tab: string): void {
    const queue = (this.waiting.get(tab) ?? []).filter((w) => !w.signal?.aborted);
    this.waiting.delete(tab);
    this.dispatch(tab, queue);
  }

  private dispatch(tab: string, queue: Waiting<B, T>[]): void {
    if (queue.length === 1) {
      const [only] = queue;
      this.single(tab, only!.chartId, only!.body, only!.signal).then(only!.resolve, only!.reject);
      return;
    }
    for (let at = 0; at < queue.length; at += MAX_BATCH_CHARTS) void this.send(tab, queue.slice(at, at + MAX_BATCH_CHARTS));
  }

  private async send(tab: string, part: Waiting<B, T>[]): Promise<void> {
    let answers: RunEnvelope<T>[];
    try {
      answers = await this.batch(
        tab,
        part.map((w) => ({ ...w.body, chartId: w.chartId })),
      );
    } catch (error) {
      for (const w of part) w.reject(error);
      return;
    }
    part.forEach((w, i) => {
      const answer = answers[i];
      if (answer?.status === 'success') w.resolve(answer.data as T);
      else {
        const message = typeof answer?.data === 'string' && answer.data ? answer.data : i18n.t('errors.operationFailed');
        w.reject(new ApiError(message, answer?.httpStatus ?? 500, answer?.data));
      }
    });
  }
}

/** The batch run call: POST /api/dashboard/charts/{tab} {charts: [{chartId, …run body}]} → one envelope per chart. */
export const postBatchRun = <B, T>(tab: string, charts: (B & { chartId: string })[]) =>
  http.post<RunEnvelope<T>[]>(`/api/dashboard/charts/${encodeURIComponent(tab)}`, { charts });
