import { Controller } from '@nestjs/common';
import { dashboardV1 } from '@bi/proto';

/** DashboardService: its methods arrive with the issue that builds this service. */
@Controller()
@dashboardV1.DashboardServiceControllerMethods()
export class DashboardGrpcController implements dashboardV1.DashboardServiceController {}
