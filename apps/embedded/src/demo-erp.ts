import type { AppConfig } from '@bi/config';
import type { Logger } from '@bi/core';
import { providerCredentials, startReferenceProvider, type ReferenceProvider } from '@bi/erp-provider';
import { serviceClient, type ServiceRuntime } from '@bi/service-kit';

/** The ERP account the demo registers for its reference provider (docs/providers.md). */
export const DEMO_ERP_ACCOUNT = '演示 ERP Demo';
const SYSTEM_ACTOR = { userId: '', userName: 'system', isAdmin: true };

export interface DemoErp {
  provider: ReferenceProvider;
  /** Registers the provider as an ERP account (the primary one on a fresh installation); run once the services are up. */
  register(): Promise<void>;
  close(): Promise<void>;
}

/**
 * With demo content (BI_DEMO) and BI_DEMO_ERP on, the embedded host starts the reference report provider
 * (apps/erp-provider) on 127.0.0.1 over its own database schema, opens exactly that address and port to the
 * outbound policy (`127.0.0.1:<port>`, nothing else of this machine), and registers it as an ERP account, so
 * a newcomer can walk the ERP report and indicator wizards at once. Its data live in the runtime's database
 * (schema erp_provider); its password in $BI_DATA_DIR/provider-password (or BI_ERP_PROVIDER_PASSWORD).
 */
export async function startDemoErp(config: AppConfig, runtime: ServiceRuntime, logger: Logger): Promise<DemoErp | undefined> {
  if (!config.demo || !config.demoErp.enabled) return undefined;
  const credentials = providerCredentials(process.env, config.dataDir);
  // listening at once (the outbound policy needs its port before the services start); its data load behind
  const provider = await startReferenceProvider({ port: config.demoErp.port, host: '127.0.0.1', db: runtime.db, ...credentials, loadInBackground: true });
  config.outbound.allow.push(`127.0.0.1:${provider.port}`);
  provider.ready.then(
    (range) => logger.info('reference ERP provider ready', { url: provider.url, range }),
    (e: unknown) => logger.warn('reference ERP provider has no data', { error: e }),
  );
  return {
    provider,
    async register() {
      // the data are generated now that the services are up (a first start: a few seconds, behind the running product)
      void provider.load();
      const client = serviceClient(config, 'data-source');
      try {
        const { accounts } = await client.call(client.service.listErpAccounts({ actor: SYSTEM_ACTOR }));
        const mine = accounts.find((a) => a.name === DEMO_ERP_ACCOUNT);
        // an installation whose administrator removed the demo account while keeping others: left as it is
        if (!mine && accounts.length > 0) return;
        await client.call(
          client.service.saveErpAccount({
            id: mine?.id ?? '',
            name: DEMO_ERP_ACCOUNT,
            ip: '127.0.0.1',
            port: provider.port,
            userName: credentials.user,
            identity: credentials.password,
            isPrimary: mine ? mine.isPrimary : true,
            isSelected: false,
            actor: SYSTEM_ACTOR,
          }),
        );
        logger.info(mine ? 'demo ERP account updated' : 'demo ERP account registered', { port: provider.port });
      } finally {
        client.close();
      }
    },
    close: () => provider.close(),
  };
}
