import * as grpc from '@grpc/grpc-js';
import { AppError } from '@bi/core';
import { ENGINE_TEXT, MAX_PARAM_CHARS, fromGrpcError, publicError, wireError } from './grpc-errors.js';

describe('errors crossing gRPC (issue 12 #1, #5)', () => {
  it('bounds every text parameter, so an error never echoes a whole input', () => {
    const text = wireError(new AppError('invalid', 'chart.invalid_value', { name: 'amount', value: 'x'.repeat(80_000), count: 3 }));
    expect(text.length).toBeLessThan(400);
    const back = fromGrpcError({ code: grpc.status.INVALID_ARGUMENT, details: text });
    expect(back.key).toBe('chart.invalid_value');
    expect(back.params).toMatchObject({ name: 'amount', count: 3 });
    expect(String(back.params.value).length).toBe(MAX_PARAM_CHARS + 1);
  });

  it('logs engine text and unexpected errors under a request id and sends only the id', () => {
    const logged: Record<string, unknown>[] = [];
    const logger = { error: (_msg: string, fields?: Record<string, unknown>) => void logged.push(fields ?? {}) };
    const engine = publicError(new AppError('invalid', 'query.failed', { [ENGINE_TEXT]: 'Parser Error: syntax error at or near "1" LINE 1: SELECT t.*, $1 1 $2 1' }), logger);
    expect(engine.key).toBe('query.failed');
    expect(engine.params).toEqual({ requestId: expect.stringMatching(/^[0-9a-f]{12}$/) });
    expect(logged[0]).toMatchObject({ requestId: engine.params.requestId, engine: expect.stringContaining('Parser Error') });
    const unexpected = publicError(new RangeError('Maximum call stack size exceeded'), logger);
    expect([unexpected.kind, unexpected.key]).toEqual(['internal', 'operation.failed_ref']);
    expect(String(logged[1]?.error)).toContain('Maximum call stack size exceeded');
    const plain = new AppError('invalid', 'chart.title_length');
    expect(publicError(plain, logger)).toBe(plain);
  });

  it('keeps the connection answering after a refusal of a huge value', async () => {
    // a real grpc-js server answering each call with the bounded error of an 80 000-character value
    const method = { path: '/t/m', requestStream: false, responseStream: false, requestSerialize: (b: Buffer) => b, requestDeserialize: (b: Buffer) => b, responseSerialize: (b: Buffer) => b, responseDeserialize: (b: Buffer) => b };
    const server = new grpc.Server();
    server.addService({ m: method }, {
      m: (call: grpc.ServerUnaryCall<Buffer, Buffer>, cb: grpc.sendUnaryData<Buffer>) =>
        call.request.length > 0 ? cb({ code: grpc.status.INVALID_ARGUMENT, details: wireError(new AppError('invalid', 'chart.invalid_value', { value: 'x'.repeat(80_000) })) }) : cb(null, Buffer.from('ok')),
    });
    const port = await new Promise<number>((resolve, reject) => server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))));
    const Client = grpc.makeGenericClientConstructor({ m: method }, 't');
    const client = new Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    const call = (body: Buffer) =>
      new Promise<string>((resolve) => (client as unknown as { m: (b: Buffer, o: object, cb: (e: grpc.ServiceError | null, r?: Buffer) => void) => void }).m(body, { deadline: Date.now() + 30_000 }, (e, r) => resolve(e ? `${e.code} ${fromGrpcError(e).key}` : String(r))));
    try {
      expect(await call(Buffer.from([1]))).toBe(`${grpc.status.INVALID_ARGUMENT} chart.invalid_value`);
      expect(await call(Buffer.alloc(0))).toBe('ok');
    } finally {
      client.close();
      server.forceShutdown();
    }
  });
});
