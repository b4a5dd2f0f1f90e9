import 'reflect-metadata';
import type { ServiceName } from '@bi/config';
import { loadSync } from '@grpc/proto-loader';
import { existsSync } from 'node:fs';
import { EXTRA_CONTRACTS, GRPC_LOADER_OPTIONS, HEALTH_CONTRACT, protoPath, SERVICE_CONTRACTS, type GrpcContract } from '@bi/proto';
import type { DynamicModule, INestMicroservice, Provider, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Transport, type GrpcOptions } from '@nestjs/microservices';
import { GrpcAppErrorFilter } from './grpc-errors.js';
import { InProcessServerGrpc } from './in-process.js';
import { NestJsonLogger } from './nest-logger.js';
import { GrpcHealthController, SERVICE_NAME } from './health.js';
import { closeRuntime, openRuntime, runtimeProviders, type ServiceRuntime } from './runtime.js';
import { loadConfigOrExit } from '@bi/config';
import { Logger } from '@bi/core';

/** grpc-js refuses to serve a service without methods; such a contract is served once it has some. */
function hasMethods(contract: GrpcContract): boolean {
  const definition = loadSync(protoPath(contract), GRPC_LOADER_OPTIONS);
  return Object.keys(definition[`${contract.package}.${contract.service}`] ?? {}).length > 0;
}

export function grpcServerOptions(name: ServiceName, url: string): GrpcOptions {
  const contracts = [SERVICE_CONTRACTS[name], ...(EXTRA_CONTRACTS[name] ?? []), HEALTH_CONTRACT].filter((c) => existsSync(protoPath(c)) && hasMethods(c));
  return {
    transport: Transport.GRPC,
    options: {
      url,
      package: [...new Set(contracts.map((c) => c.package))],
      protoPath: contracts.map(protoPath),
      loader: GRPC_LOADER_OPTIONS,
      gracefulShutdown: true,
    },
  };
}

/**
 * Starts one service's Nest module as a gRPC server on url (host:port). On a runtime shared by the
 * services of one process (embedded host, runtime.inProcess) its unary methods are also served to
 * callers in the process directly (in-process.ts, docs/adr/0005-in-process-calls-in-embedded-mode.md).
 */
export async function startGrpcService(name: ServiceName, module: DynamicModule, runtime: ServiceRuntime, url: string): Promise<INestMicroservice> {
  const options = grpcServerOptions(name, url);
  const app = await NestFactory.createMicroservice(module, {
    ...options,
    ...(runtime.inProcess ? { strategy: new InProcessServerGrpc(url, options.options) } : {}),
    logger: new NestJsonLogger(runtime.logger.child(name)),
  });
  app.useGlobalFilters(new GrpcAppErrorFilter(runtime.logger.child(name)));
  await app.listen();
  runtime.logger.info('gRPC service listening', { service: name, url });
  return app;
}

/** The Nest module of a service: its controllers and providers, the runtime parts and the health contract. */
export function serviceModule(
  module: Type<unknown>,
  name: ServiceName,
  runtime: ServiceRuntime,
  parts: { controllers?: Type<unknown>[]; providers?: Provider[] } = {},
): DynamicModule {
  return {
    module,
    controllers: [GrpcHealthController, ...(parts.controllers ?? [])],
    providers: [...runtimeProviders(runtime, name), { provide: SERVICE_NAME, useValue: name }, ...(parts.providers ?? [])],
  };
}

/**
 * Entry point of a service running as its own process (distributed mode): reads the configuration,
 * opens its own stores, serves on the first address configured for it and stops cleanly on SIGTERM.
 */
export async function runStandalone(name: ServiceName, start: (runtime: ServiceRuntime, url: string) => Promise<{ close(): Promise<void> }>): Promise<void> {
  const config = loadConfigOrExit();
  const runtime = await openRuntime(config, new Logger(name, config.logLevel), `bi-${name}`);
  const [address] = config.services[name];
  const host = address.slice(0, address.lastIndexOf(':'));
  const port = address.slice(address.lastIndexOf(':') + 1);
  // An IP address is bound as given (127.0.0.1 stays on loopback); a host name (compose, k8s) means all interfaces.
  const bind = /^\d{1,3}(\.\d{1,3}){3}$/.test(host) ? host : '0.0.0.0';
  const app = await start(runtime, `${bind}:${port}`);
  const stop = async () => {
    await app.close();
    await closeRuntime(runtime);
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
