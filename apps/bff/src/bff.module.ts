import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import type { AppConfig } from '@bi/config';
import type { Logger } from '@bi/core';
import { CONFIG } from '@bi/service-kit';
import { ChartAccess, ChartEditorController, ChartRunController } from './chart/chart.controller.js';
import { ChartEditController } from './dashboard/chart-edit.controller.js';
import { DashboardController } from './dashboard/dashboard.controller.js';
import { DataSourceController } from './data-source/data-source.controller.js';
import { ExcelDataController, ExcelUploadController } from './excel-upload/excel-upload.controller.js';
import { grpcClientProviders } from './grpc-clients.js';
import { HealthController } from './health/health.controller.js';
import { AuthGuard } from './http/auth.guard.js';
import { EnvelopeInterceptor } from './http/envelope.interceptor.js';
import { EnvelopeExceptionFilter } from './http/exception.filter.js';
import { IdentityController } from './identity/identity.controller.js';

@Module({})
export class BffModule {
  static register(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: BffModule,
      controllers: [
        IdentityController,
        HealthController,
        DashboardController,
        ChartEditController,
        ChartRunController,
        ChartEditorController,
        DataSourceController,
        ExcelUploadController,
        ExcelDataController,
      ],
      providers: [
        ...grpcClientProviders(config),
        ChartAccess,
        { provide: CONFIG, useValue: config },
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
        { provide: APP_FILTER, useValue: new EnvelopeExceptionFilter(logger) },
      ],
    };
  }
}
