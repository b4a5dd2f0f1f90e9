import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addressBytes, canonicalHost, forbiddenKind } from './address.js';
import { DeliveryFailed, sendOutbound } from './delivery.js';
import { addressProblem, checkTargetUrl, outboundPolicy, OutboundConfigError, resolveTarget, TargetNotAllowed, type Resolver } from './policy.js';

const none = outboundPolicy([]);
const saved = (url: string, policy = none) => {
  const r = checkTargetUrl(policy, url);
  return r.ok ? 'ok' : r.problem.kind;
};
/** numeric spellings are made canonical as a URL's host is; a zone (fe80::1%eth0) comes only from a resolver */
const kindOf = (address: string) => forbiddenKind(addressBytes(canonicalHost(address) ?? address)!);

describe('outbound targets policy (issue 26 #6)', () => {
  describe('addresses', () => {
    it.each([
      ['127.0.0.1', 'loopback'],
      ['127.255.255.254', 'loopback'],
      ['2130706433', 'loopback'],
      ['0x7f000001', 'loopback'],
      ['0177.0.0.1', 'loopback'],
      ['127.1', 'loopback'],
      ['0x7f.1', 'loopback'],
      ['0.0.0.0', 'unspecified'],
      ['0', 'unspecified'],
      ['10.0.0.1', 'private'],
      ['172.16.5.4', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.0.1', 'private'],
      ['100.64.0.1', 'shared'],
      ['169.254.169.254', 'link-local'],
      ['224.0.0.1', 'multicast'],
      ['239.255.255.250', 'multicast'],
      ['255.255.255.255', 'broadcast'],
      ['240.0.0.1', 'reserved'],
      ['::1', 'loopback'],
      ['0:0:0:0:0:0:0:1', 'loopback'],
      ['::', 'unspecified'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['0:0:0:0:0:ffff:127.0.0.1', 'loopback'],
      ['::ffff:169.254.169.254', 'link-local'],
      ['::ffff:10.0.0.1', 'private'],
      ['::127.0.0.1', 'loopback'],
      ['::ffff:0:127.0.0.1', 'loopback'],
      ['64:ff9b::127.0.0.1', 'loopback'],
      ['64:ff9b::a00:1', 'private'],
      ['2002:7f00:1::', 'loopback'],
      ['2002:c0a8:1::1', 'private'],
      ['fc00::1', 'unique-local'],
      ['fd12:3456::1', 'unique-local'],
      ['fe80::1', 'link-local'],
      ['fe80::1%eth0', 'link-local'],
      ['ff02::1', 'multicast'],
      ['2001:db8::1', 'documentation'],
    ])('%s is %s', (address, kind) => {
      expect(kindOf(address)).toBe(kind);
    });

    it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2002:808:808::', '64:ff9b::808:808'])('%s is a global address', (address) => {
      expect(kindOf(address)).toBeNull();
    });
  });

  describe('when a setting is saved', () => {
    it.each([
      'http://127.0.0.1:50051/',
      'http://localhost:3000/api/identity/admin/users',
      'http://LOCALHOST./x',
      'http://api.localhost/x',
      'http://0.0.0.0/',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://10.0.0.1/',
      'http://192.168.0.1/',
      'http://[fd00::1]/',
    ])('refuses %s as not allowed', (url) => {
      expect(saved(url)).toBe('not_allowed');
    });

    it.each(['ftp://hooks.example.com/', 'javascript:alert(1)', 'http://hooks.example.com:99999/', 'http://hooks.example.com:0/', 'http://user:pass@hooks.example.com/', 'not a url', 'file:///etc/passwd'])(
      'refuses %s as no valid target',
      (url) => {
        expect(saved(url)).toBe('invalid_url');
      },
    );

    it('reads a URL as the sender does: the host of http://evil.example#@127.0.0.1 is evil.example', () => {
      const r = checkTargetUrl(none, 'http://evil.example#@127.0.0.1');
      expect(r.ok && r.target.host).toBe('evil.example');
      expect(saved('http://evil.example?@127.0.0.1/')).toBe('ok');
      // a name is judged again, resolved, at delivery
      expect(saved('https://hooks.example.com:8443/a?b=1')).toBe('ok');
    });

    it('lets the administrator allow ranges, addresses and names', () => {
      const policy = outboundPolicy('127.0.0.1/32, 10.1.0.0/16 fd00::/8 *.corp.example localhost');
      expect(saved('http://127.0.0.1:9000/', policy)).toBe('ok');
      expect(saved('http://2130706433:9000/', policy)).toBe('ok');
      expect(saved('http://127.0.0.2/', policy)).toBe('not_allowed');
      expect(saved('http://10.1.2.3/', policy)).toBe('ok');
      expect(saved('http://10.2.0.1/', policy)).toBe('not_allowed');
      expect(saved('http://[fd00::5]/', policy)).toBe('ok');
      expect(saved('http://localhost/', policy)).toBe('ok');
      expect(saved('http://hooks.internal/', policy)).toBe('not_allowed');
      expect(addressProblem(policy, '::ffff:127.0.0.1')).toBe('loopback'); // an allowed IPv4 range opens IPv4 only
    });

    it('lets one port of one address be opened, and nothing else of it', () => {
      const policy = outboundPolicy('127.0.0.1:8081 [::1]:9000');
      expect(saved('http://127.0.0.1:8081/bi-provider/v1', policy)).toBe('ok');
      expect(saved('http://2130706433:8081/', policy)).toBe('ok');
      expect(saved('http://127.0.0.1:8080/', policy)).toBe('not_allowed');
      expect(saved('http://127.0.0.1/', policy)).toBe('not_allowed');
      expect(saved('http://[::1]:9000/', policy)).toBe('ok');
      expect(saved('http://[::1]:9001/', policy)).toBe('not_allowed');
      expect(saved('http://localhost:8081/', policy)).toBe('not_allowed');
      expect(() => outboundPolicy(['127.0.0.1:0'])).toThrow(OutboundConfigError);
      expect(() => outboundPolicy(['127.0.0.1:99999'])).toThrow(OutboundConfigError);
    });

    it('refuses an allow list entry that is none of CIDR, address, host name', () => {
      expect(() => outboundPolicy(['10.0.0.0/33'])).toThrow(OutboundConfigError);
      expect(() => outboundPolicy(['http://x/'])).toThrow(OutboundConfigError);
      expect(() => outboundPolicy(['a_b'])).toThrow(OutboundConfigError);
      expect(outboundPolicy('').cidrs).toEqual([]);
    });
  });

  describe('at delivery', () => {
    const dns =
      (table: Record<string, string[]>): Resolver =>
      async (host) =>
        (table[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    const resolver = dns({ 'evil.example': ['127.0.0.1'], 'mixed.example': ['93.184.216.34', '10.0.0.1'], 'v6.example': ['::ffff:169.254.169.254'], 'hooks.example': ['93.184.216.34'], 'corp.example': ['10.1.2.3'] });

    it.each(['http://evil.example/', 'http://mixed.example/', 'http://v6.example/', 'http://nowhere.example/', 'http://127.0.0.1/', 'http://evil.example#@hooks.example'])('refuses %s', async (url) => {
      await expect(resolveTarget(none, url, resolver)).rejects.toThrow(TargetNotAllowed);
    });

    it('answers the checked address to connect to, for an allowed name or range', async () => {
      expect(await resolveTarget(none, 'https://hooks.example/x', resolver)).toMatchObject({ address: '93.184.216.34', family: 4 });
      expect(await resolveTarget(outboundPolicy('corp.example'), 'http://corp.example/', resolver)).toMatchObject({ address: '10.1.2.3' });
      expect(await resolveTarget(outboundPolicy('10.1.0.0/16'), 'http://corp.example/', resolver)).toMatchObject({ address: '10.1.2.3' });
      expect(await resolveTarget(outboundPolicy('127.0.0.1'), 'http://evil.example/', resolver)).toMatchObject({ address: '127.0.0.1' });
    });

    describe('sending', () => {
      let server: Server;
      let port: number;
      const seen: { host?: string; url?: string; body: string }[] = [];
      beforeAll(async () => {
        server = createServer((req, res) => {
          let body = '';
          req.on('data', (c: Buffer) => (body += c.toString()));
          req.on('end', () => {
            seen.push({ host: req.headers.host, url: req.url, body });
            if (req.url === '/moved') res.writeHead(302, { location: 'http://127.0.0.1/' }).end();
            else res.writeHead(204).end();
          });
        });
        await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
        port = (server.address() as AddressInfo).port;
      });
      afterAll(() => new Promise<void>((r) => server.close(() => r())));

      it('connects to the address it checked, keeping the URL’s host name, and never to a refused one', async () => {
        // the name resolves to loopback: refused without a connection
        await expect(sendOutbound(none, `http://evil.example:${port}/hook`, { body: '{}', resolve: resolver })).rejects.toThrow('target not allowed');
        expect(seen).toHaveLength(0);
        const allowed = outboundPolicy('127.0.0.1/32');
        // one lookup only: the second answer (which would rebind the name elsewhere) is never asked for
        let lookups = 0;
        const rebinding: Resolver = async () => (++lookups === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.9.9.9', family: 4 }]);
        expect(await sendOutbound(allowed, `http://evil.example:${port}/hook?x=1`, { body: '{"a":1}', resolve: rebinding })).toBe(204);
        expect(lookups).toBe(1);
        expect(seen).toEqual([{ host: `evil.example:${port}`, url: '/hook?x=1', body: '{"a":1}' }]);
      });

      it('does not follow a redirect, and says nothing of why a target could not be reached', async () => {
        const allowed = outboundPolicy('127.0.0.1/32');
        await expect(sendOutbound(allowed, `http://127.0.0.1:${port}/moved`, { body: '{}' })).rejects.toThrow('answered HTTP 302 (redirects are not followed)');
        const closed = createServer();
        await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
        const closedPort = (closed.address() as AddressInfo).port;
        await new Promise<void>((r) => closed.close(() => r()));
        const e = await sendOutbound(allowed, `http://127.0.0.1:${closedPort}/`, { body: '{}' }).catch((x: unknown) => x);
        expect(e).toBeInstanceOf(DeliveryFailed);
        expect((e as Error).message).toBe('target not reachable');
      });
    });
  });
});
