import { requestOrigin } from './wechart.controller.js';

describe('the link back of a chart shared to chat', () => {
  it('is the origin the sender’s browser reached: Origin, else the forwarded or direct host; only http(s)', () => {
    expect(requestOrigin({ headers: { origin: 'https://bi.example.com', host: 'internal:8080' } })).toBe('https://bi.example.com');
    expect(requestOrigin({ headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'bi.example.com', host: 'internal:8080' } })).toBe('https://bi.example.com');
    expect(requestOrigin({ headers: { host: '127.0.0.1:8080' } })).toBe('http://127.0.0.1:8080');
    expect(requestOrigin({ headers: { origin: 'javascript:alert(1)', host: 'bi.local' } })).toBe('http://bi.local');
    expect(requestOrigin({ headers: {} })).toBe('');
  });
});
