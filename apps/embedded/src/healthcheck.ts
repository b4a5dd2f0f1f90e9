// Container health check: HTTP readiness for the BFF and the embedded host, the health.v1 gRPC check
// for a service. Exit 0 when healthy. Used by deploy/docker/service.Dockerfile.
import { loadConfig, SERVICE_NAMES, type ServiceName } from '@bi/config';
import { deadlines, healthOf } from '@bi/service-kit';

const service = process.env.SERVICE ?? 'embedded';
const config = loadConfig();

async function check(): Promise<boolean> {
  if (!(SERVICE_NAMES as readonly string[]).includes(service)) {
    const r = await fetch(`http://127.0.0.1:${config.port}/api/health/ready`);
    return r.ok;
  }
  const port = config.services[service as ServiceName][0].split(':').pop();
  // this container's own port, not the configured address (which may balance over every replica)
  return (await healthOf(service as ServiceName, `127.0.0.1:${port}`, deadlines(config).health)) === 'SERVING';
}

check().then(
  (ok) => process.exit(ok ? 0 : 1),
  () => process.exit(1),
);
