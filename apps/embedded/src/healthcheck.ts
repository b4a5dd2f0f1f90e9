// Container health check: HTTP readiness for the BFF and the embedded host, the health.v1 gRPC check
// for a service. Exit 0 when healthy. Used by deploy/docker/service.Dockerfile.
import { credentials, loadPackageDefinition } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { loadConfig, SERVICE_NAMES, type ServiceName } from '@bi/config';
import { GRPC_LOADER_OPTIONS, HEALTH_CONTRACT, protoPath } from '@bi/proto';

const service = process.env.SERVICE ?? 'embedded';
const config = loadConfig();

async function check(): Promise<boolean> {
  if (!(SERVICE_NAMES as readonly string[]).includes(service)) {
    const r = await fetch(`http://127.0.0.1:${config.port}/api/health/ready`);
    return r.ok;
  }
  const port = config.services[service as ServiceName][0].split(':').pop();
  const pkg = loadPackageDefinition(loadSync(protoPath(HEALTH_CONTRACT), GRPC_LOADER_OPTIONS)) as any;
  const client = new pkg.health.v1.HealthService(`127.0.0.1:${port}`, credentials.createInsecure());
  return new Promise((resolve) => {
    client.check({}, { deadline: Date.now() + 4000 }, (err: unknown, reply: { status: string }) => resolve(!err && reply.status === 'SERVING'));
  });
}

check().then(
  (ok) => process.exit(ok ? 0 : 1),
  () => process.exit(1),
);
