import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import type { Cache } from '@bi/cache';
import type { AppConfig } from '@bi/config';
import type { Logger } from '@bi/core';
import type { EventBus } from '@bi/messaging';
import { CONFIG } from '@bi/service-kit';
import { ChartAnswers } from './chart/answer-cache.js';
import { ChartAccess, ChartEditorController, ChartRunController } from './chart/chart.controller.js';
import { ChartWriteAccess } from './chart/chart-write-access.js';
import { DeletionAudit } from './identity/deletion-audit.js';
import { ChartDetailController } from './chart/chart-detail.controller.js';
import { ChartEditController } from './dashboard/chart-edit.controller.js';
import { DashboardController } from './dashboard/dashboard.controller.js';
import { ChartLinksController } from './dashboard/chart-links.controller.js';
import { GlobalFilterController } from './dashboard/global-filter.controller.js';
import { ApiSourceController } from './data-source/api-source.controller.js';
import { DataSourceController } from './data-source/data-source.controller.js';
import { ErpAccountController } from './data-source/erp-account.controller.js';
import { JoinTableController } from './data-source/join-table.controller.js';
import { ErpReportController } from './data-source/erp-report.controller.js';
import { IndicatorController } from './data-source/indicator.controller.js';
import { IndicatorRelationGenerator } from './data-source/indicator-relation.js';
import { ExcelDataController, ExcelUploadController } from './excel-upload/excel-upload.controller.js';
import { grpcClientProviders } from './grpc-clients.js';
import { HealthController } from './health/health.controller.js';
import { AuthGuard } from './http/auth.guard.js';
import { TextGuard } from './http/text.guard.js';
import { EnvelopeInterceptor } from './http/envelope.interceptor.js';
import { EnvelopeExceptionFilter } from './http/exception.filter.js';
import { IdentityAdminController } from './identity/admin.controller.js';
import { ApiKeysAdminController, ApiKeysController } from './identity/api-keys.controller.js';
import { IdentityController } from './identity/identity.controller.js';
import { SharingController } from './data-source/sharing.controller.js';
import { SyncController } from './data-source/sync.controller.js';
import { RowRulesController } from './data-source/row-rules.controller.js';
import { RelationController } from './relation/relation.controller.js';
import { TemplateController } from './template/template.controller.js';
import { TemplateVisibility } from './template/template-visibility.js';
import { SHARED_CACHE, TokenCache } from './http/token-cache.js';
import { WarnStreamController } from './warning/warn-stream.controller.js';
import { WarnMessageController } from './warning/warn-message.controller.js';
import { SubscriptionController } from './subscription/subscription.controller.js';
import { BFF_LOGGER, EVENT_BUS, WarnStreamHub } from './warning/warn-stream.js';
import { RobotChoicesController, RobotsAdminController } from './warning/robots.controller.js';
import { WechartController } from './chart/wechart.controller.js';
import { EmbedAuth, EmbedController, EmbedSecretController } from './embed/embed.controller.js';
import { EMBED_SECRET_START, EmbedSecret, checkEmbedSecretConfig } from './embed/embed-secret.js';
import { LinkPasswordThrottle, PublicLinkAdminController, PublicLinkMakerController, PublicLinkReaderController } from './dashboard/public-links.controller.js';
import { LiveController } from './live/live.controller.js';
import { LiveHub } from './live/live-hub.js';
import { RevisionsController } from './revisions/revisions.controller.js';

@Module({})
export class BffModule {
  /** shared: the cache holding the services' freshness stamps (null: the BFF keeps no copies; docs/adr/0003-bff-answer-cache.md). */
  static register(config: AppConfig, logger: Logger, shared: Cache | null = null, bus: EventBus | null = null): DynamicModule {
    const failures = new EnvelopeExceptionFilter(logger);
    // a short or known default embedding secret refuses the start (docs/api/embedding.md)
    const embedSecretStart = checkEmbedSecretConfig(config);
    return {
      module: BffModule,
      controllers: [
        IdentityController,
        IdentityAdminController,
        ApiKeysController,
        ApiKeysAdminController,
        HealthController,
        DashboardController,
        ChartLinksController,
        GlobalFilterController,
        ChartEditController,
        ChartRunController,
        ChartEditorController,
        ChartDetailController,
        SharingController,
        SyncController,
        TemplateController,
        RowRulesController,
        JoinTableController,
        ErpAccountController,
        ApiSourceController,
        DataSourceController,
        ExcelUploadController,
        ExcelDataController,
        WarnStreamController,
        WarnMessageController,
        SubscriptionController,
        RelationController,
        WechartController,
        RobotChoicesController,
        RobotsAdminController,
        EmbedController,
        EmbedSecretController,
        PublicLinkMakerController,
        PublicLinkAdminController,
        PublicLinkReaderController,
        RevisionsController,
        // last: its POST data_source/{hash}[/{programId}] must not take the paths of the controllers above
        IndicatorController,
        ErpReportController,
        LiveController,
      ],
      providers: [
        ...grpcClientProviders(config),
        ChartAccess,
        ChartWriteAccess,
        DeletionAudit,
        TemplateVisibility,
        IndicatorRelationGenerator,
        ChartAnswers,
        EmbedSecret,
        { provide: EMBED_SECRET_START, useValue: embedSecretStart },
        EmbedAuth,
        LinkPasswordThrottle,
        { provide: SHARED_CACHE, useValue: shared },
        { provide: TokenCache, useValue: new TokenCache(shared) },
        { provide: CONFIG, useValue: config },
        // the bell's server-sent events listen to warning.message-created (bus: null = no events reach the BFF)
        { provide: EVENT_BUS, useValue: bus },
        { provide: BFF_LOGGER, useValue: logger.child('bff') },
        WarnStreamHub,
        LiveHub,
        { provide: APP_GUARD, useClass: AuthGuard },
        // after the token: every path segment, query value and body passes the one text check
        { provide: APP_GUARD, useClass: TextGuard },
        { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
        { provide: EnvelopeExceptionFilter, useValue: failures },
        { provide: APP_FILTER, useExisting: EnvelopeExceptionFilter },
      ],
    };
  }
}
