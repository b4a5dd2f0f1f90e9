import 'reflect-metadata';
import { existsSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { Cache } from '@bi/cache';
import type { AppConfig } from '@bi/config';
import type { Logger } from '@bi/core';
import type { EventBus } from '@bi/messaging';
import { NestJsonLogger } from '@bi/service-kit';
import { BffModule } from './bff.module.js';
import { ChartAnswers } from './chart/answer-cache.js';
import { embedPages } from './embed/embed-pages.js';

export const JSON_BODY_LIMIT = '2mb';

/**
 * The HTTP face of the platform: the spec's REST paths under /api, the OpenAPI document at
 * /api/docs, and (when a web build is given) the single-page app for every other GET. `shared` is the
 * cache holding the services' freshness stamps (the runtime's cache in embedded mode, Redis in
 * distributed mode): with it the BFF keeps verified tokens, chart records, source descriptions and
 * chart answers and serves repeated chart runs without calling a service
 * (docs/adr/0003-bff-answer-cache.md); without it every request asks the services. `bus`: the event
 * bus the warning bell's server-sent events listen to (the runtime's in embedded mode, Kafka in
 * distributed mode; null: no events reach the BFF).
 */
export async function createBffApp(config: AppConfig, logger: Logger, webDist?: string, shared: Cache | null = null, bus: EventBus | null = null): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(BffModule.register(config, logger, shared, bus), {
    logger: new NestJsonLogger(logger.child('bff')),
    bodyParser: false,
  });
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  app.useBodyParser('urlencoded', { limit: JSON_BODY_LIMIT, extended: false });
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.setGlobalPrefix('api');
  // the chart answer hit path, on the HTTP server before Express (a miss goes on to it)
  if (shared) {
    const answers = app.get(ChartAnswers);
    const server = app.getHttpServer() as Server;
    const express = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => answers.serveRaw(req, res, () => express.forEach((l) => l.call(server, req, res))));
  }

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('BI platform REST API')
      .setDescription('Every answer is {status: "success" | "fail", data}. Send the token from /api/identity/login in the authorization header (raw or "Bearer "), and currentLanguage (zh-CN, zh-TW, en).')
      .setVersion('1')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });

  // the embed pages and scripts (docs/api/embedding.md), with frame-ancestors from BI_EMBED_ORIGINS, before the app's pages
  app.use(embedPages(config.embed?.origins ?? [], webDist));
  if (webDist && existsSync(join(webDist, 'index.html'))) {
    app.useStaticAssets(webDist, { index: false, maxAge: '1h', setHeaders: (res, path) => path.endsWith('.html') && res.setHeader('Cache-Control', 'no-cache') });
    const indexHtml = join(webDist, 'index.html');
    // Client-side routes (/dashboard/..., /account/login) all load the app shell.
    app.use((req: { method: string; path: string }, res: { sendFile(p: string, o: object): void }, next: () => void) => {
      if ((req.method === 'GET' || req.method === 'HEAD') && !req.path.startsWith('/api')) return res.sendFile(indexHtml, { headers: { 'Cache-Control': 'no-cache' } });
      next();
    });
  } else if (webDist) {
    logger.warn('web build not found; serving the API only (run npm run build:web)', { webDist });
  }
  return app;
}
