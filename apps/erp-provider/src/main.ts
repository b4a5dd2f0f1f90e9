/**
 * `npm run erp-provider`: the reference provider alone. BI_ERP_PROVIDER_PORT (default 18080),
 * BI_ERP_PROVIDER_HOST (default 127.0.0.1), BI_ERP_PROVIDER_DATA (default ./data/erp-provider),
 * BI_ERP_PROVIDER_USER / BI_ERP_PROVIDER_PASSWORD (see providerCredentials).
 */
import { resolve } from 'node:path';
import { providerCredentials, startReferenceProvider } from './index.js';

const dataDir = resolve(process.env.BI_ERP_PROVIDER_DATA ?? 'data/erp-provider');
const port = Number(process.env.BI_ERP_PROVIDER_PORT ?? 18080);
const { user, password } = providerCredentials(process.env, dataDir);
const provider = await startReferenceProvider({ port, host: process.env.BI_ERP_PROVIDER_HOST ?? '127.0.0.1', dataDir, user, password });
console.log(`reference ERP provider (bi-provider/1) at ${provider.url}`);
console.log(`user ${user}; password ${process.env.BI_ERP_PROVIDER_PASSWORD ? 'from BI_ERP_PROVIDER_PASSWORD' : `in ${resolve(dataDir, 'provider-password')}`}; data ${provider.range.start} … ${provider.range.end}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
