import { Controller, type INestMicroservice } from '@nestjs/common';
import { AppError, freePortBlock, Logger } from '@bi/core';
import { HEALTH_CONTRACT, healthV1 } from '@bi/proto';
import { callService, connectService } from './grpc-client.js';
import { startGrpcService } from './grpc-service.js';
import { servesInProcess } from './in-process.js';
import type { ServiceRuntime } from './runtime.js';

/**
 * In-process calls (embedded host) behave like gRPC calls: every case runs against a server reached
 * over loopback gRPC and against the same server reached in-process, with the same expectations.
 */
type Behaviour = (request: healthV1.HealthCheckRequest, call: { getPeer(): string; cancelled?: boolean; on?(e: string, f: () => void): void }) => Promise<healthV1.HealthCheckReply>;
let behaviour: Behaviour;
let peers: string[] = [];

@Controller()
@healthV1.HealthServiceControllerMethods()
class ProbeController {
  check(request: healthV1.HealthCheckRequest, _metadata: unknown, call: Parameters<Behaviour>[1]): Promise<healthV1.HealthCheckReply> {
    peers.push(call.getPeer());
    return behaviour(request, call);
  }
}

class ProbeModule {}

const quiet = new Logger('in-process-spec', 'error');

async function serve(inProcess: boolean): Promise<{ app: INestMicroservice; url: string }> {
  const url = `127.0.0.1:${await freePortBlock(1)}`;
  const runtime = { logger: quiet, inProcess } as unknown as ServiceRuntime;
  const app = await startGrpcService('identity', { module: ProbeModule, controllers: [ProbeController] }, runtime, url);
  return { app, url };
}

describe.each([
  ['over loopback gRPC', false],
  ['in-process', true],
])('a service call %s', (_mode, inProcess) => {
  let app: INestMicroservice;
  let url: string;
  let client: ReturnType<typeof connectService>;
  let health: healthV1.HealthServiceClient;

  beforeAll(async () => {
    ({ app, url } = await serve(inProcess));
    client = connectService('identity', [url]);
    health = client.getService<healthV1.HealthServiceClient>(HEALTH_CONTRACT.service);
  });
  afterAll(async () => {
    client.close?.();
    await app?.close();
  });
  beforeEach(() => {
    peers = [];
  });

  it('takes the path of its mode', async () => {
    behaviour = async () => ({ service: 'probe', status: 'SERVING' });
    expect(await callService(health.check({}))).toEqual({ service: 'probe', status: 'SERVING' });
    expect(servesInProcess(url)).toBe(inProcess);
    expect(peers).toHaveLength(1);
    if (inProcess) expect(peers[0]).toBe('in-process');
    else expect(peers[0]).not.toBe('in-process');
  });

  it('hands each side its own copy shaped by the contract (defaults filled, unknown fields dropped)', async () => {
    const kept = { service: 'probe', status: '', extra: 'not in the contract' } as healthV1.HealthCheckReply;
    let received: unknown;
    behaviour = async (request) => {
      received = request;
      return kept;
    };
    const sent = { unknown: { deep: true } } as unknown as healthV1.HealthCheckRequest;
    const answer = await callService(health.check(sent));
    expect(received).toEqual({});
    expect(answer).toEqual({ service: 'probe', status: '' });
    answer.service = 'changed by the caller';
    expect(kept.service).toBe('probe');
    expect(answer).not.toBe(kept);
  });

  it('maps an AppError of the service to the same AppError for the caller', async () => {
    behaviour = async () => {
      throw new AppError('not_found', 'chart.not_found', { chartId: 'c1' });
    };
    const failure = await callService(health.check({})).catch((e) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ kind: 'not_found', key: 'chart.not_found', params: { chartId: 'c1' } });
  });

  it('keeps engine text out of the answer and names a request id instead', async () => {
    behaviour = async () => {
      throw new AppError('invalid', 'query.failed', { engine: 'syntax error at "secret"' });
    };
    const failure = await callService(health.check({})).catch((e) => e);
    expect(failure).toMatchObject({ kind: 'invalid', key: 'query.failed' });
    expect(failure.params.engine).toBeUndefined();
    expect(failure.params.requestId).toMatch(/^[0-9a-f]{12}$/);
  });

  it('turns an unexpected error into an internal failure with a request id', async () => {
    behaviour = async () => {
      throw new TypeError('x is undefined');
    };
    const failure = await callService(health.check({})).catch((e) => e);
    expect(failure).toMatchObject({ kind: 'internal', key: 'operation.failed_ref' });
    expect(failure.params.requestId).toMatch(/^[0-9a-f]{12}$/);
  });

  it('ends a call past its deadline as unavailable and tells the handler it was cancelled', async () => {
    let release!: () => void;
    const cancelled = new Promise<void>((resolve) => (release = resolve));
    behaviour = (_request, call) =>
      new Promise((resolve) => {
        call.on?.('cancelled', () => {
          release();
          resolve({ service: 'late', status: '' });
        });
      });
    const failure = await callService(health.check({}), 50).catch((e) => e);
    expect(failure).toMatchObject({ kind: 'unavailable', key: 'service.unavailable' });
    await cancelled;
  });

  it('refuses an answer beyond the client limit as gRPC does (resource exhausted)', async () => {
    const small = connectService('identity', [url], 64);
    try {
      behaviour = async () => ({ service: 'x'.repeat(1000), status: 'SERVING' });
      const failure = await callService(small.getService<healthV1.HealthServiceClient>(HEALTH_CONTRACT.service).check({})).catch((e) => e);
      expect(failure).toBeInstanceOf(AppError);
      expect(failure.kind).toBe('throttled');
    } finally {
      small.close?.();
    }
  });
});

describe('in-process calls', () => {
  it('go over gRPC again once the in-process server has closed (nothing registered under its address)', async () => {
    const { app, url } = await serve(true);
    const client = connectService('identity', [url]);
    const health = client.getService<healthV1.HealthServiceClient>(HEALTH_CONTRACT.service);
    behaviour = async () => ({ service: 'probe', status: 'SERVING' });
    try {
      expect(servesInProcess(url)).toBe(true);
      await app.close();
      expect(servesInProcess(url)).toBe(false);
      const failure = await callService(health.check({}), 2_000).catch((e) => e);
      expect(failure).toMatchObject({ kind: 'unavailable' });
    } finally {
      client.close?.();
    }
  });

  it('are not made by a client of several replicas', async () => {
    const { app, url } = await serve(true);
    const client = connectService('identity', [url, url]);
    peers = [];
    behaviour = async () => ({ service: 'probe', status: 'SERVING' });
    try {
      await callService(client.getService<healthV1.HealthServiceClient>(HEALTH_CONTRACT.service).check({}));
      expect(peers).toHaveLength(1);
      expect(peers[0]).not.toBe('in-process');
    } finally {
      client.close?.();
      await app.close();
    }
  });
});
