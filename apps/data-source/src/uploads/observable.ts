import type { Observable } from 'rxjs';

/**
 * An Observable (Nest's request stream of a client-streaming call) as an async iterable. Values are
 * queued until read; an error ends the iteration with that error, and stopping the iteration
 * unsubscribes.
 */
export function iterate<T>(source: Observable<T>): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<T> {
      const queue: T[] = [];
      let done = false;
      let failure: { error: unknown } | undefined;
      let wake: (() => void) | undefined;
      const notify = () => {
        const w = wake;
        wake = undefined;
        w?.();
      };
      const subscription = source.subscribe({
        next: (v) => {
          queue.push(v);
          notify();
        },
        error: (error) => {
          failure = { error };
          notify();
        },
        complete: () => {
          done = true;
          notify();
        },
      });
      return {
        async next(): Promise<IteratorResult<T>> {
          for (;;) {
            if (queue.length) return { done: false, value: queue.shift()! };
            if (failure) throw failure.error;
            if (done) return { done: true, value: undefined };
            await new Promise<void>((resolve) => (wake = resolve));
          }
        },
        async return(): Promise<IteratorResult<T>> {
          subscription.unsubscribe();
          return { done: true, value: undefined };
        },
      };
    },
  };
}
