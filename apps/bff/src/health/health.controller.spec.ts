import { Observable, of, throwError } from 'rxjs';
import { HealthController } from './health.controller.js';
import type { HealthClients } from '../grpc-clients.js';

const unavailable = () => throwError(() => Object.assign(new Error('14 UNAVAILABLE: Connection dropped'), { code: 14 }));

/** A health client whose answers are taken in turn (the last repeats). */
function client(answers: Array<() => Observable<unknown>>) {
  let i = 0;
  return { check: () => answers[Math.min(i++, answers.length - 1)]!() };
}

const warned: unknown[] = [];
const logger = { warn: (...args: unknown[]) => warned.push(args) };

async function ready(services: Record<string, ReturnType<typeof client>>) {
  let code = 200;
  const body = await new HealthController(services as unknown as HealthClients, logger as never).ready({ status: (n: number) => (code = n) });
  return { code, body };
}

describe('readiness', () => {
  it('is ready when a call that picked a replica just gone fails and the next try reaches a live one', async () => {
    const r = await ready({ identity: client([() => of({ status: 'SERVING' })]), 'chart-query': client([unavailable, () => of({ status: 'SERVING' })]) });
    expect(r).toEqual({ code: 200, body: { status: 'ready', services: { identity: 'SERVING', 'chart-query': 'SERVING' } } });
  });

  it('is not ready (503) when a service fails twice, or answers it is not serving', async () => {
    const r = await ready({ identity: client([() => of({ status: 'NOT_SERVING' })]), 'chart-query': client([unavailable]) });
    expect(r).toEqual({ code: 503, body: { status: 'not-ready', services: { identity: 'NOT_SERVING', 'chart-query': 'UNREACHABLE' } } });
    // the log says which service and what its last try met
    expect(JSON.stringify(warned.at(-1))).toContain('chart-query');
  });
});
